#include "session/open_at_start.h"

#include "bridge/escape_controls.h"
#include "model/model_manager.h"
#include "session/session_manager.h"
#include "widgets/main_window.h"

#include <QDir>
#include <QMessageBox>

namespace fl::ui {

QString openAtStart(const StartRequest& request, SessionManager& sessions, ModelManager& models)
{
    if (request.file.isEmpty()) {
        if (!request.preset)
            sessions.restoreLast();
        return {};
    }
    QString why;
    const bool opened = request.file.endsWith(QStringLiteral(".flmodel")) ? models.openFile(request.file, &why) : sessions.open(request.file, &why);
    // The name and the reason come from outside (a file manager, the file itself): control and
    // bidirectional-override characters are shown escaped, so they cannot reorder the message.
    const QString file = escapeControls(QDir::toNativeSeparators(request.file));
    if (!opened) {
        if (!request.preset)
            sessions.restoreLast(); // the last good state, as a plain start would show it
        return QObject::tr("FrictionLab could not open %1:\n\n%2").arg(file, escapeControls(why));
    }
    if (request.scene > sessions.sceneCount())
        return QObject::tr("%1 has %n scene(s): there is no scene %2.", nullptr, sessions.sceneCount()).arg(file).arg(request.scene);
    if (request.scene > 0)
        sessions.goToScene(request.scene - 1);
    return {};
}

void showOpenFailure(MainWindow& window, const QString& reason)
{
    auto* box = new QMessageBox(QMessageBox::Warning, QObject::tr("Not opened"), reason, QMessageBox::Ok, &window);
    box->setObjectName(QStringLiteral("openFailedDialog"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open();
}

} // namespace fl::ui
