#include "analysis/near_stick_run.h"
#include "scene/scene_builder.h"
#include "systems/system_registry.h"

#include <algorithm>

namespace fl {
namespace {

/// Time where g, linear between (t0, g0) and (t1, g1), crosses zero (g0 and g1 of opposite signs).
double crossing(double t0, double g0, double t1, double g1)
{
    const double d = g0 - g1;
    return d == 0.0 ? t1 : t0 + (t1 - t0) * std::clamp(g0 / d, 0.0, 1.0);
}

/// The rule at every sample: speed - threshold (negative while near-stick) and the thresholds.
std::vector<double> margins(const NearStickRule& rule, const Scenario& scenario, const RunResult& run, NearStickRun& out)
{
    const size_t n = static_cast<size_t>(run.dimension()), m = run.outputNames.size();
    std::vector<double> g(run.size());
    out.stick.assign(run.size(), 0);
    for (size_t i = 0; i < run.size(); ++i) {
        MechanismFrame frame;
        frame.t = run.t[i];
        frame.y = run.states.data() + i * n;
        frame.outputs = m > 0 ? run.outputs.data() + i * m : nullptr;
        const NearStick s = rule(scenario, frame);
        g[i] = s.speed - s.threshold;
        out.stick[i] = (out.exact ? s.speed == 0.0 : s.stick()) ? 1 : 0;
        out.minThreshold = i == 0 ? s.threshold : std::min(out.minThreshold, s.threshold);
        out.maxThreshold = i == 0 ? s.threshold : std::max(out.maxThreshold, s.threshold);
        if (i == 0)
            out.symbol = s.symbol;
    }
    return g;
}

} // namespace

NearStickRun findNearStick(const Scenario& scenario, const RunResult& run)
{
    NearStickRun out;
    const SystemInfo* system = findSystem(scenario.systemId);
    if (!run.mode.empty() || run.size() == 0 || !system || !system->nearStick)
        return out;
    out.exact = scenario.method == Method::EventDriven;
    const std::vector<double> g = margins(system->nearStick, scenario, run, out);
    // Each run of near-stick samples is one interval, its ends where the margin crosses zero (an
    // exact reading: the samples at the switches, which an event-driven run records).
    for (size_t i = 0; i < run.size(); ++i) {
        if (!out.stick[i])
            continue;
        size_t j = i;
        while (j + 1 < run.size() && out.stick[j + 1])
            ++j;
        if (out.exact) {
            out.intervals.push_back({run.t[i], run.t[j]});
            i = j;
            continue;
        }
        const double begin = i == 0 ? run.t[0] : crossing(run.t[i - 1], g[i - 1], run.t[i], g[i]);
        const double end = j + 1 == run.size() ? run.t[j] : crossing(run.t[j], g[j], run.t[j + 1], g[j + 1]);
        out.intervals.push_back({begin, end});
        i = j;
    }
    return out;
}

std::string describeNearStick(const NearStickRun& reading)
{
    if (reading.empty())
        return {};
    if (reading.exact)
        return reading.symbol + " = 0";
    std::string text = reading.symbol + " < " + scene::formatShort(reading.minThreshold);
    if (reading.maxThreshold > reading.minThreshold * (1.0 + 1e-9))
        text += "…" + scene::formatShort(reading.maxThreshold);
    return text;
}

double totalLength(const std::vector<TimeInterval>& intervals)
{
    double sum = 0.0;
    for (const TimeInterval& interval : intervals)
        sum += interval.end - interval.begin;
    return sum;
}

} // namespace fl
