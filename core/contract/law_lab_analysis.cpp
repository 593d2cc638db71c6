#include "contract/law_lab_analysis.h"
#include "friction/friction_law.h"
#include "params/parameter_spec.h"
#include "systems/system_registry.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace fl {

namespace {

constexpr std::pair<LawExperimentKind, const char*> kIds[] = {{LawExperimentKind::PreSliding, "pre-sliding"},
                                                              {LawExperimentKind::FrictionalLag, "frictional-lag"},
                                                              {LawExperimentKind::SpeedSteps, "speed-steps"}};

std::vector<std::string> offered(const Scenario& scenario)
{
    std::vector<std::string> ids;
    if (lawWithMemory(scenario))
        for (LawExperimentKind kind : experimentsFor(scenario.lawId))
            ids.emplace_back(lawExperimentId(kind));
    return ids;
}

} // namespace

const char* lawExperimentId(LawExperimentKind kind)
{
    for (const auto& [k, id] : kIds)
        if (k == kind)
            return id;
    return "";
}

bool parseLawExperiment(const std::string& id, LawExperimentKind& kind)
{
    for (const auto& [k, name] : kIds)
        if (id == name) {
            kind = k;
            return true;
        }
    return false;
}

const char* lawExperimentName(LawExperimentKind kind)
{
    switch (kind) {
    case LawExperimentKind::PreSliding: return "Pre-sliding: force against displacement";
    case LawExperimentKind::FrictionalLag: return "Frictional lag: oscillating sliding speed";
    case LawExperimentKind::SpeedSteps: return "Speed steps: memory and fading";
    }
    return "";
}

const FrictionLawInfo* lawWithMemory(const Scenario& scenario)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    const FrictionLawInfo* law = system ? findLaw(system->lawFamily, scenario.lawId) : nullptr;
    return law && law->hasMemory() ? law : nullptr;
}

LawLabSetup LawLabAnalysis::defaults(const Scenario& scenario)
{
    LawLabSetup setup;
    const std::vector<std::string> ids = offered(scenario);
    if (ids.empty())
        return setup;
    setup.experiment = ids.front();
    LawExperimentKind kind = LawExperimentKind::PreSliding;
    parseLawExperiment(setup.experiment, kind);
    const LawExperimentSpec spec = defaultExperiment(kind, scenario.lawId, scenario.params);
    setup.values = kind == LawExperimentKind::SpeedSteps ? std::vector<double>{spec.v0, spec.v0 + spec.dv} : spec.values;
    return setup;
}

SetupRecord LawLabAnalysis::write(const Scenario&, const Setup& setup)
{
    SetupRecord record;
    if (setup.experiment.empty()) // a law without memory: nothing to keep
        return record;
    record.text("experiment", setup.experiment);
    if (!setup.values.empty())
        record.numbers("values", setup.values);
    return record;
}

void LawLabAnalysis::read(SetupRecordReader& reader, const Scenario&, Setup& setup)
{
    reader.text("experiment", setup.experiment);
    reader.numbers("values", 0, 1000, setup.values);
}

SetupProblem LawLabAnalysis::check(const Scenario& scenario, const Setup& setup)
{
    const std::vector<std::string> ids = offered(scenario);
    if (ids.empty())
        return SetupProblem::at("", "the law '" + scenario.lawId + "' has no internal state to examine");
    if (std::find(ids.begin(), ids.end(), setup.experiment) == ids.end()) {
        return SetupProblem::at("experiment", "'" + setup.experiment + "' is not one of " + joinWords(ids));
    }
    for (double v : setup.values)
        if (!(v > 0.0) || !std::isfinite(v))
            return SetupProblem::at("values", formatNumber(v) + ": each value must be > 0");
    if (setup.experiment == "speed-steps") {
        if (setup.values.size() != 2 || setup.values[0] == setup.values[1])
            return SetupProblem::at("values", "speed steps take two different speeds v1, v2 > 0, e.g. 0.2, 1");
    } else if (setup.values.empty() || setup.values.size() > kMaxLawLabValues) {
        return SetupProblem::at("values", "give 1 to " + std::to_string(kMaxLawLabValues) + " values");
    }
    return SetupProblem::none();
}

LawExperimentSpec LawLabAnalysis::spec(const Scenario& scenario, const Setup& setup)
{
    LawExperimentKind kind = LawExperimentKind::PreSliding;
    parseLawExperiment(setup.experiment, kind);
    LawExperimentSpec spec = defaultExperiment(kind, scenario.lawId, scenario.params);
    if (kind == LawExperimentKind::SpeedSteps && setup.values.size() == 2) {
        spec.v0 = setup.values[0];
        spec.dv = setup.values[1] - setup.values[0];
    } else if (kind != LawExperimentKind::SpeedSteps) {
        spec.values = setup.values;
    }
    return spec;
}

LawExperimentResult LawLabAnalysis::run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context)
{
    LawExperimentResult result;
    const FrictionLawInfo* law = lawWithMemory(scenario);
    if (const SetupProblem problem = check(scenario, setup); !law || !problem.ok()) {
        result.status = Status::error(law ? describe(problem) : "the law has no internal state to examine");
        return result;
    }
    const std::unique_ptr<StateFrictionLaw> instance = law->createWithState(scenario.params, scenario.regularization);
    result = runLawExperiment(*instance, spec(scenario, setup), context.cancel);
    if (result.status.ok())
        context.report(1.0);
    return result;
}

std::string LawLabAnalysis::csv(const Scenario& scenario, const Setup& setup, const Result& result)
{
    LawExperimentKind kind = LawExperimentKind::PreSliding;
    parseLawExperiment(setup.experiment, kind);
    std::string csv = "# FrictionLab law lab: " + scenario.lawId + ", " + lawExperimentName(kind) + "\n";
    if (const FrictionLawInfo* law = lawWithMemory(scenario))
        for (const ParameterSpec& spec : law->specs)
            csv += "# " + spec.id + " = " + formatNumber(scenario.params.value(spec.id)) + "\n";
    csv += std::string("curve,") + result.xLabel + "," + result.yLabel + "\n";
    for (const LawCurve& curve : result.curves)
        for (size_t i = 0; i < curve.x.size(); ++i) {
            csv += "\"" + curve.label + "\",";
            csv += formatNumber(curve.x[i]);
            csv += ',';
            csv += formatNumber(curve.y[i]);
            csv += '\n';
        }
    return csv;
}

} // namespace fl
