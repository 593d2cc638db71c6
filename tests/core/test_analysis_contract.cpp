// The analysis contract (core/contract/): a setup as fields and back, the reader's warnings, the
// field-by-field fallback of a stored setup, one check for every caller, and every registered
// analysis running its default setup to CSV files that hold rows.
#include "analysis/analysis_catalog.h"
#include "common/setup_record.h"
#include "contract/analysis_registry.h"
#include "contract/continuation_analysis.h"
#include "contract/lyapunov_analysis.h"
#include "contract/map_analysis.h"
#include "contract/sweep_analysis.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>

#include <string>
#include <vector>

namespace {

bool contains(const std::vector<std::string>& lines, const std::string& start)
{
    for (const std::string& line : lines)
        if (line.rfind(start, 0) == 0)
            return true;
    return false;
}

std::string joined(const std::vector<std::string>& lines)
{
    std::string out;
    for (const std::string& line : lines)
        out += line + "\n";
    return out;
}

} // namespace

class TestAnalysisContract : public QObject {
    Q_OBJECT
private slots:
    /// Written and read back, every kind of field keeps its value exactly; describe() lists them.
    void recordRoundTrip()
    {
        fl::SetupRecord inner;
        inner.text("parameter", "v_b").number("steps", 13);
        fl::SetupRecord record;
        record.number("eps", 0.1 + 0.2).text("mode", "spectrum").flag("log", true).record("x", inner).numbers("list", {1e-4, 3e-3});
        QCOMPARE(QString::fromStdString(record.describe()), QString("eps = 0.30000000000000004, mode = spectrum, log = true, x = {parameter = v_b, steps = 13}, "
                                                "list = [0.0001 0.003]"));
        std::vector<std::string> warnings;
        fl::SetupRecordReader r(record, "view.setups.t", warnings);
        double eps = 0.0;
        std::string mode;
        bool log = false;
        std::vector<double> list;
        QVERIFY(r.number("eps", eps) && eps == 0.1 + 0.2);
        QVERIFY(r.oneOf("mode", {"largest", "spectrum"}, mode) && mode == "spectrum");
        QVERIFY(r.flag("log", log) && log);
        QVERIFY(r.numbers("list", 1, 4, list) && list == (std::vector<double>{1e-4, 3e-3}));
        const fl::SetupRecord* x = r.record("x");
        QVERIFY(x && x->find("steps") && x->find("steps")->number == 13);
        r.finish();
        QVERIFY2(warnings.empty(), joined(warnings).c_str());
    }

    /// A field of the wrong kind, a word not in the list, a fractional whole number, a list too long
    /// and a field of a newer version: one warning each, naming its path; the value stays.
    void readerWarnsByPath()
    {
        fl::SetupRecord record;
        record.text("eps", "big").text("mode", "colour").number("steps", 2.5).numbers("list", {1, 2, 3}).flag("future", true);
        std::vector<std::string> warnings;
        fl::SetupRecordReader r(record, "view.setups.t", warnings);
        double eps = 7.0;
        std::string mode = "largest";
        int steps = 4;
        std::vector<double> list{9.0};
        QVERIFY(!r.number("eps", eps) && eps == 7.0);
        QVERIFY(!r.oneOf("mode", {"largest", "spectrum"}, mode) && mode == "largest");
        QVERIFY(!r.integer("steps", 2, 100, steps) && steps == 4);
        QVERIFY(!r.numbers("list", 1, 2, list) && list == std::vector<double>{9.0});
        r.finish();
        QCOMPARE(warnings.size(), size_t(5));
        QVERIFY(contains(warnings, "view.setups.t.eps: expected a number, got a string"));
        QVERIFY(contains(warnings, "view.setups.t.mode: 'colour' is not one of largest, spectrum"));
        QVERIFY(contains(warnings, "view.setups.t.steps: 2.5 is not a whole number in 2 .. 100"));
        QVERIFY(contains(warnings, "view.setups.t.list: 3 items, expected 1 .. 2"));
        QVERIFY(contains(warnings, "view.setups.t.future: unknown field"));
    }

    /// A stored setup whose one field fails the analysis's check keeps every other field: the
    /// failing one goes back to its default, with the check's message as the warning.
    void oneBadFieldKeepsTheRest()
    {
        const fl::Scenario belt = fl::defaultScenario();
        fl::SetupRecord stored;
        stored.text("mode", "spectrum").number("transient", 5).number("duration", 10).number("interval", 20);
        std::vector<std::string> warnings;
        const fl::LyapunovSetup s = fl::TypedAnalysis<fl::LyapunovAnalysis>::readTyped(belt, stored, "view.setups.lyapunov", warnings);
        QVERIFY(s.spectrum);
        QCOMPARE(s.transient, 5.0);
        QCOMPARE(s.duration, 10.0);
        QCOMPARE(s.interval, 1.0); // the default: 20 > duration
        QVERIFY2(warnings.size() == 1 && contains(warnings, "view.setups.lyapunov.interval: must be in (0, duration]"),
                 joined(warnings).c_str());

        // A nested field: the map's x steps out of range go back, x's parameter stays.
        fl::MapSetup map = fl::MapAnalysis::defaults(belt);
        map.spec.x.steps = 200000;
        const std::string keptParameter = map.spec.x.parameter;
        warnings.clear();
        const fl::MapSetup read = fl::TypedAnalysis<fl::MapAnalysis>::readTyped(belt, fl::MapAnalysis::write(belt, map), "m", warnings);
        QCOMPARE(read.spec.x.steps, fl::MapAnalysis::defaults(belt).spec.x.steps);
        QCOMPARE(read.spec.x.parameter, keptParameter);
        QVERIFY2(contains(warnings, "m.x.steps: must be in [2, 100000]"), joined(warnings).c_str());

        // A strobe period written as an expression reads back as written; a name the system lacks
        // is the period field's problem.
        fl::SweepSetup sweep = fl::SweepAnalysis::defaults(belt);
        sweep.spec.observable = fl::SweepObservable::Stroboscopic;
        sweep.spec.periodText = "2*pi/w";
        warnings.clear();
        const fl::SweepSetup strobe = fl::TypedAnalysis<fl::SweepAnalysis>::readTyped(belt, fl::SweepAnalysis::write(belt, sweep), "s", warnings);
        QCOMPARE(strobe.spec.periodText, std::string("2*pi/w"));
        QVERIFY2(warnings.empty(), joined(warnings).c_str());
        QVERIFY2(fl::SweepAnalysis::check(belt, strobe).ok(), fl::describe(fl::SweepAnalysis::check(belt, strobe)).c_str());
        sweep.spec.periodText = "2*pi/omega";
        QCOMPARE(QString::fromStdString(fl::SweepAnalysis::check(belt, sweep).field), QString("period"));

        // A section plane reads back as written; one that is not affine is the section field's problem.
        fl::SweepSetup planar = fl::SweepAnalysis::defaults(belt);
        planar.spec.observable = fl::SweepObservable::Hyperplane;
        planar.spec.sectionPlane = "x + 0.5*v - v_b";
        warnings.clear();
        const fl::SweepSetup plane = fl::TypedAnalysis<fl::SweepAnalysis>::readTyped(belt, fl::SweepAnalysis::write(belt, planar), "s", warnings);
        QCOMPARE(plane.spec.sectionPlane, std::string("x + 0.5*v - v_b"));
        QVERIFY2(warnings.empty(), joined(warnings).c_str());
        QVERIFY2(fl::SweepAnalysis::check(belt, plane).ok(), fl::describe(fl::SweepAnalysis::check(belt, plane)).c_str());
        planar.spec.sectionPlane = "x*v";
        QCOMPARE(QString::fromStdString(fl::SweepAnalysis::check(belt, planar).field), QString("sectionVariable"));
    }

    /// A continuation's drawn branches (each with its own case) read back exactly; one of an unknown
    /// system, one whose value is refused, one that does not check, and those beyond the twelfth are
    /// each left out with a warning naming it, the rest kept.
    void drawnBranchesReadBack()
    {
        const fl::Scenario belt = fl::defaultScenario();
        fl::ContinuationAnalysisSetup setup = fl::ContinuationAnalysis::defaults(belt);
        setup.branch.parameter = "v_b";
        setup.branch.start = 0.5;
        setup.branch.from = 0.2;
        setup.branch.to = 1.2;
        fl::DrawnBranch stribeck{belt, setup.branch};
        QVERIFY(fl::makeScenario("belt", "stribeck-exp", fl::Method::Regularized, fl::Regularization::Tanh, stribeck.scenario).ok());
        QVERIFY(stribeck.scenario.params.set("zeta", 0.125).ok());
        stribeck.branch.equilibrium = true;
        setup.drawn = {fl::DrawnBranch{belt, setup.branch}, stribeck};
        const fl::SetupRecord record = fl::ContinuationAnalysis::write(belt, setup);
        std::vector<std::string> warnings;
        fl::ContinuationAnalysisSetup read = fl::TypedAnalysis<fl::ContinuationAnalysis>::readTyped(belt, record, "c", warnings);
        QVERIFY2(warnings.empty(), joined(warnings).c_str());
        QCOMPARE(read.drawn.size(), size_t(2));
        QCOMPARE(read.drawn[1].scenario.lawId, std::string("stribeck-exp"));
        QVERIFY(read.drawn[1].scenario.method == fl::Method::Regularized && read.drawn[1].scenario.regularization == fl::Regularization::Tanh);
        QCOMPARE(read.drawn[1].scenario.params.values(), stribeck.scenario.params.values());
        QVERIFY(read.drawn[1].branch.equilibrium);
        QCOMPARE(fl::ContinuationAnalysis::write(belt, read).describe(), record.describe());

        // Broken entries: each left out with its path named.
        fl::SetupRecord broken;
        fl::SetupRecord list;
        auto caseWith = [&](const std::string& system, double zeta, double from) {
            fl::SetupRecord item;
            const fl::Scenario& s = belt;
            fl::SetupRecord values;
            for (size_t i = 0; i < s.params.specs().size(); ++i)
                values.number(s.params.specs()[i].id, s.params.specs()[i].id == "zeta" ? zeta : s.params.values()[i]);
            fl::SetupRecord scenario;
            scenario.text("system", system).text("law", "coulomb").text("method", "event").record("values", values);
            item.record("case", scenario).text("kind", "orbits").text("parameter", "v_b").number("start", 0.5).number("from", from).number("to", 1.2);
            return item;
        };
        list.record("1", caseWith("no-such-system", 0.0, 0.2));
        list.record("2", caseWith("belt", -5.0, 0.2));  // zeta refused: kept at its default, the branch kept
        list.record("3", caseWith("belt", 0.0, 0.8));   // from 0.8 > start 0.5: does not check
        for (int i = 4; i <= 16; ++i)
            list.record(std::to_string(i), caseWith("belt", 0.0, 0.2));
        broken.text("kind", "orbits").text("parameter", "v_b").number("start", 0.5).number("from", 0.2).number("to", 1.2).record("drawn", list);
        warnings.clear();
        read = fl::TypedAnalysis<fl::ContinuationAnalysis>::readTyped(belt, broken, "c", warnings);
        std::printf("%s", joined(warnings).c_str());
        QVERIFY(contains(warnings, "c.drawn.1.case.system: no system 'no-such-system' here"));
        QVERIFY(contains(warnings, "c.drawn.2.case.values.zeta: "));
        QVERIFY(contains(warnings, "c.drawn.3.start: "));
        QVERIFY(contains(warnings, "c.drawn.15: at most 12 drawn branches are kept"));
        QCOMPARE(read.drawn.size(), fl::kMaxDrawnBranches);
        QCOMPARE(warnings.size(), size_t(4));
        QCOMPARE(read.drawn.front().scenario.params.value("zeta"), 0.0); // entry 2: its default
    }

    /// The one check names the field for every caller, and the erased interface refuses what the
    /// typed one refuses.
    void oneCheck()
    {
        const fl::Scenario belt = fl::defaultScenario();
        const fl::SetupProblem p = fl::LyapunovAnalysis::check(belt, fl::LyapunovSetup{1.0, 1e9, 1.0, false});
        QCOMPARE(QString::fromStdString(p.field), QString("duration"));
        QVERIFY2(p.message.find("at most 1e+09") != std::string::npos, p.message.c_str());
        const fl::AnalysisDefinition* lyapunov = fl::findAnalysisDefinition("lyapunov");
        QVERIFY(lyapunov);
        fl::SetupRecord bad;
        bad.number("interval", 0.0);
        QCOMPARE(QString::fromStdString(fl::describe(lyapunov->check(belt, bad))), QString("interval: must be in (0, duration]"));
        std::vector<fl::CsvFile> files;
        QVERIFY(!lyapunov->runToFiles(belt, bad, fl::AnalysisContext{}, files).ok());
        QVERIFY(files.empty());
    }

    /// A whole-number parameter is stepped through whole values only, in the sweep and along a
    /// map's axis: the one check names the field (the end, or the steps) and the value that is not
    /// whole, and whole steps pass. The command line's wording comes from the same function.
    void steppedWholeNumbers()
    {
        fl::Scenario chain;
        QVERIFY(fl::makeScenario("bk-chain", "rational", fl::Method::EventDriven, fl::Regularization::Kudra, chain).ok());
        fl::SweepSetup sweep = fl::SweepAnalysis::defaults(chain);
        sweep.spec.parameter = "seed"; // the chain's disorder seed: a whole number, 0 to 1e9
        sweep.spec.from = 2;
        sweep.spec.to = 5;
        sweep.spec.steps = 4; // 2, 3, 4, 5
        QVERIFY2(fl::SweepAnalysis::check(chain, sweep).ok(), fl::describe(fl::SweepAnalysis::check(chain, sweep)).c_str());
        sweep.spec.steps = 7; // 2, 2.5, ...
        fl::SetupProblem p = fl::SweepAnalysis::check(chain, sweep);
        QCOMPARE(QString::fromStdString(fl::describe(p)),
                 QString("steps: seed must be a whole number (0 to 1e+09): 7 steps from 2 to 5 give 2.5"));
        sweep.spec.steps = 4;
        sweep.spec.to = 5.5;
        QCOMPARE(QString::fromStdString(fl::SweepAnalysis::check(chain, sweep).field), QString("to"));

        fl::MapSetup map = fl::MapAnalysis::defaults(chain);
        map.spec.y.parameter = "seed";
        map.spec.y.from = 2;
        map.spec.y.to = 4;
        map.spec.y.steps = 3;
        QVERIFY2(fl::MapAnalysis::check(chain, map).ok(), fl::describe(fl::MapAnalysis::check(chain, map)).c_str());
        map.spec.y.steps = 4;
        p = fl::MapAnalysis::check(chain, map);
        QCOMPARE(QString::fromStdString(p.field), QString("y.steps"));
        QVERIFY2(p.message.find("4 steps from 2 to 4 give 2.666") != std::string::npos, p.message.c_str());
    }

    /// Every registered analysis has a default setup that passes its check on a scenario it applies
    /// to, round-trips through its record, and (for the quick ones) runs to files with rows.
    void everyAnalysisRunsItsDefault()
    {
        // The default belt (Coulomb, event-driven), else the belt with LuGre for a law with memory,
        // else the two-block chain (slip events): the first the analysis applies to.
        fl::Scenario lugre, chain;
        QVERIFY(fl::makeScenario("belt", "lugre", fl::Method::Regularized, fl::Regularization::Kudra, lugre).ok());
        QVERIFY(fl::applyPreset("bk-chain-two", chain).ok());
        fl::Scenario belt = fl::defaultScenario();
        for (fl::Scenario* s : {&belt, &lugre})
            QVERIFY(s->params.set("t_end", 60.0).ok()); // the belt's section: about 9 crossings
        QVERIFY(!fl::analysisDefinitions().empty());
        for (const fl::AnalysisDefinition* analysis : fl::analysisDefinitions()) {
            const fl::AnalysisInfo* info = fl::findAnalysis(analysis->id());
            QVERIFY2(info, analysis->id().c_str()); // every analysis of the contract is in the catalog
            const fl::Scenario* chosen = nullptr;
            for (const fl::Scenario* s : {&belt, &lugre, &chain})
                if (!chosen && fl::analysisApplies(*info, *s) && analysis->check(*s, analysis->defaultSetup(*s)).ok())
                    chosen = s;
            QVERIFY2(chosen, (analysis->id() + ": applies to none of belt, LuGre belt, chain").c_str());
            const fl::Scenario& scenario = *chosen;
            const fl::SetupRecord setup = analysis->defaultSetup(scenario);
            const fl::SetupProblem problem = analysis->check(scenario, setup);
            QVERIFY2(problem.ok(), (analysis->id() + ": " + fl::describe(problem)).c_str());
            std::vector<std::string> warnings;
            const fl::SetupRecord again = analysis->readSetup(scenario, setup, "s", warnings);
            QVERIFY2(warnings.empty() && again.describe() == setup.describe(), (analysis->id() + ": " + joined(warnings)).c_str());
            if (analysis->id() == "bifurcation" || analysis->id() == "map")
                continue; // hundreds of runs: test_session_run runs small ones
            std::vector<fl::CsvFile> files;
            fl::AnalysisContext context;
            context.threads = 2;
            const fl::Status status = analysis->runToFiles(scenario, setup, context, files);
            QVERIFY2(status.ok(), (analysis->id() + ": " + status.message()).c_str());
            QVERIFY2(!files.empty(), analysis->id().c_str());
            for (const fl::CsvFile& file : files) {
                // A continuation's points: at least its two ends (under 2 '#' lines and the header).
                const long least = analysis->id() == "continuation" && file.name == "points" ? 5 : 6;
                QVERIFY2(std::count(file.text.begin(), file.text.end(), '\n') >= least,
                         (file.fileName(analysis->id()) + ":\n" + file.text).c_str());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestAnalysisContract)
#include "test_analysis_contract.moc"
