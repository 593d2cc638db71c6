#include "analysis/lyapunov_task.h"
#include "analysis/lyapunov_curve.h"
#include "simulation/dynamics_factory.h"
#include "solvers/smooth_ode.h"
#include "common/guarded.h"
#include "systems/scenario_setup.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

/// Forwards to the scenario's ODE and records the latest time it was evaluated at: the
/// integration's progress, without a callback in lyapunovSpectrum.
class ProgressOde final : public fl::SmoothOde {
public:
    ProgressOde(const fl::SmoothOde& ode, double tEnd, const LyapunovProgress& progress)
        : m_ode(ode), m_tEnd(tEnd), m_progress(progress) {}
    int dimension() const override { return m_ode.dimension(); }
    void rhs(double t, const double* y, double* dydt) const override
    {
        if (m_progress && t > m_latest) {
            m_latest = t;
            m_progress(std::min(1.0, t / m_tEnd));
        }
        m_ode.rhs(t, y, dydt);
    }
    void jacobian(double t, const double* y, double* dfdy, double* dfdt) const override { m_ode.jacobian(t, y, dfdy, dfdt); }

private:
    const fl::SmoothOde& m_ode;
    double m_tEnd;
    const LyapunovProgress& m_progress;
    mutable double m_latest = 0.0; ///< only the worker thread evaluates the ODE
};

} // namespace

QString lyapunovUnavailableReason(const fl::Scenario& scenario)
{
    const fl::Status valid = fl::validate(scenario);
    if (!valid.ok())
        return QString::fromStdString(valid.message());
    fl::LyapunovOptions options;
    if (!fl::methodInfo(scenario.method).smooth && !fl::lyapunovOptionsFor(scenario, options).ok())
        return QObject::tr("Lyapunov exponents of the event-driven method follow the switches between stick and slip "
                           "with saltation matrices, which FrictionLab has for single-contact systems (belt, absorber, "
                           "brake); for this system choose the Regularized or Explicit method (a smooth law of width ε).");
    return QString();
}

QString checkLyapunovRequest(const LyapunovRequest& r)
{
    if (!(r.transient >= 0.0) || !std::isfinite(r.transient))
        return QObject::tr("Transient must be >= 0");
    if (!(r.duration > 0.0) || !std::isfinite(r.duration))
        return QObject::tr("Duration must be > 0");
    if (!(r.interval > 0.0) || r.interval > r.duration)
        return QObject::tr("Interval must be in (0, duration]");
    if (r.duration / r.interval > 1e7)
        return QObject::tr("Duration / interval must be at most 1e7 re-orthonormalisations");
    if (r.count < 0)
        return QObject::tr("Count must be >= 0");
    return QString();
}

namespace {
fl::LyapunovResult computeLyapunovUnguarded(const LyapunovRequest& request, const std::atomic<bool>* cancel,
                                            const LyapunovProgress& progress);
} // namespace

fl::LyapunovResult computeLyapunov(const LyapunovRequest& request, const std::atomic<bool>* cancel,
                                   const LyapunovProgress& progress)
{
    fl::LyapunovResult result;
    const fl::Status status = fl::guarded("Lyapunov exponents", [&] {
        result = computeLyapunovUnguarded(request, cancel, progress);
        return fl::Status::success();
    });
    if (!status.ok())
        result.status = status;
    return result;
}

namespace {
fl::LyapunovResult computeLyapunovUnguarded(const LyapunovRequest& request, const std::atomic<bool>* cancel,
                                            const LyapunovProgress& progress)
{
    fl::LyapunovResult result;
    QString reason = lyapunovUnavailableReason(request.scenario);
    if (reason.isEmpty())
        reason = checkLyapunovRequest(request);
    if (!reason.isEmpty()) {
        result.status = fl::Status::error(reason.toStdString());
        return result;
    }
    fl::LyapunovOptions options;
    result.status = fl::lyapunovOptionsFor(request.scenario, options);
    if (!result.status.ok())
        return result;
    options.transient = request.transient;
    options.duration = request.duration;
    options.interval = request.interval;
    options.count = request.count;
    options.integration.cancel = cancel;
    const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(request.scenario, cancel);
    const fl::SmoothOde* ode = dynamics->smoothOde();
    if (!ode) { // event-driven: through saltation matrices
        options.progress = [&progress](double fraction) {
            if (progress)
                progress(fraction);
        };
        result = fl::lyapunovOfDynamics(*dynamics, options);
        if (progress && result.status.ok())
            progress(1.0);
        return result;
    }
    const ProgressOde tracked(*ode, request.transient + request.duration, progress);
    result = fl::lyapunovSpectrum(tracked, dynamics->initialState(), 0.0, options);
    if (progress && result.status.ok())
        progress(1.0);
    return result;
}
} // namespace

} // namespace fl::ui
