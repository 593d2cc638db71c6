// A view's setup edited by the user is an undo step of the document (document/setup_edits.h): typed
// into a field it is one step however many keys, Undo and Redo show it again, the session is
// modified; a view that refills its fields for a new scenario makes no step.
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/bifurcation_view.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/map_setup_panel.h"
#include "analysis/map_view.h"
#include "analysis/poincare_view.h"
#include "document/document.h"
#include "document/parameter_undo.h"
#include "session_setup_harness.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QUndoStack>

using namespace fl::ui;
using fl::ui::test::choose;
using fl::ui::test::SetupWindow;
using fl::ui::test::typeInto;

class TestSetupUndo : public QObject {
    Q_OBJECT
private slots:
    /// Typing a duration into the Lyapunov panel: one step named after the view, merged over the
    /// keys; Undo shows the old duration, Redo the new one; the session is modified.
    void typedFieldIsOneStep()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        QUndoStack* stack = w.window.document()->undo()->stack();
        const int before = stack->count();
        QVERIFY(!w.sessions->isModified());
        QLineEdit* duration = w.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->durationField();
        QCOMPARE(duration->text(), QStringLiteral("1000"));
        typeInto(duration, QStringLiteral("250"));
        QTRY_COMPARE(stack->count(), before + 1); // Backspace and three digits: one step
        QCOMPARE(stack->undoText(), QStringLiteral("Lyapunov setup"));
        QVERIFY(w.sessions->isModified());
        stack->undo();
        QCOMPARE(duration->text(), QStringLiteral("1000"));
        stack->redo();
        QCOMPARE(duration->text(), QStringLiteral("250"));
    }

    /// A choice in a combo box (through its popup, by keys) is a step; another field of the same
    /// view is a step of its own, undone in order.
    void choicesAreSteps()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        QUndoStack* stack = w.window.document()->undo()->stack();
        const int before = stack->count();
        MapSetupPanel* map = w.bench->viewAs<fl::ui::MapView>("map")->setupPanel();
        auto* observable = map->findChild<QComboBox*>(QStringLiteral("observable"));
        QVERIFY(observable);
        QCOMPARE(map->spec().observable, fl::MapObservable::Amplitude);
        choose(observable, QStringLiteral("period"));
        QTRY_COMPARE(stack->count(), before + 1);
        QCOMPARE(stack->undoText(), QStringLiteral("Map setup"));
        QCOMPARE(map->spec().observable, fl::MapObservable::Period);
        auto* transient = map->findChild<QLineEdit*>(QStringLiteral("transient"));
        QVERIFY(transient);
        typeInto(transient, QStringLiteral("42"));
        QTRY_COMPARE(stack->count(), before + 2);
        QCOMPARE(map->spec().transient, 42.0);
        stack->undo();
        QVERIFY(map->spec().transient != 42.0);
        QCOMPARE(map->spec().observable, fl::MapObservable::Period);
        stack->undo();
        QCOMPARE(map->spec().observable, fl::MapObservable::Amplitude);
    }

    /// The views whose setups version 3 moved into view.setups: the Poincaré plane chosen by keys
    /// and a bifurcation field typed are steps of their own, undone in order.
    void planeAndSweepAreSteps()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        QUndoStack* stack = w.window.document()->undo()->stack();
        const int before = stack->count();
        PoincareView* poincare = w.bench->viewAs<fl::ui::PoincareView>("poincare");
        w.window.showSideView(poincare);
        QComboBox* vertical = poincare->findChildren<QComboBox*>().at(1);
        QCOMPARE(poincare->verticalVariable(), 1);
        vertical->setFocus();
        QTest::keyClick(vertical, Qt::Key_Up);
        QCOMPARE(poincare->verticalVariable(), 0);
        QTRY_COMPARE(stack->count(), before + 1);
        QCOMPARE(stack->undoText(), QStringLiteral("Poincaré section setup"));
        BifurcationSetupPanel* sweep = w.bench->viewAs<fl::ui::BifurcationView>("bifurcation")->setupPanel();
        w.window.showView(w.bench->viewAs<fl::ui::BifurcationView>("bifurcation"));
        auto* steps = sweep->findChild<QSpinBox*>(QStringLiteral("steps"));
        QVERIFY(steps);
        const int oldSteps = steps->value();
        steps->setFocus();
        steps->selectAll();
        QTest::keyClicks(steps, QStringLiteral("33"));
        QTRY_COMPARE(stack->count(), before + 2);
        QCOMPARE(stack->undoText(), QStringLiteral("Bifurcation setup"));
        QCOMPARE(sweep->spec().steps, 33);
        stack->undo();
        QCOMPARE(sweep->spec().steps, oldSteps);
        QCOMPARE(poincare->verticalVariable(), 0);
        stack->undo();
        QCOMPARE(poincare->verticalVariable(), 1);
    }

    /// Another system refills every view's fields: the scenario's step only, no setup step, and the
    /// next edit's Undo goes back to the refilled setup, not to the old system's.
    void aNewScenarioIsNoSetupStep()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        QUndoStack* stack = w.window.document()->undo()->stack();
        const int before = stack->count();
        QVERIFY(w.window.loadPreset(QStringLiteral("acta2016-fig7")));
        QTRY_COMPARE(stack->count(), before + 1);
        QVERIFY2(!stack->undoText().contains(QLatin1String("setup")), qPrintable(stack->undoText()));
        MapSetupPanel* map = w.bench->viewAs<fl::ui::MapView>("map")->setupPanel();
        const fl::MapSpec refilled = map->spec();
        typeInto(map->findChild<QLineEdit*>(QStringLiteral("transient")), QStringLiteral("7"));
        QTRY_COMPARE(stack->count(), before + 2);
        stack->undo();
        QCOMPARE(map->spec().x.parameter, refilled.x.parameter);
        QCOMPARE(map->spec().transient, refilled.transient);
    }
};

QTEST_MAIN(TestSetupUndo)
#include "test_setup_undo.moc"
