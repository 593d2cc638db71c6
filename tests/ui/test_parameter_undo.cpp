// Tests of ui/widgets/parameter_undo with the ParameterPanel and MainWindow that use it: one
// slider drag, one typed value, one spell of keys are one step each; combo changes, reset and
// loaded scenarios are steps; undo and redo re-simulate (live too) and keep a narrowed slider;
// the Edit menu names the step; Ctrl+Z in a field being typed in stays the field's own.
#include "bridge/simulation_controller.h"
#include "playback/playback_controller.h"
#include "systems/scenario_setup.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "document/parameter_undo.h"
#include "widgets/precise_slider.h"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QUndoStack>
#include <QTest>

#include "widget_input.h"

using namespace fl::ui;
using fl::ui::test::selectData;
using fl::ui::test::typeInto;

namespace {

/// Drags a slider's handle by dx pixels in several moves (press, moves, release).
void dragHandle(PreciseSlider* slider, int dx)
{
    const QPoint start = slider->handleRect().center();
    QTest::mousePress(slider, Qt::LeftButton, Qt::NoModifier, start);
    for (int i = 1; i <= 8; ++i)
        QTest::mouseMove(slider, start + QPoint(dx * i / 8, 0));
    QTest::mouseRelease(slider, Qt::LeftButton, Qt::NoModifier, start + QPoint(dx, 0));
}

QString actionText(const QMainWindow& w, const char* name)
{
    auto* action = w.findChild<QAction*>(QString::fromLatin1(name));
    return action ? action->text().remove(QLatin1Char('&')) : QStringLiteral("(no action %1)").arg(QLatin1String(name));
}

bool waitForNewestRun(MainWindow& w)
{
    return QTest::qWaitFor([&] {
        return w.currentRun() && w.currentRun()->runId == w.controller()->latestRunId() && !w.controller()->isRunning();
    }, 20000);
}

double shown(const ParameterPanel& panel, const char* id) { return panel.scenario().params.value(id); }

} // namespace

class TestParameterUndo : public QObject {
    Q_OBJECT
private slots:
    void dragIsOneStep();
    void dragBackToTheStartIsNoStep();
    void typedValueIsOneStep();
    void keysOnAFocusedSliderAreOneStep();
    void combosAndResetAreSteps();
    void undoKeepsANarrowedSlider();
    void windowUndoesADragInOneStep();
    void presetLoadIsAStep();
    void ctrlZInAFieldBeingTypedInIsTheFields();
    void undoFollowsLiveMode();
    void stepsAreBounded();
};

/// An hour of edits keeps the last kUndoLimit steps, not all of them (memory stays flat), and the
/// newest step still undoes.
void TestParameterUndo::stepsAreBounded()
{
    fl::Scenario s = fl::defaultScenario();
    fl::Scenario applied;
    ParameterUndo undo(s, [&](const fl::Scenario& a) { applied = a; });
    for (int k = 1; k <= ParameterUndo::kUndoLimit + 100; ++k) {
        QVERIFY(s.params.set("v_b", 0.1 + 0.001 * k).ok());
        undo.record(s, QStringLiteral("v_b %1").arg(k), QStringLiteral("step %1").arg(k)); // distinct keys: no merging
    }
    QCOMPARE(undo.stack()->count(), ParameterUndo::kUndoLimit);
    undo.stack()->undo();
    QCOMPARE(applied.params.value("v_b"), 0.1 + 0.001 * (ParameterUndo::kUndoLimit + 99));
}

void TestParameterUndo::dragIsOneStep()
{
    ParameterPanel panel;
    panel.resize(420, 900);
    panel.show();
    QSignalSpy changed(&panel, &ParameterPanel::scenarioChanged);
    QUndoStack* stack = panel.undo()->stack();
    dragHandle(panel.row(QStringLiteral("v_b"))->slider(), 60);
    const double dragged = shown(panel, "v_b");
    QVERIFY(dragged > 0.5);
    QVERIFY(changed.count() >= 3); // re-simulated along the way
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("v_b 0.5 → %1").arg(valueText(dragged)));
    const int before = changed.count();
    stack->undo();
    QCOMPARE(shown(panel, "v_b"), 0.5);
    QCOMPARE(panel.row(QStringLiteral("v_b"))->editor()->text(), QStringLiteral("0.5"));
    // Undo re-simulates the way an edit does.
    QCOMPARE(changed.count(), before + 1);
    QCOMPARE(changed.last().at(0).value<fl::Scenario>().params.value("v_b"), 0.5);
    stack->redo();
    QCOMPARE(shown(panel, "v_b"), dragged);
    QCOMPARE(changed.count(), before + 2);
}

void TestParameterUndo::dragBackToTheStartIsNoStep()
{
    ParameterPanel panel;
    panel.resize(420, 900);
    panel.show();
    PreciseSlider* slider = panel.row(QStringLiteral("v_b"))->slider();
    const int start = slider->value();
    slider->setSliderDown(true);
    slider->setSliderPosition(start + 500);
    slider->setSliderPosition(start);
    slider->setSliderDown(false);
    QCOMPARE(shown(panel, "v_b"), 0.5);
    QCOMPARE(panel.undo()->stack()->count(), 0);
}

void TestParameterUndo::typedValueIsOneStep()
{
    ParameterPanel panel;
    panel.show();
    QUndoStack* stack = panel.undo()->stack();
    QLineEdit* editor = panel.row(QStringLiteral("v_b"))->editor();
    typeInto(editor, QStringLiteral("0.85")); // applied as typed: 0, 0., 0.8, 0.85
    QTest::keyClick(editor, Qt::Key_Return);
    QCOMPARE(shown(panel, "v_b"), 0.85);
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("v_b 0.5 → 0.85"));
    // A second entry in the same field is a second step.
    typeInto(editor, QStringLiteral("1.25"));
    QTest::keyClick(editor, Qt::Key_Return);
    QCOMPARE(stack->count(), 2);
    stack->undo();
    QCOMPARE(shown(panel, "v_b"), 0.85);
    QCOMPARE(editor->text(), QStringLiteral("0.85"));
}

void TestParameterUndo::keysOnAFocusedSliderAreOneStep()
{
    ParameterPanel panel;
    panel.show();
    panel.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&panel));
    QUndoStack* stack = panel.undo()->stack();
    PreciseSlider* slider = panel.row(QStringLiteral("v_b"))->slider();
    slider->setFocus();
    for (int i = 0; i < 3; ++i)
        QTest::keyClick(slider, Qt::Key_Right);
    QCOMPARE(shown(panel, "v_b"), 0.53);
    QCOMPARE(stack->count(), 1);
    // Focus elsewhere and back: a new step.
    panel.row(QStringLiteral("mu_s"))->slider()->setFocus();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Right);
    QCOMPARE(stack->count(), 2);
    stack->undo();
    stack->undo();
    QCOMPARE(shown(panel, "v_b"), 0.5);
}

void TestParameterUndo::combosAndResetAreSteps()
{
    ParameterPanel panel;
    panel.show();
    QUndoStack* stack = panel.undo()->stack();
    typeInto(panel.row(QStringLiteral("v_b"))->editor(), QStringLiteral("0.8"));
    QTest::keyClick(panel.row(QStringLiteral("v_b"))->editor(), Qt::Key_Return);
    selectData(panel.lawCombo(), "stribeck-exp");
    QVERIFY2(stack->undoText().startsWith(QStringLiteral("law ")), qPrintable(stack->undoText()));
    selectData(panel.methodCombo(), "regularized");
    QVERIFY2(stack->undoText().startsWith(QStringLiteral("method ")), qPrintable(stack->undoText()));
    selectData(panel.regularizationCombo(), "tanh");
    QVERIFY2(stack->undoText().startsWith(QStringLiteral("regularization ")), qPrintable(stack->undoText()));
    panel.resetToDefaults();
    QCOMPARE(stack->undoText(), QStringLiteral("reset to defaults"));
    selectData(panel.systemCombo(), "disk");
    QVERIFY2(stack->undoText().startsWith(QStringLiteral("system ")), qPrintable(stack->undoText()));
    QCOMPARE(stack->count(), 6);
    // Back step by step: each combo follows.
    stack->undo();
    QCOMPARE(panel.scenario().systemId, std::string("belt"));
    QCOMPARE(panel.systemCombo()->currentData().toString(), QStringLiteral("belt"));
    stack->undo();
    QCOMPARE(shown(panel, "v_b"), 0.8);
    stack->undo();
    QVERIFY(panel.scenario().regularization != fl::Regularization::Tanh);
    stack->undo();
    QVERIFY(panel.scenario().method == fl::Method::EventDriven);
    QVERIFY(!panel.regularizationCombo()->isEnabled());
    stack->undo();
    QCOMPARE(panel.scenario().lawId, std::string("coulomb"));
    QCOMPARE(panel.lawCombo()->currentData().toString(), QStringLiteral("coulomb"));
    QVERIFY(panel.row(QStringLiteral("mu_s")) != nullptr);
    stack->undo();
    QCOMPARE(shown(panel, "v_b"), 0.5);
    QVERIFY(!stack->canUndo());
}

void TestParameterUndo::undoKeepsANarrowedSlider()
{
    ParameterPanel panel;
    panel.show();
    ParameterRow* row = panel.row(QStringLiteral("v_b"));
    row->narrow();
    row->slider()->setFocus();
    QTest::keyClick(row->slider(), Qt::Key_Right);
    QCOMPARE(shown(panel, "v_b"), 0.501);
    panel.undo()->stack()->undo();
    QCOMPARE(shown(panel, "v_b"), 0.5);
    QCOMPARE(panel.row(QStringLiteral("v_b")), row);
    QCOMPARE(row->scale().narrowing(), 1);
    // A law change rebuilds the rows; the narrowing of a kept parameter stays.
    selectData(panel.lawCombo(), "stribeck-exp");
    QCOMPARE(panel.row(QStringLiteral("v_b"))->scale().narrowing(), 1);
}

void TestParameterUndo::windowUndoesADragInOneStep()
{
    MainWindow w;
    w.show();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QVERIFY(waitForNewestRun(w));
    QCOMPARE(actionText(w, "undoAction"), QStringLiteral("Undo"));
    PreciseSlider* slider = w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->slider();
    dragHandle(slider, 40);
    const double dragged = shown(*w.findChild<fl::ui::ParameterPanel*>(), "v_b");
    QVERIFY(dragged > 0.5);
    QCOMPARE(actionText(w, "undoAction"), QStringLiteral("Undo v_b 0.5 → %1").arg(valueText(dragged)));
    QVERIFY(waitForNewestRun(w));
    // Ctrl+Z with the slider focused: back to 0.5 in one step, simulated again.
    QVERIFY(slider->hasFocus());
    const quint64 runs = w.controller()->latestRunId();
    QTest::keyClick(slider, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(shown(*w.findChild<fl::ui::ParameterPanel*>(), "v_b"), 0.5);
    QVERIFY(w.controller()->latestRunId() > runs);
    QVERIFY(waitForNewestRun(w));
    QCOMPARE(w.currentRun()->scenario.params.value("v_b"), 0.5);
    QCOMPARE(actionText(w, "redoAction"), QStringLiteral("Redo v_b 0.5 → %1").arg(valueText(dragged)));
    QTest::keyClick(slider, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(shown(*w.findChild<fl::ui::ParameterPanel*>(), "v_b"), dragged);
    QTest::keyClick(slider, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(slider, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(shown(*w.findChild<fl::ui::ParameterPanel*>(), "v_b"), dragged);
}

void TestParameterUndo::presetLoadIsAStep()
{
    MainWindow w;
    w.show();
    QVERIFY(w.loadPreset(QStringLiteral("acta2016-fig9")));
    QCOMPARE(w.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("pendulum"));
    QCOMPARE(actionText(w, "undoAction"), QStringLiteral("Undo preset acta2016-fig9"));
    // A clicked bifurcation column (loadScenario without a name) is described by what changed.
    fl::Scenario column = w.findChild<fl::ui::ParameterPanel*>()->scenario();
    QVERIFY(column.params.set("omega0", 0.25).ok());
    w.loadScenario(column);
    QVERIFY2(actionText(w, "undoAction").endsWith(QStringLiteral(" → 0.25")), qPrintable(actionText(w, "undoAction")));
    w.findChild<QAction*>(QStringLiteral("undoAction"))->trigger();
    w.findChild<QAction*>(QStringLiteral("undoAction"))->trigger();
    QCOMPARE(w.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("belt"));
    QVERIFY(waitForNewestRun(w));
    QCOMPARE(w.currentRun()->scenario.systemId, std::string("belt"));
}

void TestParameterUndo::ctrlZInAFieldBeingTypedInIsTheFields()
{
    MainWindow w;
    w.show();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    auto* undo = w.findChild<QAction*>(QStringLiteral("undoAction"));
    QSignalSpy undone(undo, &QAction::triggered);
    QLineEdit* editor = w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->editor();
    typeInto(editor, QStringLiteral("0.8"));
    QCOMPARE(shown(*w.findChild<fl::ui::ParameterPanel*>(), "v_b"), 0.8);
    // While typing, Ctrl+Z is the field's own undo (and the value follows the text).
    QVERIFY(editor->isUndoAvailable());
    QTest::keyClick(editor, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(undone.count(), 0);
    QCOMPARE(editor->text(), QStringLiteral("0.5"));
    QCOMPARE(shown(*w.findChild<fl::ui::ParameterPanel*>(), "v_b"), 0.5);
    typeInto(editor, QStringLiteral("0.8"));
    // Committed with Return: Ctrl+Z undoes the whole entry in the window.
    QTest::keyClick(editor, Qt::Key_Return);
    QVERIFY(!editor->isUndoAvailable());
    QTest::keyClick(editor, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(undone.count(), 1);
    QCOMPARE(shown(*w.findChild<fl::ui::ParameterPanel*>(), "v_b"), 0.5);
    QCOMPARE(editor->text(), QStringLiteral("0.5"));
}

void TestParameterUndo::undoFollowsLiveMode()
{
    MainWindow w;
    w.show();
    QVERIFY(waitForNewestRun(w));
    w.setLive(true);
    QVERIFY(w.isLive());
    const quint64 runs = w.controller()->latestRunId();
    typeInto(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->editor(), QStringLiteral("0.3"));
    QTest::keyClick(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->editor(), Qt::Key_Return);
    QCOMPARE(w.playback()->liveScenario().params.value("v_b"), 0.3);
    w.findChild<fl::ui::ParameterPanel*>()->undo()->stack()->undo();
    // The live motion takes the undone value at the instant on screen, without a new run.
    QCOMPARE(w.playback()->liveScenario().params.value("v_b"), 0.5);
    QCOMPARE(w.controller()->latestRunId(), runs);
    w.setLive(false);
}

QTEST_MAIN(TestParameterUndo)
#include "test_parameter_undo.moc"
