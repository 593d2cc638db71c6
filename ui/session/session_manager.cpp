#include "session/session_manager.h"
#include "analysis/workbench.h"
#include "session/scene_caption.h"
#include "session/session_view.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDirIterator>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QVBoxLayout>

// The shipped lectures (resources/lectures.qrc) live in this static library: initialise them.
static void initLectureResources()
{
    Q_INIT_RESOURCE(lectures);
}

namespace fl::ui {

namespace {

constexpr int kMaxRecent = 8;
const char kRecentKey[] = "session/recent";
const char kRestoreKey[] = "session/restoreLast";
const QString kFilter = QObject::tr("FrictionLab sessions (*.frictionlab);;All files (*)");

QMenu* fileMenu(MainWindow& window)
{
    for (QAction* action : window.menuBar()->actions())
        if (action->menu() && action->text().remove(QLatin1Char('&')) == QLatin1String("File"))
            return action->menu();
    return window.menuBar()->addMenu(QObject::tr("&File"));
}

/// Closing the window keeps its state as the last session.
class CloseWatcher : public QObject {
public:
    CloseWatcher(SessionManager* manager, QObject* parent) : QObject(parent), m_manager(manager) {}
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Close)
            m_manager->saveLast();
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
    // Any change of the scenario by the user makes the document modified.
    connect(m_window.panel(), &ParameterPanel::scenarioChanged, this, [this] { setModified(true); });
    connect(&m_window, &MainWindow::scenarioLoaded, this, [this] {
        if (!m_applying)
            setModified(true);
    });
    m_window.installEventFilter(new CloseWatcher(this, this));
    updateActions();
}

void SessionManager::buildFileMenu()
{
    QMenu* file = fileMenu(m_window);
    QAction* first = file->actions().isEmpty() ? nullptr : file->actions().first();
    auto add = [&](const QString& text, const QKeySequence& keys, const QString& name, auto slot) {
        auto* action = new QAction(text, file);
        action->setShortcut(keys);
        action->setObjectName(name);
        connect(action, &QAction::triggered, this, slot);
        file->insertAction(first, action);
        return action;
    };
    add(tr("&New Session"), QKeySequence::New, QStringLiteral("newSessionAction"), [this] {
        if (confirmDiscard())
            newSession();
    });
    add(tr("&Open…"), QKeySequence::Open, QStringLiteral("openSessionAction"), [this] { askOpen(); });
    m_recentMenu = new QMenu(tr("Open &Recent"), file);
    file->insertMenu(first, m_recentMenu);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &SessionManager::fillRecentMenu);
    auto* lectures = new QMenu(tr("Open Shipped &Lecture"), file);
    for (QDirIterator it(QStringLiteral(":/lectures"), {QStringLiteral("*.frictionlab")}); it.hasNext();) {
        const QString path = it.next();
        Session lecture;
        QString title = QFileInfo(path).completeBaseName();
        if (loadSessionFile(path, lecture).ok() && !lecture.title.isEmpty())
            title = lecture.title;
        lectures->addAction(title, this, [this, path] {
            if (confirmDiscard())
                open(path);
        });
    }
    lectures->setEnabled(!lectures->actions().isEmpty());
    file->insertMenu(first, lectures);
    add(tr("&Save"), QKeySequence::Save, QStringLiteral("saveSessionAction"), [this] {
        if (m_path.isEmpty())
            askSaveAs();
        else
            save();
    });
    add(tr("Save &As…"), QKeySequence(tr("Ctrl+Shift+S")), QStringLiteral("saveSessionAsAction"), [this] { askSaveAs(); });
    QAction* restore = add(tr("Restore Last Session on Start"), QKeySequence(), QStringLiteral("restoreLastAction"),
                           [](bool on) { setRestoreLastEnabled(on); });
    restore->setCheckable(true);
    restore->setChecked(restoreLastEnabled());
    restore->setStatusTip(tr("On start, open the state the window was closed with"));
    file->insertSeparator(first);
}

void SessionManager::buildLectureMenu()
{
    QMenu* lecture = new QMenu(tr("&Lecture"), &m_window);
    // Before the Help menu.
    const QList<QAction*> menus = m_window.menuBar()->actions();
    m_window.menuBar()->insertMenu(menus.isEmpty() ? nullptr : menus.last(), lecture);
    m_nextScene = lecture->addAction(tr("&Next Scene"), this, &SessionManager::nextScene);
    m_nextScene->setShortcuts({QKeySequence(Qt::Key_PageDown)});
    m_nextScene->setObjectName(QStringLiteral("nextSceneAction"));
    m_nextScene->setStatusTip(tr("Shows the lecture's next scene (PageDown, what presenter remotes send)"));
    m_previousScene = lecture->addAction(tr("&Previous Scene"), this, &SessionManager::previousScene);
    m_previousScene->setShortcuts({QKeySequence(Qt::Key_PageUp)});
    m_previousScene->setObjectName(QStringLiteral("previousSceneAction"));
    m_previousScene->setStatusTip(tr("Shows the lecture's previous scene (PageUp)"));
    // PageDown/PageUp work in every tab and in full screen (the menu bar may be hidden there).
    m_window.addAction(m_nextScene);
    m_window.addAction(m_previousScene);
    m_sceneMenu = lecture->addMenu(tr("&Go to Scene"));
    connect(m_sceneMenu, &QMenu::aboutToShow, this, &SessionManager::fillSceneMenu);
    lecture->addSeparator();
    QAction* add = lecture->addAction(tr("&Add Current State as Scene…"), this, &SessionManager::askAddScene);
    add->setObjectName(QStringLiteral("addSceneAction"));
    add->setStatusTip(tr("Stores what is on screen (scenario, views, zoom, theme) as a new scene after the current one"));
    m_updateScene = lecture->addAction(tr("&Update Scene from Current State"), this, [this] { updateScene(); });
    m_editScene = lecture->addAction(tr("&Edit Scene Title and Note…"), this, &SessionManager::askEditScene);
    m_removeScene = lecture->addAction(tr("&Remove Scene"), this, [this] { removeScene(); });
    m_updateScene->setStatusTip(tr("Replaces the current scene's state by what is on screen (title and note stay)"));
    m_removeScene->setStatusTip(tr("Removes the current scene from the lecture (saved with Save)"));
    lecture->addSeparator();
    QAction* caption = lecture->addAction(tr("Show Scene &Caption"));
    caption->setCheckable(true);
    caption->setChecked(true);
    connect(caption, &QAction::toggled, this, [this](bool on) {
        if (on)
            showCaption();
        else
            m_caption->hide();
    });
}

void SessionManager::updateActions()
{
    const bool inScene = m_session.currentScene >= 0;
    m_nextScene->setEnabled(m_session.currentScene + 1 < sceneCount());
    m_previousScene->setEnabled(m_session.currentScene > 0);
    m_sceneMenu->setEnabled(sceneCount() > 0);
    m_updateScene->setEnabled(inScene);
    m_editScene->setEnabled(inScene);
    m_removeScene->setEnabled(inScene);
}

Session SessionManager::currentSession() const
{
    Session session = m_session;
    session.state = captureState(m_window, m_workbench);
    return session;
}

bool SessionManager::open(const QString& path, QString* error)
{
    Session session;
    QStringList warnings;
    const fl::Status status = loadSessionFile(path, session, &warnings);
    if (!status.ok()) {
        const QString why = QString::fromStdString(status.message());
        message(tr("Not opened: %1: %2 (nothing changed)").arg(QDir::toNativeSeparators(path), why), true);
        if (error)
            *error = why;
        return false;
    }
    m_session = session;
    const bool shipped = path.startsWith(QLatin1Char(':'));
    setPath(shipped ? QString() : path);
    if (!shipped)
        addRecent(path);
    if (m_session.scenes.empty() || m_session.currentScene < 0) {
        m_applying = true;
        applyState(m_window, m_workbench, m_session.state, tr("open %1").arg(QFileInfo(path).fileName()));
        m_applying = false;
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
    m_applying = true;
    applyState(m_window, m_workbench, SessionState{}, tr("new session"));
    m_applying = false;
    setModified(false);
    showCaption();
    updateActions();
    message(tr("New session: the block on the belt, stick-slip"));
}

bool SessionManager::goToScene(int index)
{
    if (index < 0 || index >= sceneCount()) {
        message(sceneCount() == 0 ? tr("No lecture open (File → Open Shipped Lecture, or Lecture → Add Current State as Scene)")
                                  : tr("Scene %1 does not exist (1 .. %2)").arg(index + 1).arg(sceneCount()),
                true);
        return false;
    }
    const Scene& scene = m_session.scenes[size_t(index)];
    m_session.currentScene = index;
    m_applying = true;
    applyState(m_window, m_workbench, scene.state, tr("scene %1: %2").arg(index + 1).arg(scene.title));
    m_applying = false;
    showCaption();
    updateActions();
    emit sceneShown(index);
    return true;
}

void SessionManager::nextScene()
{
    if (m_session.currentScene + 1 < sceneCount())
        goToScene(m_session.currentScene + 1);
    else if (sceneCount() > 0)
        message(tr("Last scene (%1 of %1)").arg(sceneCount()));
    else
        goToScene(0); // explains that no lecture is open
}

void SessionManager::previousScene()
{
    if (m_session.currentScene > 0)
        goToScene(m_session.currentScene - 1);
    else if (sceneCount() > 0)
        message(tr("First scene"));
}

void SessionManager::addScene(const QString& title, const QString& note)
{
    Scene scene;
    scene.title = title;
    scene.note = note;
    scene.state = captureState(m_window, m_workbench);
    const int at = m_session.currentScene + 1;
    m_session.scenes.insert(m_session.scenes.begin() + at, scene);
    m_session.currentScene = at;
    setModified(true);
    showCaption();
    updateActions();
    message(tr("Scene %1 added").arg(at + 1));
}

bool SessionManager::updateScene()
{
    if (m_session.currentScene < 0)
        return false;
    m_session.scenes[size_t(m_session.currentScene)].state = captureState(m_window, m_workbench);
    setModified(true);
    message(tr("Scene %1 now holds the state on screen").arg(m_session.currentScene + 1));
    return true;
}

bool SessionManager::editScene(const QString& title, const QString& note)
{
    if (m_session.currentScene < 0)
        return false;
    Scene& scene = m_session.scenes[size_t(m_session.currentScene)];
    scene.title = title;
    scene.note = note;
    setModified(true);
    showCaption();
    return true;
}

bool SessionManager::removeScene()
{
    if (m_session.currentScene < 0)
        return false;
    m_session.scenes.erase(m_session.scenes.begin() + m_session.currentScene);
    m_session.currentScene = std::min(m_session.currentScene, sceneCount() - 1);
    setModified(true);
    showCaption();
    updateActions();
    return true;
}

void SessionManager::showCaption()
{
    const int index = m_session.currentScene;
    if (index < 0 || index >= sceneCount()) {
        m_caption->showScene(-1, 0, QString(), QString());
        return;
    }
    const Scene& scene = m_session.scenes[size_t(index)];
    m_caption->showScene(index, sceneCount(), scene.title, scene.note);
}

void SessionManager::fillSceneMenu()
{
    m_sceneMenu->clear();
    for (int i = 0; i < sceneCount(); ++i) {
        QAction* action = m_sceneMenu->addAction(tr("&%1  %2").arg(i + 1).arg(m_session.scenes[size_t(i)].title), this,
                                                 [this, i] { goToScene(i); });
        action->setCheckable(true);
        action->setChecked(i == m_session.currentScene);
    }
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

void SessionManager::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = recentFiles();
    for (const QString& path : recent) {
        QAction* action = m_recentMenu->addAction(QDir::toNativeSeparators(path), this, [this, path] {
            if (confirmDiscard())
                open(path);
        });
        action->setEnabled(QFileInfo::exists(path));
    }
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("(none yet)"))->setEnabled(false);
    else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), this, [] { QSettings().remove(QLatin1String(kRecentKey)); });
    }
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

bool SessionManager::restoreLast()
{
    if (!restoreLastEnabled() || !QFileInfo::exists(lastSessionPath()))
        return false;
    Session last;
    const fl::Status status = loadSessionFile(lastSessionPath(), last);
    if (!status.ok()) {
        message(tr("The last session was not restored: %1").arg(QString::fromStdString(status.message())), true);
        return false;
    }
    // The last session remembers which file it was (if any), so Save goes on writing there.
    const QString file = QSettings().value(QStringLiteral("session/lastFile")).toString();
    m_session = last;
    m_applying = true;
    applyState(m_window, m_workbench, last.state, tr("restore last session"));
    m_applying = false;
    setPath(!file.isEmpty() && QFileInfo::exists(file) ? file : QString());
    setModified(QSettings().value(QStringLiteral("session/lastModified"), false).toBool());
    showCaption();
    updateActions();
    message(tr("Restored the last session (File → Restore Last Session on Start turns this off)"));
    return true;
}

bool SessionManager::saveLast()
{
    QDir().mkpath(QFileInfo(lastSessionPath()).absolutePath());
    QSettings settings;
    settings.setValue(QStringLiteral("session/lastFile"), m_path);
    settings.setValue(QStringLiteral("session/lastModified"), m_modified);
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

bool SessionManager::confirmDiscard()
{
    if (!m_confirmDiscard || !m_modified || m_path.isEmpty())
        return true;
    const auto answer = QMessageBox::question(
        &m_window, tr("Unsaved changes"), tr("Save the changes to %1?").arg(QFileInfo(m_path).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void SessionManager::askOpen()
{
    if (!confirmDiscard())
        return;
    const QString dir = m_path.isEmpty() ? QDir::homePath() : QFileInfo(m_path).absolutePath();
    const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open Session or Lecture"), dir, kFilter);
    if (!path.isEmpty())
        open(path);
}

void SessionManager::askSaveAs()
{
    QString suggested = m_path;
    if (suggested.isEmpty())
        suggested = QDir::homePath() + QLatin1Char('/')
                    + (m_session.title.isEmpty() ? QStringLiteral("session") : m_session.title) + QStringLiteral(".frictionlab");
    QString path = QFileDialog::getSaveFileName(&m_window, tr("Save Session"), suggested, kFilter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".frictionlab");
    saveAs(path);
}

namespace {
/// Asks for a scene's title and note; false if cancelled.
bool askTitleAndNote(QWidget* parent, const QString& caption, QString& title, QString& note)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(caption);
    auto* titleEdit = new QLineEdit(title);
    titleEdit->setMaxLength(200);
    titleEdit->setPlaceholderText(QObject::tr("e.g. Classic stick-slip"));
    auto* noteEdit = new QPlainTextEdit(note);
    noteEdit->setPlaceholderText(QObject::tr("What the audience should watch (up to 4000 characters)"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* form = new QFormLayout(&dialog);
    form->addRow(QObject::tr("Title"), titleEdit);
    form->addRow(QObject::tr("Note"), noteEdit);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    title = titleEdit->text().trimmed();
    note = noteEdit->toPlainText().trimmed().left(4000);
    return true;
}
} // namespace

void SessionManager::askAddScene()
{
    QString title = tr("Scene %1").arg(m_session.currentScene + 2);
    QString note;
    if (askTitleAndNote(&m_window, tr("Add Scene"), title, note))
        addScene(title, note);
}

void SessionManager::askEditScene()
{
    if (m_session.currentScene < 0)
        return;
    const Scene& scene = m_session.scenes[size_t(m_session.currentScene)];
    QString title = scene.title, note = scene.note;
    if (askTitleAndNote(&m_window, tr("Edit Scene"), title, note))
        editScene(title, note);
}

} // namespace fl::ui
