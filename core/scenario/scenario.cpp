#include "scenario/scenario.h"

namespace fl {

const std::vector<MethodInfo>& methods()
{
    static const std::vector<MethodInfo> list = {
        {Method::EventDriven, "event", "Event-driven (exact stick/slip)",
         "Set-valued law; stick and slip modes switch at located events; Dormand–Prince 5(4) inside each mode.",
         false},
        {Method::Regularized, "regularized", "Regularized, implicit (stiff)",
         "Smooth law of width ε; stiff implicit integrator with dense output: variable-order BDF (SUNDIALS "
         "CVODE, default) or the L-stable Rosenbrock method of order 4 (odeint).", true},
        {Method::Explicit, "explicit", "Regularized, explicit (Dormand–Prince)",
         "Smooth law of width ε; explicit Dormand–Prince 8(5,3) with dense output of order 7. Slow for small ε (stiff).", true},
    };
    return list;
}

std::optional<Method> findMethod(std::string_view id)
{
    for (const MethodInfo& info : methods())
        if (info.id == id)
            return info.method;
    return std::nullopt;
}

const MethodInfo& methodInfo(Method method)
{
    for (const MethodInfo& info : methods())
        if (info.method == method)
            return info;
    return methods().front();
}

const std::vector<StiffIntegratorInfo>& stiffIntegrators()
{
    static const std::vector<StiffIntegratorInfo> list = {
        {StiffIntegrator::Bdf, "bdf", "BDF (SUNDIALS CVODE, orders 1-5)"},
        {StiffIntegrator::Rosenbrock4, "rosenbrock4", "Rosenbrock4 (odeint, order 4)"},
    };
    return list;
}

std::optional<StiffIntegrator> findStiffIntegrator(std::string_view id)
{
    for (const StiffIntegratorInfo& info : stiffIntegrators())
        if (info.id == id)
            return info.kind;
    return std::nullopt;
}

const StiffIntegratorInfo& stiffIntegratorInfo(StiffIntegrator kind)
{
    for (const StiffIntegratorInfo& info : stiffIntegrators())
        if (info.kind == kind)
            return info;
    return stiffIntegrators().front();
}

bool isRunControlParameter(std::string_view id) { return id == "t_end" || id == "dt" || id == "tol" || id == "max_steps"; }

ParameterSpecs numericsSpecs()
{
    return {
        {"t_end", "Simulated time", "t_end", "–", "Length of the simulation (the system's time unit).", 200.0, 0.01, 1e7, true},
        {"dt", "Output interval", "Δt", "–", "Spacing of the output samples (plots, CSV). Events are located exactly, not on this grid.",
         0.01, 1e-4, 10.0, true},
        {"tol", "Tolerance", "tol", "–", "Relative and absolute error tolerance of the adaptive integrator.", 1e-10, 1e-14, 1e-3, true},
        {"eps", "Regularization width", "ε", "–",
         "Velocity scale of the smooth law: sgn(v_r) is replaced by s(v_r/ε). Regularized methods only.", 1e-4, 1e-8, 1.0, true},
        {"max_steps", "Step limit", "n_max", "steps", "The run stops with a message after this many integrator steps.",
         2e7, 1e2, 1e9, true, ParameterKind::Integer},
    };
}

} // namespace fl
