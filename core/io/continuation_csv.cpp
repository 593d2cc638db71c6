#include "io/continuation_csv.h"
#include "common/number_text.h"
#include "io/csv_number.h"
#include "solvers/poincare_section.h"
#include "systems/scenario_setup.h"

namespace fl {
namespace {

std::string header(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch)
{
    const OrbitClosure& c = branch.closure;
    std::string text = "# " + describe(scenario) + "\n# continuation in " + setup.parameter + " over [" + formatNumber(setup.from) + ", "
                       + formatNumber(setup.to) + "] from " + formatNumber(setup.start) + "; ";
    const std::string derivative = branch.parameterDerivative.empty() ? "" : "; dG/d" + setup.parameter + " " + branch.parameterDerivative;
    if (branch.equilibria)
        return text + "equilibria (period 0; ev: the Jacobian's eigenvalues, largest real part first)" + derivative + "\n";
    text += c.forced ? "orbits of " + std::to_string(setup.periods) + " forcing period(s), section t = " + formatNumber(c.phase) + " mod "
                           + formatNumber(c.period / setup.periods)
                     : "orbits closing at crossing " + std::to_string(c.returns) + " of "
                           + sectionDefinitionText(c.normal.empty() ? PoincareSection::hyperplane(c.variable, c.level, c.direction)
                                                                    : PoincareSection::plane(c.normal, 0.0, c.level, c.direction),
                                                   branch.stateIds);
    if (setup.segments > 1)
        text += "; multiple shooting in " + std::to_string(setup.segments) + " segments";
    return text + derivative + "\n";
}

void appendState(std::string& row, const std::vector<double>& y)
{
    for (double v : y) {
        row += ',';
        appendCsvNumber(row, v);
    }
}

std::string quoted(const std::string& text)
{
    std::string q(1, '"');
    for (char ch : text) {
        if (ch == '"')
            q.push_back('"');
        q.push_back(ch);
    }
    q.push_back('"');
    return q;
}

} // namespace

std::string branchCsv(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch)
{
    std::string csv = header(scenario, setup, branch) + setup.parameter;
    for (const std::string& id : branch.stateIds)
        csv += "," + id;
    csv += ",period,stable,sequence";
    const size_t multipliers = branch.stateIds.size();
    const std::string name = branch.equilibria ? "ev" : "mu";
    for (size_t i = 1; i <= multipliers; ++i)
        csv += "," + name + std::to_string(i) + "_re," + name + std::to_string(i) + "_im";
    csv += "\n";
    for (const BranchPoint& p : branch.points) {
        appendCsvNumber(csv, p.parameter);
        appendState(csv, p.orbit.y);
        csv += ',';
        appendCsvNumber(csv, p.orbit.period);
        csv += p.orbit.stable ? ",1," : ",0,";
        csv += p.orbit.sequence;
        for (size_t i = 0; i < multipliers; ++i) {
            const std::complex<double> mu = i < p.orbit.multipliers.size() ? p.orbit.multipliers[i] : 0.0;
            csv += ',';
            appendCsvNumber(csv, mu.real());
            csv += ',';
            appendCsvNumber(csv, mu.imag());
        }
        csv += "\n";
    }
    return csv;
}

std::string locatedPointsCsv(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch)
{
    std::string csv = header(scenario, setup, branch) + "type," + setup.parameter;
    for (const std::string& id : branch.stateIds)
        csv += "," + id;
    csv += ",condition\n";
    for (const LocatedPoint& p : branch.located) {
        csv += p.type;
        csv += ',';
        appendCsvNumber(csv, p.parameter);
        appendState(csv, p.y);
        csv += ',';
        csv += quoted(p.condition);
        csv += '\n';
    }
    return csv;
}

std::string locatedCurvesCsv(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch, const CurveSetup& curves,
                             const std::vector<LocatedCurve>& followed)
{
    std::string csv = header(scenario, setup, branch) + "# each located point followed in " + curves.parameter + " over ["
                      + formatNumber(curves.from) + ", " + formatNumber(curves.to) + "] in " + std::to_string(curves.steps) + " steps\n";
    for (const LocatedCurve& c : followed)
        if (!c.ends.empty())
            csv += "# the " + c.type + " curve " + c.ends + "\n";
    csv += "type," + setup.parameter + "," + curves.parameter;
    for (const std::string& id : branch.stateIds)
        csv += "," + id;
    csv += ",condition\n";
    auto row = [&csv](const std::string& type, double first, double second, const std::vector<double>& y, const std::string& condition) {
        csv += type;
        for (double v : {first, second}) {
            csv += ',';
            appendCsvNumber(csv, v);
        }
        appendState(csv, y);
        csv += ',';
        csv += quoted(condition);
        csv += '\n';
    };
    const double second = scenario.params.value(curves.parameter);
    for (const LocatedPoint& p : branch.located)
        if (p.type == "branch-end")
            row(p.type, p.parameter, second, p.y, p.condition);
    for (const LocatedCurve& c : followed)
        for (const LocatedCurvePoint& p : c.points)
            row(c.type, p.first, p.second, p.y, p.condition);
    return csv;
}

} // namespace fl
