#include "widgets/guarded_application.h"
#include "bridge/escape_controls.h"

#include <QMetaObject>

#include <cstdio>
#include <exception>

namespace fl::ui {

GuardedApplication::GuardedApplication(int& argc, char** argv) : QApplication(argc, argv) {}

bool GuardedApplication::notify(QObject* receiver, QEvent* event)
{
    QString message;
    try {
        return QApplication::notify(receiver, event);
    } catch (const std::exception& e) {
        message = tr("Internal error (the last action was not completed): %1").arg(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        message = tr("Internal error (the last action was not completed): unknown exception");
    }
    std::fprintf(stderr, "frictionlab: %s\n", qPrintable(escapeControls(message))); // what() may quote a file
    // Reported after this event, not inside it.
    QMetaObject::invokeMethod(this, [this, message] { emit exceptionCaught(message); }, Qt::QueuedConnection);
    return false;
}

} // namespace fl::ui
