#pragma once
// Sessions and lectures in the window: File → New, Open, Open Recent, Open Shipped
// Lecture, Save, Save As, "Restore last session on start"; Lecture → next / previous scene
// (PageDown / PageUp, what presenter remotes send), the scene list, add / update / edit / remove
// a scene; the scene caption above the views. The file format is ui/bridge/session.h; the
// window's state is read and shown by session_view.h. Parts: session_manager.cpp (files, the
// last session), session_menus.cpp (menus, dialogs), session_scenes.cpp (a lecture's scenes).
#include "bridge/session.h"

#include <QObject>
#include <QString>
#include <QStringList>

class QAction;
class QMenu;

namespace fl::ui {

class MainWindow;
class SceneCaption;
class Workbench;

class SessionManager : public QObject {
    Q_OBJECT
public:
    /// Installs the menus and the caption into `window` (which owns this object).
    SessionManager(MainWindow& window, Workbench& workbench);
    /// A clean end (the window closed, the program quitting normally) also ends a restore still
    /// marked as running: only a crash or a kill leaves the mark for the next start.
    ~SessionManager() override;

    /// Opens a session or lecture; on error (message says which field) nothing changes.
    /// A lecture opens on its saved scene, or on its first one.
    bool open(const QString& path, QString* error = nullptr);
    /// Saves to the file open now (false without one: use saveAs).
    bool save(QString* error = nullptr);
    bool saveAs(const QString& path, QString* error = nullptr);
    /// The default scenario and view, no file, no scenes.
    void newSession();
    /// The document as it would be saved now: the state on screen, the scenes.
    Session currentSession() const;
    QString filePath() const { return m_path; }
    bool isModified() const { return m_modified; }

    int sceneCount() const { return static_cast<int>(m_session.scenes.size()); }
    int currentScene() const { return m_session.currentScene; }
    /// Shows scene index (0-based); false (and a status message) outside 0 .. count-1.
    bool goToScene(int index);
    void nextScene();
    void previousScene();
    /// Appends the state on screen as a scene after the current one and goes to it; keepLook:
    /// stepping to it sets the look on screen now (scale, theme, full screen, panel).
    void addScene(const QString& title, const QString& note, bool keepLook = false);
    /// Stores the state on screen into the current scene.
    bool updateScene();
    bool editScene(const QString& title, const QString& note, bool keepLook);
    bool removeScene();
    SceneCaption* caption() const { return m_caption; }

    /// Recent files, newest first (QSettings).
    QStringList recentFiles() const;
    /// Where the last session is kept between runs (QStandardPaths::AppDataLocation).
    static QString lastSessionPath();
    /// Whether the last session is restored on start (a setting; default on).
    static bool restoreLastEnabled();
    static void setRestoreLastEnabled(bool on);
    /// Restores the last session if the setting allows and one exists; false otherwise. A last
    /// session that cannot be read, or whose restore at the previous start never finished (the
    /// program was killed or crashed before its first run ended), is set aside (renamed to
    /// last-set-aside-DATE.frictionlab beside it, named in the message) and not tried again: a file
    /// can never lock the user out of the window.
    bool restoreLast();
    /// Where restoreLast() put the last session it set aside ("" if none this time).
    QString setAsidePath() const { return m_setAside; }
    /// Writes the state on screen as the last session (on quit).
    bool saveLast();
private:
    void setLastAside(const QString& why);
public:
    /// Ask before New/Open throws away unsaved changes of a named file (tests turn it off).
    void setConfirmDiscard(bool confirm) { m_confirmDiscard = confirm; }
    /// On quit (Ctrl+Q, closing the window): asks Save / Discard / Cancel when unsaved work would be
    /// lost (a file, a lecture, or anything when the last session is not restored); false: stay open.
    bool confirmClose();

signals:
    /// A scene was shown (index 0-based), or -1 when none is.
    void sceneShown(int index);

private:
    /// Shows a state (applyState) without marking the document modified; withLook also sets its
    /// scale, theme, full screen and panel (a session being opened, a scene that keeps its look).
    void showState(const SessionState& state, const QString& undoText, bool withLook);
    /// What views could not take of their saved setups since the last open (applyState).
    QStringList m_restoreWarnings;
    void buildFileMenu();
    void buildLectureMenu();
    void fillRecentMenu();
    void fillSceneMenu();
    void addRecent(const QString& path);
    void setPath(const QString& path);
    void setModified(bool modified);
    void showCaption();
    /// Inserts scene after the current one and shows it as current.
    void insertScene(const Scene& scene);
    /// Hides the scene's caption once the user has switched to another system than the scene's.
    void hideCaptionOfOtherSystem(const fl::Scenario& scenario);
    void message(const QString& text, bool error = false);
    bool confirmDiscard();
    void askOpen();
    void askSaveAs();
    void askAddScene();
    void askEditScene();
    void updateActions();

    MainWindow& m_window;
    Workbench& m_workbench;
    Session m_session;        ///< title, description, scenes, current scene (state: see currentSession)
    QString m_path;           ///< empty: untitled (also for shipped lectures, read from ":/")
    bool m_modified = false;
    bool m_applying = false;  ///< a state is being shown (its loadScenario is no user change)
    bool m_confirmDiscard = true;
    QString m_setAside; ///< restoreLast(): where the last session went
    bool m_restoring = false; ///< this window set the restore mark and has not cleared it
    SceneCaption* m_caption = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_sceneMenu = nullptr;
    QAction* m_nextScene = nullptr;
    QAction* m_previousScene = nullptr;
    QAction* m_updateScene = nullptr;
    QAction* m_editScene = nullptr;
    QAction* m_removeScene = nullptr;
};

} // namespace fl::ui
