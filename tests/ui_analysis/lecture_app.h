#pragma once
// The application's window for the lecture tests (test_lecture_flow, test_window_fit): views,
// sessions and lectures, and keys as a keyboard delivers them.
#include "analysis/workbench.h"
#include "session/session_manager.h"
#include "widgets/main_window.h"

#include <QApplication>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <cstdio>

namespace fl::ui::test {

inline const QString kLecture = QStringLiteral(":/lectures/stick-slip-in-ten-scenes.frictionlab");

/// The application's window: views, sessions, lectures.
struct App {
    MainWindow window;
    Workbench* bench = new Workbench(window);
    SessionManager* sessions = new SessionManager(window, *bench);
    App()
    {
        sessions->setConfirmDiscard(false);
        window.show();
        window.activateWindow();
    }
};

/// A key to whichever widget has the focus now, as a keyboard delivers it.
inline void press(QWidget& window, Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget* target = QApplication::focusWidget();
    QTest::keyClick(target ? target : &window, key, modifiers);
}

inline bool waitForRun(MainWindow& window)
{
    QSignalSpy shown(&window, &MainWindow::runDisplayed);
    return shown.wait(60000);
}

/// Settings and printout shared by the tests' initTestCase: test mode, names, the screen.
inline void startLectureTest(const char* name)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FrictionLabTest"));
    QCoreApplication::setApplicationName(QString::fromLatin1(name));
    const QSize screen = QGuiApplication::primaryScreen()->size();
    std::printf("screen %d x %d\n", screen.width(), screen.height());
}

} // namespace fl::ui::test
