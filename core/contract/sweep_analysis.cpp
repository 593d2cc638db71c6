#include "contract/sweep_analysis.h"
#include "scenario/parameter_expression.h"
#include "contract/stepped_values.h"
#include "io/sweep_csv.h"
#include "params/parameter_spec.h"
#include "systems/run_variables.h"
#include "systems/system_registry.h"

#include <algorithm>
#include <atomic>
#include <sstream>

namespace fl {

const std::vector<std::string>& sweepObservableIds()
{
    static const std::vector<std::string> ids = {"strobe", "section", "maxima"};
    return ids;
}

const std::vector<std::string>& sweepDirectionIds()
{
    static const std::vector<std::string> ids = {"up", "down", "both"};
    return ids;
}

const std::vector<std::string>& sweepCrossingIds()
{
    static const std::vector<std::string> ids = {"up", "down", "both"};
    return ids;
}

namespace {

size_t indexOf(const std::vector<std::string>& ids, const std::string& id)
{
    return static_cast<size_t>(std::find(ids.begin(), ids.end(), id) - ids.begin());
}

std::string crossingId(int direction) { return sweepCrossingIds()[direction > 0 ? 0 : direction < 0 ? 1 : 2]; }

} // namespace

void defaultSweepRange(const ParameterSpec& p, double& from, double& to)
{
    const double d = p.defaultValue;
    from = d != 0.0 ? std::max(p.min, std::min(0.5 * d, 1.5 * d)) : p.min;
    to = d != 0.0 ? std::min(p.max, std::max(0.5 * d, 1.5 * d)) : p.max;
}

SweepSetup SweepAnalysis::defaults(const Scenario& scenario)
{
    // The system's section, over its first real parameter (not a numerics one, nor the chain's
    // block count or seed: whole numbers) around its default: the Bifurcation view's first setup.
    SweepSetup setup;
    setup.spec = defaultSweep(scenario);
    for (const ParameterSpec& p : scenario.params.specs()) {
        if (isRunControlParameter(p.id) || p.kind != ParameterKind::Real)
            continue;
        setup.spec.parameter = p.id;
        defaultSweepRange(p, setup.spec.from, setup.spec.to);
        break;
    }
    return setup;
}

SetupRecord SweepAnalysis::write(const Scenario&, const Setup& setup)
{
    const SweepSpec& s = setup.spec;
    SetupRecord record;
    record.text("parameter", s.parameter)
        .number("from", s.from)
        .number("to", s.to)
        .number("steps", s.steps)
        .number("transient", s.transient)
        .number("samples", s.samples)
        .number("maxRecordTime", s.maxRecordTime)
        .text("observable", sweepObservableIds()[static_cast<size_t>(s.observable)])
        .number("variable", s.variable)
        .number("sectionVariable", s.sectionVariable)
        .number("level", s.level)
        .text("crossingDirection", crossingId(s.crossingDirection))
        .number("period", s.period)
        .flag("continuation", s.continuation)
        .text("direction", sweepDirectionIds()[static_cast<size_t>(s.direction)])
        .number("threads", setup.threads);
    if (!s.periodText.empty()) // the period as written (2*pi/w), evaluated at each value
        record.text("periodText", s.periodText);
    if (!s.sectionPlane.empty()) // the section plane as written (x1 - x2), evaluated at each value
        record.text("sectionPlane", s.sectionPlane);
    return record;
}

void SweepAnalysis::read(SetupRecordReader& r, const Scenario&, Setup& setup)
{
    SweepSpec& s = setup.spec;
    constexpr int kMaxInt = 1 << 30;
    r.text("parameter", s.parameter);
    r.number("from", s.from);
    r.number("to", s.to);
    r.integer("steps", 0, kMaxInt, s.steps);
    r.number("transient", s.transient);
    r.integer("samples", 0, kMaxInt, s.samples);
    r.number("maxRecordTime", s.maxRecordTime);
    std::string word;
    if (r.oneOf("observable", sweepObservableIds(), word))
        s.observable = static_cast<SweepObservable>(indexOf(sweepObservableIds(), word));
    r.integer("variable", 0, kMaxInt, s.variable);
    r.integer("sectionVariable", 0, kMaxInt, s.sectionVariable);
    r.number("level", s.level);
    if (r.oneOf("crossingDirection", sweepCrossingIds(), word))
        s.crossingDirection = word == "up" ? 1 : word == "down" ? -1 : 0;
    r.number("period", s.period);
    r.text("periodText", s.periodText);
    r.text("sectionPlane", s.sectionPlane);
    r.flag("continuation", s.continuation);
    if (r.oneOf("direction", sweepDirectionIds(), word))
        s.direction = static_cast<SweepDirection>(indexOf(sweepDirectionIds(), word));
    r.integer("threads", 0, kMaxInt, setup.threads);
}

SetupProblem SweepAnalysis::check(const Scenario& scenario, const Setup& setup)
{
    if (!scenario.params.has(setup.spec.parameter))
        return SetupProblem::at("parameter", "'" + setup.spec.parameter + "' is not a parameter of " + scenario.systemId + " / "
                                                 + scenario.lawId);
    if (setup.threads < 0 || setup.threads > 256)
        return SetupProblem::at("threads", "must be in [0, 256] (0: every core)");
    if (setup.spec.observable == SweepObservable::Stroboscopic && !setup.spec.periodText.empty()) {
        ParameterExpression period; // a name the parameters do not have is the field's problem
        if (const Status status = ParameterExpression::parse(setup.spec.periodText, scenario.params, period); !status.ok())
            return SetupProblem::at("period", "the period " + status.message());
    }
    if (const Status status = validateSweep(scenario, setup.spec); !status.ok())
        return SetupProblem::at(isPeriodProblem(status.message()) ? "period"
                                : status.message().rfind("the section plane", 0) == 0 ? "sectionVariable" : "",
                                status.message());
    // A whole-number parameter is swept through whole values only (as runSweep computes them).
    const ParameterSpec& p = scenario.params.specs()[static_cast<size_t>(scenario.params.index(setup.spec.parameter))];
    return checkSteppedValues(p, setup.spec.steps, [&setup](int i) { return sweepValue(setup.spec, i); });
}

SweepAnalysis::Result SweepAnalysis::run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context)
{
    std::atomic<int> done{0};
    const int total = std::max(1, setup.spec.steps * (setup.spec.direction == SweepDirection::Both ? 2 : 1));
    const int threads = setup.threads > 0 ? setup.threads : std::max(1, context.threads);
    return runSweep(scenario, setup.spec, threads, context.cancel,
                    [&](const SweepColumn&) { context.report(static_cast<double>(++done) / total); });
}

Status SweepAnalysis::status(const Result& result)
{
    if (result.empty())
        return Status::error("the sweep stopped before its first column");
    size_t points = 0;
    for (const SweepColumn& column : result) {
        if (!column.status.ok())
            return Status::error("sweep stopped at " + formatNumber(column.parameter) + ": " + column.status.message());
        points += column.values.size();
    }
    if (points == 0) // a level the motion never crosses, a strobe longer than the recording
        return Status::error("the sweep recorded no point at any value");
    return Status::success();
}

std::string SweepAnalysis::csv(const Scenario& scenario, const Setup& setup, const Result& result)
{
    std::ostringstream text;
    writeSweepCsv(text, scenario, setup.spec, stateNames(scenario), result);
    return text.str();
}

} // namespace fl
