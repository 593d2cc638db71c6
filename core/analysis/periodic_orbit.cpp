#include "analysis/periodic_orbit.h"
#include "analysis/orbit_phases.h"
#include "common/number_text.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"
#include "solvers/dynamics.h"
#include "solvers/poincare_section.h"
#include "solvers/smooth_ode.h"
#include "solvers/variational_ode.h"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

/// Passes the steps on to an observer (if any) and keeps the state at exactly tEnd: Dynamics::integrate
/// ends at the end of the step that reaches tEnd, which can lie beyond it.
class ExactEnd final : public DynamicsObserver {
public:
    ExactEnd(double tEnd, size_t n, DynamicsObserver* inner) : yEnd(n), m_tEnd(tEnd), m_inner(inner) {}
    bool onStep(const StepView& step, int mode) override
    {
        if (m_inner && !m_inner->onStep(step, mode))
            return false;
        if (step.t1 < m_tEnd)
            return true;
        step.stateAt(m_tEnd, yEnd.data());
        reached = true;
        return false;
    }
    std::vector<double> yEnd;
    bool reached = false;

private:
    double m_tEnd;
    DynamicsObserver* m_inner;
};


/// Stops an integration at the closure's `returns`-th section crossing and records it, with the
/// vector field there (the dense output's central difference: the event-driven dynamics has no
/// right-hand side to call).
class ReturnCatcher final : public DynamicsObserver {
public:
    ReturnCatcher(const OrbitClosure& c, const std::vector<double>& y0)
        : m_section(c.normal.empty() ? PoincareSection::hyperplane(c.variable, c.level, c.direction)
                                     : PoincareSection::plane(c.normal, 0.0, c.level, c.direction)),
          m_returns(c.returns), m_previous(y0)
    {
    }
    bool onStep(const StepView& step, int) override
    {
        std::vector<SectionPoint> points;
        m_section.collect(step, m_previous, points);
        m_previous.assign(step.y1, step.y1 + m_previous.size());
        for (const SectionPoint& p : points)
            if (++m_count == m_returns) {
                hit = p;
                field = denseField(step, p.t, p.y.size());
                found = true;
                return false;
            }
        return true;
    }
    bool found = false;
    SectionPoint hit{};
    Eigen::VectorXd field;

private:
    PoincareSection m_section;
    int m_returns;
    int m_count = 0;
    std::vector<double> m_previous;
};

/// The monodromy matrix of a smooth flow: Phi' = J Phi from Phi(0) = I over [t0, t0 + T].
Status smoothMonodromy(const SmoothOde& ode, const OdeIntegrationOptions& options, const std::vector<double>& y0, double t0,
                       double span, std::vector<double>& yEnd, Eigen::MatrixXd& m)
{
    const int n = ode.dimension();
    VariationalOde variational(ode, n);
    variational.setOrigin(t0);
    std::vector<double> z(static_cast<size_t>(n + n * n), 0.0);
    std::copy(y0.begin(), y0.end(), z.begin());
    for (int i = 0; i < n; ++i)
        z[static_cast<size_t>(n + i * n + i)] = 1.0;
    std::vector<double> zEnd = z;
    OdeIntegrationOptions o = options;
    if (o.integrator == Integrator::Bdf)
        o.firstStep = 0.0; // CVODE estimates it (lyapunov.cpp: a fixed first step can fail the error test)
    const Status status = integrateOde(variational, z, 0.0, span, o, [&](const StepView& s) {
        if (s.t1 >= span) {
            s.stateAt(span, zEnd.data());
            return false;
        }
        return true;
    });
    if (!status.ok())
        return status;
    yEnd.assign(zEnd.begin(), zEnd.begin() + n);
    m = Eigen::Map<const Eigen::MatrixXd>(zEnd.data() + n, n, n);
    return Status::success();
}

} // namespace

/// The state and monodromy over [t0, t0 + span] by the method's variational equations.
Status monodromyOver(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& y0, double t0, double span,
                     std::vector<double>& yEnd, Eigen::MatrixXd& m)
{
    const int n = dynamics.dimension();
    if (const SmoothOde* ode = dynamics.smoothOde())
        return smoothMonodromy(*ode, closure.integration, y0, t0, span, yEnd, m);
    if (!dynamics.hasSaltationVariational())
        return Status::error("this method has no variational equations through its switches (saltation matrices): "
                             "choose the regularized method");
    std::vector<double> phi(static_cast<size_t>(n * n), 0.0);
    for (int i = 0; i < n; ++i)
        phi[static_cast<size_t>(i * n + i)] = 1.0;
    yEnd = y0;
    double t = t0;
    IntegrationStats stats;
    const Status status = dynamics.integrateVariational(yEnd, t, t0 + span, phi, n, stats);
    if (!status.ok())
        return status;
    m = Eigen::Map<const Eigen::MatrixXd>(phi.data(), n, n);
    return Status::success();
}

Eigen::VectorXd denseField(const StepView& step, double t, size_t n)
{
    const double d = std::max(1e-12, 1e-5 * (step.t1 - step.t0));
    const double a = std::max(step.t0, t - d), b = std::min(step.t1, t + d);
    std::vector<double> ya(n), yb(n);
    step.stateAt(a, ya.data());
    step.stateAt(b, yb.data());
    Eigen::VectorXd field(static_cast<Eigen::Index>(n));
    for (size_t i = 0; i < n; ++i)
        field(static_cast<Eigen::Index>(i)) = (yb[i] - ya[i]) / (b - a);
    return field;
}

/// Integrates y from t0 to exactly t1 (steps also to `inner`).
Status integrateExactly(const Dynamics& dynamics, std::vector<double>& y, double t0, double t1, DynamicsObserver* inner)
{
    if (t1 <= t0)
        return Status::success();
    ExactEnd end(t1, y.size(), inner);
    IntegrationStats stats;
    double t = t0;
    if (const Status status = dynamics.integrate(y, t, t1, end, stats); !status.ok())
        return status;
    if (!end.reached)
        return Status::error("the integration stopped at t = " + formatNumber(t) + " before t = " + formatNumber(t1));
    y = end.yEnd;
    return Status::success();
}

Status orbitClosure(const Scenario& scenario, int periods, OrbitClosure& closure)
{
    if (periods < 1)
        return Status::error("the orbit must close after at least one period");
    const PoincareSection section = defaultSection(scenario);
    closure = OrbitClosure{};
    closure.forced = section.isStroboscopic();
    closure.period = section.period() * periods;
    closure.phase = section.phase();
    if (!closure.forced && section.timeCoefficient() != 0.0)
        return Status::error("the section plane depends on t: a periodic orbit closes on a section fixed in the state space");
    closure.variable = section.variable();
    if (closure.variable < 0) { // a plane: eliminate its largest coefficient's variable
        closure.normal = section.normal();
        closure.variable = static_cast<int>(std::max_element(closure.normal.begin(), closure.normal.end(),
                                                             [](double a, double b) { return std::abs(a) < std::abs(b); })
                                            - closure.normal.begin());
    }
    closure.level = section.level();
    closure.direction = section.direction() == 0 ? 1 : section.direction();
    closure.returns = periods;
    const IntegrationSettings settings = integrationSettings(scenario, nullptr);
    closure.integration = odeOptions(settings, scenario.method == Method::Explicit ? IntegrationSettings::kExplicitIntegrator
                                                                                  : settings.stiffIntegrator);
    return Status::success();
}

double shootingTime(const OrbitClosure& closure) { return closure.forced ? closure.phase + closure.shift : 0.0; }

OrbitReturn orbitReturn(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& y0, bool withMonodromy)
{
    OrbitReturn r;
    IntegrationStats stats;
    if (closure.forced) {
        const double t0 = shootingTime(closure);
        r.period = closure.period;
        if (withMonodromy) {
            r.status = monodromyOver(dynamics, closure, y0, t0, closure.period, r.y, r.monodromy);
        } else {
            r.y = y0;
            r.status = integrateExactly(dynamics, r.y, t0, t0 + closure.period);
        }
        return r;
    }
    // Autonomous: the return time first, then (if asked) the variational equations to exactly then.
    ReturnCatcher catcher(closure, y0);
    std::vector<double> y = y0;
    double t = 0.0;
    // A return takes at most this long (a thousand times the largest step's worth of a slow cycle).
    const double horizon = 1e4;
    r.status = dynamics.integrate(y, t, horizon, catcher, stats);
    if (r.status.ok() && !catcher.found)
        r.status = Status::error("the orbit did not come back to its section (" + std::to_string(closure.returns)
                                 + " crossings) within t = " + formatNumber(horizon));
    if (!r.status.ok())
        return r;
    r.period = catcher.hit.t;
    r.y = catcher.hit.y;
    r.field = catcher.field;
    if (const SmoothOde* ode = dynamics.smoothOde()) {
        std::vector<double> f(y.size());
        ode->rhs(r.period, r.y.data(), f.data());
        r.field = Eigen::Map<const Eigen::VectorXd>(f.data(), static_cast<Eigen::Index>(f.size()));
    }
    if (withMonodromy) {
        std::vector<double> yEnd;
        r.status = monodromyOver(dynamics, closure, y0, 0.0, r.period, yEnd, r.monodromy);
    }
    placeOnSection(closure, r.y); // on the section by definition
    return r;
}

double sectionValue(const OrbitClosure& closure, const std::vector<double>& y)
{
    if (closure.normal.empty())
        return y[static_cast<size_t>(closure.variable)];
    double sum = 0.0;
    for (size_t j = 0; j < std::min(y.size(), closure.normal.size()); ++j)
        sum += closure.normal[j] * y[j];
    return sum;
}

void placeOnSection(const OrbitClosure& closure, std::vector<double>& y)
{
    const auto v = static_cast<size_t>(closure.variable);
    if (closure.normal.empty()) {
        y[v] = closure.level;
        return;
    }
    double rest = closure.level;
    for (size_t j = 0; j < std::min(y.size(), closure.normal.size()); ++j)
        if (j != v)
            rest -= closure.normal[j] * y[j];
    y[v] = rest / closure.normal[v];
}

Eigen::VectorXd sectionNormal(const OrbitClosure& closure, Eigen::Index n)
{
    Eigen::VectorXd normal = Eigen::VectorXd::Zero(n);
    if (closure.normal.empty())
        normal(closure.variable) = 1.0;
    for (Eigen::Index j = 0; j < std::min<Eigen::Index>(n, static_cast<Eigen::Index>(closure.normal.size())); ++j)
        normal(j) = closure.normal[static_cast<size_t>(j)];
    return normal;
}

Eigen::MatrixXd onSectionColumns(const OrbitClosure& closure, const Eigen::MatrixXd& a)
{
    const Eigen::Index n = a.cols(), v = closure.variable;
    const Eigen::VectorXd normal = sectionNormal(closure, n);
    Eigen::MatrixXd out(a.rows(), n - 1);
    for (Eigen::Index j = 0, c = 0; j < n; ++j) {
        if (j == v)
            continue;
        out.col(c++) = closure.normal.empty() || normal(j) == 0.0 ? a.col(j) : (a.col(j) - a.col(v) * (normal(j) / normal(v))).eval();
    }
    return out;
}

Eigen::VectorXd sectionCoordinates(const OrbitClosure& closure, const std::vector<double>& y)
{
    const auto n = static_cast<Eigen::Index>(y.size());
    if (closure.forced)
        return Eigen::Map<const Eigen::VectorXd>(y.data(), n);
    Eigen::VectorXd u(n - 1);
    for (Eigen::Index i = 0, j = 0; i < n; ++i)
        if (i != closure.variable)
            u(j++) = y[static_cast<size_t>(i)];
    return u;
}

std::vector<double> sectionState(const OrbitClosure& closure, const Eigen::VectorXd& u)
{
    if (closure.forced)
        return {u.data(), u.data() + u.size()};
    std::vector<double> y(static_cast<size_t>(u.size() + 1));
    for (Eigen::Index i = 0, j = 0; i < static_cast<Eigen::Index>(y.size()); ++i)
        y[static_cast<size_t>(i)] = i == closure.variable ? closure.level : u(j++);
    placeOnSection(closure, y);
    return y;
}

Eigen::MatrixXd returnMapJacobian(const OrbitClosure& closure, const OrbitReturn& r)
{
    if (closure.forced)
        return r.monodromy;
    const Eigen::Index n = r.monodromy.rows(), v = closure.variable;
    // The return time moves with the start: dT = -(n^T M dy) / n.f, so dP = (I - f n^T / n.f) M; the
    // start moves on the section (E), the return is read without its variable.
    const Eigen::VectorXd normal = sectionNormal(closure, n);
    const Eigen::MatrixXd projected = onSectionColumns(closure, r.monodromy - r.field * (normal.transpose() * r.monodromy) / normal.dot(r.field));
    Eigen::MatrixXd reduced(n - 1, n - 1);
    for (Eigen::Index i = 0, ri = 0; i < n; ++i)
        if (i != v)
            reduced.row(ri++) = projected.row(i);
    return reduced;
}

std::vector<std::complex<double>> eigenvaluesOf(const Eigen::MatrixXd& m)
{
    std::vector<std::complex<double>> mu;
    if (m.size() == 0)
        return mu;
    Eigen::EigenSolver<Eigen::MatrixXd> solver(m, false);
    for (Eigen::Index i = 0; i < solver.eigenvalues().size(); ++i)
        mu.push_back(solver.eigenvalues()(i));
    return mu;
}

namespace {
std::vector<std::complex<double>> sortedEigenvalues(const Eigen::MatrixXd& m)
{
    std::vector<std::complex<double>> mu = eigenvaluesOf(m);
    std::sort(mu.begin(), mu.end(), [](auto a, auto b) {
        if (std::abs(a) != std::abs(b))
            return std::abs(a) > std::abs(b);
        return a.imag() > b.imag();
    });
    const double largest = mu.empty() ? 0.0 : std::max(1.0, std::abs(mu.front()));
    for (auto& m : mu)
        if (std::abs(m) < 1e-10 * largest)
            m = 0.0; // a stick phase's exact zero, left as round-off by the products of matrices
    return mu;
}
} // namespace

void floquet(const OrbitClosure& closure, const OrbitReturn& r, PeriodicOrbit& orbit)
{
    orbit.monodromy = r.monodromy;
    orbit.multipliers = sortedEigenvalues(r.monodromy);
    const std::vector<std::complex<double>> nontrivial = closure.forced ? orbit.multipliers
                                                                        : sortedEigenvalues(returnMapJacobian(closure, r));
    orbit.trivialMultiplierError = 0.0;
    if (!closure.forced) {
        double nearest = INFINITY;
        for (const auto& m : orbit.multipliers)
            nearest = std::min(nearest, std::abs(m - 1.0));
        orbit.trivialMultiplierError = nearest;
    }
    orbit.stable = true;
    for (const auto& m : nontrivial)
        orbit.stable = orbit.stable && std::abs(m) < 1.0;
}

PeriodicOrbit refineOrbit(const Dynamics& dynamics, const OrbitClosure& closure, std::vector<double> guess, double tolerance,
                          int maxIterations)
{
    PeriodicOrbit orbit;
    if (!closure.forced)
        placeOnSection(closure, guess);
    Eigen::VectorXd u = sectionCoordinates(closure, guess);
    for (int it = 0; it <= maxIterations; ++it) {
        const std::vector<double> y = sectionState(closure, u);
        const OrbitReturn r = orbitReturn(dynamics, closure, y, true);
        if (!r.status.ok()) {
            orbit.status = r.status;
            return orbit;
        }
        const Eigen::VectorXd g = sectionCoordinates(closure, r.y) - u;
        orbit.residual = g.lpNorm<Eigen::Infinity>();
        orbit.iterations = it;
        if (!std::isfinite(orbit.residual)) {
            orbit.status = Status::error("the return map is not finite near the guess");
            return orbit;
        }
        if (orbit.residual <= tolerance * (1.0 + u.lpNorm<Eigen::Infinity>())) {
            orbit.start = y;
            orbit.period = r.period;
            floquet(closure, r, orbit);
            if (orbit.status = stateOnSection(dynamics, closure, y, orbit.y); !orbit.status.ok())
                return orbit;
            orbit.sequence = modeSequence(dynamics, orbit.y, closure.forced ? closure.phase : 0.0, r.period);
            return orbit;
        }
        const Eigen::MatrixXd j = returnMapJacobian(closure, r) - Eigen::MatrixXd::Identity(u.size(), u.size());
        u -= j.fullPivLu().solve(g);
    }
    orbit.status = Status::error("Newton did not converge in " + std::to_string(maxIterations) + " iterations (|P(y) - y| = "
                                 + formatNumber(orbit.residual) + ")");
    return orbit;
}

Status stateOnSection(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& start, std::vector<double>& y)
{
    y = start;
    if (!closure.forced || closure.shift == 0.0)
        return Status::success();
    return integrateExactly(dynamics, y, shootingTime(closure), closure.phase + closure.period);
}

Status settledSectionState(const Dynamics& dynamics, const OrbitClosure& closure, int transientPeriods, std::vector<double>& y)
{
    y = dynamics.initialState();
    IntegrationStats stats;
    if (closure.forced)
        return integrateExactly(dynamics, y, 0.0, shootingTime(closure) + closure.period * transientPeriods);
    OrbitClosure many = closure;
    many.returns = std::max(1, transientPeriods) * closure.returns;
    const OrbitReturn r = orbitReturn(dynamics, many, y, false);
    if (r.status.ok())
        y = r.y;
    return r.status;
}

} // namespace fl
