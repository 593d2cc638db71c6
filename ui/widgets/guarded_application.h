#pragma once
// The GUI's QApplication: an exception that escapes a slot or an event handler on the GUI thread
// (a library's root find, std::bad_alloc) is caught in notify() and reported instead of aborting
// the application and losing the lecturer's work. Code is written not to throw (fl::Status);
// this is the last line of defence.
#include <QApplication>

namespace fl::ui {

class GuardedApplication : public QApplication {
    Q_OBJECT
public:
    GuardedApplication(int& argc, char** argv);
    bool notify(QObject* receiver, QEvent* event) override;

signals:
    /// One line: what failed, for the status bar (also written to stderr).
    void exceptionCaught(const QString& message);
};

} // namespace fl::ui
