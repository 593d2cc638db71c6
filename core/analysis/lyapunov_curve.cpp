#include "analysis/lyapunov_curve.h"
#include "common/workers.h"
#include "simulation/dynamics_factory.h"
#include "common/guarded.h"
#include "systems/scenario_setup.h"

#include <algorithm>

namespace fl {

Status lyapunovOptionsFor(const Scenario& scenario, LyapunovOptions& options)
{
    if (!methodInfo(scenario.method).smooth) {
        // Event-driven: through saltation matrices where the dynamics has them (not the disk, not ABS).
        if (validate(scenario).ok() && makeDynamics(scenario)->hasSaltationVariational())
            return Status::success();
        return Status::error("Lyapunov exponents of the event-driven method need saltation matrices, which FrictionLab has for "
                             "the belt, the absorber, the brake, the Burridge-Knopoff chain and model files, not for this system's "
                             "event-driven method; choose the regularized or explicit method (a smooth method)");
    }
    const IntegrationSettings settings = integrationSettings(scenario, nullptr);
    options.integration.integrator = scenario.method == Method::Explicit ? IntegrationSettings::kExplicitIntegrator : settings.stiffIntegrator;
    options.integration.tol = settings.tol;
    options.integration.maxStep = settings.maxStep;
    options.integration.maxSteps = settings.maxSteps;
    return Status::success();
}

std::vector<LyapunovCurvePoint> largestLyapunovCurve(const Scenario& base, const std::string& parameter, double from, double to,
                                                     int steps, LyapunovOptions options, int threads,
                                                     const std::atomic<bool>* cancel,
                                                     const std::function<void(int, const LyapunovCurvePoint&)>& onPoint)
{
    std::vector<LyapunovCurvePoint> points(static_cast<size_t>(std::max(steps, 1)));
    options.count = 1;
    options.integration.cancel = cancel;
    std::atomic<int> next{0};
    auto worker = [&]() {
        for (int i = next++; i < steps; i = next++) {
            if (cancel && cancel->load())
                return;
            LyapunovCurvePoint& point = points[static_cast<size_t>(i)];
            point.parameter = steps > 1 ? from + (to - from) * i / (steps - 1) : from;
            Scenario scenario = base;
            point.status = scenario.params.set(parameter, point.parameter);
            if (point.status.ok())
                point.status = validate(scenario);
            if (point.status.ok())
                point.status = guarded("Lyapunov point", [&] {
                    const auto dynamics = makeDynamics(scenario, cancel);
                    const LyapunovResult r = lyapunovOfDynamics(*dynamics, options);
                    if (r.status.ok())
                        point.largest = r.exponents.front();
                    return r.status;
                });
            if (onPoint)
                onPoint(i, point);
        }
    };
    runWorkers(std::min(threads, steps), worker);
    return points;
}

} // namespace fl
