#pragma once
// What the window opens at start (app/frictionlab_main.cpp): the FILE given on the command line (a
// session, a lecture and its scene, or a model file), else the last session. A file that cannot be
// opened, as a file manager's double click gives it, still opens the window with the last good
// state and says why in a dialog.
#include <QString>

namespace fl::ui {

class MainWindow;
class ModelManager;
class SessionManager;

struct StartRequest {
    QString file;      ///< "" for none
    int scene = 0;     ///< 1-based scene of a lecture FILE, 0 for none
    bool preset = false; ///< a --preset follows (then the last session is not restored)
};

/// Opens what `request` names; returns "" or the reason it could not (for showOpenFailure).
QString openAtStart(const StartRequest& request, SessionManager& sessions, ModelManager& models);
/// A window-modal warning over the window (object name "openFailedDialog"), not blocking.
void showOpenFailure(MainWindow& window, const QString& reason);

} // namespace fl::ui
