// A view's setup edited by the user is an undo step of the document (document/setup_edits.h): typed
// into a field it is one step however many keys, Undo and Redo show it again, the session is
// modified; a view that refills its fields for a new scenario makes no step.
#include "analysis/analysis_view.h"
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/bifurcation_view.h"
#include "analysis/contact_controls.h"
#include "analysis/contact_explorer.h"
#include "analysis/method_comparison.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/map_setup_panel.h"
#include "analysis/map_view.h"
#include "analysis/poincare_view.h"
#include "document/document.h"
#include "document/parameter_undo.h"
#include "session_setup_harness.h"

#include "analysis/analysis_catalog.h"
#include "bridge/setup_json.h"
#include "contact/contact_settings.h"
#include "contract/analysis_registry.h"
#include "systems/system_registry.h"
#include "widgets/parameter_row.h"

#include <cmath>

#include <QComboBox>
#include <QPushButton>
#include <QJsonDocument>
#include <QLineEdit>
#include <QSpinBox>
#include <QUndoStack>

using namespace fl::ui;
using fl::ui::test::choose;
using fl::ui::test::SetupWindow;
using fl::ui::test::typeInto;

namespace {

/// The views whose shown setup is not the document's copy (empty: they agree). Fewer than 6
/// views with a setup (a law without states has no law-lab setup) fail too: no check on nothing.
QStringList differFromDocument(SetupWindow& w)
{
    QStringList differ;
    const QMap<QString, QJsonObject> held = w.window.document()->setups();
    int compared = 0;
    for (const auto& [id, widget] : w.bench->analysisViews()) {
        const auto* view = dynamic_cast<const ViewSetup*>(widget); // a view, or a part of one (the continuation)
        if (!view)
            continue;
        const QJsonObject shown = view->saveSetup();
        if (held.value(QString::fromStdString(id)) != shown)
            differ << QString::fromStdString(id) + QStringLiteral(" shows ")
                          + QString::fromUtf8(QJsonDocument(shown).toJson(QJsonDocument::Compact)) + QStringLiteral(", the document holds ")
                          + QString::fromUtf8(QJsonDocument(held.value(QString::fromStdString(id))).toJson(QJsonDocument::Compact));
        compared += shown.isEmpty() ? 0 : 1;
    }
    if (compared < 6)
        differ << QStringLiteral("(only %1 views with a setup)").arg(compared);
    return differ;
}

/// The views (that apply to the scenario) whose setup, as the document holds it, fails its
/// analysis's check in a field: a view must never start from a setup it cannot run. (A problem of
/// the scenario's, with no field, is the view's message that it does not apply: the ε study of
/// a law with no ε.)
QStringList failingChecks(SetupWindow& w)
{
    QStringList failing;
    const fl::Scenario& scenario = w.window.document()->scenario();
    const QMap<QString, QJsonObject> held = w.window.document()->setups();
    for (auto it = held.begin(); it != held.end(); ++it) {
        const fl::AnalysisInfo* info = fl::findAnalysis(it.key().toStdString());
        const fl::AnalysisDefinition* analysis = fl::findAnalysisDefinition(it.key().toStdString());
        if (!info || !analysis || !fl::analysisApplies(*info, scenario))
            continue;
        if (const fl::SetupProblem problem = analysis->check(scenario, setupFromJson(it.value())); !problem.field.empty())
            failing << it.key() + QStringLiteral(": ") + QString::fromStdString(fl::describe(problem)) + " [" + QString::fromUtf8(QJsonDocument(it.value()).toJson(QJsonDocument::Compact)) + " on " + QString::fromStdString(scenario.systemId + "/" + scenario.lawId) + "]";
    }
    return failing;
}

} // namespace

class TestSetupUndo : public QObject {
    Q_OBJECT
private slots:
    /// The document holds every view's setup: after every preset (each sets up the views it is
    /// about), an edit, its undo and a tab brought to the front, what each view shows is the
    /// document's copy, which is what a session saves; after each preset, every setup passes its
    /// analysis's check (no view starts from a setup it cannot run, as the chain's map over n did).
    void documentHoldsWhatEveryViewShows()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        QVERIFY2(differFromDocument(w).isEmpty(), qPrintable(differFromDocument(w).join(", ")));
        // The comparison's own result lists the run's series (the variable it keeps may change).
        auto* compare = w.bench->viewAs<fl::ui::MethodComparison>("compare");
        QSignalSpy compared(compare, &MethodComparison::comparisonShown);
        w.window.showView(compare);
        QVERIFY(compared.wait(60000));
        QVERIFY2(differFromDocument(w).isEmpty(), qPrintable(differFromDocument(w).join(", ")));
        int presets = 0;
        for (const fl::SystemInfo& system : fl::systems())
            for (const fl::Preset& preset : system.presets) {
                QVERIFY2(w.window.loadPreset(QString::fromStdString(preset.id)), preset.id.c_str());
                QCoreApplication::processEvents();
                QVERIFY2(differFromDocument(w).isEmpty(),
                         qPrintable(QString::fromStdString(preset.id) + ": " + differFromDocument(w).join(", ")));
                QVERIFY2(failingChecks(w).isEmpty(), qPrintable(QString::fromStdString(preset.id) + ": " + failingChecks(w).join("; ")));
                ++presets;
            }
        QVERIFY2(presets >= 20, qPrintable(QString::number(presets)));
        QVERIFY(w.window.loadPreset(QStringLiteral("acta2016-fig7")));
        typeInto(w.bench->viewAs<fl::ui::MapView>("map")->setupPanel()->findChild<QLineEdit*>(QStringLiteral("transient")),
                 QStringLiteral("7"));
        QTRY_VERIFY(w.window.document()->setups().value("map").value("transient").toDouble() == 7.0);
        QCOMPARE(differFromDocument(w), QStringList());
        w.window.document()->undo()->stack()->undo();
        QCOMPARE(differFromDocument(w), QStringList());
        for (const auto& [id, widget] : w.bench->analysisViews())
            if (w.bench->tabIndex(id.c_str()) >= 0) {
                w.window.showView(widget);
                QCoreApplication::processEvents();
                QVERIFY2(differFromDocument(w).isEmpty(), qPrintable(QString::fromStdString(id) + ": " + differFromDocument(w).join(", ")));
            }
    }

    /// A contact fit fills its fields when it finishes, after the click that asked for it: one step
    /// ("Contact explorer setup") that the document holds; Undo gives back the values before the fit.
    void aFitIsOneStep()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        QUndoStack* stack = w.window.document()->undo()->stack();
        auto* contact = w.bench->viewAs<fl::ui::ContactExplorer>("contact");
        w.window.showView(contact);
        ContactControls* controls = contact->controls();
        choose(controls->shapeCombo(), int(fl::ContactShapeChoice::Circle));
        typeInto(controls->row("b11")->editor(), QStringLiteral("1"));
        QTRY_COMPARE(w.window.document()->setups().value("contact").value("values").toObject().value("b11").toDouble(), 1.0);
        const int before = stack->count();
        QSignalSpy fitted(contact, &ContactExplorer::fitFinished);
        QVERIFY(controls->fitButton()->isEnabled());
        QTest::mouseClick(controls->fitButton(), Qt::LeftButton);
        QVERIFY(fitted.wait(30000));
        QTRY_COMPARE(stack->count(), before + 1);
        QCOMPARE(stack->undoText(), QStringLiteral("Contact explorer setup"));
        const double fittedB = w.window.document()->setups().value("contact").value("values").toObject().value("b11").toDouble();
        QVERIFY2(std::abs(fittedB - 0.452) < 1e-3, qPrintable(QString::number(fittedB))); // Acta Mech's I(1,1) fit
        QVERIFY2(differFromDocument(w).isEmpty(), qPrintable(differFromDocument(w).join(", ")));
        stack->undo();
        QCOMPARE(controls->settings().i11().b, 1.0);
        QCOMPARE(w.window.document()->setups().value("contact").value("values").toObject().value("b11").toDouble(), 1.0);
    }

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
