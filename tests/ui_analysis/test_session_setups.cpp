// Sessions keep every view: a session saved on a tab with a non-default setup of that view reopens on
// that tab with that setup (session_setup_harness.h), for the views of the catalog of analyses; and
// every view a session file can name exists in the window.
#include "analysis/analysis_views.h"
#include "analysis/analysis_view.h"
#include "analysis/map_setup_panel.h"
#include "analysis/map_view.h"
#include "bridge/session.h"
#include "session_setup_harness.h"

#include "analysis/analysis_catalog.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>

using namespace fl::ui;
using fl::ui::test::roundTripSetup;
using fl::ui::test::SetupWindow;

class TestSessionSetups : public QObject {
    Q_OBJECT
private slots:
    /// Every tab and side tab a session may name is a view of the window, with its catalog id.
    void everyCatalogViewIsInTheWindow()
    {
        SetupWindow w;
        for (const QString& id : tabIds() + sideTabIds()) {
            QWidget* view = w.bench->view(id);
            QVERIFY2(view, qPrintable(id));
            QCOMPARE(w.bench->idOf(view), id);
        }
        QCOMPARE(tabIds().size() + sideTabIds().size(), static_cast<qsizetype>(fl::analyses().size()));
    }

    /// The simulation tab with the Lyapunov side tab (no setup of its own beyond the view state).
    void simulationTab()
    {
        roundTripSetup(QStringLiteral("simulation"), QStringLiteral("lyapunov"), [](SetupWindow&) {}, [](SetupWindow&) {});
    }

    /// The map: both axes (parameter, range, steps), the observable, its variable, the recording and
    /// the threads, all changed through the form's own widgets.
    void mapTab()
    {
        roundTripSetup(
            QStringLiteral("map"), QStringLiteral("poincare"),
            [](SetupWindow& a) {
                MapSetupPanel* setup = a.bench->map()->setupPanel();
                setup->parameterCombo(0)->setCurrentIndex(setup->parameterCombo(0)->findData(QStringLiteral("zeta")));
                setup->fromField(0)->setText(QStringLiteral("0.0125"));
                setup->toField(0)->setText(QStringLiteral("0.3"));
                setup->stepsBox(0)->setValue(17);
                setup->parameterCombo(1)->setCurrentIndex(setup->parameterCombo(1)->findData(QStringLiteral("v_b")));
                setup->stepsBox(1)->setValue(9);
                setup->observableCombo()->setCurrentIndex(setup->observableCombo()->findData(QStringLiteral("amplitude")));
                setup->variableCombo()->setCurrentIndex(1);
                QTest::keyClick(setup->transientField(), Qt::Key_A, Qt::ControlModifier);
                QTest::keyClicks(setup->transientField(), QStringLiteral("37.5"));
                setup->findChild<QSpinBox*>(QStringLiteral("threads"))->setValue(3);
                QVERIFY2(setup->isValid(), qPrintable(setup->validationMessage()));
            },
            [](SetupWindow& b) {
                const MapSetupPanel* setup = b.bench->map()->setupPanel();
                const fl::MapSpec spec = setup->spec();
                QCOMPARE(spec.x.parameter, std::string("zeta"));
                QCOMPARE(spec.x.from, 0.0125);
                QCOMPARE(spec.x.to, 0.3);
                QCOMPARE(spec.x.steps, 17);
                QCOMPARE(spec.y.parameter, std::string("v_b"));
                QCOMPARE(spec.y.steps, 9);
                QCOMPARE(spec.observable, fl::MapObservable::Amplitude);
                QCOMPARE(spec.variable, 1);
                QCOMPARE(spec.transient, 37.5);
                QCOMPARE(setup->threads(), 3);
                QVERIFY2(setup->isValid(), qPrintable(setup->validationMessage()));
            });
    }

    /// A setup that names what this window does not have is restored field by field: the rest is
    /// applied, and each bad field is one warning naming its path.
    void badSetupFieldsAreWarnings()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        QStringList warnings;
        const QJsonObject setup{{QStringLiteral("x"), QJsonObject{{QStringLiteral("parameter"), QStringLiteral("no_such")},
                                                                  {QStringLiteral("steps"), 13}}},
                                {QStringLiteral("observable"), QStringLiteral("colour")},
                                {QStringLiteral("transient"), -5.0},
                                {QStringLiteral("record"), 42.0},
                                {QStringLiteral("future"), true}};
        analysisOf(w.bench->view(QStringLiteral("map")))->restoreSetup(setup, QStringLiteral("view.setups.map"), warnings);
        QCOMPARE(w.bench->map()->setupPanel()->spec().x.steps, 13);
        QCOMPARE(w.bench->map()->setupPanel()->spec().record, 42.0);
        QVERIFY2(warnings.size() == 4, qPrintable(warnings.join('\n')));
        QVERIFY2(warnings[0].startsWith(QStringLiteral("view.setups.map.x.parameter: 'no_such' is not one of")), qPrintable(warnings[0]));
        QVERIFY2(warnings[1].startsWith(QStringLiteral("view.setups.map.observable: 'colour' is not one of")), qPrintable(warnings[1]));
        QVERIFY2(warnings[2].startsWith(QStringLiteral("view.setups.map.transient: -5 is outside")), qPrintable(warnings[2]));
        QVERIFY2(warnings[3].startsWith(QStringLiteral("view.setups.map.future: unknown field")), qPrintable(warnings[3]));
    }
};

QTEST_MAIN(TestSessionSetups)
#include "test_session_setups.moc"
