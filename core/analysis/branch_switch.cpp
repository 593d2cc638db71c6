#include "analysis/branch_switch.h"
#include "analysis/equilibrium_problem.h"
#include "analysis/orbit_phases.h"
#include "common/number_text.h"
#include "simulation/dynamics_factory.h"

#include <Eigen/Eigenvalues>

#include <cmath>
#include <functional>

namespace fl {
namespace {

/// Steps from the point, as fractions of the range, smallest first.
constexpr double kSides[] = {1e-4, 1e-3, 1e-2};
/// Amplitudes of the nudge, relative to the state's size, smallest first.
constexpr double kAmplitudes[] = {1e-3, 1e-2, 3e-2, 1e-1};

Scenario at(const Scenario& scenario, const std::string& parameter, double value)
{
    Scenario s = scenario;
    s.params.set(parameter, value);
    return s;
}

/// Tries `trial(lambda, amplitude, scenario there, its dynamics)` a little to either side of the
/// point, the smallest step first, every amplitude at each; stops after the first step at which a
/// trial accepted (returned true). Success when one did.
Status trialsNear(const Scenario& scenario, const ContinuationSetup& parent, double point, const std::atomic<bool>* cancel,
                  const std::function<bool(double, double, const Scenario&, const Dynamics&)>& trial)
{
    const double range = parent.to - parent.from;
    for (double side : kSides) {
        bool accepted = false;
        for (int sign : {+1, -1})
            for (double amplitude : kAmplitudes) {
                if (cancel && cancel->load())
                    return Status::error("cancelled");
                const double lambda = point + sign * side * range;
                if (lambda < parent.from || lambda > parent.to)
                    continue;
                const Scenario near = at(scenario, parent.parameter, lambda);
                const std::unique_ptr<Dynamics> d = makeDynamics(near, cancel);
                accepted = trial(lambda, amplitude, near, *d) || accepted;
            }
        if (accepted)
            return Status::success();
    }
    return Status::error("nothing found within " + formatNumber(kSides[2] * range));
}

double sizeOf(const std::vector<double>& y)
{
    double largest = 0.0;
    for (double v : y)
        largest = std::max(largest, std::abs(v));
    return std::max(1.0, largest);
}

Status doubledOrbit(const Scenario& scenario, const ContinuationSetup& parent, const LocatedPoint& point, ContinuationSetup& born,
                    const std::atomic<bool>* cancel)
{
    // The period-1 orbit at the point and the eigenvector of its multiplier -1 (at the shooting start).
    const Scenario there = at(scenario, parent.parameter, point.parameter);
    const std::unique_ptr<Dynamics> dynamics = makeDynamics(there, cancel);
    OrbitClosure one;
    if (const Status status = orbitClosure(there, parent.periods, one); !status.ok())
        return status;
    std::vector<double> start = point.y;
    if (const Status status = shootInsideSlip(*dynamics, one, start); !status.ok())
        return status;
    const PeriodicOrbit orbit = refineOrbit(*dynamics, one, start);
    if (!orbit.status.ok())
        return Status::error("the orbit at the period doubling was not found again: " + orbit.status.message());
    Eigen::EigenSolver<Eigen::MatrixXd> eigen(orbit.monodromy);
    if (eigen.info() != Eigen::Success)
        return Status::error("the monodromy matrix's eigenvectors were not found");
    Eigen::Index k = 0;
    for (Eigen::Index i = 1; i < eigen.eigenvalues().size(); ++i)
        if (std::abs(eigen.eigenvalues()(i) + 1.0) < std::abs(eigen.eigenvalues()(k) + 1.0))
            k = i;
    Eigen::VectorXd v = eigen.eigenvectors().col(k).real();
    if (!(v.norm() > 0.0))
        return Status::error("no real eigenvector of the multiplier -1");
    v /= v.norm();
    // Of the doubled orbits found at the smallest step that finds any, the one nearest the period-1
    // orbit (the branch born at the point, not another period-2 orbit further away).
    const double scale = sizeOf(orbit.start);
    double best = INFINITY;
    const Status found = trialsNear(scenario, parent, point.parameter, cancel,
                                    [&](double lambda, double amplitude, const Scenario& near, const Dynamics& d) {
        OrbitClosure two, single;
        if (!orbitClosure(near, 2 * parent.periods, two).ok() || !orbitClosure(near, parent.periods, single).ok())
            return false;
        two.shift = single.shift = one.shift;
        std::vector<double> guess = orbit.start;
        for (size_t i = 0; i < guess.size(); ++i)
            guess[i] += amplitude * scale * v(static_cast<Eigen::Index>(i));
        const PeriodicOrbit doubled = refineOrbit(d, two, guess);
        if (!doubled.status.ok())
            return false;
        // Not the period-1 orbit (a fixed point of the doubled map too): its two halves apart.
        const OrbitReturn once = orbitReturn(d, single, doubled.start, false);
        double apart = 0.0;
        for (size_t i = 0; once.status.ok() && i < once.y.size(); ++i)
            apart = std::max(apart, std::abs(once.y[i] - doubled.start[i]));
        std::vector<double> section;
        if (!once.status.ok() || apart < 1e-6 * scale || !stateOnSection(d, two, doubled.start, section).ok())
            return false;
        if (apart < best) {
            best = apart;
            born = parent;
            born.equilibrium = false;
            born.periods = 2 * parent.periods;
            born.start = lambda;
            born.guess = section;
        }
        return true;
    });
    if (found.ok())
        return found;
    return Status::error("no orbit of twice the period found next to the period doubling at " + parent.parameter + " = "
                         + formatNumber(point.parameter) + ": " + found.message());
}

Status hopfOrbit(const Scenario& scenario, const ContinuationSetup& parent, const LocatedPoint& point, ContinuationSetup& born,
                 const std::atomic<bool>* cancel)
{
    // The Jacobian at the Hopf point (Newton again from the located equilibrium) and the critical pair.
    ContinuationSetup equilibrium = parent;
    equilibrium.equilibrium = true;
    equilibrium.start = point.parameter;
    equilibrium.guess = point.y;
    EquilibriumProblem problem(scenario, equilibrium, cancel);
    ContinuationPoint first;
    if (const Status status = problem.status(); !status.ok())
        return status;
    if (const Status status = problem.settle(first); !status.ok())
        return Status::error("the equilibrium at the Hopf point was not found again: " + status.message());
    const Eigen::Index m = first.z.size() - 1;
    Eigen::EigenSolver<Eigen::MatrixXd> eigen(first.jacobian.leftCols(m));
    if (eigen.info() != Eigen::Success)
        return Status::error("the Jacobian's eigenvectors were not found");
    Eigen::Index k = -1;
    for (Eigen::Index i = 0; i < eigen.eigenvalues().size(); ++i)
        if (eigen.eigenvalues()(i).imag() > 1e-9 && (k < 0 || std::abs(eigen.eigenvalues()(i).real()) < std::abs(eigen.eigenvalues()(k).real())))
            k = i;
    if (k < 0)
        return Status::error("no complex pair of eigenvalues at the Hopf point");
    const double omega = eigen.eigenvalues()(k).imag();
    const Eigen::VectorXcd w = eigen.eigenvectors().col(k) / eigen.eigenvectors().col(k).norm();
    const std::vector<double> y0(first.z.data(), first.z.data() + m);
    // On the section y_v = level, crossing in its direction: y = y0 + a Re(w e^{i theta}) with
    // Re(w_v e^{i theta}) = 0 (the equilibrium must lie on the section) and d/dt y_v of the sign wanted.
    OrbitClosure closure;
    if (const Status status = orbitClosure(at(scenario, parent.parameter, point.parameter), 1, closure); !status.ok())
        return status;
    if (closure.forced)
        return Status::error("a forced system has no Hopf points");
    // The section function s = n . y (y_v for a hyperplane): the equilibrium on it, and the small
    // orbit's crossing y0 + a Re(w e^{i theta}) where Re((n.w) e^{i theta}) = 0.
    const double s0 = sectionValue(closure, y0);
    if (std::abs(s0 - closure.level) > 1e-9 * sizeOf(y0))
        return Status::error("the equilibrium does not lie on the system's section (" + formatNumber(s0) + " against " + formatNumber(closure.level)
                             + "): its small orbits do not cross it");
    const Eigen::VectorXd normal = sectionNormal(closure, static_cast<Eigen::Index>(y0.size()));
    const std::complex<double> wv = normal.cast<std::complex<double>>().dot(w); // n . w (n real)
    double theta = std::atan2(wv.real(), wv.imag()); // Re(wv e^{i theta}) = 0
    // s' = Re(i omega (n.w) e^{i theta}) = -omega Im((n.w) e^{i theta})
    if (-omega * (wv * std::polar(1.0, theta)).imag() * closure.direction < 0.0)
        theta += M_PI;
    const std::complex<double> phase = std::polar(1.0, theta);
    const double scale = sizeOf(y0);
    bool done = false;
    const Status found = trialsNear(scenario, parent, point.parameter, cancel,
                                    [&](double lambda, double amplitude, const Scenario& near, const Dynamics& d) {
        OrbitClosure c;
        if (done || !orbitClosure(near, 1, c).ok())
            return false;
        std::vector<double> guess = y0;
        for (size_t i = 0; i < guess.size(); ++i)
            guess[i] += amplitude * scale * (w(static_cast<Eigen::Index>(i)) * phase).real();
        placeOnSection(c, guess);
        const PeriodicOrbit orbit = refineOrbit(d, c, guess);
        // A small orbit (not a far one Newton wandered to): its period near 2 pi / omega.
        if (!orbit.status.ok() || std::abs(orbit.period * omega / (2.0 * M_PI) - 1.0) > 0.5)
            return false;
        born = parent;
        born.equilibrium = false;
        born.periods = 1;
        born.start = lambda;
        born.guess = orbit.y;
        done = true; // the first found
        return true;
    });
    if (found.ok())
        return found;
    return Status::error("no small orbit found next to the Hopf point at " + parent.parameter + " = " + formatNumber(point.parameter) + ": "
                         + found.message());
}

} // namespace

bool branchesAt(const std::string& type) { return type == "period-doubling" || type == "hopf"; }

Status bornBranchSetup(const Scenario& scenario, const ContinuationSetup& parent, const LocatedPoint& point, ContinuationSetup& born,
                       const std::atomic<bool>* cancel)
{
    if (point.type == "period-doubling" && !parent.equilibrium)
        return doubledOrbit(scenario, parent, point, born, cancel);
    if (point.type == "hopf" && parent.equilibrium)
        return hopfOrbit(scenario, parent, point, born, cancel);
    return Status::error("no branch is born at a " + point.type + " point here (a period doubling of orbits, a Hopf point of equilibria)");
}

} // namespace fl
