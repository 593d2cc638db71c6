// The File and Lecture menus of SessionManager and the dialogs they open.
#include "session/session_manager.h"
#include "session/scene_caption.h"
#include "session/session_settings.h"
#include "session/session_view.h"
#include "widgets/main_window.h"

#include <QAction>
#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDirIterator>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>

namespace fl::ui {

using namespace session_settings;

namespace {
/// Asks for a scene's title, note and whether it keeps its look; false if cancelled.
bool askScene(QWidget* parent, const QString& caption, QString& title, QString& note, bool& keepLook)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(caption);
    auto* titleEdit = new QLineEdit(title);
    titleEdit->setMaxLength(200);
    titleEdit->setPlaceholderText(QObject::tr("e.g. Classic stick-slip"));
    auto* noteEdit = new QPlainTextEdit(note);
    noteEdit->setPlaceholderText(QObject::tr("What the audience should watch (up to 4000 characters)"));
    auto* keep = new QCheckBox(QObject::tr("Keep this look: stepping to the scene sets the scale, theme, full screen "
                                           "and panel it is saved with"));
    keep->setObjectName(QStringLiteral("keepLook"));
    keep->setChecked(keepLook);
    keep->setToolTip(QObject::tr("Off (the default): the scene leaves the projector set-up (Ctrl+= / Ctrl+-, theme, "
                                 "F11, panel) as the lecturer made it"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* form = new QFormLayout(&dialog);
    form->addRow(QObject::tr("Title"), titleEdit);
    form->addRow(QObject::tr("Note"), noteEdit);
    form->addRow(keep);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    title = titleEdit->text().trimmed();
    note = noteEdit->toPlainText().trimmed().left(4000);
    keepLook = keep->isChecked();
    return true;
}
} // namespace

void SessionManager::buildFileMenu()
{
    QMenu* file = m_window.menuBar()->findChild<QMenu*>(QStringLiteral("fileMenu"));
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
        lectures->addAction(QString(title).replace(QLatin1Char('&'), QStringLiteral("&&")), this, [this, path] {
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
    add->setStatusTip(tr("Stores what is on screen (scenario, views, zoom, playback time) as a new scene after the "
                         "current one; \"Keep this look\" also stores the scale, theme, full screen and panel"));
    m_updateScene = lecture->addAction(tr("&Update Scene from Current State"), this, [this] { updateScene(); });
    m_editScene = lecture->addAction(tr("&Edit Scene Title, Note and Look…"), this, &SessionManager::askEditScene);
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
    QAction* wholeNote = lecture->addAction(tr("Show Whole Scene &Note"));
    wholeNote->setObjectName(QStringLiteral("wholeNoteAction"));
    wholeNote->setCheckable(true);
    wholeNote->setShortcut(QKeySequence(tr("Ctrl+Shift+N")));
    wholeNote->setStatusTip(tr("Unfolds a long scene note (folded to two lines, one from 150 %, so that the views keep the room)"));
    connect(wholeNote, &QAction::toggled, m_caption, &SceneCaption::setNoteUnfolded);
    m_window.addAction(wholeNote);
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

void SessionManager::fillSceneMenu()
{
    m_sceneMenu->clear();
    for (int i = 0; i < sceneCount(); ++i) {
        QString title = m_session.scenes[size_t(i)].title;
        title.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* action = m_sceneMenu->addAction(tr("&%1  %2").arg(i + 1).arg(title), this,
                                                 [this, i] { goToScene(i); });
        action->setCheckable(true);
        action->setChecked(i == m_session.currentScene);
    }
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

bool SessionManager::confirmClose()
{
    if (!m_confirmDiscard || !m_modified)
        return true;
    // An untitled plain session comes back as the last session; a file, a lecture being written,
    // or any work when the last session is not restored would be lost.
    if (m_path.isEmpty() && m_session.scenes.empty() && restoreLastEnabled())
        return true;
    const QString name = m_path.isEmpty() ? (m_session.title.isEmpty() ? tr("this untitled session") : m_session.title)
                                          : QFileInfo(m_path).fileName();
    const auto answer = QMessageBox::question(&m_window, tr("Unsaved changes"), tr("Save the changes to %1 before quitting?").arg(name),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        if (m_path.isEmpty())
            askSaveAs();
        else
            save();
        return !m_modified; // a cancelled or failed save keeps the window open
    }
    return answer == QMessageBox::Discard;
}

void SessionManager::askOpen()
{
    if (!confirmDiscard())
        return;
    const QString dir = m_path.isEmpty() ? QDir::homePath() : QFileInfo(m_path).absolutePath();
    const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open Session or Lecture"), dir, fileFilter());
    if (!path.isEmpty())
        open(path);
}

void SessionManager::askSaveAs()
{
    QString suggested = m_path;
    if (suggested.isEmpty())
        suggested = QDir::homePath() + QLatin1Char('/')
                    + (m_session.title.isEmpty() ? QStringLiteral("session") : m_session.title) + QStringLiteral(".frictionlab");
    QString path = QFileDialog::getSaveFileName(&m_window, tr("Save Session"), suggested, fileFilter());
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".frictionlab");
    saveAs(path);
}

void SessionManager::askAddScene()
{
    QString title = tr("Scene %1").arg(m_session.currentScene + 2);
    QString note;
    bool keepLook = false;
    // The state when the lecturer asked for the scene: the playback goes on behind the dialog.
    const SessionState state = captureState(m_window);
    if (askScene(&m_window, tr("Add Scene"), title, note, keepLook))
        insertScene({title, note, state, keepLook});
}

void SessionManager::askEditScene()
{
    if (m_session.currentScene < 0)
        return;
    const Scene& scene = m_session.scenes[size_t(m_session.currentScene)];
    QString title = scene.title, note = scene.note;
    bool keepLook = scene.keepLook;
    if (askScene(&m_window, tr("Edit Scene"), title, note, keepLook))
        editScene(title, note, keepLook);
}

} // namespace fl::ui
