// The document model (document/document.h): its commands are the undo steps, it remembers the
// system left behind, marks a preset as changed only by the user's edits, keeps every view's setup,
// and the parameter panel and the main window follow it whoever changes it.
#include "analysis/analysis_view.h"
#include "document/document.h"
#include "document/parameter_undo.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"

#include "bridge/simulation_controller.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using fl::ui::Document;
using fl::ui::ScenarioChange;

Q_DECLARE_METATYPE(fl::ui::ScenarioChange)

namespace {

fl::Scenario beltWith(double vb)
{
    fl::Scenario s = fl::defaultScenario();
    if (!s.params.set("v_b", vb).ok())
        qFatal("v_b %g refused", vb);
    return s;
}

fl::Scenario pendulum()
{
    fl::Scenario s = fl::defaultScenario();
    if (!fl::changeModel(s, "pendulum", s.lawId).ok())
        qFatal("no pendulum");
    fl::Scenario fresh;
    if (!fl::makeScenario(s.systemId, s.lawId, s.method, s.regularization, fresh).ok())
        qFatal("no pendulum defaults");
    return fresh;
}

/// Replaces the field's text by typing, as a user would, and presses Enter.
void typeInto(QLineEdit* editor, const QString& text)
{
    editor->setFocus();
    editor->selectAll();
    QTest::keyClick(editor, Qt::Key_Backspace);
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
}

ScenarioChange howOf(const QList<QVariant>& signal) { return signal.at(1).value<ScenarioChange>(); }

/// A view that keeps one number as its setup.
class NumberView : public fl::ui::AnalysisView {
public:
    double number = 0;
    /// As a view whose setup changes at the user's request after the input event (a fit's result).
    void setNumber(double n)
    {
        number = n;
        setupEdited();
    }
    QJsonObject saveSetup() const override { return number == 0 ? QJsonObject() : QJsonObject{{"n", number}}; }
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override
    {
        if (!setup.value("n").isDouble())
            warnings << path + QStringLiteral(".n: expected a number");
        else
            number = setup.value("n").toDouble();
    }
};

} // namespace

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qRegisterMetaType<ScenarioChange>(); }

    /// A drag is one step; a load is another; undo walks back through both and says so.
    void commandsAreTheUndoSteps()
    {
        Document document;
        QSignalSpy changed(&document, &Document::scenarioChanged);
        document.edit(beltWith(0.3), QStringLiteral("drag v_b"));
        document.edit(beltWith(0.4), QStringLiteral("drag v_b"));
        QCOMPARE(document.undo()->stack()->count(), 1);
        document.load(pendulum(), QStringLiteral("preset x"));
        QCOMPARE(document.undo()->stack()->count(), 2);
        QCOMPARE(changed.count(), 3);
        QCOMPARE(howOf(changed.at(0)), ScenarioChange::Edited);
        QCOMPARE(howOf(changed.at(2)), ScenarioChange::Loaded);
        QCOMPARE(document.undo()->stack()->undoText(), QStringLiteral("preset x"));

        document.undo()->stack()->undo();
        QCOMPARE(document.scenario().systemId, std::string("belt"));
        QCOMPARE(document.scenario().params.value("v_b"), 0.4);
        QCOMPARE(howOf(changed.last()), ScenarioChange::Undone);
        document.undo()->stack()->undo();
        QCOMPARE(document.scenario().params.value("v_b"), fl::defaultScenario().params.value("v_b"));
        document.undo()->stack()->redo();
        QCOMPARE(document.scenario().params.value("v_b"), 0.4);

        // Replaced: shown, no step.
        document.replace(beltWith(0.7));
        QCOMPARE(howOf(changed.last()), ScenarioChange::Replaced);
        QCOMPARE(document.undo()->stack()->count(), 2);
    }

    /// The system left behind is remembered as it was, whichever command left it.
    void remembersTheSystemLeft()
    {
        Document document;
        document.edit(beltWith(0.61));
        QVERIFY(!document.remembered("belt"));
        document.load(pendulum());
        QVERIFY(document.remembered("belt"));
        QCOMPARE(document.remembered("belt")->params.value("v_b"), 0.61);
        QVERIFY(!document.remembered("pendulum"));
        document.undo()->stack()->undo(); // back on the belt: the pendulum is remembered now
        QVERIFY(document.remembered("pendulum"));
        QVERIFY(!document.remembered("belt"));
        document.setRememberedScenarios({pendulum(), beltWith(0.2)}); // the current system's entry is dropped
        QCOMPARE(document.rememberedScenarios().size(), size_t(1));
    }

    /// A preset is "changed" by an edit or an undo, not by a load.
    void presetChangedOnlyByTheUser()
    {
        Document document;
        QSignalSpy preset(&document, &Document::presetChanged);
        const QString id = QString::fromStdString(fl::findSystem("belt")->presets.front().id);
        document.setPresetId(id);
        QCOMPARE(document.presetId(), id);
        QVERIFY(!document.isPresetChanged());
        document.load(beltWith(0.5));
        QVERIFY(!document.isPresetChanged());
        document.edit(beltWith(0.6));
        QVERIFY(document.isPresetChanged());
        QCOMPARE(preset.count(), 2);
        QCOMPARE(preset.last().at(1).toBool(), true);
        document.setPresetId(QStringLiteral("no-such-preset"));
        QCOMPARE(document.presetId(), QString());
    }

    /// The views' setups are the document's: it holds what each view said it changed (an undo
    /// step), not what a view holds unannounced; restored into the views, with warnings.
    void keepsEveryViewsSetup()
    {
        Document document;
        NumberView a, b;
        document.addView(QStringLiteral("a"), &a);
        document.addView(QStringLiteral("b"), &b);
        QVERIFY(document.setups().isEmpty());
        a.number = 1.5; // unannounced: not the document's
        QVERIFY(document.setups().isEmpty());
        a.setNumber(2.5);
        QCOMPARE(document.setups().size(), 1);
        QCOMPARE(document.setups().value("a").value("n").toDouble(), 2.5);
        a.setNumber(4.0);
        QCOMPARE(document.undo()->stack()->count(), 2);
        document.undo()->stack()->undo();
        QCOMPARE(a.number, 2.5);
        QCOMPARE(document.setups().value("a").value("n").toDouble(), 2.5);
        document.undo()->stack()->redo();
        QCOMPARE(a.number, 4.0);
        const QStringList warnings = document.restoreSetups(
            {{QStringLiteral("a"), QJsonObject{{"n", 7.0}}}, {QStringLiteral("b"), QJsonObject{{"n", "x"}}}});
        QCOMPARE(a.number, 7.0);
        QCOMPARE(b.number, 0.0);
        QCOMPARE(warnings, QStringList{QStringLiteral("view.setups.b.n: expected a number")});
    }

    /// The panel edits the document and shows what the document holds, whoever changed it.
    void panelFollowsTheDocument()
    {
        Document document;
        fl::ui::ParameterPanel panel(document);
        QSignalSpy panelChanged(&panel, &fl::ui::ParameterPanel::scenarioChanged);
        document.load(beltWith(0.83));
        QCOMPARE(panel.scenario().params.value("v_b"), 0.83);
        QCOMPARE(panel.row(QStringLiteral("v_b"))->value(), 0.83);
        QCOMPARE(panelChanged.count(), 0); // a load is simulated by the document's observers

        typeInto(panel.row(QStringLiteral("v_b"))->editor(), QStringLiteral("0.25"));
        QCOMPARE(document.scenario().params.value("v_b"), 0.25);
        QVERIFY(panelChanged.count() >= 1); // the field applies as the user types
        QCOMPARE(panelChanged.last().at(0).value<fl::Scenario>().params.value("v_b"), 0.25);

        // A system chosen in the box: the document's memory brings the edited belt back.
        QComboBox* system = panel.systemCombo();
        system->setCurrentIndex(system->findData(QStringLiteral("pendulum")));
        QCOMPARE(document.scenario().systemId, std::string("pendulum"));
        system->setCurrentIndex(system->findData(QStringLiteral("belt")));
        QCOMPARE(document.scenario().params.value("v_b"), 0.25);

        document.undo()->stack()->undo(); // undo is the document's; the panel shows and re-emits it
        QCOMPARE(panel.scenario().systemId, std::string("pendulum"));
        QCOMPARE(panelChanged.last().at(0).value<fl::Scenario>().systemId, std::string("pendulum"));
    }

    /// A rejected edit leaves the document at its last valid scenario.
    void rejectedEditLeavesTheDocument()
    {
        Document document;
        fl::ui::ParameterPanel panel(document);
        QSignalSpy rejected(&panel, &fl::ui::ParameterPanel::scenarioRejected);
        const int steps = document.undo()->stack()->count();
        typeInto(panel.row(QStringLiteral("v_b"))->editor(), QStringLiteral("fast"));
        QVERIFY(rejected.count() >= 1);
        QVERIFY(!panel.row(QStringLiteral("v_b"))->error().isEmpty());
        QCOMPARE(document.undo()->stack()->count(), steps);
        QCOMPARE(document.scenario().params.value("v_b"), fl::defaultScenario().params.value("v_b"));
    }

    /// The window simulates what its document loads or undoes, and not what it only replaces.
    void windowSimulatesTheDocument()
    {
        fl::ui::MainWindow window;
        Document& document = *window.document();
        QSignalSpy started(window.controller(), &fl::ui::SimulationController::runStarted);
        document.load(beltWith(0.9));
        QTRY_VERIFY(started.count() >= 1);
        const int afterLoad = started.count();
        document.replace(beltWith(0.8));
        QTest::qWait(50);
        QCOMPARE(started.count(), afterLoad);
        QCOMPARE(window.findChild<fl::ui::ParameterPanel*>()->scenario().params.value("v_b"), 0.8);
        document.undo()->stack()->undo();
        QTRY_VERIFY(started.count() > afterLoad);
    }
};

QTEST_MAIN(TestDocument)
#include "test_document.moc"
