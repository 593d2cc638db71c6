// dG/dlambda exactly where lambda is a model's own parameter (docs/continuation.md, "Exact parameter
// derivatives"): the model with the parameter as its last first-order state (systems/model_parameter_state.h).
// Orbits: integrated with its variational equations from (y, lambda), the tangent column of that
// state, through the return map's section, is dP/dlambda. Equilibria: the column of df/dy.
#include "analysis/equilibrium_problem.h"
#include "analysis/orbit_problem.h"
#include "simulation/dynamics_factory.h"
#include "systems/model_dynamics.h"
#include "systems/model_equations.h"
#include "systems/model_parameter_state.h"
#include "systems/model_registry.h"

namespace fl {

const char* ContinuationProblem::differenceNote()
{
    return "by a one-sided difference of relative step 1e-7: ";
}

std::shared_ptr<const CompiledModel> ContinuationProblem::parameterModel(std::string& how) const
{
    const model::Model* model = findModel(m_scenario.systemId);
    if (!model) {
        how = std::string(differenceNote()) + "a built-in system's equations are not expressions";
        return nullptr;
    }
    std::string why;
    std::optional<model::Model> with = withParameterAsState(*model, m_setup.parameter, why);
    if (!with) {
        how = differenceNote() + why;
        return nullptr;
    }
    const ModelCompilation compiled = compileModel(std::move(*with));
    if (!compiled.ok()) {
        how = differenceNote() + compiled.error.reason;
        return nullptr;
    }
    how = "exactly, by the model's variational equations with " + m_setup.parameter + " as a state";
    return compiled.compiled;
}

const Dynamics* ContinuationProblem::parameterDynamicsAt(const std::shared_ptr<const CompiledModel>& model, double lambda, Status& status)
{
    if (m_parameterDynamics && m_parameterLambda == lambda)
        return m_parameterDynamics.get();
    Scenario at;
    if (status = scenarioAt(lambda, at); !status.ok())
        return nullptr;
    m_parameterDynamics = makeModelDynamics(model, at, integrationSettings(at, m_cancel));
    m_parameterLambda = lambda;
    return m_parameterDynamics.get();
}

void OrbitProblem::prepareParameterModel()
{
    // A forcing period that moves with lambda (lambda the forcing frequency) adds f dT/dlambda,
    // which the coordinate does not carry.
    Scenario a, b;
    OrbitClosure ca, cb;
    const double other = m_setup.start + 1e-3 * (1.0 + std::abs(m_setup.start));
    if (scenarioAt(m_setup.start, a).ok() && scenarioAt(other, b).ok() && orbitClosure(a, m_setup.periods, ca).ok()
        && orbitClosure(b, m_setup.periods, cb).ok() && ca.forced && ca.period != cb.period) {
        m_parameterDerivative = std::string(differenceNote()) + "the forcing period moves with " + m_setup.parameter;
        return;
    }
    if (m_setup.segments > 1) {
        m_parameterDerivative = std::string(differenceNote()) + "multiple shooting";
        return;
    }
    m_parameterModel = parameterModel(m_parameterDerivative);
}

Status EquilibriumProblem::evaluateWithParameterColumn(const Eigen::VectorXd& z, ContinuationEvaluation& e)
{
    const Eigen::Index m = z.size() - 1;
    Status status = Status::success();
    const Dynamics* dynamics = parameterDynamicsAt(m_parameterModel, z(m), status);
    if (!dynamics)
        return status;
    Eigen::VectorXd y(m + 1), f;
    y << z.head(m), z(m);
    Eigen::MatrixXd du;
    if (status = field(*dynamics, y, f, &du); !status.ok())
        return status;
    e.g = f.head(m);
    e.du = du.topLeftCorner(m, m);
    e.dlambda = du.col(m).head(m);
    return Status::success();
}

void OrbitProblem::sectionSlopes(double lambda)
{
    // The section's level and normal are closed forms of the values (v = v_b, ...): their central
    // differences are exact to rounding; one-sided at the parameter's limits.
    const double h = 1e-6 * (1.0 + std::abs(lambda));
    double at[2] = {lambda - h, lambda + h}, level[2] = {0.0, 0.0};
    Eigen::VectorXd normal[2];
    for (int side = 0; side < 2; ++side) {
        Scenario s;
        OrbitClosure c;
        if (!scenarioAt(at[side], s).ok() || !orbitClosure(s, m_setup.periods, c).ok()) {
            at[side] = lambda;
            c = m_closure;
        }
        level[side] = c.level;
        normal[side] = sectionNormal(c, m_n);
    }
    const double span = at[1] - at[0];
    m_levelSlope = span > 0.0 ? (level[1] - level[0]) / span : 0.0;
    m_normalSlope = m_closure.normal.empty() || !(span > 0.0) ? Eigen::VectorXd() : Eigen::VectorXd((normal[1] - normal[0]) / span);
}

bool OrbitProblem::evaluateWithParameterColumn(const Eigen::VectorXd& z, ContinuationEvaluation& e, Status& status)
{
    if (!m_parameterModel || multiple())
        return false;
    const Eigen::Index m = z.size() - 1;
    const double lambda = z(m);
    const Dynamics* dynamics = parameterDynamicsAt(m_parameterModel, lambda, status);
    if (!dynamics)
        return true;
    if (m_levelLambda != lambda || !m_levelKnown) {
        m_levelSlope = 0.0;
        m_normalSlope.resize(0);
        if (!m_closure.forced)
            sectionSlopes(lambda);
        m_levelLambda = lambda;
        m_levelKnown = true;
    }
    std::vector<double> y = sectionState(m_closure, z.head(m));
    const size_t n = y.size();
    y.push_back(lambda);
    OrbitReturn r = orbitReturn(*dynamics, m_closure, y, true);
    if (!(status = r.status).ok())
        return true;
    // dy(T)/dlambda: the coordinate's tangent column; an autonomous orbit's also through its section
    // n . y = L moving with lambda: the start's section variable moves by (L' - n'.y) / n_v, and the
    // return time by dT = (L' - n'.y(T) - n.w) / n.f where the return meets the moved section.
    const auto N = static_cast<Eigen::Index>(n);
    Eigen::VectorXd w = r.monodromy.col(N).head(N);
    if (m_closure.forced) {
        e.dlambda = w;
    } else {
        const Eigen::Index v = m_closure.variable;
        const Eigen::VectorXd normal = sectionNormal(m_closure, N);
        const bool moving = m_normalSlope.size() == N;
        const double start = m_levelSlope - (moving ? m_normalSlope.dot(Eigen::Map<const Eigen::VectorXd>(y.data(), N)) : 0.0);
        const double end = m_levelSlope - (moving ? m_normalSlope.dot(Eigen::Map<const Eigen::VectorXd>(r.y.data(), N)) : 0.0);
        w += r.monodromy.col(v).head(N) * (start / normal(v));
        w -= r.field.head(N) * ((normal.dot(w) - end) / normal.dot(r.field.head(N)));
        e.dlambda.resize(m);
        for (Eigen::Index i = 0, j = 0; i < N; ++i)
            if (i != v)
                e.dlambda(j++) = w(i);
    }
    r.y.resize(n);
    r.monodromy = r.monodromy.topLeftCorner(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n)).eval();
    if (r.field.size() > 0)
        r.field = r.field.head(static_cast<Eigen::Index>(n)).eval();
    e.g = sectionCoordinates(m_closure, r.y) - z.head(m);
    e.du = returnMapJacobian(m_closure, r) - Eigen::MatrixXd::Identity(m, m);
    e.orbitReturn = std::move(r);
    status = e.g.allFinite() ? Status::success() : Status::error("the return map is not finite here");
    return true;
}

} // namespace fl
