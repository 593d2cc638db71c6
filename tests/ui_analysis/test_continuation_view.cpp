// The Bifurcation view's continuation driven through the real window: the Continuation box's fields
// typed and chosen as a user does, Continue clicked, the branch drawn as it grows, the point under
// the mouse described, a located point chosen in the list, Esc, undo of the box's edits, and the
// setup through a session file. Physics: the unforced Coulomb belt's stick-slip cycle against its
// closed-form period, and the Hopf point of steady sliding on a falling Stribeck law against
// (mu_0 - mu_k) / delta ln(delta / 2 zeta).
#include "analysis/bifurcation_plot.h"
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/bifurcation_view.h"
#include "analysis/continuation_box.h"
#include "analysis/continuation_layer.h"
#include "analysis/located_curves_layer.h"
#include "analysis/map_setup_panel.h"
#include "analysis/map_view.h"
#include "document/document.h"
#include "presenter/appearance.h"
#include "widgets/main_window.h"
#include "widgets/start_state_note.h"
#include "document/parameter_undo.h"
#include "session_setup_harness.h"

#include "systems/scenario_setup.h"

#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>
#include <QUndoStack>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

using namespace fl::ui;
using fl::ui::test::SetupWindow;
using fl::ui::test::choose;
using fl::ui::test::typeInto;

namespace {

/// The window on its Bifurcation tab, with the box's view.
BifurcationView* openBifurcation(SetupWindow& w)
{
    auto* view = w.bench->viewAs<BifurcationView>("bifurcation");
    w.window.showView(view);
    return view;
}

/// The belt on an exponential Stribeck law, zeta = 0.1, unforced: steady sliding loses stability at
/// v_b = (mu_0 - mu_k) / delta ln(delta / (2 zeta)).
fl::Scenario stribeckBelt()
{
    fl::Scenario s;
    if (!fl::makeScenario("belt", "stribeck-exp", fl::Method::EventDriven, fl::Regularization::Kudra, s).ok() || !s.params.set("zeta", 0.1).ok()
        || !s.params.set("A", 0.0).ok())
        qFatal("no Stribeck belt");
    return s;
}

/// The window on the Stribeck belt, its Bifurcation tab in front once its box has the case.
BifurcationView* openStribeckBelt(SetupWindow& w)
{
    w.window.document()->load(stribeckBelt());
    BifurcationView* view = openBifurcation(w);
    return QTest::qWaitFor([view] { return view->continuationBox()->scenario().lawId == "stribeck-exp"; }) ? view : nullptr;
}

/// With FL_SHOTS set, the window as it is now at 100 % and 200 % as FL_SHOTS/<name>-100.png and
/// -200.png (pictures to look at, not checked).
void shoot(SetupWindow& w, const QString& name)
{
    const QString dir = qEnvironmentVariable("FL_SHOTS");
    if (dir.isEmpty())
        return;
    for (const double scale : {1.0, 2.0}) {
        Appearance look;
        look.scale = scale;
        w.window.setAppearance(look);
        QTest::qWait(100);
        w.window.grab().save(QStringLiteral("%1/%2-%3.png").arg(dir, name).arg(std::lround(scale * 100)));
    }
    w.window.setAppearance(Appearance());
    QTest::qWait(50);
}

/// The box's parameter, range and start, chosen and typed as a user does.
void setUpBox(ContinuationBox* box, const char* parameter, const char* from, const char* to, const char* start)
{
    choose(box->parameterCombo(), QString::fromLatin1(parameter));
    typeInto(box->fromField(), QString::fromLatin1(from));
    typeInto(box->toField(), QString::fromLatin1(to));
    typeInto(box->startField(), QString::fromLatin1(start));
}

/// The pixel of a branch point on the plot.
QPoint pixelOf(const BifurcationPlot* plot, const fl::BranchPoint& p)
{
    return QPoint(int(std::lround(plot->xAxis->coordToPixel(p.parameter))), int(std::lround(plot->yAxis->coordToPixel(p.orbit.y[0]))));
}

} // namespace

class TestContinuationView : public QObject {
    Q_OBJECT
private slots:
    /// The default belt (Coulomb mu_s = 2, mu_k = 1, zeta = 0, unforced): the cycle continued in v_b
    /// over [0.2, 1.2] from a run at 0.5. Each orbit's period is 2 (mu_s - mu_k) / v_b + pi +
    /// 2 atan(v_b / (mu_s - mu_k)); the branch is drawn stable and solid, the ends marked; the
    /// point under the mouse shows its period and multipliers.
    void continuesTheBeltsCycle()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        BifurcationView* view = openBifurcation(w);
        ContinuationBox* box = view->continuationBox();
        QCOMPARE(w.bench->view(QStringLiteral("continuation")), box);
        setUpBox(box, "v_b", "0.2", "1.2", "0.5");
        QVERIFY2(box->continueButton()->isEnabled(), qPrintable(box->statusText()));
        QSignalSpy points(box, &ContinuationBox::pointFound);
        QSignalSpy finished(box, &ContinuationBox::finished);
        QTest::mouseClick(box->continueButton(), Qt::LeftButton);
        QVERIFY(box->isRunning());
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), true);
        const fl::Branch& branch = box->result()->branch;
        QVERIFY2(branch.points.size() >= 10, qPrintable(box->statusText()));
        // The branch grew on the plot point by point (each point handed over as it was found).
        QCOMPARE(points.size(), qsizetype(branch.points.size()));
        double worst = 0.0;
        for (const fl::BranchPoint& p : branch.points) {
            const double vb = p.parameter, d = 1.0;
            worst = std::max(worst, std::abs(p.orbit.period - (2.0 * d / vb + M_PI + 2.0 * std::atan(vb / d))));
        }
        std::printf("%zu orbits: max |period - closed form| = %.3g\n", branch.points.size(), worst);
        QVERIFY(worst < 1e-7);
        QCOMPARE(branch.points.front().parameter, 0.2);
        QCOMPARE(branch.points.back().parameter, 1.2);
        // Drawn: one solid stretch (every orbit stable), both ends labelled.
        ContinuationLayer* layer = view->plot()->continuation();
        QCOMPARE(layer->branches().size(), size_t(1));
        QCOMPARE(layer->branches().back().points.size(), branch.points.size());
        QCOMPARE(layer->curves().size(), size_t(1));
        QCOMPARE(layer->curves().front()->pen().style(), Qt::SolidLine);
        QCOMPARE(layer->labels().size(), size_t(2));
        QVERIFY(box->pointsList()->isVisible());
        QCOMPARE(box->pointsList()->topLevelItemCount(), 2);
        // The point under the mouse: its parameter, period, modes and multipliers (1 and the stick's 0).
        view->plot()->replot();
        const fl::BranchPoint& middle = branch.points[branch.points.size() / 2];
        QTest::mouseMove(view->plot(), pixelOf(view->plot(), middle));
        QTRY_VERIFY(!view->hoverText().isEmpty());
        const QString hover = view->hoverText();
        QVERIFY2(hover.contains(QStringLiteral("v_b = ")) && hover.contains(QStringLiteral("stable")) && hover.contains(QStringLiteral("period"))
                     && hover.contains(QStringLiteral("multipliers: 1, 0 (stick)")) && hover.contains(QStringLiteral("slip-;stick;slip-")),
                 qPrintable(hover));
        // A click on the point loads that orbit into the Simulation tab, started on its section:
        // the run begins at the orbit's state and is back there one period later.
        QSignalSpy displayed(&w.window, &MainWindow::runDisplayed);
        QTest::mouseClick(view->plot(), Qt::LeftButton, {}, pixelOf(view->plot(), middle));
        QCOMPARE(w.window.document()->scenario().initialState, middle.orbit.y);
        QCOMPARE(w.window.document()->scenario().params.value("v_b"), middle.parameter);
        QCOMPARE(w.window.currentView(), w.window.viewAt(0));
        QVERIFY(displayed.wait(60000));
        const RunOutputPtr run = w.window.currentRun();
        QCOMPARE(run->result.states[0], middle.orbit.y[0]);
        QCOMPARE(run->result.states[1], middle.orbit.y[1]);
        // Its section points (x' = 0 downward) are the orbit's state, crossing after crossing.
        QVERIFY(run->result.sectionStates.size() >= 4);
        for (size_t i = 0; i + 1 < run->result.sectionStates.size(); i += 2)
            QVERIFY2(std::abs(run->result.sectionStates[i] - middle.orbit.y[0]) < 1e-6, qPrintable(QString::number(run->result.sectionStates[i], 'g', 12)));
        // The panel says the run starts from a loaded state; its button goes back to the initial values.
        StartStateNote* note = w.window.findChild<StartStateNote*>();
        QVERIFY(note && note->isVisible());
        QVERIFY2(note->text().startsWith(QStringLiteral("Starts from a loaded state: x = ")), qPrintable(note->text()));
        shoot(w, QStringLiteral("loaded-orbit"));
        QTest::mouseClick(note->resetButton(), Qt::LeftButton);
        QVERIFY(w.window.document()->scenario().initialState.empty());
        QVERIFY(!note->isVisible());
        w.window.document()->undo()->stack()->undo(); // and back: an undo step
        QCOMPARE(w.window.document()->scenario().initialState, middle.orbit.y);
        w.window.showView(view);
        // Export: both files offered once the branch exists.
        QStringList offered;
        for (const ExportItem& item : view->exportItems())
            if (item.isAvailable())
                offered << item.fileName;
        QVERIFY2(offered.contains(QStringLiteral("continuation-branch.csv")) && offered.contains(QStringLiteral("continuation-points.csv")),
                 qPrintable(offered.join(", ")));
    }

    /// Steady sliding on a falling law: equilibria continued in v_b, the Hopf point located to 1e-8
    /// of its closed form and listed; choosing it in the list marks it on the diagram; the branch
    /// is dashed below it (unstable) and solid above.
    void findsTheHopfPointOfSteadySliding()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        BifurcationView* view = openStribeckBelt(w);
        QVERIFY(view);
        ContinuationBox* box = view->continuationBox();
        // A brute-force diagram of v_b first: the branches are drawn over it, and it stays.
        BifurcationSetupPanel* sweep = view->setupPanel();
        choose(sweep->findChild<QComboBox*>(QStringLiteral("parameter")), QStringLiteral("v_b"));
        typeInto(sweep->findChild<QLineEdit*>(QStringLiteral("from")), QStringLiteral("0.05"));
        typeInto(sweep->findChild<QLineEdit*>(QStringLiteral("to")), QStringLiteral("3"));
        sweep->findChild<QSpinBox*>(QStringLiteral("steps"))->setValue(40);
        QSignalSpy swept(view, &BifurcationView::sweepFinished);
        QTest::mouseClick(view->startButton(), Qt::LeftButton);
        QVERIFY(swept.wait(120000));
        const int diagramPoints = view->plot()->pointCount();
        QVERIFY(diagramPoints > 40);
        choose(box->kindCombo(), QStringLiteral("equilibria"));
        setUpBox(box, "v_b", "0.05", "3", "1.5");
        QVERIFY(!box->periodsBox()->isEnabled()); // equilibria have no periods
        QSignalSpy finished(box, &ContinuationBox::finished);
        QTest::mouseClick(box->continueButton(), Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        const fl::Scenario& s = box->resultScenario();
        const double delta = s.params.value("delta"), drop = s.params.value("mu_0") - s.params.value("mu_k");
        const double closedForm = drop / delta * std::log(delta / (2.0 * 0.1));
        int hopfRow = -1;
        for (int i = 0; i < box->pointsList()->topLevelItemCount(); ++i)
            if (box->pointsList()->topLevelItem(i)->text(0).contains(QStringLiteral("hopf")))
                hopfRow = i;
        QVERIFY2(hopfRow >= 0, "the Hopf point is listed");
        const fl::LocatedPoint hopf = box->result()->branch.located[size_t(box->pointsList()->topLevelItem(hopfRow)->data(0, Qt::UserRole).toInt())];
        std::printf("Hopf at v_b = %.12g, closed form %.12g\n", hopf.parameter, closedForm);
        QVERIFY(std::abs(hopf.parameter - closedForm) < 1e-8);
        QTest::mouseClick(box->pointsList()->viewport(), Qt::LeftButton, {},
                          box->pointsList()->visualItemRect(box->pointsList()->topLevelItem(hopfRow)).center());
        QCOMPARE(view->plot()->markedParameter(), hopf.parameter);
        QVERIFY2(view->statusText().contains(QStringLiteral("hopf")), qPrintable(view->statusText()));
        ContinuationLayer* layer = view->plot()->continuation();
        QCOMPARE(layer->curves().size(), size_t(2));
        QCOMPARE(layer->curves().front()->pen().style(), Qt::DashLine); // from the lower end: unstable
        QCOMPARE(layer->curves().back()->pen().style(), Qt::SolidLine);
        QCOMPARE(view->plot()->pointCount(), diagramPoints); // the diagram under the branch
        // The stick-slip cycle born there (subcritically: it coexists with stable sliding above it),
        // continued from a run at v_b = 0.5.
        choose(box->kindCombo(), QStringLiteral("orbits"));
        typeInto(box->startField(), QStringLiteral("0.5"));
        QTest::mouseClick(box->continueButton(), Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        QVERIFY2(box->result()->branch.points.size() >= 10, qPrintable(box->statusText()));
        QCOMPARE(view->plot()->pointCount(), diagramPoints);
        // The orbit born at the Hopf point: chosen in the list, its branch found and continued. It is
        // the unstable pure-slip orbit (subcritical) that grows until it meets the stick-slip orbit.
        choose(box->kindCombo(), QStringLiteral("equilibria"));
        typeInto(box->startField(), QStringLiteral("1.5"));
        QTest::mouseClick(box->continueButton(), Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        QVERIFY(!box->branchButton()->isVisible());
        for (int i = 0; i < box->pointsList()->topLevelItemCount(); ++i)
            if (box->pointsList()->topLevelItem(i)->text(0).contains(QStringLiteral("hopf")))
                QTest::mouseClick(box->pointsList()->viewport(), Qt::LeftButton, {},
                                  box->pointsList()->visualItemRect(box->pointsList()->topLevelItem(i)).center());
        QVERIFY(box->branchButton()->isVisible());
        QUndoStack* undo = w.window.document()->undo()->stack();
        const int steps = undo->count();
        QTest::mouseClick(box->branchButton(), Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        QVERIFY2(box->result() && box->result()->branch.status.ok(), qPrintable(box->statusText()));
        QCOMPARE(box->kindCombo()->currentData().toString(), QStringLiteral("orbits"));
        QCOMPARE(box->startFromCombo()->currentData().toString(), QStringLiteral("state")); // the born orbit's state
        QVERIFY(undo->count() > steps); // the born branch's setup is a step of its own
        const fl::Branch& bornBranch = box->result()->branch;
        QVERIFY(bornBranch.points.size() >= 10);
        for (const fl::BranchPoint& p : bornBranch.points)
            if (p.parameter > hopf.parameter + 1e-3)
                QVERIFY(!p.orbit.stable && p.orbit.sequence == "slip-");
        QCOMPARE(layer->branches().size(), size_t(4)); // equilibria, stick-slip, equilibria again, born orbits
        // The branches drawn, side by side; the equilibria's point under the mouse shows its eigenvalues.
        QVERIFY(layer->branches().front().equilibria && !layer->branches().back().equilibria);
        view->plot()->replot();
        const fl::BranchPoint& sliding = layer->branches().front().points.back();
        QTest::mouseMove(view->plot(), pixelOf(view->plot(), sliding));
        QTRY_VERIFY(view->hoverText().contains(QStringLiteral("eigenvalues")));
        QVERIFY2(view->hoverText().contains(QStringLiteral("stable equilibrium")), qPrintable(view->hoverText()));
        shoot(w, QStringLiteral("continuation-stribeck"));
    }

    /// The Hopf point of steady sliding followed in zeta (the box's second parameter) is drawn over
    /// the Map tab's picture of the (zeta, v_b) plane: one curve, on v_b = (mu_0 - mu_k) / delta
    /// ln(delta / 2 zeta).
    void curvesOverTheMap()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        BifurcationView* view = openStribeckBelt(w);
        QVERIFY(view);
        ContinuationBox* box = view->continuationBox();
        choose(box->kindCombo(), QStringLiteral("equilibria"));
        setUpBox(box, "v_b", "0.05", "3", "1.5");
        QTest::mouseClick(box->curvesCheck(), Qt::LeftButton);
        choose(box->parameter2Combo(), QStringLiteral("zeta"));
        typeInto(box->findChild<QLineEdit*>(QStringLiteral("continuationFrom2")), QStringLiteral("0.05"));
        typeInto(box->findChild<QLineEdit*>(QStringLiteral("continuationTo2")), QStringLiteral("0.3"));
        box->findChild<QSpinBox*>(QStringLiteral("continuationSteps2"))->setValue(6);
        QSignalSpy finished(box, &ContinuationBox::finished);
        QTest::mouseClick(box->continueButton(), Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        QVERIFY2(box->result()->branch.status.ok(), qPrintable(box->statusText()));
        QCOMPARE(box->result()->curves.size(), size_t(1));
        // The map of the plane, zeta across and v_b up (the other way round from the continuation).
        auto* map = w.bench->viewAs<MapView>("map");
        w.window.showView(map);
        MapSetupPanel* setup = map->setupPanel();
        choose(setup->parameterCombo(0), QStringLiteral("zeta"));
        typeInto(setup->fromField(0), QStringLiteral("0.05"));
        typeInto(setup->toField(0), QStringLiteral("0.3"));
        setup->stepsBox(0)->setValue(3);
        choose(setup->parameterCombo(1), QStringLiteral("v_b"));
        typeInto(setup->fromField(1), QStringLiteral("0.5"));
        typeInto(setup->toField(1), QStringLiteral("1.5"));
        setup->stepsBox(1)->setValue(3);
        typeInto(setup->transientField(), QStringLiteral("20"));
        typeInto(setup->recordField(), QStringLiteral("20"));
        QSignalSpy mapped(map, &MapView::mapFinished);
        QVERIFY(map->start());
        QVERIFY(mapped.wait(120000));
        const auto& drawn = map->curvesLayer()->drawn();
        QCOMPARE(drawn.size(), size_t(1));
        QCOMPARE(map->curvesLayer()->labels().size(), size_t(1));
        QCOMPARE(map->curvesLayer()->labels().front()->text(), QStringLiteral("H"));
        const fl::Scenario& s = box->resultScenario();
        const double delta = s.params.value("delta"), drop = s.params.value("mu_0") - s.params.value("mu_k");
        double worst = 0.0;
        int points = 0;
        for (auto it = drawn.front()->data()->constBegin(); it != drawn.front()->data()->constEnd(); ++it, ++points)
            worst = std::max(worst, std::abs(it->value - drop / delta * std::log(delta / (2.0 * it->key))));
        std::printf("the Hopf curve over the map: %d points, max |v_b - closed form| = %.3g\n", points, worst);
        QVERIFY(points >= 6);
        QVERIFY(worst < 1e-7);
        shoot(w, QStringLiteral("continuation-map"));
    }

    /// Esc on the tab stops a long continuation; the points found so far stay drawn.
    void escapeCancels()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        BifurcationView* view = openBifurcation(w);
        ContinuationBox* box = view->continuationBox();
        setUpBox(box, "v_b", "0.1", "5", "0.5");
        QSignalSpy points(box, &ContinuationBox::pointFound);
        QSignalSpy finished(box, &ContinuationBox::finished);
        QTest::mouseClick(box->continueButton(), Qt::LeftButton);
        QVERIFY(points.wait(60000));
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY2(box->statusText().contains(QStringLiteral("cancelled")), qPrintable(box->statusText()));
        QVERIFY(!box->isRunning());
        QVERIFY(!view->plot()->continuation()->branches().back().points.empty());
        QVERIFY(box->continueButton()->isEnabled());
    }

    /// A bad field: Continue is disabled and the line says which field and what is allowed; the
    /// box's edits are undo steps named after it.
    void badFieldsAndUndo()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        BifurcationView* view = openBifurcation(w);
        ContinuationBox* box = view->continuationBox();
        setUpBox(box, "v_b", "0.2", "1.2", "0.5");
        QTRY_COMPARE(w.window.document()->setups().value("continuation").value("start").toDouble(), 0.5);
        typeInto(box->startField(), QStringLiteral("1.5"));
        QVERIFY(!box->continueButton()->isEnabled());
        QVERIFY2(box->statusText().startsWith(QStringLiteral("Start at: ")) && box->statusText().contains(QStringLiteral("[0.2, 1.2]")),
                 qPrintable(box->statusText()));
        QVERIFY(!box->start());
        // An edit of the scenario (another damping) leaves the field being typed as it is.
        fl::Scenario damped = w.window.document()->scenario();
        QVERIFY(damped.params.set("zeta", 0.05).ok());
        w.window.document()->edit(damped);
        QTRY_COMPARE(box->scenario().params.value("zeta"), 0.05);
        QCOMPARE(box->startField()->text(), QStringLiteral("1.5"));
        typeInto(box->startField(), QStringLiteral("0.8"));
        QTRY_COMPARE(w.window.document()->setups().value("continuation").value("start").toDouble(), 0.8);
        QUndoStack* undo = w.window.document()->undo()->stack();
        QVERIFY2(undo->undoText().contains(QStringLiteral("Continuation")), qPrintable(undo->undoText()));
        undo->undo();
        QCOMPARE(box->startField()->text(), QStringLiteral("0.5"));
    }

    /// Two branches drawn side by side (the belt's cycle at mu_s = 2 and 1.5) come back from a
    /// session file: "Draw the session's 2 branches" continues each with its own case, and their
    /// periods are the closed form's of each mu_s - mu_k.
    void aSessionKeepsEveryBranchDrawn()
    {
        auto continueAndWait = [](ContinuationBox* box) {
            QSignalSpy finished(box, &ContinuationBox::finished);
            QTest::mouseClick(box->continueButton(), Qt::LeftButton);
            QVERIFY(finished.wait(120000));
            QVERIFY2(finished.first().first().toBool(), qPrintable(box->statusText()));
        };
        auto worstPeriodError = [](const ContinuationLayer::Drawn& branch, double d) {
            double worst = branch.points.empty() ? INFINITY : 0.0;
            for (const fl::BranchPoint& p : branch.points)
                worst = std::max(worst, std::abs(p.orbit.period - (2.0 * d / p.parameter + M_PI + 2.0 * std::atan(p.parameter / d))));
            return worst;
        };
        test::roundTripSetup(
            QStringLiteral("bifurcation"), QStringLiteral("poincare"),
            [&](SetupWindow& a) {
                BifurcationView* view = openBifurcation(a);
                ContinuationBox* box = view->continuationBox();
                setUpBox(box, "v_b", "0.2", "1.2", "0.5");
                continueAndWait(box);
                fl::Scenario other = a.window.document()->scenario();
                QVERIFY(other.params.set("mu_s", 1.5).ok());
                a.window.document()->edit(other);
                QTRY_COMPARE(box->scenario().params.value("mu_s"), 1.5);
                continueAndWait(box);
                QCOMPARE(view->plot()->continuation()->branches().size(), size_t(2));
                QCOMPARE(box->drawn().size(), size_t(2));
                QTRY_COMPARE(a.window.document()->setups().value("continuation").value("drawn").toObject().size(), 2);
            },
            [&](SetupWindow& b) {
                BifurcationView* view = b.bench->viewAs<BifurcationView>("bifurcation");
                ContinuationBox* box = view->continuationBox();
                QVERIFY(box->drawSessionButton()->isVisible());
                QVERIFY2(box->drawSessionButton()->text().contains(QStringLiteral("2 branches")), qPrintable(box->drawSessionButton()->text()));
                shoot(b, QStringLiteral("session-branches-offered"));
                QTest::mouseClick(box->drawSessionButton(), Qt::LeftButton);
                const ContinuationLayer* layer = view->plot()->continuation();
                QTRY_VERIFY_WITH_TIMEOUT(layer->branches().size() == 2 && !box->isRunning(), 120000);
                QVERIFY(!box->drawSessionButton()->isVisible());
                const double first = worstPeriodError(layer->branches()[0], 1.0), second = worstPeriodError(layer->branches()[1], 0.5);
                std::printf("redrawn from the session: mu_s = 2, %zu orbits, max |period - closed form| = %.3g; mu_s = 1.5, %zu orbits, %.3g\n",
                            layer->branches()[0].points.size(), first, layer->branches()[1].points.size(), second);
                QVERIFY(first < 1e-7 && second < 1e-7);
                QCOMPARE(box->drawn().size(), size_t(2));
                shoot(b, QStringLiteral("session-branches-drawn"));
            });
    }

    /// Until the user sets the box up, it follows the diagram's sweep (parameter and range), so
    /// that its first branch falls on the diagram; after an edit of the box it keeps its own.
    void followsTheSweepUntilSetUp()
    {
        SetupWindow w;
        QVERIFY(w.waitForRun());
        BifurcationView* view = openBifurcation(w);
        ContinuationBox* box = view->continuationBox();
        auto* sweepParameter = view->setupPanel()->findChild<QComboBox*>(QStringLiteral("parameter"));
        QVERIFY(sweepParameter);
        // The sweep in mu_s over [1.5, 3] (the v_b range it had would be below mu_k: no case for either).
        choose(sweepParameter, QStringLiteral("mu_s"));
        typeInto(view->setupPanel()->findChild<QLineEdit*>(QStringLiteral("from")), QStringLiteral("1.5"));
        typeInto(view->setupPanel()->findChild<QLineEdit*>(QStringLiteral("to")), QStringLiteral("3"));
        const fl::SweepSpec spec = view->setupPanel()->spec();
        QCOMPARE(spec.parameter, std::string("mu_s"));
        QTRY_COMPARE(box->parameterCombo()->currentData().toString(), QStringLiteral("mu_s"));
        QCOMPARE(box->fromField()->text().toDouble(), 1.5);
        QCOMPARE(box->toField()->text().toDouble(), 3.0);
        QCOMPARE(box->startField()->text().toDouble(), 2.0); // the belt's mu_s
        setUpBox(box, "v_b", "0.2", "1.2", "0.5");
        choose(sweepParameter, QStringLiteral("zeta"));
        QTest::qWait(50);
        QCOMPARE(box->parameterCombo()->currentData().toString(), QStringLiteral("v_b"));
        QCOMPARE(box->toField()->text(), QStringLiteral("1.2"));
    }

    /// The box's setup (equilibria, a parameter, its range and start, a second parameter) comes
    /// back from a session file.
    void setupRoundTrips()
    {
        test::roundTripSetup(
            QStringLiteral("bifurcation"), QStringLiteral("poincare"),
            [](SetupWindow& a) {
                ContinuationBox* box = openBifurcation(a)->continuationBox();
                choose(box->parameterCombo(), QStringLiteral("v_b"));
                typeInto(box->fromField(), QStringLiteral("0.25"));
                typeInto(box->toField(), QStringLiteral("1.75"));
                typeInto(box->startField(), QStringLiteral("0.6"));
                box->periodsBox()->setValue(2);
                box->maxPointsBox()->setValue(40);
                box->segmentsBox()->setValue(4);
                QTest::mouseClick(box->curvesCheck(), Qt::LeftButton);
                choose(box->parameter2Combo(), QStringLiteral("mu_s"));
            },
            [](SetupWindow& b) {
                ContinuationBox* box = b.bench->viewAs<BifurcationView>("bifurcation")->continuationBox();
                QCOMPARE(box->parameterCombo()->currentData().toString(), QStringLiteral("v_b"));
                QCOMPARE(box->fromField()->text(), QStringLiteral("0.25"));
                QCOMPARE(box->toField()->text(), QStringLiteral("1.75"));
                QCOMPARE(box->startField()->text(), QStringLiteral("0.6"));
                QCOMPARE(box->periodsBox()->value(), 2);
                QCOMPARE(box->maxPointsBox()->value(), 40);
                QCOMPARE(box->segmentsBox()->value(), 4);
                QVERIFY(box->curvesCheck()->isChecked());
                QCOMPARE(box->parameter2Combo()->currentData().toString(), QStringLiteral("mu_s"));
            });
    }
};

QTEST_MAIN(TestContinuationView)
#include "test_continuation_view.moc"
