#include "analysis/bifurcation_sweep.h"
#include "scenario/parameter_expression.h"
#include "solvers/section_plane_expression.h"
#include "common/workers.h"
#include "analysis/extrema_detector.h"
#include "solvers/poincare_section.h"
#include "common/guarded.h"
#include "params/parameter_spec.h"
#include "simulation/dynamics_factory.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl {
namespace {

/// Noise floor: a column is an equilibrium when every state variable's range over the recording,
/// relative to 1 + its magnitude, stays below this: far below what a diagram resolves, above the
/// ringing an integrator leaves about a fixed point (velocities ~1e-8 at tol 1e-8, Acta Fig. 6a).
constexpr double kSettledRange = 1e-6;

/// Feeds every step to the chosen observable until enough points are recorded.
class ObservableCollector final : public DynamicsObserver {
public:
    ObservableCollector(const SweepSpec& spec, const PoincareSection& section, const std::vector<double>& y0)
        : lowest(y0), highest(y0), m_spec(spec), m_previous(y0), m_maxima(spec.variable, static_cast<int>(y0.size())), m_section(section)
    {
    }
    bool onStep(const StepView& step, int) override
    {
        for (size_t j = 0; j < lowest.size(); ++j) {
            lowest[j] = std::min(lowest[j], step.y1[j]);
            highest[j] = std::max(highest[j], step.y1[j]);
        }
        if (m_spec.observable == SweepObservable::Maxima)
            m_maxima.collect(step, points);
        else
            m_section.collect(step, m_previous, points);
        m_previous.assign(step.y1, step.y1 + m_previous.size());
        return static_cast<int>(points.size()) < m_spec.samples;
    }
    /// True when no state variable moved by more than the noise floor while recording.
    bool atRest() const
    {
        for (size_t j = 0; j < lowest.size(); ++j)
            if (highest[j] - lowest[j] >= kSettledRange * (1.0 + std::max(std::abs(lowest[j]), std::abs(highest[j]))))
                return false;
        return true;
    }
    std::vector<SectionPoint> points;
    std::vector<double> lowest, highest; ///< range of each state variable at step ends

private:
    const SweepSpec& m_spec;
    std::vector<double> m_previous;
    MaximaDetector m_maxima;
    PoincareSection m_section;
};

SweepColumn computeColumn(const Scenario& base, const SweepSpec& spec, double value, std::vector<double>* yCarry,
                          double* tCarry, const std::atomic<bool>* cancel);

/// The sweep's section at a scenario's values: a strobe's period or a plane written as an
/// expression of the parameters (2*pi/w, x - d) is evaluated there.
Status sweepSection(const SweepSpec& spec, const Scenario& scenario, PoincareSection& section)
{
    if (spec.observable == SweepObservable::Stroboscopic) {
        double period = spec.period;
        if (!spec.periodText.empty())
            if (Status status = positiveParameterExpression(spec.periodText, scenario.params, "the period", period); !status.ok())
                return status;
        section = PoincareSection::stroboscopic(period);
    } else if (spec.observable == SweepObservable::Hyperplane && !spec.sectionPlane.empty()) {
        SectionPlaneExpression plane;
        if (Status status = SectionPlaneExpression::parse(spec.sectionPlane, stateNames(scenario), scenario.params, plane); !status.ok())
            return status;
        return plane.at(scenario.params, spec.level, spec.crossingDirection, section);
    }
    return Status::success();
}

/// computeColumn, an exception (a failed root find, out of memory) turned into the column's status.
SweepColumn guardedColumn(const Scenario& base, const SweepSpec& spec, double value, std::vector<double>* yCarry,
                          double* tCarry, const std::atomic<bool>* cancel)
{
    SweepColumn column;
    const Status status = guarded("sweep column", [&] {
        column = computeColumn(base, spec, value, yCarry, tCarry, cancel);
        return Status::success();
    });
    if (!status.ok()) {
        column = SweepColumn{};
        column.parameter = value;
        column.status = status;
    }
    return column;
}

/// One parameter value: transient, then recording. (t, y) carry the state in and out.
SweepColumn computeColumn(const Scenario& base, const SweepSpec& spec, double value, std::vector<double>* yCarry,
                          double* tCarry, const std::atomic<bool>* cancel)
{
    SweepColumn column;
    column.parameter = value;
    Scenario scenario = base;
    column.status = scenario.params.set(spec.parameter, value);
    if (column.status.ok())
        column.status = validate(scenario);
    PoincareSection section = PoincareSection::hyperplane(spec.sectionVariable, spec.level, spec.crossingDirection);
    if (column.status.ok())
        column.status = sweepSection(spec, scenario, section);
    if (!column.status.ok())
        return column;
    const std::unique_ptr<Dynamics> dynamics = makeDynamics(scenario, cancel);
    // Continuation carries the previous value's state (validateSweep keeps its size; a state of
    // another size is never carried).
    const bool carry = yCarry && yCarry->size() == static_cast<size_t>(dynamics->dimension());
    std::vector<double> y = carry ? *yCarry : dynamics->initialState();
    double t = carry ? *tCarry : 0.0;
    IntegrationStats stats;
    IgnoreSteps ignore;
    column.status = dynamics->integrate(y, t, t + spec.transient, ignore, stats);
    if (column.status.ok()) {
        ObservableCollector collector(spec, section, y);
        column.status = dynamics->integrate(y, t, t + spec.maxRecordTime, collector, stats);
        for (const SectionPoint& p : collector.points)
            column.values.push_back(p.y[static_cast<size_t>(spec.variable)]);
        // At rest (every variable still to the noise floor) the column is one point, whatever
        // crossed; a motion that never met the section records nothing (it is no equilibrium).
        if (collector.atRest()) {
            column.settled = true;
            column.values.assign(1, y[static_cast<size_t>(spec.variable)]);
        }
    }
    column.steps = stats.steps;
    if (yCarry) {
        *yCarry = y;
        *tCarry = t;
    }
    return column;
}

} // namespace

Status validateSweep(const Scenario& base, const SweepSpec& spec)
{
    const int index = base.params.index(spec.parameter);
    if (index < 0)
        return Status::error("unknown sweep parameter '" + spec.parameter + "'");
    const ParameterSpec& p = base.params.specs()[static_cast<size_t>(index)];
    if (spec.from < p.min || spec.to > p.max || spec.from >= spec.to)
        return Status::error("sweep range [" + formatNumber(spec.from) + ", " + formatNumber(spec.to) + "] of " + p.id
                             + " must be increasing and inside " + rangeText(p));
    if (spec.steps < 2 || spec.steps > 100000)
        return Status::error("sweep steps must be in [2, 100000]");
    if (!std::isfinite(spec.transient) || !std::isfinite(spec.maxRecordTime) || !std::isfinite(spec.level)
        || !std::isfinite(spec.period))
        return Status::error("the transient, recording time, section level and period must be finite numbers");
    if (spec.samples < 1 || spec.transient < 0.0 || spec.maxRecordTime <= 0.0)
        return Status::error("samples must be >= 1, transient >= 0 and the recording time > 0");
    if (spec.transient + spec.maxRecordTime > kMaxSweepTime)
        return Status::error("transient + recording time = " + formatNumber(spec.transient + spec.maxRecordTime)
                             + " per value; at most " + formatNumber(kMaxSweepTime));
    const int n = static_cast<int>(stateNames(base).size());
    for (double end : {spec.from, spec.to}) { // e.g. S5's n: 2n state variables
        Scenario at = base;
        if (at.params.set(spec.parameter, end).ok() && static_cast<int>(stateNames(at).size()) != n)
            return Status::error(p.id + " sets the number of state variables, so it cannot be swept");
    }
    if (spec.variable < 0 || spec.variable >= n || spec.sectionVariable < 0 || spec.sectionVariable >= n)
        return Status::error("the sweep variable must be a state variable");
    if (spec.observable == SweepObservable::Hyperplane && !spec.sectionPlane.empty()) {
        // A plane of the parameters: a section at each swept value.
        SectionPlaneExpression plane;
        if (Status status = SectionPlaneExpression::parse(spec.sectionPlane, stateNames(base), base.params, plane); !status.ok())
            return status;
        Scenario at = base;
        for (int i = 0; i < spec.steps; ++i) {
            const double value = sweepValue(spec, i);
            (void)at.params.set(spec.parameter, value); // in range: checked above
            PoincareSection section = PoincareSection::hyperplane(0, 0.0, 1);
            if (Status status = plane.at(at.params, spec.level, spec.crossingDirection, section); !status.ok())
                return Status::error(status.message() + " (" + p.id + " = " + formatNumber(value) + ")");
        }
    }
    if (spec.observable == SweepObservable::Stroboscopic) {
        // The shortest period over the swept values (a period of the parameters: at each of them).
        double period = spec.period;
        if (!spec.periodText.empty()) {
            ParameterExpression written;
            if (Status status = ParameterExpression::parse(spec.periodText, base.params, written); !status.ok())
                return Status::error("the period " + status.message());
            period = std::numeric_limits<double>::infinity();
            Scenario at = base;
            for (int i = 0; i < spec.steps; ++i) {
                const double value = sweepValue(spec, i);
                (void)at.params.set(spec.parameter, value); // in range: checked above
                const double here = written.evaluate(at.params);
                if (!std::isfinite(here) || !(here > 0.0))
                    return Status::error("the period " + spec.periodText + " is " + formatNumber(here) + " at " + p.id + " = "
                                         + formatNumber(value) + "; it must be > 0");
                period = std::min(period, here);
            }
        }
        if (!(period > 0.0))
            return Status::error("a stroboscopic section needs a period > 0");
        if ((spec.transient + spec.maxRecordTime) / period > kMaxStrobeTimes)
            return Status::error("a stroboscopic period of " + formatNumber(period) + " makes "
                                 + formatNumber((spec.transient + spec.maxRecordTime) / period) + " section times per value; at most "
                                 + formatNumber(kMaxStrobeTimes) + " (raise the period)");
    }
    return validate(base);
}

bool isPeriodProblem(const std::string& message) { return message.rfind("the period ", 0) == 0 || message.rfind("a stroboscopic", 0) == 0; }

int sweepThreads(const SweepSpec& spec, int threads)
{
    const int branches = spec.direction == SweepDirection::Both ? 2 : 1;
    return std::max(1, std::min(threads, spec.continuation ? branches : branches * spec.steps));
}

double sweepValue(const SweepSpec& spec, int i) { return spec.from + (spec.to - spec.from) * i / (spec.steps - 1); }

namespace {

int branchCount(const SweepSpec& spec) { return spec.direction == SweepDirection::Both ? 2 : 1; }

} // namespace

int sweepJobCount(const SweepSpec& spec) { return branchCount(spec) * (spec.continuation ? 1 : spec.steps); }

std::vector<SweepColumn> runSweepJob(const Scenario& base, const SweepSpec& spec, int job, const std::atomic<bool>* cancel,
                                     const std::function<void(const SweepColumn&)>& onColumn)
{
    // Branch b is the up sweep unless the sweep is down only; with continuation a job is a whole
    // branch (sequential inside), else one column of it.
    const int perBranch = spec.continuation ? 1 : spec.steps;
    const int b = job / perBranch;
    const int branch = spec.direction == SweepDirection::Down ? 1 : b;
    const int offset = b * spec.steps;
    std::vector<int> order;
    if (spec.continuation) {
        for (int k = 0; k < spec.steps; ++k)
            order.push_back(branch == 0 ? k : spec.steps - 1 - k);
    } else {
        const int k = job % perBranch;
        order.push_back(branch == 0 ? k : spec.steps - 1 - k);
    }
    const int firstIndex = offset + (spec.continuation ? 0 : job % perBranch);
    std::vector<SweepColumn> columns;
    std::vector<double> y;
    double t = 0.0;
    for (size_t k = 0; k < order.size(); ++k) {
        if (cancel && cancel->load())
            break;
        SweepColumn column = guardedColumn(base, spec, sweepValue(spec, order[k]), spec.continuation ? &y : nullptr, &t, cancel);
        column.index = firstIndex + static_cast<int>(k);
        column.branch = branch;
        if (cancel && cancel->load())
            break;
        if (onColumn)
            onColumn(column);
        columns.push_back(std::move(column));
    }
    return columns;
}

std::vector<SweepColumn> runSweep(const Scenario& base, const SweepSpec& spec, int threads, const std::atomic<bool>* cancel,
                                  const std::function<void(const SweepColumn&)>& onColumn)
{
    std::vector<SweepColumn> result(static_cast<size_t>(branchCount(spec)) * static_cast<size_t>(spec.steps));
    const int jobs = sweepJobCount(spec);
    std::atomic<int> next{0};
    auto worker = [&]() {
        for (int j = next++; j < jobs; j = next++) {
            if (cancel && cancel->load())
                return;
            for (SweepColumn& column : runSweepJob(base, spec, j, cancel, onColumn))
                result[static_cast<size_t>(column.index)] = std::move(column);
        }
    };
    runWorkers(sweepThreads(spec, threads), worker);
    return result;
}

} // namespace fl
