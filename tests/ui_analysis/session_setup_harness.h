#pragma once
// A view's setup through a session file, in the real window: prepare a non-default setup in one
// window, open its tab, File > Save As; open the file in a new window and check it reopens on that
// tab with that setup and without a warning. Shared by the tests of sessions that keep every view.
#include "analysis/workbench.h"
#include "session/session_manager.h"
#include "widgets/main_window.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

namespace fl::ui::test {

/// A full window with its analysis views and sessions, at the projector's size.
struct SetupWindow {
    MainWindow window;
    Workbench* bench = new Workbench(window);
    SessionManager* sessions = new SessionManager(window, *bench);
    SetupWindow()
    {
        sessions->setConfirmDiscard(false);
        window.resize(1280, 720);
        window.show();
    }
    bool waitForRun()
    {
        QSignalSpy shown(&window, &MainWindow::runDisplayed);
        return shown.wait(60000);
    }
};

/// Chooses the item with this data by keyboard, as a user does (the box emits activated).
inline void choose(QComboBox* combo, const QVariant& data)
{
    const int target = combo->findData(data);
    QVERIFY2(target >= 0, qPrintable(data.toString()));
    combo->setFocus();
    while (combo->currentIndex() != target)
        QTest::keyClick(combo, combo->currentIndex() < target ? Qt::Key_Down : Qt::Key_Up);
}

/// Replaces a field's text by typing, as a user does (without Return).
inline void typeInto(QLineEdit* field, const QString& text)
{
    field->setFocus();
    field->selectAll();
    QTest::keyClick(field, Qt::Key_Backspace);
    QTest::keyClicks(field, text);
}

/// prepare(a) sets the view's setup in window a (and may load a scenario); the session is saved
/// with the main tab `tab` and the side tab `side` open; check(b) then verifies the setup in the
/// new window b. A difference is a QTest failure.
inline void roundTripSetup(const QString& tab, const QString& side, const std::function<void(SetupWindow&)>& prepare,
                           const std::function<void(SetupWindow&)>& check)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("setup.frictionlab"));
    {
        SetupWindow a;
        QVERIFY(a.waitForRun());
        prepare(a);
        if (QTest::currentTestFailed())
            return;
        a.window.showView(a.bench->view(tab));
        a.window.showSideView(a.bench->view(side));
        QString error;
        QVERIFY2(a.sessions->saveAs(path, &error), qPrintable(error));
    }
    SetupWindow b;
    QVERIFY(b.waitForRun());
    QString error;
    QVERIFY2(b.sessions->open(path, &error), qPrintable(error));
    QCoreApplication::processEvents();
    QCOMPARE(b.bench->idOf(b.window.currentView()), tab);
    QCOMPARE(b.bench->idOf(b.window.currentSideView()), side);
    const QString note = b.window.statusMessage();
    QVERIFY2(note.startsWith(QStringLiteral("Opened")) && !note.contains(QStringLiteral("warning")), qPrintable(note));
    check(b);
}

} // namespace fl::ui::test
