// A view's setup edited by the user is an undo step of the document (document/setup_edits.h): typed
// into a field it is one step however many keys, Undo and Redo show it again, the session is
// modified; a view that refills its fields for a new scenario makes no step.
#include "analysis/lyapunov_panel.h"
#include "analysis/map_setup_panel.h"
#include "analysis/map_view.h"
#include "document/document.h"
#include "document/parameter_undo.h"
#include "session_setup_harness.h"

#include <QComboBox>
#include <QLineEdit>
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
