// Speed of orbit continuation against its targets (one period's monodromy matrix of a forced-belt orbit
// under 1 ms, a branch of 200 orbits under 2 s): the monodromy matrix (variational equations with
// saltation matrices), and whole branches. Median wall time of
// repeated runs on this machine; run by hand: ./build/tests/bench/continuation_bench
#include "analysis/orbit_continuation.h"
#include "analysis/orbit_phases.h"
#include "simulation/dynamics_factory.h"
#include "solvers/dynamics.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double medianMs(std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

fl::Scenario forcedBelt(double zeta, double A, double w, double vb, fl::Method method = fl::Method::EventDriven)
{
    fl::Scenario s = fl::defaultScenario();
    s.method = method;
    s.params.set("zeta", zeta);
    s.params.set("A", A);
    s.params.set("w", w);
    s.params.set("v_b", vb);
    return s;
}

void monodromy(const char* label, const fl::Scenario& s)
{
    fl::OrbitClosure c;
    fl::orbitClosure(s, 1, c);
    const auto d = fl::makeDynamics(s);
    std::vector<double> y;
    if (!fl::settledSectionState(*d, c, 300, y).ok() || !fl::shootInsideSlip(*d, c, y).ok())
        return (void)std::printf("%s: the run failed\n", label);
    const fl::PeriodicOrbit orbit = fl::refineOrbit(*d, c, y);
    if (!orbit.status.ok())
        return (void)std::printf("%s: %s\n", label, orbit.status.message().c_str());
    std::vector<double> ms;
    for (int i = 0; i < 400; ++i) {
        const auto start = Clock::now();
        const fl::OrbitReturn r = fl::orbitReturn(*d, c, orbit.start, true);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        if (!r.status.ok())
            return (void)std::printf("%s: %s\n", label, r.status.message().c_str());
    }
    std::printf("%-58s %8.3f ms  (%s, multipliers |%.3g|, |%.3g|)\n", label, medianMs(ms), orbit.sequence.c_str(),
                std::abs(orbit.multipliers[0]), std::abs(orbit.multipliers[1]));
}

void branch(const char* label, const fl::Scenario& s, const fl::ContinuationSetup& setup)
{
    std::vector<double> ms;
    size_t points = 0, located = 0;
    for (int i = 0; i < 5; ++i) {
        const auto start = Clock::now();
        const fl::Branch b = fl::continueBranch(s, setup);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        if (!b.status.ok())
            return (void)std::printf("%s: %s\n", label, b.status.message().c_str());
        points = b.points.size();
        located = b.located.size();
    }
    const double t = medianMs(ms);
    std::printf("%-58s %8.1f ms  (%zu orbits, %zu located points, %.2f ms per orbit)\n", label, t, points, located, t / static_cast<double>(points));
}

fl::ContinuationSetup setupOf(const char* parameter, double start, double from, double to)
{
    fl::ContinuationSetup setup;
    setup.parameter = parameter;
    setup.start = start;
    setup.from = from;
    setup.to = to;
    return setup;
}

} // namespace

int main()
{
    std::printf("Monodromy matrix of one period (median of 400):\n");
    monodromy("forced belt, stick-slip (zeta 0.1, A 2, w 1.5, v_b 0.3)", forcedBelt(0.1, 2.0, 1.5, 0.3));
    monodromy("forced belt, pure slip (zeta 0.1, A 0.2, w 1.5, v_b 1)", forcedBelt(0.1, 0.2, 1.5, 1.0));
    monodromy("forced belt, regularized (BDF), pure slip", forcedBelt(0.1, 0.2, 1.5, 1.0, fl::Method::Regularized));
    std::printf("Branches (median of 5, from the settling run to the last located point):\n");
    branch("forced belt in w over [0.3, 3] (zeta 0.05, A 2, v_b 0.1)", forcedBelt(0.05, 2.0, 1.0, 0.1), setupOf("w", 1.0, 0.3, 3.0));
    branch("forced belt in A over [2, 5] (zeta 0.1, w 1.5, v_b 0.3)", forcedBelt(0.1, 2.0, 1.5, 0.3), setupOf("A", 2.0, 2.0, 5.0));
    branch("unforced belt's stick-slip cycle in v_b over [0.1, 1.5]", forcedBelt(0.0, 0.0, 1.0, 0.5), setupOf("v_b", 0.5, 0.1, 1.5));
    return 0;
}
