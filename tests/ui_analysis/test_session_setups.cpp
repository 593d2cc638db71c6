// Sessions keep every view: a session saved on a tab with a non-default setup of that view reopens on
// that tab with that setup (session_setup_harness.h), for the views of the catalog of analyses; and
// every view a session file can name exists in the window.
#include "analysis/bifurcation_view.h"
#include "analysis/continuation_box.h"
#include "analysis/analysis_views.h"
#include "analysis/analysis_view.h"
#include "analysis/contact_controls.h"
#include "analysis/contact_explorer.h"
#include "analysis/eps_study_data.h"
#include "analysis/eps_study_view.h"
#include "analysis/law_lab.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/map_setup_panel.h"
#include "analysis/map_view.h"
#include "analysis/method_comparison.h"
#include "analysis/method_comparison_overlay_plot.h"
#include "analysis/poincare_view.h"
#include "analysis/slip_event_view.h"
#include "bridge/session.h"
#include "session_setup_harness.h"
#include "widgets/parameter_row.h"

#include "analysis/analysis_catalog.h"
#include "contract/map_analysis.h"
#include "systems/scenario_setup.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <memory>

using namespace fl::ui;
using fl::ContactSettings;
using fl::ContactShapeChoice;
namespace contact = fl::contact;
using fl::ui::test::choose;
using fl::ui::test::roundTripSetup;
using fl::ui::test::SetupWindow;
using fl::ui::test::typeInto;

namespace {

/// The block on a belt with LuGre (a law with memory), regularized: the law lab has experiments.
fl::Scenario lugreBelt()
{
    fl::Scenario s;
    if (!fl::makeScenario("belt", "lugre", fl::Method::Regularized, fl::Regularization::Kudra, s).ok())
        qFatal("no belt with LuGre");
    return s;
}

std::vector<double> epsOf(const QLineEdit* field)
{
    std::vector<double> eps;
    parseEpsList(field->text(), eps, nullptr);
    return eps;
}

} // namespace

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
        // The rest are parts of a view (the Bifurcation view's continuation), found by their ids.
        qsizetype parts = 0;
        for (const fl::AnalysisInfo& analysis : fl::analyses())
            if (analysis.place == fl::AnalysisPlace::Part) {
                ++parts;
                QWidget* part = w.bench->view(QString::fromStdString(analysis.id));
                QVERIFY2(part && w.bench->view(QString::fromStdString(analysis.host))->isAncestorOf(part), analysis.id.c_str());
            }
        QCOMPARE(parts, 1);
        QCOMPARE(tabIds().size() + sideTabIds().size() + parts, static_cast<qsizetype>(fl::analyses().size()));
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
                MapSetupPanel* setup = a.bench->viewAs<fl::ui::MapView>("map")->setupPanel();
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
                const MapSetupPanel* setup = b.bench->viewAs<fl::ui::MapView>("map")->setupPanel();
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

    /// Compare methods: eps (typed), the event-driven law (chosen in its box), the log scale and the
    /// time history's variable; the reopened tab runs both methods with them.
    void compareTab()
    {
        auto law = std::make_shared<QString>();
        roundTripSetup(
            QStringLiteral("compare"), QStringLiteral("poincare"),
            [law](SetupWindow& a) {
                MethodComparison* view = a.bench->viewAs<fl::ui::MethodComparison>("compare");
                QSignalSpy shown(view, &MethodComparison::comparisonShown);
                a.window.showView(view);
                QVERIFY(shown.wait(60000));
                typeInto(view->epsRow()->editor(), QStringLiteral("2.5e-5"));
                QCOMPARE(view->eps(), 2.5e-5);
                QCOMPARE(view->eventLaw(), std::string("coulomb")); // the panel's law
                *law = QStringLiteral("stribeck-gauss");
                choose(view->eventLawBox(), *law);
                QCOMPARE(view->eventLaw(), law->toStdString());
                QTest::mouseClick(view->logScaleBox(), Qt::LeftButton);
                QVERIFY(view->logScaleBox()->isChecked());
                QTest::keyClick(view->timeHistoryPlot()->variableSelector(), Qt::Key_Down);
                QCOMPARE(view->timeHistoryPlot()->variable(), 1);
            },
            [law](SetupWindow& b) {
                MethodComparison* view = b.bench->viewAs<fl::ui::MethodComparison>("compare");
                QCOMPARE(view->eps(), 2.5e-5);
                QCOMPARE(view->epsRow()->value(), 2.5e-5);
                QCOMPARE(view->eventLaw(), law->toStdString());
                QCOMPARE(view->eventLawBox()->currentData().toString(), *law);
                QVERIFY(view->logScaleBox()->isChecked());
                QCOMPARE(view->timeHistoryPlot()->variable(), 1);
                // The tab shown runs both methods with the restored setup.
                QVERIFY(view->isRunning());
                QSignalSpy shown(view, &MethodComparison::comparisonShown);
                QVERIFY(shown.wait(60000));
                QCOMPARE(view->comparison()->regularizedRun->scenario.params.value("eps"), 2.5e-5);
                QCOMPARE(QString::fromStdString(view->comparison()->eventRun->scenario.lawId), *law);
                QCOMPARE(view->timeHistoryPlot()->variable(), 1);
            });
    }

    /// The contact explorer: a typed polygon, then an ellipse with Hertz pressure, its semi-axes, an
    /// approximant's constant and the regularization and direction, all through the controls.
    void contactTab()
    {
        roundTripSetup(
            QStringLiteral("contact"), QStringLiteral("lyapunov"),
            [](SetupWindow& a) {
                ContactControls* controls = a.bench->viewAs<fl::ui::ContactExplorer>("contact")->controls();
                a.window.showView(a.bench->viewAs<fl::ui::ContactExplorer>("contact"));
                choose(controls->shapeCombo(), int(ContactShapeChoice::Polygon));
                typeInto(controls->polygonEdit(), QStringLiteral("0,0; 2,0; 2,0.5; 0.5,0.5; 0.5,1.5; 0,1.5"));
                QTest::keyClick(controls->polygonEdit(), Qt::Key_Return);
                choose(controls->shapeCombo(), int(ContactShapeChoice::Ellipse));
                choose(controls->pressureCombo(), int(fl::contact::PressureKind::Hertz));
                typeInto(controls->row(QStringLiteral("semi_a"))->editor(), QStringLiteral("1.75"));
                typeInto(controls->row(QStringLiteral("semi_b"))->editor(), QStringLiteral("0.625"));
                typeInto(controls->row(QStringLiteral("b00"))->editor(), QStringLiteral("1.25"));
                typeInto(controls->row(QStringLiteral("eta"))->editor(), QStringLiteral("3.5"));
                typeInto(controls->row(QStringLiteral("theta"))->editor(), QStringLiteral("0.3"));
                QVERIFY2(controls->errorText().isEmpty(), qPrintable(controls->errorText()));
                QCOMPARE(controls->settings().shape, ContactShapeChoice::Ellipse);
                QCOMPARE(controls->settings().polygon.size(), size_t(6));
            },
            [](SetupWindow& b) {
                const ContactControls* controls = b.bench->viewAs<fl::ui::ContactExplorer>("contact")->controls();
                const ContactSettings& s = controls->settings();
                QCOMPARE(s.shape, ContactShapeChoice::Ellipse);
                QCOMPARE(s.pressure, fl::contact::PressureKind::Hertz);
                const std::vector<Eigen::Vector2d> polygon{{0, 0}, {2, 0}, {2, 0.5}, {0.5, 0.5}, {0.5, 1.5}, {0, 1.5}};
                QVERIFY(s.polygon == polygon);
                QCOMPARE(s.values.value("semi_a"), 1.75);
                QCOMPARE(s.values.value("semi_b"), 0.625);
                QCOMPARE(s.values.value("b00"), 1.25);
                QCOMPARE(s.values.value("eta"), 3.5);
                QCOMPARE(s.values.value("theta"), 0.3);
                // The Hertz defaults the pressure box put into the other constants are kept as they were.
                QCOMPARE(s.values.value("m00"), fl::contact::defaultApproximantParams(fl::contact::ApproximantKind::I00,
                                                                                     fl::contact::PressureKind::Hertz).m);
                // The controls show it, and the curves follow.
                QCOMPARE(controls->shapeCombo()->currentData().toInt(), int(ContactShapeChoice::Ellipse));
                QCOMPARE(controls->pressureCombo()->currentData().toInt(), int(fl::contact::PressureKind::Hertz));
                QCOMPARE(controls->row(QStringLiteral("semi_a"))->value(), 1.75);
                QCOMPARE(controls->polygonEdit()->text(), QStringLiteral("0,0; 2,0; 2,0.5; 0.5,0.5; 0.5,1.5; 0,1.5"));
                QTRY_VERIFY_WITH_TIMEOUT(b.bench->viewAs<fl::ui::ContactExplorer>("contact")->curves() && !b.bench->viewAs<fl::ui::ContactExplorer>("contact")->isComputing(), 20000);
                QVERIFY(b.bench->viewAs<fl::ui::ContactExplorer>("contact")->curves()->settings == s);
            });
    }

    /// The eps study: the list of eps (one that its display would round, so the exact text is
    /// kept), the variable and the log scale; reopening starts no study.
    void epsStudyTab()
    {
        roundTripSetup(
            QStringLiteral("eps-study"), QStringLiteral("poincare"),
            [](SetupWindow& a) {
                EpsStudyView* view = a.bench->viewAs<fl::ui::EpsStudyView>("eps-study");
                a.window.showView(view);
                typeInto(view->epsField(), QStringLiteral("2e-4, 1.2345e-3, 0.01"));
                view->variableBox()->setFocus();
                QTest::keyClick(view->variableBox(), Qt::Key_Down);
                QCOMPARE(view->variableBox()->currentIndex(), 1);
                QVERIFY(view->logScaleBox()->isChecked());
                QTest::mouseClick(view->logScaleBox(), Qt::LeftButton);
                QVERIFY(!view->isRunning());
            },
            [](SetupWindow& b) {
                EpsStudyView* view = b.bench->viewAs<fl::ui::EpsStudyView>("eps-study");
                QCOMPARE(epsOf(view->epsField()), (std::vector<double>{2e-4, 1.2345e-3, 0.01}));
                QCOMPARE(view->variableBox()->currentIndex(), 1);
                QVERIFY(!view->logScaleBox()->isChecked());
                QVERIFY(!view->isRunning());
                QVERIFY(!view->result());
            });
    }

    /// The law lab on LuGre: the experiment chosen in its box and the frequencies typed; the
    /// reopened tab runs that experiment (as any shown lab does).
    void lawLabTab()
    {
        roundTripSetup(
            QStringLiteral("law-lab"), QStringLiteral("poincare"),
            [](SetupWindow& a) {
                a.window.loadScenario(lugreBelt());
                LawLab* lab = a.bench->viewAs<fl::ui::LawLab>("law-lab");
                a.window.showView(lab);
                choose(lab->experimentBox(), static_cast<int>(fl::LawExperimentKind::FrictionalLag));
                typeInto(lab->valuesField(), QStringLiteral("0.5, 2.25, 8"));
                QTest::keyClick(lab->valuesField(), Qt::Key_Return);
                QTRY_VERIFY_WITH_TIMEOUT(!lab->isRunning(), 60000);
                QVERIFY2(lab->messageText().isEmpty(), qPrintable(lab->messageText()));
            },
            [](SetupWindow& b) {
                LawLab* lab = b.bench->viewAs<fl::ui::LawLab>("law-lab");
                QCOMPARE(lab->experimentBox()->currentData().toInt(), static_cast<int>(fl::LawExperimentKind::FrictionalLag));
                QCOMPARE(lab->valuesField()->text(), QStringLiteral("0.5, 2.25, 8"));
                // Shown, the lab runs what it restored.
                QTRY_VERIFY_WITH_TIMEOUT(!lab->isRunning() && lab->result(), 60000);
                QVERIFY2(lab->messageText().isEmpty(), qPrintable(lab->messageText()));
                QStringList labels; // one loop per frequency, then the steady curve
                for (const fl::LawCurve& curve : lab->result()->curves)
                    labels << QString::fromStdString(curve.label);
                QCOMPARE(labels, (QStringList{QStringLiteral("ω = 0.5"), QStringLiteral("ω = 2.25"), QStringLiteral("ω = 8"),
                                              QStringLiteral("steady-state F")}));
            });
    }

    /// The slip events of a small chain (two blocks, event-driven): the transient, the size and the
    /// fit range typed in the toolbar; the reopened session's run is analysed with them.
    void slipEventsTab()
    {
        roundTripSetup(
            QStringLiteral("slip-events"), QStringLiteral("poincare"),
            [](SetupWindow& a) {
                QVERIFY(a.window.loadPreset(QStringLiteral("bk-chain-two")));
                SlipEventView* view = a.bench->viewAs<fl::ui::SlipEventView>("slip-events");
                a.window.showView(view);
                QTRY_VERIFY_WITH_TIMEOUT(view->data() && !view->isComputing(), 60000);
                QCOMPARE(view->skipField()->value(), 60.0); // a fifth of t_end
                QDoubleSpinBox* skip = view->skipField();
                skip->setFocus();
                skip->selectAll();
                QTest::keyClicks(skip, QStringLiteral("75.5"));
                QTest::keyClick(skip, Qt::Key_Return);
                QCOMPARE(skip->value(), 75.5);
                view->sizeChoice()->setFocus();
                QTest::keyClick(view->sizeChoice(), Qt::Key_Down);
                QCOMPARE(view->sizeChoice()->currentIndex(), 1);
                typeInto(view->fitMinField(), QStringLiteral("0.02"));
                QTest::keyClick(view->fitMinField(), Qt::Key_Return);
                typeInto(view->fitMaxField(), QStringLiteral("3"));
                QTest::keyClick(view->fitMaxField(), Qt::Key_Return);
                QVERIFY2(view->messageText().isEmpty(), qPrintable(view->messageText()));
                QTRY_VERIFY_WITH_TIMEOUT(view->data()->skipTime == 75.5 && !view->isComputing(), 20000);
            },
            [](SetupWindow& b) {
                SlipEventView* view = b.bench->viewAs<fl::ui::SlipEventView>("slip-events");
                QCOMPARE(view->skipField()->value(), 75.5);
                QCOMPARE(view->sizeChoice()->currentIndex(), 1);
                QCOMPARE(view->fitMinField()->text(), QStringLiteral("0.02"));
                QCOMPARE(view->fitMaxField()->text(), QStringLiteral("3"));
                // The chain's run comes after the setup: its analysis keeps the transient (not a fifth of t_end).
                QTRY_VERIFY_WITH_TIMEOUT(view->data() && !view->isComputing(), 60000);
                QCOMPARE(view->data()->skipTime, 75.5);
                QCOMPARE(view->skipField()->value(), 75.5);
                QVERIFY2(view->messageText().isEmpty(), qPrintable(view->messageText()));
            });
    }

    /// The Lyapunov side tab: the three fields typed and the mode (the full spectrum, started and
    /// cancelled); reopening computes nothing, and the spectrum's button is the default one.
    void lyapunovSideTab()
    {
        roundTripSetup(
            QStringLiteral("bifurcation"), QStringLiteral("lyapunov"),
            [](SetupWindow& a) {
                LyapunovPanel* panel = a.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov");
                a.window.showSideView(panel);
                typeInto(panel->transientField(), QStringLiteral("12.5"));
                typeInto(panel->durationField(), QStringLiteral("250"));
                typeInto(panel->intervalField(), QStringLiteral("0.25"));
                QVERIFY(panel->spectrumButton()->isEnabled());
                QSignalSpy finished(panel, &LyapunovPanel::computationFinished);
                QTest::mouseClick(panel->spectrumButton(), Qt::LeftButton);
                QCOMPARE(panel->mode(), 0);
                panel->cancel();
                QVERIFY(!finished.isEmpty() || finished.wait(60000));
            },
            [](SetupWindow& b) {
                LyapunovPanel* panel = b.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov");
                QCOMPARE(panel->transientField()->text(), QStringLiteral("12.5"));
                QCOMPARE(panel->durationField()->text(), QStringLiteral("250"));
                QCOMPARE(panel->intervalField()->text(), QStringLiteral("0.25"));
                QCOMPARE(panel->mode(), 0);
                QVERIFY(panel->spectrumButton()->isDefault() && !panel->largestButton()->isDefault());
                QVERIFY(!panel->isRunning());
            });
    }

    /// A restored skip time is for the session's own run: another system's run drops it, and the
    /// chain's next run skips its first fifth as before.
    void slipSkipTimeIsForTheSessionsRun()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        QStringList warnings;
        w.bench->viewAs<fl::ui::SlipEventView>("slip-events")->restoreSetup({{QStringLiteral("skipTime"), 75.5}}, QStringLiteral("view.setups.slip-events"), warnings);
        QVERIFY(warnings.isEmpty());
        w.window.loadScenario(fl::defaultScenario()); // the belt's run is shown next
        QVERIFY(w.waitForRun());
        QVERIFY(w.window.loadPreset(QStringLiteral("bk-chain-two")));
        QTRY_VERIFY_WITH_TIMEOUT(w.bench->viewAs<fl::ui::SlipEventView>("slip-events")->data() && !w.bench->viewAs<fl::ui::SlipEventView>("slip-events")->isComputing(), 60000);
        QCOMPARE(w.bench->viewAs<fl::ui::SlipEventView>("slip-events")->skipField()->value(), 60.0); // a fifth of t_end = 300
    }

    /// Every analysis view keeps its setup in sessions (view.setups.<id>; since version 3 the
    /// bifurcation sweep and the Poincaré plane too): a view added without one fails here.
    void everyViewKeepsItsSetup()
    {
        SetupWindow w;
        // A law with memory: the law lab keeps nothing for a law without one.
        w.window.loadScenario(lugreBelt());
        // The continuation keeps a setup once the user has touched it (no session computes a
        // continuation nobody asked for); a typed value makes it the user's.
        ContinuationBox* box = w.bench->viewAs<fl::ui::BifurcationView>("bifurcation")->continuationBox();
        QVERIFY(box->saveSetup().isEmpty());
        typeInto(box->startField(), box->startField()->text());
        for (const auto& [id, widget] : w.bench->analysisViews()) {
            const QString name = QString::fromStdString(id);
            const ViewSetup* view = dynamic_cast<const ViewSetup*>(widget); // a view, or a part of one
            QVERIFY2(view, qPrintable(name));
            QVERIFY2(!view->saveSetup().isEmpty(), qPrintable(name + QStringLiteral(": saveSetup() is empty, a session forgets this view")));
        }
    }

    /// The Poincaré plane chosen with the keyboard and a wrapped axis come back by the variables'
    /// names (the absorber: x1, v1, x2, v2; not its first phase portrait).
    void poincarePlaneRoundTrips()
    {
        roundTripSetup(
            QStringLiteral("simulation"), QStringLiteral("poincare"),
            [](SetupWindow& a) {
                QVERIFY(a.window.loadPreset(QStringLiteral("absorber-response-stick-slip")));
                PoincareView* view = a.bench->viewAs<fl::ui::PoincareView>("poincare");
                a.window.showSideView(view);
                QComboBox* horizontal = view->findChildren<QComboBox*>().at(0);
                QComboBox* vertical = view->findChildren<QComboBox*>().at(1);
                for (auto [combo, target] : {std::pair{horizontal, 2}, std::pair{vertical, 3}}) {
                    combo->setFocus();
                    while (combo->currentIndex() != target)
                        QTest::keyClick(combo, combo->currentIndex() < target ? Qt::Key_Down : Qt::Key_Up);
                }
                QTest::mouseClick(view->findChildren<QCheckBox*>().at(1), Qt::LeftButton);
                QCOMPARE(view->horizontalVariable(), 2);
                QCOMPARE(view->verticalVariable(), 3);
            },
            [](SetupWindow& b) {
                PoincareView* view = b.bench->viewAs<fl::ui::PoincareView>("poincare");
                QCOMPARE(view->horizontalVariable(), 2);
                QCOMPARE(view->verticalVariable(), 3);
                QVERIFY(!view->findChildren<QCheckBox*>().at(0)->isChecked());
                QVERIFY(view->findChildren<QCheckBox*>().at(1)->isChecked());
            });
    }

    /// Each view checks its setup against the scenario it has (here the default belt with Coulomb,
    /// no law with memory) and its own rules; a bad field is one warning naming its path.
    void setupsAreCheckedAgainstTheScenario()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        const auto restore = [&w](const char* id, const QJsonObject& setup) {
            QStringList warnings;
            analysisOf(w.bench->view(QLatin1String(id)))->restoreSetup(setup, QStringLiteral("view.setups.") + QLatin1String(id), warnings);
            return warnings;
        };
        QStringList warnings = restore("compare", {{QStringLiteral("eventLaw"), QStringLiteral("lugre")}, {QStringLiteral("eps"), 0.5}});
        QCOMPARE(w.bench->viewAs<fl::ui::MethodComparison>("compare")->eps(), 0.5);
        QVERIFY(!w.bench->viewAs<fl::ui::MethodComparison>("compare")->isRunning()); // its tab is hidden
        QVERIFY2(warnings.size() == 1 && warnings[0].startsWith(QStringLiteral("view.setups.compare.eventLaw: 'lugre' is not one of")),
                 qPrintable(warnings.join('\n')));

        warnings = restore("law-lab", {{QStringLiteral("experiment"), QStringLiteral("pre-sliding")}});
        QVERIFY2(warnings.size() == 1 && warnings[0].startsWith(QStringLiteral("view.setups.law-lab.experiment: the law 'coulomb' has no")),
                 qPrintable(warnings.join('\n')));

        warnings = restore("eps-study", {{QStringLiteral("eps"), QJsonArray{1e-3, 2.0}}, {QStringLiteral("variable"), QStringLiteral("nope")}});
        QVERIFY2(warnings.size() == 2 && warnings[0].startsWith(QStringLiteral("view.setups.eps-study.eps: 2 is not an ε in (0, 1]"))
                     && warnings[1].startsWith(QStringLiteral("view.setups.eps-study.variable: 'nope' is not one of")),
                 qPrintable(warnings.join('\n')));

        const QJsonArray bowTie{QJsonArray{0, 0}, QJsonArray{2, 2}, QJsonArray{2, 0}, QJsonArray{0, 1}};
        warnings = restore("contact", {{QStringLiteral("polygon"), bowTie},
                                       {QStringLiteral("shape"), QStringLiteral("polygon")},
                                       {QStringLiteral("pressure"), QStringLiteral("hertz")},
                                       {QStringLiteral("values"), QJsonObject{{QStringLiteral("eta"), 4.0}}}});
        const ContactSettings& contact = w.bench->viewAs<fl::ui::ContactExplorer>("contact")->controls()->settings();
        QCOMPARE(contact.values.value("eta"), 4.0);
        QCOMPARE(contact.shape, ContactShapeChoice::Polygon); // the triangle it had
        QCOMPARE(contact.pressure, fl::contact::PressureKind::Uniform);
        QVERIFY2(warnings.size() == 2 && warnings[0].startsWith(QStringLiteral("view.setups.contact.polygon: "))
                     && warnings[1].startsWith(QStringLiteral("view.setups.contact.pressure: rectangles and polygons carry uniform")),
                 qPrintable(warnings.join('\n')));

        warnings = restore("lyapunov", {{QStringLiteral("duration"), 10.0}, {QStringLiteral("interval"), 20.0}, {QStringLiteral("mode"), 2}});
        QCOMPARE(w.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->durationField()->text(), QStringLiteral("10"));
        // Kinds are read first, then the analysis's one check (contract/lyapunov_analysis.h).
        QCOMPARE(w.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->intervalField()->text(), QStringLiteral("1"));
        QVERIFY2(warnings.size() == 2 && warnings[0].startsWith(QStringLiteral("view.setups.lyapunov.mode: expected a string"))
                     && warnings[1].startsWith(QStringLiteral("view.setups.lyapunov.interval: must be in (0, duration]")),
                 qPrintable(warnings.join('\n')));

        warnings = restore("slip-events", {{QStringLiteral("size"), QStringLiteral("area")}, {QStringLiteral("fitMin"), -1.0}});
        QVERIFY2(warnings.size() == 2 && warnings[0].startsWith(QStringLiteral("view.setups.slip-events.size: 'area' is not one of"))
                     && warnings[1].startsWith(QStringLiteral("view.setups.slip-events.fitMin: must be a moment > 0, or 0")),
                 qPrintable(warnings.join('\n')));
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
        QCOMPARE(w.bench->viewAs<fl::ui::MapView>("map")->setupPanel()->spec().x.steps, 13);
        QCOMPARE(w.bench->viewAs<fl::ui::MapView>("map")->setupPanel()->spec().record, 42.0);
        // Kinds and words first (the reader), then the analysis's one check field by field
        // (contract/map_analysis.h); each bad field keeps its default.
        QCOMPARE(w.bench->viewAs<fl::ui::MapView>("map")->setupPanel()->spec().x.parameter, fl::MapAnalysis::defaults(fl::defaultScenario()).spec.x.parameter);
        QVERIFY2(warnings.size() == 4, qPrintable(warnings.join('\n')));
        QVERIFY2(warnings[0].startsWith(QStringLiteral("view.setups.map.observable: 'colour' is not one of")), qPrintable(warnings[0]));
        QVERIFY2(warnings[1].startsWith(QStringLiteral("view.setups.map.future: unknown field")), qPrintable(warnings[1]));
        QVERIFY2(warnings[2].startsWith(QStringLiteral("view.setups.map.x.parameter: 'no_such' is not a parameter of belt")), qPrintable(warnings[2]));
        QVERIFY2(warnings[3].startsWith(QStringLiteral("view.setups.map.transient: -5 is outside")), qPrintable(warnings[3]));
    }
};

QTEST_MAIN(TestSessionSetups)
#include "test_session_setups.moc"
