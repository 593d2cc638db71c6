#include "analysis/law_experiments.h"
#include "analysis/law_response.h"
#include "params/parameter_spec.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fl {
namespace {

bool hasBristle(const std::string& lawId) { return lawId == "dahl" || lawId == "lugre" || lawId == "elasto-plastic"; }

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
    if (hasBristle(lawId) || lawId == "bliman-sorine")
        return {LawExperimentKind::PreSliding, LawExperimentKind::FrictionalLag, LawExperimentKind::SpeedSteps};
    return {LawExperimentKind::FrictionalLag, LawExperimentKind::SpeedSteps};
}

LawExperimentSpec defaultExperiment(LawExperimentKind kind, const std::string& lawId, const ParameterSet& p)
{
    LawExperimentSpec spec;
    spec.kind = kind;
    const bool bristle = hasBristle(lawId);
    const double muK = p.has("mu_k") ? p.value("mu_k") : 1.0;
    switch (kind) {
    case LawExperimentKind::PreSliding: {
        const double reach = bristle ? muK / p.value("sigma0") : (p.has("eps_f") ? p.value("eps_f") : 1e-3);
        spec.values = {0.25 * reach, 0.5 * reach, reach, 2.0 * reach, 4.0 * reach};
        spec.omega = 0.05;
        spec.periods = 3;
        spec.initialSlope = bristle ? p.value("sigma0") : 0.0;
        break;
    }
    case LawExperimentKind::FrictionalLag: {
        double rate = 1.0;
        if (bristle) {
            spec.v0 = p.has("v_s") ? 2.0 * p.value("v_s") : 0.01;
            rate = p.value("sigma0") * spec.v0 / muK;
        } else if (lawId == "bliman-sorine") {
            spec.v0 = 0.01;
            rate = spec.v0 / p.value("eps_f");
        } else { // Ostermeyer: the slower of its two rates at the mean speed
            spec.v0 = 0.5;
            rate = std::min(p.value("c_theta"), p.value("a_mu") * spec.v0);
        }
        spec.dv = 0.9 * spec.v0;
        spec.values = {0.001 * rate, 0.01 * rate, 0.1 * rate, rate};
        spec.periods = 4;
        break;
    }
    case LawExperimentKind::SpeedSteps: {
        spec.v0 = bristle && p.has("v_s") ? 0.2 * p.value("v_s") : 0.2;
        spec.dv = bristle && p.has("v_s") ? 5.0 * p.value("v_s") - spec.v0 : 0.8;
        double rate = 1.0;
        if (bristle)
            rate = p.value("sigma0") * spec.v0 / muK;
        else if (lawId == "bliman-sorine")
            rate = spec.v0 / p.value("eps_f");
        else
            rate = std::min(p.value("c_theta"), p.value("a_mu") * spec.v0);
        spec.duration = 8.0 / rate;
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
