#include "contract/map_analysis.h"
#include "contract/stepped_values.h"
#include "io/map_csv.h"
#include "params/parameter_spec.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <sstream>

namespace fl {

namespace {


} // namespace

void defaultMapRange(const Scenario& scenario, MapAxis& axis)
{
    const int index = scenario.params.index(axis.parameter);
    if (index < 0)
        return;
    const ParameterSpec& p = scenario.params.specs()[size_t(index)];
    const double value = scenario.params.values()[size_t(index)];
    double from = value - 0.5 * std::abs(value), to = value + 0.5 * std::abs(value);
    if (value == 0.0) {
        from = p.min;
        to = p.min + 0.1 * (p.max - p.min);
    }
    from = std::clamp(from, p.min, p.max);
    to = std::clamp(to, p.min, p.max);
    if (!(to > from)) {
        from = p.min;
        to = p.max;
    }
    axis.from = from;
    axis.to = to;
}

namespace {

SetupRecord axisRecord(const MapAxis& axis)
{
    SetupRecord record;
    record.text("parameter", axis.parameter).number("from", axis.from).number("to", axis.to).number("steps", axis.steps);
    return record;
}

void readAxis(SetupRecordReader& reader, const char* key, MapAxis& axis)
{
    const SetupRecord* record = reader.record(key);
    if (!record)
        return;
    SetupRecordReader r(*record, reader.pathOf(key), reader.warnings());
    r.text("parameter", axis.parameter);
    r.number("from", axis.from);
    r.number("to", axis.to);
    r.integer("steps", 0, 1 << 30, axis.steps);
    r.finish();
}

} // namespace

MapSetup MapAnalysis::defaults(const Scenario& scenario)
{
    MapSetup setup;
    std::vector<std::string> ids;
    // The first two real model parameters (not the chain's block count or seed: whole numbers).
    for (const ParameterSpec& p : scenario.params.specs())
        if (!isRunControlParameter(p.id) && p.kind == ParameterKind::Real)
            ids.push_back(p.id);
    MapAxis* axes[2] = {&setup.spec.x, &setup.spec.y};
    for (size_t axis = 0; axis < 2 && axis < ids.size(); ++axis) {
        axes[axis]->parameter = ids[axis];
        axes[axis]->steps = axis == 0 ? 60 : 40;
        defaultMapRange(scenario, *axes[axis]);
    }
    const SweepSpec sweep = defaultSweep(scenario);
    setup.spec.transient = sweep.transient;
    setup.spec.record = std::min(sweep.maxRecordTime, 200.0);
    return setup;
}

SetupRecord MapAnalysis::write(const Scenario& scenario, const Setup& setup)
{
    const MapSpec& s = setup.spec;
    SetupRecord record;
    record.record("x", axisRecord(s.x))
        .record("y", axisRecord(s.y))
        .text("observable", mapObservableId(s.observable))
        .number("transient", s.transient)
        .number("record", s.record)
        .number("maxPeriod", s.maxPeriod)
        .number("threads", setup.threads);
    const std::vector<std::string> names = validate(scenario).ok() ? stateNames(scenario) : std::vector<std::string>{};
    if (s.variable >= 0 && s.variable < static_cast<int>(names.size()))
        record.text("variable", names[static_cast<size_t>(s.variable)]);
    return record;
}

void MapAnalysis::read(SetupRecordReader& r, const Scenario& scenario, Setup& setup)
{
    MapSpec& s = setup.spec;
    readAxis(r, "x", s.x);
    readAxis(r, "y", s.y);
    std::vector<std::string> observables;
    for (MapObservable o : {MapObservable::Amplitude, MapObservable::Period, MapObservable::Lyapunov, MapObservable::StickFraction,
                            MapObservable::StickPhases})
        observables.emplace_back(mapObservableId(o));
    std::string word;
    if (r.oneOf("observable", observables, word))
        parseMapObservable(word, s.observable);
    const std::vector<std::string> names = validate(scenario).ok() ? stateNames(scenario) : std::vector<std::string>{};
    if (!names.empty() && r.oneOf("variable", names, word))
        s.variable = static_cast<int>(std::find(names.begin(), names.end(), word) - names.begin());
    r.number("transient", s.transient);
    r.number("record", s.record);
    r.integer("maxPeriod", 0, 1 << 30, s.maxPeriod);
    r.integer("threads", 0, 1 << 30, setup.threads);
}

SetupProblem MapAnalysis::check(const Scenario& scenario, const Setup& setup)
{
    const MapAxis* axes[2] = {&setup.spec.x, &setup.spec.y};
    const char* keys[2] = {"x", "y"};
    for (int axis = 0; axis < 2; ++axis) {
        if (!scenario.params.has(axes[axis]->parameter))
            return SetupProblem::at(std::string(keys[axis]) + ".parameter",
                                    "'" + axes[axis]->parameter + "' is not a parameter of " + scenario.systemId);
        if (axes[axis]->steps < 2 || axes[axis]->steps > kMaxMapAxisSteps)
            return SetupProblem::at(std::string(keys[axis]) + ".steps", "must be in [2, " + std::to_string(kMaxMapAxisSteps) + "]");
        const ParameterSpec& p = scenario.params.specs()[static_cast<size_t>(scenario.params.index(axes[axis]->parameter))];
        for (const auto& [end, value] : {std::pair{"from", axes[axis]->from}, std::pair{"to", axes[axis]->to}})
            if (!(value >= p.min && value <= p.max))
                return SetupProblem::at(std::string(keys[axis]) + "." + end, formatNumber(value) + " is outside " + p.id + "'s " + rangeText(p));
        // A whole-number parameter (the chain's n) along an axis takes whole values only.
        const MapAxis* a = axes[axis];
        if (const SetupProblem stepped = checkSteppedValues(p, a->steps, [a](int k) { return a->value(k); }, std::string(keys[axis]) + ".");
            !stepped.ok())
            return stepped;
    }
    if (!(setup.spec.transient >= 0.0) || setup.spec.transient > kMaxMapPointTime)
        return SetupProblem::at("transient", formatNumber(setup.spec.transient) + " is outside 0 .. " + formatNumber(kMaxMapPointTime));
    if (!(setup.spec.record > 0.0) || setup.spec.transient + setup.spec.record > kMaxMapPointTime)
        return SetupProblem::at("record", "must be > 0, with the transient at most " + formatNumber(kMaxMapPointTime));
    if (setup.spec.maxPeriod < 1 || setup.spec.maxPeriod > kMaxMapLongestPeriod)
        return SetupProblem::at("maxPeriod", "must be in [1, " + std::to_string(kMaxMapLongestPeriod) + "]");
    if (setup.threads < 0 || setup.threads > 256)
        return SetupProblem::at("threads", "must be in [0, 256] (0: every core)");
    if (const Status status = validateMap(scenario, setup.spec); !status.ok())
        return SetupProblem::at("", status.message());
    return SetupProblem::none();
}

MapResult MapAnalysis::run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context)
{
    std::atomic<int> rows{0};
    const int threads = setup.threads > 0 ? setup.threads : std::max(1, context.threads);
    return runMap(scenario, setup.spec, threads, context.cancel,
                  [&](int, const MapRow&) { context.report(static_cast<double>(++rows) / setup.spec.y.steps); });
}

Status MapAnalysis::status(const Result& result)
{
    if (result.cancelled)
        return Status::error("cancelled");
    return Status::success(); // a failed point is nan in the CSV and counted (MapResult::failed)
}

std::string MapAnalysis::csv(const Scenario& scenario, const Setup& setup, const Result& result)
{
    std::ostringstream text;
    writeMapCsv(text, scenario, setup.spec, stateNames(scenario), result.values);
    return text.str();
}

} // namespace fl
