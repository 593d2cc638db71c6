#include "contract/lyapunov_analysis.h"
#include "analysis/lyapunov_curve.h"
#include "common/guarded.h"
#include "params/parameter_spec.h"
#include "simulation/dynamics_factory.h"
#include "solvers/smooth_ode.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace fl {

namespace {

/// Forwards to the scenario's ODE and reports the latest time it was evaluated at: the
/// integration's progress, without a callback in lyapunovSpectrum.
class ProgressOde final : public SmoothOde {
public:
    ProgressOde(const SmoothOde& ode, double tEnd, const AnalysisContext& context) : m_ode(ode), m_tEnd(tEnd), m_context(context) {}
    int dimension() const override { return m_ode.dimension(); }
    void rhs(double t, const double* y, double* dydt) const override
    {
        if (t > m_latest) {
            m_latest = t;
            m_context.report(std::min(1.0, t / m_tEnd));
        }
        m_ode.rhs(t, y, dydt);
    }
    void jacobian(double t, const double* y, double* dfdy, double* dfdt) const override { m_ode.jacobian(t, y, dfdy, dfdt); }

private:
    const SmoothOde& m_ode;
    double m_tEnd;
    const AnalysisContext& m_context;
    mutable double m_latest = 0.0; ///< only the computing thread evaluates the ODE
};

LyapunovResult runUnguarded(const Scenario& scenario, const LyapunovSetup& setup, int count, const AnalysisContext& context)
{
    LyapunovResult result;
    std::string reason = lyapunovUnavailableReason(scenario);
    if (const SetupProblem problem = LyapunovAnalysis::check(scenario, setup); reason.empty() && !problem.ok())
        reason = describe(problem);
    if (!reason.empty()) {
        result.status = Status::error(reason);
        return result;
    }
    LyapunovOptions options;
    if (result.status = lyapunovOptionsFor(scenario, options); !result.status.ok())
        return result;
    options.transient = setup.transient;
    options.duration = setup.duration;
    options.interval = setup.interval;
    options.count = count;
    options.integration.cancel = context.cancel;
    const std::unique_ptr<Dynamics> dynamics = makeDynamics(scenario, context.cancel);
    const SmoothOde* ode = dynamics->smoothOde();
    if (!ode) { // event-driven: through saltation matrices
        options.progress = [&context](double fraction) { context.report(fraction); };
        result = lyapunovOfDynamics(*dynamics, options);
    } else {
        const ProgressOde tracked(*ode, setup.transient + setup.duration, context);
        result = lyapunovSpectrum(tracked, dynamics->initialState(), 0.0, options);
    }
    if (result.status.ok())
        context.report(1.0);
    return result;
}

} // namespace

SetupRecord LyapunovAnalysis::write(const Scenario&, const Setup& setup)
{
    SetupRecord record;
    record.text("mode", setup.spectrum ? "spectrum" : "largest")
        .number("transient", setup.transient)
        .number("duration", setup.duration)
        .number("interval", setup.interval);
    return record;
}

void LyapunovAnalysis::read(SetupRecordReader& reader, const Scenario&, Setup& setup)
{
    std::string mode;
    if (reader.oneOf("mode", {"largest", "spectrum"}, mode))
        setup.spectrum = mode == "spectrum";
    reader.number("transient", setup.transient);
    reader.number("duration", setup.duration);
    reader.number("interval", setup.interval);
}

SetupProblem LyapunovAnalysis::check(const Scenario&, const Setup& s)
{
    if (!(s.transient >= 0.0) || !std::isfinite(s.transient))
        return SetupProblem::at("transient", "must be >= 0");
    if (!(s.duration > 0.0) || !std::isfinite(s.duration))
        return SetupProblem::at("duration", "must be > 0");
    if (s.transient + s.duration > kMaxLyapunovTime)
        return SetupProblem::at("duration", "transient + duration must be at most " + formatNumber(kMaxLyapunovTime) + " time units");
    if (!(s.interval > 0.0) || !(s.interval <= s.duration))
        return SetupProblem::at("interval", "must be in (0, duration]");
    if (s.duration / s.interval > kMaxReorthonormalisations)
        return SetupProblem::at("interval", "duration / interval must be at most " + formatNumber(kMaxReorthonormalisations)
                                                + " re-orthonormalisations");
    return SetupProblem::none();
}

LyapunovResult LyapunovAnalysis::runCount(const Scenario& scenario, const Setup& setup, int count, const AnalysisContext& context)
{
    LyapunovResult result;
    const Status status = guarded("Lyapunov exponents", [&] {
        result = runUnguarded(scenario, setup, count, context);
        return Status::success();
    });
    if (!status.ok())
        result.status = status;
    return result;
}

std::string LyapunovAnalysis::lyapunovHistoryCsv(const Result& result, size_t exponents)
{
    std::string csv = "t";
    for (size_t i = 0; i < exponents; ++i) {
        csv += ",lambda_";
        csv += std::to_string(i + 1);
    }
    csv += "\n";
    for (size_t k = 0; k < result.times.size(); ++k) {
        std::vector<double> sorted = result.history[k];
        std::sort(sorted.begin(), sorted.end(), std::greater<>());
        csv += formatNumber(result.times[k]);
        for (double v : sorted) {
            csv += ',';
            csv += formatNumber(v);
        }
        csv += "\n";
    }
    return csv;
}

std::string lyapunovUnavailableReason(const Scenario& scenario)
{
    if (const Status valid = validate(scenario); !valid.ok())
        return valid.message();
    LyapunovOptions options;
    if (!methodInfo(scenario.method).smooth && !lyapunovOptionsFor(scenario, options).ok())
        return "Lyapunov exponents of the event-driven method follow the switches between stick and slip with saltation "
               "matrices, which FrictionLab has for the belt, the absorber, the brake, the Burridge-Knopoff chain and model "
               "files, not for this system's event-driven method; for this system choose "
               "the Regularized or Explicit method (a smooth law of width ε).";
    return {};
}

} // namespace fl
