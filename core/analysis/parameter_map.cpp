#include "analysis/parameter_map.h"
#include "analysis/lyapunov.h"
#include "analysis/lyapunov_curve.h"
#include "common/guarded.h"
#include "params/parameter_spec.h"
#include "scene/mechanism_scene.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <boost/math/tools/minima.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fl {
namespace {

/// Relative range below which a recording is at rest (as bifurcation_sweep.cpp's noise floor).
constexpr double kAtRestRange = 1e-6;
/// Dense-output samples per step for extremes and the near-stick reading.
constexpr int kSubSamples = 8;

/// Everything the observables need from the recording, collected step by step.
class MapRecorder final : public DynamicsObserver {
public:
    MapRecorder(const Scenario& scenario, const Dynamics& dynamics, const MapSpec& spec, const std::vector<double>& y0)
        : lowest(y0), highest(y0), m_scenario(scenario), m_dynamics(dynamics), m_spec(spec),
          m_section(defaultSection(scenario)), m_previous(y0), m_y(y0.size()),
          m_outputs(dynamics.outputNames().size()), m_low(y0[static_cast<size_t>(spec.variable)]), m_high(m_low)
    {
        const SystemInfo* system = findSystem(scenario.systemId);
        if (system)
            m_nearStick = system->nearStick;
    }

    bool onStep(const StepView& step, int mode) override
    {
        if (!m_started) {
            begin = step.t0;
            m_started = true;
        }
        end = step.t1;
        for (size_t v = 0; v < lowest.size(); ++v) {
            lowest[v] = std::min(lowest[v], step.y1[v]);
            highest[v] = std::max(highest[v], step.y1[v]);
        }
        if (m_spec.observable == MapObservable::Amplitude)
            extremes(step);
        const bool periodic = m_spec.observable == MapObservable::Period || m_spec.observable == MapObservable::StickPhases;
        if (periodic)
            m_section.collect(step, m_previous, sectionPoints);
        if (m_spec.observable == MapObservable::StickFraction || m_spec.observable == MapObservable::StickPhases)
            stick(step, mode);
        m_previous.assign(step.y1, step.y1 + m_previous.size());
        return !periodic || static_cast<int>(sectionPoints.size()) < sectionPointsToDecide(m_spec.maxPeriod);
    }
    void onSwitch(double t, ContactMode entered, int) override
    {
        if (entered == ContactMode::Stick)
            stickEntries.push_back(t);
    }

    double amplitude() const { return 0.5 * (m_high - m_low); }
    /// Every state variable stayed within the noise floor.
    bool atRest() const
    {
        for (size_t v = 0; v < lowest.size(); ++v)
            if (highest[v] - lowest[v] >= kAtRestRange * (1.0 + std::max(std::abs(lowest[v]), std::abs(highest[v]))))
                return false;
        return true;
    }

    std::vector<double> lowest, highest;
    std::vector<SectionPoint> sectionPoints;
    std::vector<double> stickEntries; ///< times at which a stick phase began
    double stickTime = 0.0;
    double begin = 0.0, end = 0.0;    ///< the recorded span (the last step may end past the recording time)

private:
    double valueAt(const StepView& step, double t)
    {
        step.stateAt(t, m_y.data());
        return m_y[static_cast<size_t>(m_spec.variable)];
    }
    /// Least and greatest value of the variable: sub-samples, each interior extreme refined by
    /// Brent's method on the dense output (to round-off in the value).
    void extremes(const StepView& step)
    {
        const double h = (step.t1 - step.t0) / kSubSamples;
        if (!(h > 0.0))
            return;
        double f[kSubSamples + 1];
        for (int k = 0; k <= kSubSamples; ++k)
            f[k] = k == kSubSamples ? step.y1[m_spec.variable] : valueAt(step, step.t0 + k * h);
        for (int k = 0; k <= kSubSamples; ++k) {
            m_low = std::min(m_low, f[k]);
            m_high = std::max(m_high, f[k]);
        }
        for (int k = 1; k < kSubSamples; ++k) {
            const double a = step.t0 + (k - 1) * h, b = step.t0 + (k + 1) * h;
            if (f[k] >= f[k - 1] && f[k] >= f[k + 1] && f[k] > std::min(f[k - 1], f[k + 1])) {
                const auto r = boost::math::tools::brent_find_minima([&](double t) { return -valueAt(step, t); }, a, b, 52);
                m_high = std::max(m_high, -r.second);
            }
            if (f[k] <= f[k - 1] && f[k] <= f[k + 1] && f[k] < std::max(f[k - 1], f[k + 1])) {
                const auto r = boost::math::tools::brent_find_minima([&](double t) { return valueAt(step, t); }, a, b, 52);
                m_low = std::min(m_low, r.second);
            }
        }
    }
    /// Stick time and stick entries: the exact mode of event-driven steps, else the system's
    /// near-stick rule (near_stick.h) on the sub-samples.
    void stick(const StepView& step, int mode)
    {
        const double length = step.t1 - step.t0;
        if (mode >= 0) {
            if (mode == static_cast<int>(ContactMode::Stick))
                stickTime += length;
            return;
        }
        if (!m_nearStick)
            return;
        const double h = length / kSubSamples;
        for (int k = 1; k <= kSubSamples; ++k) {
            const double t = step.t0 + k * h;
            step.stateAt(t, m_y.data());
            m_dynamics.outputs(t, m_y.data(), -1, m_outputs.data());
            MechanismFrame frame;
            frame.t = t;
            frame.y = m_y.data();
            frame.outputs = m_outputs.empty() ? nullptr : m_outputs.data();
            const bool now = m_nearStick(m_scenario, frame).stick();
            if (now)
                stickTime += h; // each sub-interval counts as its end reads
            if (now && !m_wasNearStick)
                stickEntries.push_back(t);
            m_wasNearStick = now;
        }
    }

    const Scenario& m_scenario;
    const Dynamics& m_dynamics;
    const MapSpec& m_spec;
    PoincareSection m_section;
    NearStickRule m_nearStick;
    std::vector<double> m_previous, m_y, m_outputs;
    double m_low, m_high;
    bool m_started = false;
    bool m_wasNearStick = true; ///< a recording that starts in near-stick does not count an entry
};

/// Per state variable: 1 where the system labels it an angle (unit "rad"), compared modulo 2 pi.
std::vector<char> angleVariables(const Scenario& scenario, const std::vector<std::string>& names)
{
    std::vector<char> angle(names.size(), 0);
    for (size_t v = 0; v < names.size(); ++v) {
        const VariableLabel* label = findVariableLabel(scenario.systemId, names[v]);
        angle[v] = label && label->unit == "rad" ? 1 : 0;
    }
    return angle;
}

/// Stick entries in the last whole periods of a periodic recording, per period.
double stickPhasesPerPeriod(const MapRecorder& recorder, double period)
{
    const auto& points = recorder.sectionPoints;
    const int p = static_cast<int>(period);
    const int periods = (static_cast<int>(points.size()) - 1) / p;
    if (periods < 1)
        return kMapNotPeriodic;
    const double end = points.back().t, begin = points[points.size() - 1 - static_cast<size_t>(periods * p)].t;
    const auto count = std::count_if(recorder.stickEntries.begin(), recorder.stickEntries.end(),
                                     [&](double t) { return t > begin && t <= end; });
    return static_cast<double>(count) / periods;
}

Status setPoint(Scenario& scenario, const MapSpec& spec, int i, int j)
{
    Status status = scenario.params.set(spec.x.parameter, spec.x.value(i));
    if (status.ok())
        status = scenario.params.set(spec.y.parameter, spec.y.value(j));
    return status.ok() ? validate(scenario) : status;
}

MapPoint lyapunovPoint(const Scenario& scenario, const MapSpec& spec, const std::atomic<bool>* cancel)
{
    MapPoint point;
    LyapunovOptions options;
    point.status = lyapunovOptionsFor(scenario, options);
    if (!point.status.ok())
        return point;
    options.transient = spec.transient;
    options.duration = spec.record;
    options.interval = spec.lyapunovInterval;
    options.count = 1;
    options.integration.cancel = cancel;
    const auto dynamics = makeDynamics(scenario, cancel);
    const LyapunovResult r = lyapunovOfDynamics(*dynamics, options);
    point.status = r.status;
    if (r.status.ok())
        point.value = r.exponents.front();
    return point;
}

MapPoint recordedPoint(const Scenario& scenario, const MapSpec& spec, const std::atomic<bool>* cancel)
{
    MapPoint point;
    const auto dynamics = makeDynamics(scenario, cancel);
    std::vector<double> y = dynamics->initialState();
    double t = 0.0;
    IntegrationStats stats;
    IgnoreSteps ignore;
    point.status = dynamics->integrate(y, t, spec.transient, ignore, stats);
    if (!point.status.ok())
        return point;
    MapRecorder recorder(scenario, *dynamics, spec, y);
    point.status = dynamics->integrate(y, t, spec.transient + spec.record, recorder, stats);
    point.steps = stats.steps;
    if (!point.status.ok())
        return point;
    const bool rest = recorder.atRest();
    switch (spec.observable) {
    case MapObservable::Amplitude:
        point.value = recorder.amplitude();
        break;
    case MapObservable::StickFraction:
        point.value = recorder.end > recorder.begin ? std::clamp(recorder.stickTime / (recorder.end - recorder.begin), 0.0, 1.0) : 0.0;
        break;
    case MapObservable::Period:
    case MapObservable::StickPhases: {
        if (rest) {
            point.value = kMapAtRest;
            break;
        }
        std::vector<double> scale(y.size());
        const std::vector<char> angle = angleVariables(scenario, dynamics->stateNames());
        for (size_t v = 0; v < y.size(); ++v) // a rotating angle's range grows without bound
            scale[v] = std::min(recorder.highest[v] - recorder.lowest[v], angle[v] ? 2.0 * std::numbers::pi : HUGE_VAL);
        const double period = attractorPeriod(recorder.sectionPoints, scale, angle,
                                              spec.maxPeriod, spec.periodTolerance);
        point.value = spec.observable == MapObservable::Period || period < 1.0
                          ? period
                          : stickPhasesPerPeriod(recorder, period);
        break;
    }
    case MapObservable::Lyapunov:
        break;
    }
    return point;
}

} // namespace

const char* mapObservableId(MapObservable observable)
{
    switch (observable) {
    case MapObservable::Amplitude: return "amplitude";
    case MapObservable::Period: return "period";
    case MapObservable::Lyapunov: return "lyapunov";
    case MapObservable::StickFraction: return "stick-fraction";
    case MapObservable::StickPhases: return "stick-phases";
    }
    return "";
}

bool parseMapObservable(std::string_view id, MapObservable& observable)
{
    for (MapObservable o : {MapObservable::Amplitude, MapObservable::Period, MapObservable::Lyapunov,
                            MapObservable::StickFraction, MapObservable::StickPhases})
        if (id == mapObservableId(o)) {
            observable = o;
            return true;
        }
    return false;
}

double MapAxis::value(int k) const
{
    if (steps <= 1 || k <= 0)
        return from;
    if (k >= steps - 1)
        return to;
    return from + (to - from) * k / (steps - 1);
}

double attractorPeriod(const std::vector<SectionPoint>& points, const std::vector<double>& scale,
                       const std::vector<char>& angle, int maxPeriod, double tolerance)
{
    const int n = static_cast<int>(points.size());
    for (int p = 1; p <= maxPeriod; ++p) {
        const int comparisons = std::max(p, 8);
        if (n < p + comparisons)
            break;
        bool repeats = true;
        for (int k = n - comparisons - p; k < n - p && repeats; ++k) {
            const std::vector<double>& a = points[static_cast<size_t>(k)].y;
            const std::vector<double>& b = points[static_cast<size_t>(k + p)].y;
            for (size_t v = 0; v < a.size() && repeats; ++v) {
                double d = b[v] - a[v];
                if (v < angle.size() && angle[v])
                    d = std::remainder(d, 2.0 * std::numbers::pi);
                repeats = std::abs(d) <= tolerance * (1.0 + (v < scale.size() ? scale[v] : 0.0));
            }
        }
        if (repeats)
            return p;
    }
    return n < sectionPointsToDecide(maxPeriod) ? kMapUndecided : kMapNotPeriodic;
}

Status validateMap(const Scenario& base, const MapSpec& spec)
{
    if (spec.x.parameter == spec.y.parameter)
        return Status::error("the map's x and y must be two different parameters");
    const int n = static_cast<int>(stateNames(base).size());
    for (const MapAxis* axis : {&spec.x, &spec.y}) {
        const int index = base.params.index(axis->parameter);
        if (index < 0)
            return Status::error("unknown map parameter '" + axis->parameter + "'");
        const ParameterSpec& p = base.params.specs()[static_cast<size_t>(index)];
        if (!std::isfinite(axis->from) || !std::isfinite(axis->to) || axis->from < p.min || axis->to > p.max
            || axis->from >= axis->to)
            return Status::error("map range [" + formatNumber(axis->from) + ", " + formatNumber(axis->to) + "] of " + p.id
                                 + " must be increasing and inside " + rangeText(p));
        if (axis->steps < 2 || axis->steps > kMaxMapAxisSteps)
            return Status::error("map steps of " + p.id + " must be in [2, " + std::to_string(kMaxMapAxisSteps) + "]");
        for (double end : {axis->from, axis->to}) {
            Scenario at = base;
            if (at.params.set(axis->parameter, end).ok() && static_cast<int>(stateNames(at).size()) != n)
                return Status::error(p.id + " sets the number of state variables, so it cannot be a map axis");
        }
    }
    if (static_cast<long>(spec.x.steps) * spec.y.steps > kMaxMapPoints)
        return Status::error("a map has at most " + std::to_string(kMaxMapPoints) + " points");
    if (!std::isfinite(spec.transient) || !std::isfinite(spec.record) || spec.transient < 0.0 || !(spec.record > 0.0)
        || spec.transient + spec.record > kMaxMapPointTime)
        return Status::error("the transient must be >= 0, the recording time > 0, together at most " + formatNumber(kMaxMapPointTime));
    if (spec.variable < 0 || spec.variable >= n)
        return Status::error("the amplitude's variable must be a state variable");
    if (spec.maxPeriod < 1 || spec.maxPeriod > kMaxMapLongestPeriod)
        return Status::error("the longest period looked for must be in [1, " + std::to_string(kMaxMapLongestPeriod) + "]");
    if (!(spec.periodTolerance > 0.0) || !(spec.periodTolerance < 1.0))
        return Status::error("the period tolerance must be in (0, 1)");
    if (spec.observable == MapObservable::Lyapunov) {
        if (!(spec.lyapunovInterval > 0.0) || spec.lyapunovInterval > spec.record)
            return Status::error("the Lyapunov re-orthonormalisation interval must be in (0, recording time]");
        LyapunovOptions options;
        if (const Status s = lyapunovOptionsFor(base, options); !s.ok())
            return s;
    }
    return validate(base);
}

MapPoint computeMapPoint(const Scenario& base, const MapSpec& spec, int i, int j, const std::atomic<bool>* cancel)
{
    MapPoint point;
    Scenario scenario = base;
    point.status = setPoint(scenario, spec, i, j);
    if (!point.status.ok())
        return point;
    const Status status = guarded("map point", [&] {
        point = spec.observable == MapObservable::Lyapunov ? lyapunovPoint(scenario, spec, cancel)
                                                           : recordedPoint(scenario, spec, cancel);
        return point.status;
    });
    if (!status.ok()) {
        point.value = std::numeric_limits<double>::quiet_NaN();
        point.status = status;
    }
    return point;
}

} // namespace fl
