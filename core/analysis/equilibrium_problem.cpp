#include "analysis/equilibrium_problem.h"
#include "common/number_text.h"
#include "simulation/dynamics_factory.h"
#include "solvers/smooth_ode.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

/// The complex eigenvalues right of the imaginary axis: a Hopf point changes their number. (A
/// product test such as prod_{i<j} (l_i + l_j) misses two pairs that cross together, as the
/// undamped brake's two modes do where g' = 0.)
int unstableComplex(const std::vector<std::complex<double>>& l)
{
    int count = 0;
    for (const auto& v : l)
        count += std::abs(v.imag()) > 1e-10 && v.real() > 0.0;
    return count;
}

} // namespace

EquilibriumProblem::EquilibriumProblem(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel)
    : ContinuationProblem(scenario, setup, cancel)
{
    m_parameterModel = parameterModel(m_parameterDerivative);
}

const Dynamics* EquilibriumProblem::dynamicsAt(double lambda, Status& status)
{
    if (m_cached && m_cachedLambda == lambda)
        return m_cached.get();
    Scenario at;
    if (status = scenarioAt(lambda, at); !status.ok())
        return nullptr;
    m_cached = makeDynamics(at, m_cancel);
    m_cachedLambda = lambda;
    const std::vector<std::string> outputs = m_cached->outputNames();
    const auto it = std::find(outputs.begin(), outputs.end(), "v_r");
    m_vr = it == outputs.end() ? -1 : static_cast<int>(it - outputs.begin());
    return m_cached.get();
}

Status EquilibriumProblem::field(const Dynamics& dynamics, const Eigen::VectorXd& y, Eigen::VectorXd& f, Eigen::MatrixXd* du) const
{
    const auto n = y.size();
    f.resize(n);
    if (const SmoothOde* ode = dynamics.smoothOde()) {
        ode->rhs(0.0, y.data(), f.data());
        if (du) {
            std::vector<double> j(static_cast<size_t>(n * n)), dt(static_cast<size_t>(n));
            ode->jacobian(0.0, y.data(), j.data(), dt.data());
            *du = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(j.data(), n, n);
        }
        return f.allFinite() ? Status::success() : Status::error("the vector field is not finite here");
    }
    if (!dynamics.slipField(0.0, y.data(), f.data()))
        return Status::error("this system's event-driven method gives no vector field of slip (a model with several contacts): "
                             "choose the regularized method");
    if (m_sign != 0.0 && m_vr >= 0) {
        std::vector<double> out(dynamics.outputNames().size());
        dynamics.outputs(0.0, y.data(), static_cast<int>(ContactMode::Slip), out.data());
        const double vr = out[static_cast<size_t>(m_vr)];
        if (!(vr * m_sign > 0.0))
            return Status::error("the sliding stops: v_r = " + formatNumber(vr) + " (the other side of v_r = 0 is stick)");
    }
    if (du) {
        du->resize(n, n);
        Eigen::VectorXd yh = y, fp(n), fm(n);
        for (Eigen::Index c = 0; c < n; ++c) {
            const double h = 1e-6 * (1.0 + std::abs(y(c)));
            yh(c) = y(c) + h;
            dynamics.slipField(0.0, yh.data(), fp.data());
            yh(c) = y(c) - h;
            dynamics.slipField(0.0, yh.data(), fm.data());
            yh(c) = y(c);
            du->col(c) = (fp - fm) / (2.0 * h);
        }
    }
    return f.allFinite() ? Status::success() : Status::error("the vector field is not finite here");
}

Status EquilibriumProblem::evaluate(const Eigen::VectorXd& z, bool withDu, ContinuationEvaluation& e)
{
    Status status = Status::success();
    const Eigen::Index m = z.size() - 1;
    const Dynamics* dynamics = dynamicsAt(z(m), status);
    if (!dynamics)
        return status;
    if (withDu && m_parameterModel)
        return evaluateWithParameterColumn(z, e);
    return field(*dynamics, z.head(m), e.g, withDu ? &e.du : nullptr);
}

Status EquilibriumProblem::describe(ContinuationPoint& p, const ContinuationEvaluation& e)
{
    const Eigen::Index m = p.z.size() - 1;
    Status status = Status::success();
    const Dynamics* dynamics = dynamicsAt(p.lambda(), status);
    if (!dynamics)
        return status;
    p.orbit.y.assign(p.z.data(), p.z.data() + m);
    p.orbit.start = p.orbit.y;
    p.orbit.period = 0.0;
    p.orbit.residual = e.g.lpNorm<Eigen::Infinity>();
    p.orbit.iterations = p.iterations;
    p.nontrivial = eigenvaluesOf(e.du);
    p.orbit.multipliers = p.nontrivial;
    // By real part, largest first (the one that decides stability leads).
    std::sort(p.orbit.multipliers.begin(), p.orbit.multipliers.end(), [](auto a, auto b) {
        return a.real() != b.real() ? a.real() > b.real() : a.imag() > b.imag();
    });
    p.orbit.stable = !p.orbit.multipliers.empty() && p.orbit.multipliers.front().real() < 0.0;
    p.hopfTest = unstableComplex(p.nontrivial);
    if (dynamics->smoothOde() || m_vr < 0) {
        p.orbit.sequence = dynamics->smoothOde() ? "smooth" : "slip";
    } else {
        std::vector<double> out(dynamics->outputNames().size());
        dynamics->outputs(0.0, p.orbit.y.data(), static_cast<int>(ContactMode::Slip), out.data());
        p.orbit.sequence = out[static_cast<size_t>(m_vr)] >= 0.0 ? "slip+" : "slip-";
    }
    return Status::success();
}

Status EquilibriumProblem::settle(ContinuationPoint& first)
{
    Status status = Status::success();
    const Dynamics* dynamics = dynamicsAt(m_setup.start, status);
    if (!dynamics)
        return status;
    std::vector<double> y = m_setup.guess.size() == static_cast<size_t>(dynamics->dimension()) ? m_setup.guess : dynamics->initialState();
    const Eigen::VectorXd guess = Eigen::Map<const Eigen::VectorXd>(y.data(), static_cast<Eigen::Index>(y.size()));
    if (startFrom(guess, first).ok())
        return finishSettle(first);
    // A run towards a stable equilibrium, for a guess where the initial state is too far.
    Scenario at = m_scenario;
    at.params.set(m_setup.parameter, m_setup.start);
    double t = 0.0;
    IntegrationStats stats;
    IgnoreSteps ignore;
    if (status = dynamics->integrate(y, t, integrationSettings(at, m_cancel).tEnd, ignore, stats); !status.ok())
        return Status::error("the run at " + m_setup.parameter + " = " + formatNumber(m_setup.start) + " failed: " + status.message());
    if (status = startFrom(Eigen::Map<const Eigen::VectorXd>(y.data(), static_cast<Eigen::Index>(y.size())), first); !status.ok())
        return Status::error("no equilibrium found at " + m_setup.parameter + " = " + formatNumber(m_setup.start)
                             + " from the initial state nor where a run ends: " + first.status.message());
    return finishSettle(first);
}

Status EquilibriumProblem::finishSettle(const ContinuationPoint& first)
{
    if (first.orbit.sequence == "slip+")
        m_sign = 1.0;
    else if (first.orbit.sequence == "slip-")
        m_sign = -1.0;
    return Status::success();
}

void EquilibriumProblem::detectBetween(const ContinuationPoint& a, const ContinuationPoint& b, std::vector<LocatedPoint>& located)
{
    locateFold(a, b, "an eigenvalue 0: det J = 0, d" + m_setup.parameter + "/ds = 0 along the branch", located);
    if (a.hopfTest != b.hopfTest) {
        const ContinuationPoint p = locate(a, b, [&](const ContinuationPoint& q) { return q.hopfTest == a.hopfTest; });
        // The pair nearest the axis there (on it to the location's accuracy).
        double omega = 0.0, nearest = INFINITY;
        for (const auto& l : p.nontrivial)
            if (l.imag() > 1e-8 && std::abs(l.real()) < nearest) {
                nearest = std::abs(l.real());
                omega = l.imag();
            }
        if (omega > 0.0 && nearest < 1e-6 * (1.0 + omega))
            located.push_back(locatedAt(p, "hopf", "a complex pair on the imaginary axis: +-i omega, omega = " + formatNumber(omega)
                                                       + " (the orbit born has the period 2 pi / omega = " + formatNumber(2.0 * M_PI / omega) + ")"));
    }
}

} // namespace fl
