#include "analysis/friction_curve.h"
#include "friction/friction_law.h"
#include "solvers/smooth_friction.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl {
namespace {
double finiteOrNan(double value) { return std::isfinite(value) ? value : std::numeric_limits<double>::quiet_NaN(); }
} // namespace

Polyline frictionCharacteristic(const Scenario& scenario, double vMin, double vMax, int points)
{
    Polyline curve;
    const FrictionLawInfo* info = findFrictionLaw(scenario.lawId);
    if (!info)
        return curve; // plane-contact laws have no 1-D characteristic
    const std::unique_ptr<FrictionLaw> law = info->create(scenario.params);
    // A law with memory: its steady-state force at constant sliding, under the run's loop.
    if (!usesRegularization(scenario) || info->hasMemory()) {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        // v_r < 0: F = +g(|v_r|), then the stick segment, then v_r > 0: F = -g(v_r).
        for (int i = 0; i < points; ++i) {
            const double v = vMin * (1.0 - static_cast<double>(i) / (points - 1));
            curve.x.push_back(v);
            curve.y.push_back(finiteOrNan(law->branchMagnitude(-v, -1.0)));
        }
        if (info->hasMemory()) { // steady sliding only: the run's loop shows what happens near v_r = 0
            curve.x.push_back(nan);
            curve.y.push_back(nan);
        } else {
            curve.x.insert(curve.x.end(), {0.0, 0.0, nan});
            curve.y.insert(curve.y.end(), {law->branchStaticLimit(-1.0), -law->branchStaticLimit(1.0), nan});
        }
        for (int i = 0; i < points; ++i) {
            const double v = vMax * static_cast<double>(i) / (points - 1);
            curve.x.push_back(v);
            curve.y.push_back(-finiteOrNan(law->branchMagnitude(v, 1.0)));
        }
        return curve;
    }
    const double eps = scenario.params.value("eps");
    const SmoothFriction friction(*law, scenario.regularization, eps);
    std::vector<double> v;
    for (int i = 0; i < points; ++i)
        v.push_back(vMin + (vMax - vMin) * i / (points - 1));
    // Resolve the width-eps layer: |v_r| = eps * 10^k, k in [-2, 2].
    for (int i = 0; i <= 80; ++i) {
        const double w = eps * std::pow(10.0, -2.0 + 4.0 * i / 80.0);
        if (w < vMax) v.push_back(w);
        if (-w > vMin) v.push_back(-w);
    }
    v.push_back(0.0);
    std::sort(v.begin(), v.end());
    for (double vr : v) {
        curve.x.push_back(vr);
        curve.y.push_back(friction.force(vr));
    }
    return curve;
}

} // namespace fl
