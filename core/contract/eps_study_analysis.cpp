#include "contract/eps_study_analysis.h"
#include "params/parameter_spec.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace fl {

std::string epsLabel(double eps)
{
    if (eps > 0.0) {
        const double exponent = std::round(std::log10(eps));
        if (std::abs(eps / std::pow(10.0, exponent) - 1.0) < 1e-9)
            return "1e" + std::to_string(static_cast<int>(exponent));
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", eps);
    return text;
}

SetupRecord EpsStudyAnalysis::write(const Scenario&, const Setup& setup)
{
    SetupRecord record;
    record.numbers("eps", setup.eps).flag("logScale", setup.logScale);
    if (!setup.variable.empty())
        record.text("variable", setup.variable);
    return record;
}

void EpsStudyAnalysis::read(SetupRecordReader& reader, const Scenario&, Setup& setup)
{
    reader.numbers("eps", 1, kMaxStudyEps, setup.eps);
    reader.flag("logScale", setup.logScale);
    reader.text("variable", setup.variable);
}

SetupProblem EpsStudyAnalysis::check(const Scenario& scenario, const Setup& setup)
{
    if (setup.eps.empty() || setup.eps.size() > kMaxStudyEps)
        return SetupProblem::at("eps", "give 1 to " + std::to_string(kMaxStudyEps) + " widths, e.g. 1e-4, 1e-3, 1e-2");
    for (double e : setup.eps)
        if (!(e > 0.0 && e <= 1.0))
            return SetupProblem::at("eps", formatNumber(e) + " is not an ε in (0, 1]");
    EpsStudyOptions options;
    options.eps = setup.eps;
    std::vector<Scenario> scenarios;
    if (const Status status = epsStudyScenarios(scenario, options, scenarios); !status.ok())
        return SetupProblem::at(status.message().find("eps") != std::string::npos ? "eps" : "", status.message());
    return SetupProblem::none();
}

EpsStudy EpsStudyAnalysis::run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context)
{
    EpsStudyOptions options;
    options.eps = setup.eps;
    options.threads = std::clamp(context.threads, 1, 2); // two runs at once: the study's memory stays small
    options.cancel = context.cancel;
    options.progress = context.progress;
    return runEpsStudy(scenario, options);
}

std::string EpsStudyAnalysis::csv(const Scenario&, const Setup&, const Result& study)
{
    // Every number as the shortest text that reads back as the same double.
    const auto n = [](double v) { return formatNumber(v); };
    std::ostringstream out;
    out << "# FrictionLab eps study: runs at several eps, |difference| from the smallest eps\n";
    if (!study.runs.empty())
        out << "# " << describe(study.runs.front().scenario) << ", tolerance " << n(study.tolerance) << "\n";
    if (!study.status.ok())
        out << "# incomplete: " << study.status.message() << "\n";
    for (size_t v = 0; v < study.variables.size(); ++v) {
        out << "# max |d" << study.variables[v] << "|:";
        const std::vector<double> max = study.maxDifferences(v);
        for (size_t k = 0; k < study.runs.size(); ++k)
            out << " eps=" << n(study.runs[k].eps) << ": " << n(max[k]) << (k + 1 < study.runs.size() ? ";" : "");
        out << "\n";
    }
    out << "t";
    for (const std::string& name : study.variables)
        for (const EpsStudyRun& run : study.runs) {
            const std::string eps = epsLabel(run.eps);
            out << ',' << name << "_eps" << eps << ",abs_d" << name << "_eps" << eps;
        }
    out << '\n';
    for (size_t i = 0; i < study.t.size(); ++i) {
        out << n(study.t[i]);
        for (size_t v = 0; v < study.variables.size(); ++v)
            for (const EpsStudyRun& run : study.runs) {
                if (v < run.differences.size())
                    out << ',' << n(run.differences[v].values[i]) << ',' << n(run.differences[v].difference[i]);
                else
                    out << ",,";
            }
        out << '\n';
    }
    return out.str();
}

} // namespace fl
