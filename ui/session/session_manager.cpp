#include "session/session_manager.h"
#include "analysis/workbench.h"
#include "session/scene_caption.h"
#include "session/session_settings.h"
#include "session/session_view.h"
#include "widgets/lecture_keys.h"
#include "widgets/main_window.h"
#include "document/document.h"
#include "bridge/off_gui_thread.h"

#include <memory>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QEvent>
#include <QFileInfo>
#include <QSettings>

#include <QStandardPaths>
#include <QVBoxLayout>

// The shipped lectures (resources/lectures.qrc) live in this static library: initialise them.
static void initLectureResources()
{
    Q_INIT_RESOURCE(lectures);
}

namespace fl::ui {

using namespace session_settings;

namespace {

/// Closing the window keeps its state as the last session.
class CloseWatcher : public QObject {
public:
    CloseWatcher(SessionManager* manager, QObject* parent) : QObject(parent), m_manager(manager) {}
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Close) {
            if (!m_manager->confirmClose()) {
                event->ignore(); // Cancel: the window stays, nothing is lost
                return true;
            }
            m_manager->saveLast();
        }
        return QObject::eventFilter(watched, event);
    }

private:
    SessionManager* m_manager;
};

} // namespace

SessionManager::SessionManager(MainWindow& window, Workbench& workbench)
    : QObject(&window), m_window(window), m_workbench(workbench)
{
    initLectureResources();
    // The caption goes above the tabs.
    QWidget* central = m_window.takeCentralWidget();
    auto* area = new QWidget;
    auto* layout = new QVBoxLayout(area);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_caption = new SceneCaption;
    layout->addWidget(m_caption);
    layout->addWidget(central, 1);
    m_window.setCentralWidget(area);
    connect(&m_window, &MainWindow::appearanceChanged, m_caption, &SceneCaption::restyle);

    buildFileMenu();
    buildLectureMenu();
    m_window.addLectureActions({m_nextScene, m_previousScene});
    // Any change of the scenario by the user (an edit, an undo, a preset, a picked column) makes
    // the session modified; a session's own state being shown does not.
    connect(m_window.document(), &Document::scenarioChanged, this, [this](const fl::Scenario& scenario, ScenarioChange how) {
        if (how == ScenarioChange::Replaced || (how == ScenarioChange::Loaded && m_applying))
            return;
        setModified(true);
        hideCaptionOfOtherSystem(scenario);
    });
    // A view's setup edited (or undone) by the user is a change of the session too.
    connect(m_window.document(), &Document::setupChanged, this, [this] {
        if (!m_applying)
            setModified(true);
    });
    m_window.installEventFilter(new CloseWatcher(this, this));
    updateActions();
}

Session SessionManager::currentSession() const
{
    Session session = m_session;
    session.state = captureState(m_window);
    return session;
}

bool SessionManager::open(const QString& path, QString* error)
{
    Session session;
    QStringList warnings;
    // Read and its models prepared off the GUI thread (a file from someone else: bounded work,
    // but not on the thread that paints).
    const fl::Status status = waitOffGuiThread([&] { return loadSessionFile(path, session, &warnings); });
    if (!status.ok()) {
        const QString why = QString::fromStdString(status.message());
        message(tr("Not opened: %1: %2 (nothing changed)").arg(QDir::toNativeSeparators(path), why), true);
        if (error)
            *error = why;
        return false;
    }
    m_session = session;
    m_restoreWarnings.clear();
    const bool shipped = path.startsWith(QLatin1Char(':'));
    setPath(shipped ? QString() : path);
    if (!shipped)
        addRecent(path);
    // A session brings its look; a lecture leaves the room's set-up to the lecturer (its scenes
    // set theirs only when saved with "keep this look").
    if (m_session.scenes.empty() || m_session.currentScene < 0) {
        showState(m_session.state, tr("open %1").arg(QFileInfo(path).fileName()), m_session.scenes.empty());
        m_session.currentScene = -1;
        if (!m_session.scenes.empty())
            goToScene(0);
    } else {
        goToScene(m_session.currentScene);
    }
    setModified(false);
    showCaption();
    updateActions();
    QString note = tr("Opened %1").arg(m_session.title.isEmpty() ? QFileInfo(path).fileName() : m_session.title);
    if (sceneCount() > 0)
        note += tr(" · %n scene(s): PageDown / PageUp step through them", nullptr, sceneCount());
    warnings += m_restoreWarnings;
    if (!warnings.isEmpty())
        note += tr(" · warning: %1").arg(warnings.join(QStringLiteral("; ")));
    message(note);
    return true;
}

bool SessionManager::save(QString* error)
{
    if (m_path.isEmpty()) {
        if (error)
            *error = tr("no file: use Save As");
        return false;
    }
    return saveAs(m_path, error);
}

bool SessionManager::saveAs(const QString& path, QString* error)
{
    const Session session = currentSession();
    const fl::Status status = saveSessionFile(path, session);
    if (!status.ok()) {
        const QString why = QString::fromStdString(status.message());
        message(tr("Not saved: %1").arg(why), true);
        if (error)
            *error = why;
        return false;
    }
    setPath(path);
    addRecent(path);
    setModified(false);
    message(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void SessionManager::newSession()
{
    m_session = Session{};
    setPath(QString());
    showState(SessionState{}, tr("new session"), false); // the room's look stays
    setModified(false);
    showCaption();
    updateActions();
    message(tr("New session: the block on the belt, stick-slip"));
}

QStringList SessionManager::recentFiles() const
{
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

void SessionManager::addRecent(const QString& path)
{
    QStringList recent = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    QSettings().setValue(QLatin1String(kRecentKey), recent);
}

QString SessionManager::lastSessionPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/last.frictionlab");
}

bool SessionManager::restoreLastEnabled()
{
    return QSettings().value(QLatin1String(kRestoreKey), true).toBool();
}

void SessionManager::setRestoreLastEnabled(bool on)
{
    QSettings().setValue(QLatin1String(kRestoreKey), on);
}

void SessionManager::setLastAside(const QString& why)
{
    QSettings().remove(QLatin1String(kRestoringKey));
    const QFileInfo last(lastSessionPath());
    m_setAside = last.absolutePath() + QStringLiteral("/last-set-aside-")
                 + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")) + QStringLiteral(".frictionlab");
    QFile::remove(m_setAside);
    if (!QFile::rename(last.absoluteFilePath(), m_setAside)) {
        QFile::remove(last.absoluteFilePath()); // never tried again, kept or not
        m_setAside.clear();
    }
    message(m_setAside.isEmpty() ? tr("The last session was not restored and was removed: %1").arg(why)
                                  : tr("The last session was not restored: %1. It was set aside as %2 (File → Open tries it again).")
                                        .arg(why, QDir::toNativeSeparators(m_setAside)),
            true);
}

SessionManager::~SessionManager()
{
    if (m_restoring) {
        QSettings settings;
        settings.remove(QLatin1String(kRestoringKey));
    }
}

bool SessionManager::restoreLast()
{
    m_setAside.clear();
    if (!restoreLastEnabled() || !QFileInfo::exists(lastSessionPath()))
        return false;
    if (QSettings().value(QLatin1String(kRestoringKey), false).toBool()) {
        setLastAside(tr("the previous start stopped while restoring it"));
        return false;
    }
    Session last;
    const fl::Status status = waitOffGuiThread([&] { return loadSessionFile(lastSessionPath(), last); });
    if (!status.ok()) {
        setLastAside(QString::fromStdString(status.message()));
        return false;
    }
    // Marked until the first run of the restored state has ended, one way or another (a run that
    // fails is an ended run; a crash or a kill before it leaves the mark for the next start).
    {
        QSettings settings;
        settings.setValue(QLatin1String(kRestoringKey), true);
        settings.sync();
    }
    m_restoring = true;
    auto ended = std::make_shared<QMetaObject::Connection>();
    auto clear = [this, ended] {
        QObject::disconnect(*ended);
        m_restoring = false;
        QSettings settings;
        settings.remove(QLatin1String(kRestoringKey));
        settings.sync();
    };
    *ended = connect(&m_window, &MainWindow::runEnded, this, clear);
    // The last session remembers which file it was (if any), so Save goes on writing there.
    const QString file = QSettings().value(QLatin1String(kLastFileKey)).toString();
    m_session = last;
    showState(last.state, tr("restore last session"), true);
    setPath(!file.isEmpty() && QFileInfo::exists(file) ? file : QString());
    setModified(QSettings().value(QLatin1String(kLastModifiedKey), false).toBool());
    showCaption();
    updateActions();
    message(tr("Restored the last session (File → Restore Last Session on Start turns this off)"));
    return true;
}

bool SessionManager::saveLast()
{
    QDir().mkpath(QFileInfo(lastSessionPath()).absolutePath());
    QSettings settings;
    settings.remove(QLatin1String(kRestoringKey)); // a clean quit: the state saved now is the one to restore
    settings.setValue(QLatin1String(kLastFileKey), m_path);
    settings.setValue(QLatin1String(kLastModifiedKey), m_modified);
    return saveSessionFile(lastSessionPath(), currentSession()).ok();
}

void SessionManager::setPath(const QString& path)
{
    m_path = path;
    QString name = path.isEmpty() ? m_session.title : QFileInfo(path).fileName();
    m_window.setDocumentName(name);
}

void SessionManager::setModified(bool modified)
{
    m_modified = modified;
    m_window.setWindowModified(modified);
}

void SessionManager::message(const QString& text, bool error)
{
    m_window.showNote(text, error);
}

void SessionManager::showState(const SessionState& state, const QString& undoText, bool withLook)
{
    // Loading the state's scenario is no change by the user: the document stays unmodified.
    m_applying = true;
    m_restoreWarnings += applyState(m_window, m_workbench, state, undoText, withLook);
    m_applying = false;
}

} // namespace fl::ui
