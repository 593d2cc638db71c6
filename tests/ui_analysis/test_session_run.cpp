// A saved session reproduces its figures' data without the window: for each analysis of the
// contract (core/contract/analysis_registry.cpp), a session file is opened in the real window, the
// view computes its setup, its Export … (CSV) writes a file; `frictionlab-cli session run FILE
// --view ID` (run as a process) must write the same bytes. The built-in belt and a model file's
// system (its text embedded in the session) both.
#include "analysis/bifurcation_view.h"
#include "analysis/contact_explorer.h"
#include "analysis/continuation_box.h"
#include "analysis/eps_study_view.h"
#include "analysis/law_lab.h"
#include "analysis/method_comparison.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/map_view.h"
#include "analysis/poincare_view.h"
#include "analysis/slip_event_view.h"
#include "bridge/session.h"
#include "bridge/setup_json.h"
#include "session_setup_harness.h"

#include "contract/analysis_registry.h"
#include "contract/eps_study_analysis.h"
#include "contract/law_lab_analysis.h"
#include "contract/lyapunov_analysis.h"
#include "contract/map_analysis.h"
#include "contract/contact_analysis.h"
#include "contract/continuation_analysis.h"
#include "analysis/analysis_catalog.h"
#include "contract/poincare_analysis.h"
#include "contract/slip_events_analysis.h"
#include "contract/sweep_analysis.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QFile>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>


using namespace fl::ui;
using fl::ui::test::SetupWindow;

namespace {

QByteArray contents(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// The forced Stribeck oscillator of the shipped examples, registered as a model system.
fl::Scenario modelScenario()
{
    const fl::ModelRegistration model =
        fl::registerModel(contents(QFINDTESTDATA("../../resources/models/forced-stribeck-oscillator.flmodel")).toStdString());
    fl::Scenario s;
    if (!model.ok() || !fl::makeScenario(model.system->id, fl::lawsOf(*model.system).front()->id, fl::Method::EventDriven,
                                         fl::Regularization::Tanh, s).ok())
        qFatal("the forced Stribeck model does not load");
    return s;
}

/// The block on the belt with LuGre (a law with memory), regularized: the law lab has experiments.
fl::Scenario lugreBelt()
{
    fl::Scenario s;
    if (!fl::makeScenario("belt", "lugre", fl::Method::Regularized, fl::Regularization::Kudra, s).ok())
        qFatal("no belt with LuGre");
    return s;
}

/// The two-block chain of the Burridge-Knopoff presets: slip events.
fl::Scenario chainOfTwo()
{
    fl::Scenario s;
    if (!fl::applyPreset("bk-chain-two", s).ok())
        qFatal("no preset bk-chain-two");
    return s;
}

/// A small setup of each analysis for the scenario (small enough for the sanitizer builds).
Session sessionFor(const fl::Scenario& scenario)
{
    Session session;
    session.state.scenario = scenario;
    fl::SweepSetup sweep = fl::SweepAnalysis::defaults(scenario);
    sweep.spec.steps = 6;
    sweep.spec.transient = 20.0;
    sweep.spec.samples = 4;
    sweep.spec.maxRecordTime = 60.0;
    sweep.spec.direction = fl::SweepDirection::Both;
    session.state.view.setups.insert(QStringLiteral("bifurcation"), setupToJson(fl::SweepAnalysis::write(scenario, sweep)));
    fl::ContinuationAnalysisSetup continuation = fl::ContinuationAnalysis::defaults(scenario);
    continuation.branch.maxPoints = 5;
    continuation.branch.transientPeriods = 100;
    session.state.view.setups.insert(QStringLiteral("continuation"), setupToJson(fl::ContinuationAnalysis::write(scenario, continuation)));
    fl::MapSetup map = fl::MapAnalysis::defaults(scenario);
    map.spec.x.steps = 4;
    map.spec.y.steps = 3;
    map.spec.transient = 10.0;
    map.spec.record = 30.0;
    session.state.view.setups.insert(QStringLiteral("map"), setupToJson(fl::MapAnalysis::write(scenario, map)));
    fl::EpsStudySetup eps;
    eps.eps = {1e-2, 1e-1};
    session.state.view.setups.insert(QStringLiteral("eps-study"), setupToJson(fl::EpsStudyAnalysis::write(scenario, eps)));
    if (fl::LawLabSetup lab = fl::LawLabAnalysis::defaults(scenario); !lab.experiment.empty()) {
        lab.values.resize(std::min<size_t>(lab.values.size(), 2));
        session.state.view.setups.insert(QStringLiteral("law-lab"), setupToJson(fl::LawLabAnalysis::write(scenario, lab)));
    }
    if (fl::PoincareSetup plane = fl::PoincareAnalysis::defaults(scenario); !plane.horizontal.empty()) {
        plane.wrapVertical = true; // a setup of its own: shown, not computed
        session.state.view.setups.insert(QStringLiteral("poincare"), setupToJson(fl::PoincareAnalysis::write(scenario, plane)));
    }
    if (fl::hasSlipEvents(scenario)) {
        fl::SlipEventsSetup slip = fl::SlipEventsAnalysis::defaults(scenario);
        slip.skipTime = 45.55; // not the default fifth of t_end, and finer than the field's one decimal
        slip.fitMax = 2.5;     // one end given
        slip.showBlocks = true;
        session.state.view.setups.insert(QStringLiteral("slip-events"), setupToJson(fl::SlipEventsAnalysis::write(scenario, slip)));
    }
    fl::ContactSettings contact = fl::ContactSettings::defaults();
    contact.pressure = fl::contact::PressureKind::Hertz; // I(1,1) too (circularly symmetric)
    if (!(contact.values.set("eta", 3.0).ok() && contact.values.set("theta", 0.3).ok()))
        qFatal("contact values");
    session.state.view.setups.insert(QStringLiteral("contact"), setupToJson(fl::ContactAnalysis::write(scenario, contact)));
    const fl::LyapunovSetup lyapunov{10.0, 40.0, 0.5, true};
    session.state.view.setups.insert(QStringLiteral("lyapunov"), setupToJson(fl::LyapunovAnalysis::write(scenario, lyapunov)));
    session.state.view.tab = QStringLiteral("simulation");
    return session;
}

/// The view's data items, as File > Export from This Tab offers them.
QList<ExportItem> csvItems(AnalysisView* view)
{
    QList<ExportItem> items;
    for (const ExportItem& item : view->exportItems())
        if (item.kind == ExportItem::Kind::Data)
            items << item;
    return items;
}

/// Equal files, or a failure naming the first line that differs.
void compareFiles(const QString& name, const QByteArray& window, const QByteArray& command)
{
    if (window == command)
        return;
    const QList<QByteArray> a = window.split('\n'), b = command.split('\n');
    for (qsizetype i = 0; i < std::min(a.size(), b.size()); ++i)
        QVERIFY2(a[i] == b[i], qPrintable(QStringLiteral("%1, line %2: window '%3', session run '%4'")
                                               .arg(name).arg(i + 1).arg(QString::fromUtf8(a[i]), QString::fromUtf8(b[i]))));
    QCOMPARE(a.size(), b.size());
}

} // namespace

class TestSessionRun : public QObject {
    Q_OBJECT
private:
    /// Opens the session in the window, computes `id` there and exports its CSV, then runs
    /// `session run` on the file; the two files must be equal, byte for byte.
    /// rows: the data rows the CSV must hold at least (the setups of sessionFor()).
    void compareWithWindow(const fl::Scenario& scenario, const QString& id, qsizetype rows)
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.frictionlab"));
        QVERIFY2(saveSessionFile(path, sessionFor(scenario)).ok(), "the session is written");

        SetupWindow w;
        QVERIFY(w.waitForRun());
        QString error;
        QVERIFY2(w.sessions->open(path, &error), qPrintable(error));
        AnalysisView* view = nullptr;
        std::function<bool()> running;
        QList<ExportItem> items;
        if (id == QLatin1String("simulation")) {
            // The tab's own exports (File > Export from This Tab on the Simulation tab): the run.
            QVERIFY(w.waitForRun());
            for (const ExportItem& item : w.window.exportItems())
                if (item.kind == ExportItem::Kind::Data)
                    items << item;
            running = [] { return false; };
        } else if (id == QLatin1String("bifurcation")) {
            view = w.bench->viewAs<fl::ui::BifurcationView>("bifurcation");
            QVERIFY(w.bench->viewAs<fl::ui::BifurcationView>("bifurcation")->start());
            running = [&] { return w.bench->viewAs<fl::ui::BifurcationView>("bifurcation")->isRunning(); };
        } else if (id == QLatin1String("continuation")) {
            // The Continuation box under the sweep's form, with the session's setup.
            view = w.bench->viewAs<fl::ui::BifurcationView>("bifurcation");
            ContinuationBox* box = w.bench->viewAs<fl::ui::BifurcationView>("bifurcation")->continuationBox();
            QCOMPARE(w.bench->view(id), box);
            QVERIFY2(box->start(), qPrintable(box->statusText()));
            running = [box] { return box->isRunning() || !box->result(); };
        } else if (id == QLatin1String("map")) {
            view = w.bench->viewAs<fl::ui::MapView>("map");
            QVERIFY(w.bench->viewAs<fl::ui::MapView>("map")->start());
            running = [&] { return w.bench->viewAs<fl::ui::MapView>("map")->isRunning(); };
        } else if (id == QLatin1String("law-lab")) {
            view = w.bench->viewAs<fl::ui::LawLab>("law-lab");
            QVERIFY(w.bench->viewAs<fl::ui::LawLab>("law-lab")->start());
            running = [&] { return w.bench->viewAs<fl::ui::LawLab>("law-lab")->isRunning(); };
        } else if (id == QLatin1String("compare")) {
            view = w.bench->viewAs<fl::ui::MethodComparison>("compare");
            w.window.showView(w.bench->viewAs<fl::ui::MethodComparison>("compare")); // it runs when its tab is shown
            running = [&] { return w.bench->viewAs<fl::ui::MethodComparison>("compare")->isRunning() || !w.bench->viewAs<fl::ui::MethodComparison>("compare")->comparison(); };
        } else if (id == QLatin1String("eps-study")) {
            view = w.bench->viewAs<fl::ui::EpsStudyView>("eps-study");
            QVERIFY(w.bench->viewAs<fl::ui::EpsStudyView>("eps-study")->start());
            running = [&] { return w.bench->viewAs<fl::ui::EpsStudyView>("eps-study")->isRunning(); };
        } else if (id == QLatin1String("contact")) {
            // The explorer computes its curves as its setup changes (the session's restore).
            auto* explorer = static_cast<ContactExplorer*>(w.bench->view(id));
            view = explorer;
            running = [explorer] { return explorer->isComputing() || !explorer->curves(); };
        } else if (id == QLatin1String("slip-events")) {
            // Read off the window's own run of the chain, once it is shown.
            view = w.bench->viewAs<fl::ui::SlipEventView>("slip-events");
            QVERIFY(w.waitForRun());
            running = [&] { return !w.bench->viewAs<fl::ui::SlipEventView>("slip-events")->data() || w.bench->viewAs<fl::ui::SlipEventView>("slip-events")->isComputing(); };
        } else if (id == QLatin1String("poincare")) {
            // The points of the window's own run of the session's scenario.
            view = w.bench->viewAs<fl::ui::PoincareView>("poincare");
            w.window.showSideView(w.bench->viewAs<fl::ui::PoincareView>("poincare"));
            QVERIFY(w.waitForRun());
            running = [] { return false; };
        } else {
            view = w.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov");
            QCOMPARE(w.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->mode(), 0); // the session's mode: the spectrum
            QTest::mouseClick(w.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->spectrumButton(), Qt::LeftButton);
            running = [&] { return w.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->isRunning(); };
        }
        if (view)
            items = csvItems(view);
        // A view's items of a part it hosts are the part's (the Bifurcation view's continuation).
        // A part's items are those of its host named after it.
        items.removeIf([&id](const ExportItem& item) {
            if (fl::findAnalysis(id.toStdString())->place == fl::AnalysisPlace::Part)
                return !item.fileName.startsWith(id + QLatin1Char('-'));
            for (const fl::AnalysisInfo& analysis : fl::analyses())
                if (QString::fromStdString(analysis.host) == id && item.fileName.startsWith(QString::fromStdString(analysis.id) + QLatin1Char('-')))
                    return true;
            return false;
        });
        QVERIFY2(!items.isEmpty(), "the view exports its data as CSV");
        QTRY_VERIFY_WITH_TIMEOUT(!running() && items.first().isAvailable(), 300000);
        QDir(dir.path()).mkdir(QStringLiteral("window"));
        QDir(dir.path()).mkdir(QStringLiteral("cli"));
        for (const ExportItem& item : items) {
            // Each file under the name the view offers, which is session run's name for it.
            QVERIFY2(item.fileName.startsWith(id) && item.fileName.endsWith(QLatin1String(".csv")), qPrintable(item.fileName));
            QVERIFY2(item.isAvailable(), qPrintable(item.id));
            // As the exporter does: a large file through a writer made for another thread.
            const ExportItem::Writer write = item.write ? item.write : item.prepareOffThread();
            QVERIFY2(write(dir.filePath(QStringLiteral("window/") + item.fileName), &error), qPrintable(error));
        }

        QProcess cli;
        cli.start(QStringLiteral(FRICTIONLAB_CLI), {QStringLiteral("session"), QStringLiteral("run"), path, QStringLiteral("--view"), id,
                                                    QStringLiteral("--out-dir"), dir.filePath(QStringLiteral("cli")),
                                                    QStringLiteral("--threads"), QStringLiteral("2")});
        QVERIFY(cli.waitForFinished(300000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QCOMPARE(QDir(dir.filePath(QStringLiteral("cli"))).entryList(QDir::Files).size(), items.size()); // no file more or less
        for (const ExportItem& item : items) {
            const QByteArray window = contents(dir.filePath(QStringLiteral("window/") + item.fileName));
            qsizetype dataRows = -1; // neither '#' metadata nor the header of names (the first other line)
            for (const QByteArray& line : window.split('\n'))
                dataRows += !line.isEmpty() && !line.startsWith('#');
            QVERIFY2(dataRows >= rows, qPrintable(QStringLiteral("%1: %2 data rows, expected at least %3:\n")
                                                      .arg(item.fileName).arg(dataRows).arg(rows) + window.left(2000)));
            compareFiles(item.fileName, window, contents(dir.filePath(QStringLiteral("cli/") + item.fileName)));
            if (QTest::currentTestFailed())
                return;
        }
    }

private slots:
    /// The belt's samples (t_end / dt) and its stick/slip switches.
    void simulationOfTheBelt() { compareWithWindow(fl::defaultScenario(), QStringLiteral("simulation"), 20); }
    void simulationOfAModel() { compareWithWindow(modelScenario(), QStringLiteral("simulation"), 20); }
    // Rows: 6 values up and down (a settled column is one row); 4 x 3 points; the runs' samples;
    // 40 / 0.5 estimates.
    void bifurcationOfTheBelt() { compareWithWindow(fl::defaultScenario(), QStringLiteral("bifurcation"), 12); }
    /// The unforced belt's stick-slip cycle in v_b, and the forced model's orbit in its first
    /// parameter: 5 points each way and the start; the points file at least the branch's two ends.
    void continuationOfTheBelt() { compareWithWindow(fl::defaultScenario(), QStringLiteral("continuation"), 2); }
    void continuationOfAModel() { compareWithWindow(modelScenario(), QStringLiteral("continuation"), 2); }
    void mapOfTheBelt() { compareWithWindow(fl::defaultScenario(), QStringLiteral("map"), 12); }
    void compareOfTheBelt() { compareWithWindow(fl::defaultScenario(), QStringLiteral("compare"), 100); }
    void compareOfAModel() { compareWithWindow(modelScenario(), QStringLiteral("compare"), 100); }
    void epsStudyOfTheBelt() { compareWithWindow(fl::defaultScenario(), QStringLiteral("eps-study"), 100); }
    void epsStudyOfAModel() { compareWithWindow(modelScenario(), QStringLiteral("eps-study"), 100); }
    /// LuGre's frictional lag (the belt with a law with memory).
    void lawLabOfLuGre() { compareWithWindow(lugreBelt(), QStringLiteral("law-lab"), 100); }
    void lyapunovOfTheBelt() { compareWithWindow(fl::defaultScenario(), QStringLiteral("lyapunov"), 80); }
    void bifurcationOfAModel() { compareWithWindow(modelScenario(), QStringLiteral("bifurcation"), 12); }
    void lyapunovOfAModel() { compareWithWindow(modelScenario(), QStringLiteral("lyapunov"), 80); }
    /// The belt's run (t_end 100) crosses its section at least 10 times; the forced oscillator's
    /// strobe (period 2π/ω) about 50 times.
    void poincareOfTheBelt() { compareWithWindow(fl::defaultScenario(), QStringLiteral("poincare"), 10); }
    void poincareOfAModel() { compareWithWindow(modelScenario(), QStringLiteral("poincare"), 10); }
    /// The four plots of a Hertz circle (I(1,1) shown): 181, 801, 362 and 145 points.
    void contactOfAHertzCircle() { compareWithWindow(fl::defaultScenario(), QStringLiteral("contact"), 145); }
    /// Two blocks of the chain, 300 time units: dozens of events; 4 density bins (moments and the
    /// block counts 1 and 2).
    void slipEventsOfTheChain() { compareWithWindow(chainOfTwo(), QStringLiteral("slip-events"), 4); }

    /// A session whose continuation drew two branches (the belt's cycle at mu_s = 2 and 1.5):
    /// `session run` writes each drawn branch's files beside the setup's own, the bytes of
    /// `frictionlab-cli continue` of that case; the window draws them from the file on request.
    void continuationKeepsItsDrawnBranches()
    {
        const fl::Scenario belt = fl::defaultScenario();
        fl::ContinuationAnalysisSetup setup = fl::ContinuationAnalysis::defaults(belt);
        setup.branch.parameter = "v_b";
        setup.branch.start = 0.5;
        setup.branch.from = 0.2;
        setup.branch.to = 1.2;
        setup.branch.maxPoints = 6;
        for (const double mu : {2.0, 1.5}) {
            fl::DrawnBranch d{belt, setup.branch};
            QVERIFY(d.scenario.params.set("mu_s", mu).ok());
            setup.drawn.push_back(d);
        }
        Session session;
        session.state.scenario = belt;
        session.state.view.setups.insert(QStringLiteral("continuation"), setupToJson(fl::ContinuationAnalysis::write(belt, setup)));
        session.state.view.tab = QStringLiteral("bifurcation");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.frictionlab"));
        QVERIFY(saveSessionFile(path, session).ok());
        auto cli = [](const QStringList& arguments) {
            QProcess p;
            p.start(QStringLiteral(FRICTIONLAB_CLI), arguments);
            if (!p.waitForFinished(300000) || p.exitCode() != 0)
                qWarning("%s", p.readAllStandardError().constData());
            return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        };
        QVERIFY(cli({QStringLiteral("session"), QStringLiteral("run"), path, QStringLiteral("--view"), QStringLiteral("continuation"),
                     QStringLiteral("--out-dir"), dir.path(), QStringLiteral("--quiet")}));
        for (const char* name : {"branch", "points", "branch-1", "points-1", "branch-2", "points-2"})
            QVERIFY2(QFile::exists(dir.filePath(QStringLiteral("continuation-%1.csv").arg(QLatin1String(name)))), name);
        QVERIFY(cli({QStringLiteral("continue"), QStringLiteral("--set"), QStringLiteral("mu_s=1.5"), QStringLiteral("--param"), QStringLiteral("v_b"),
                     QStringLiteral("--start"), QStringLiteral("0.5"), QStringLiteral("--from"), QStringLiteral("0.2"), QStringLiteral("--to"),
                     QStringLiteral("1.2"), QStringLiteral("--max-points"), QStringLiteral("6"), QStringLiteral("--out"), dir.filePath(QStringLiteral("b.csv")),
                     QStringLiteral("--points"), dir.filePath(QStringLiteral("p.csv"))}));
        compareFiles(QStringLiteral("branch-2"), contents(dir.filePath(QStringLiteral("b.csv"))), contents(dir.filePath(QStringLiteral("continuation-branch-2.csv"))));
        compareFiles(QStringLiteral("points-2"), contents(dir.filePath(QStringLiteral("p.csv"))), contents(dir.filePath(QStringLiteral("continuation-points-2.csv"))));
        // The window: the box offers the two branches and draws them.
        SetupWindow w;
        QVERIFY(w.waitForRun());
        QString error;
        QVERIFY2(w.sessions->open(path, &error), qPrintable(error));
        ContinuationBox* box = w.bench->viewAs<fl::ui::BifurcationView>("bifurcation")->continuationBox();
        QVERIFY(box->drawSessionBranches());
        QTRY_VERIFY_WITH_TIMEOUT(!box->isRunning() && box->drawn().size() == 2, 120000);
        QCOMPARE(box->drawn()[1].scenario.params.value("mu_s"), 1.5);
    }

    /// Every analysis of the contract is covered above (a new one must add its case).
    void everyRegisteredAnalysisIsCompared()
    {
        QStringList ids;
        for (const fl::AnalysisDefinition* definition : fl::analysisDefinitions())
            ids << QString::fromStdString(definition->id());
        QCOMPARE(ids, (QStringList{QStringLiteral("simulation"), QStringLiteral("bifurcation"), QStringLiteral("continuation"), QStringLiteral("map"), QStringLiteral("compare"), QStringLiteral("eps-study"),
                                   QStringLiteral("law-lab"), QStringLiteral("lyapunov"), QStringLiteral("poincare"),
                                   QStringLiteral("contact"), QStringLiteral("slip-events")}));
    }
};

QTEST_MAIN(TestSessionRun)
#include "test_session_run.moc"
