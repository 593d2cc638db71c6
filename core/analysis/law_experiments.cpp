#include "analysis/law_experiments.h"
#include "analysis/law_response.h"
#include "friction/friction_law.h"
#include "params/parameter_spec.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fl {
namespace {

/// The scales the law declares at these parameters (FrictionLawInfo::memoryScales); for a law
/// without memory the defaults, with a unit relaxation rate.
LawMemoryScales scalesOf(const std::string& lawId, const ParameterSet& p)
{
    const FrictionLawInfo* law = findFrictionLaw(lawId);
    LawMemoryScales scales = law && law->memoryScales ? law->memoryScales(p) : LawMemoryScales{};
    if (!scales.relaxationRate)
        scales.relaxationRate = [](double) { return 1.0; };
    return scales;
}

/// The samples of the last of `periods` periods (400 per period).
LawCurve lastPeriod(const LawResponse& r, const std::vector<double>& xs, const char* name, double value)
{
    LawCurve curve;
    curve.label = name; // appended, not "literal" + string: GCC 12's -Wrestrict false positive (PR 105329)
    curve.label += formatNumber(value);
    const size_t n = r.t.size();
    const size_t first = n > 401 ? n - 401 : 0;
    for (size_t i = first; i < n; ++i) {
        curve.x.push_back(xs[i]);
        curve.y.push_back(r.force[i]);
    }
    return curve;
}

} // namespace

std::vector<LawExperimentKind> experimentsFor(const std::string& lawId)
{
    // Pre-sliding needs a regime of it, which the law declares by a reach (at its default values).
    const FrictionLawInfo* law = findFrictionLaw(lawId);
    if (law && scalesOf(lawId, ParameterSet(law->specs)).preslidingReach > 0.0)
        return {LawExperimentKind::PreSliding, LawExperimentKind::FrictionalLag, LawExperimentKind::SpeedSteps};
    return {LawExperimentKind::FrictionalLag, LawExperimentKind::SpeedSteps};
}

LawExperimentSpec defaultExperiment(LawExperimentKind kind, const std::string& lawId, const ParameterSet& p)
{
    LawExperimentSpec spec;
    spec.kind = kind;
    const LawMemoryScales scales = scalesOf(lawId, p);
    switch (kind) {
    case LawExperimentKind::PreSliding: {
        const double reach = scales.preslidingReach > 0.0 ? scales.preslidingReach : 1e-3;
        spec.values = {0.25 * reach, 0.5 * reach, reach, 2.0 * reach, 4.0 * reach};
        spec.omega = 0.05;
        spec.periods = 3;
        spec.initialSlope = scales.bristleStiffness;
        break;
    }
    case LawExperimentKind::FrictionalLag: {
        spec.v0 = scales.lagSpeed;
        const double rate = scales.relaxationRate(spec.v0);
        spec.dv = 0.9 * spec.v0;
        spec.values = {0.001 * rate, 0.01 * rate, 0.1 * rate, rate};
        spec.periods = 4;
        break;
    }
    case LawExperimentKind::SpeedSteps: {
        spec.v0 = scales.stepLow;
        spec.dv = scales.stepHigh - scales.stepLow;
        spec.duration = 8.0 / scales.relaxationRate(spec.v0);
        break;
    }
    }
    return spec;
}

LawExperimentResult runLawExperiment(const StateFrictionLaw& law, const LawExperimentSpec& spec, const std::atomic<bool>* cancel)
{
    LawExperimentResult out;
    out.initialSlope = spec.kind == LawExperimentKind::PreSliding ? spec.initialSlope : 0.0;
    LawResponseOptions o;
    o.cancel = cancel;
    auto failed = [&](const LawResponse& r) {
        out.steps += r.steps;
        if (r.status.ok())
            return false;
        out.status = r.status;
        return true;
    };
    switch (spec.kind) {
    case LawExperimentKind::PreSliding: {
        out.xLabel = "x";
        const double period = 2.0 * std::numbers::pi / spec.omega;
        for (double X : spec.values) {
            o.tEnd = spec.periods * period;
            o.dt = period / 400.0;
            o.maxStep = period / 100.0;
            o.tol = std::max(1e-14, 1e-7 * X);
            const LawResponse r = lawResponse(law, PrescribedMotion::sinusoid(X, spec.omega), o);
            if (failed(r))
                return out;
            out.curves.push_back(lastPeriod(r, r.x, "X = ", X));
        }
        break;
    }
    case LawExperimentKind::FrictionalLag: {
        out.xLabel = "v_r";
        for (double w : spec.values) {
            const double period = 2.0 * std::numbers::pi / w;
            o.tEnd = spec.periods * period;
            o.dt = period / 400.0;
            o.maxStep = period / 100.0;
            o.tol = 1e-11;
            const LawResponse r = lawResponse(law, PrescribedMotion::oscillatingVelocity(spec.v0, spec.dv, w), o);
            if (failed(r))
                return out;
            out.curves.push_back(lastPeriod(r, r.v, "ω = ", w));
        }
        LawCurve steady{"steady-state F", {}, {}}; // the curve slow oscillations follow
        for (int i = 0; i <= 200; ++i) {
            const double v = spec.v0 - spec.dv + 2.0 * spec.dv * i / 200.0;
            steady.x.push_back(v);
            steady.y.push_back(law.slipMagnitude(std::abs(v)) * (v < 0.0 ? -1.0 : 1.0));
        }
        out.curves.push_back(std::move(steady));
        break;
    }
    case LawExperimentKind::SpeedSteps: {
        out.xLabel = "t";
        const double D = spec.duration, v1 = spec.v0, v2 = spec.v0 + spec.dv, edge = 1e-4 * D;
        const PrescribedMotion steps{[=](double t, double& x, double& v, double& a) {
            const double up = std::tanh((t - D) / edge), down = std::tanh((t - 2.0 * D) / edge);
            v = v1 + 0.5 * (v2 - v1) * (up - down);
            a = 0.5 * (v2 - v1) / edge * ((1.0 - up * up) - (1.0 - down * down));
            x = 0.0; // not drawn
        }};
        o.tEnd = 3.0 * D;
        o.dt = D / 400.0;
        o.maxStep = D / 100.0;
        o.tol = 1e-11;
        o.breakpoints = {D - 40.0 * edge, D + 40.0 * edge, 2.0 * D - 40.0 * edge, 2.0 * D + 40.0 * edge};
        const LawResponse r = lawResponse(law, steps, o);
        if (failed(r))
            return out;
        std::string label = "F (v_r = ";
        label += formatNumber(v1) + " → " + formatNumber(v2) + " → " + formatNumber(v1) + ")";
        LawCurve force{label, r.t, r.force};
        LawCurve steady{"steady-state F", {}, {}};
        for (size_t i = 0; i < r.t.size(); ++i) {
            steady.x.push_back(r.t[i]);
            steady.y.push_back(law.slipMagnitude(std::abs(r.v[i])) * (r.v[i] < 0.0 ? -1.0 : 1.0));
        }
        out.curves.push_back(std::move(force));
        out.curves.push_back(std::move(steady));
        break;
    }
    }
    return out;
}

} // namespace fl
