#include "contact/stick_solver.h"

#include <Eigen/Dense>

#include <cmath>
#include <numbers>

namespace fl::contact {

namespace {

Eigen::Vector3d toVector(const FrictionLoad& f) { return {f.tx, f.ty, f.m}; }

// H(q) = |q| F(q), homogeneous of degree 1.
Eigen::Vector3d scaledLoad(const ContactModel& model, const Eigen::Vector3d& q)
{
    return q.norm() * toVector(model.load(q[0], q[1], q[2]));
}

Eigen::Matrix3d jacobian(const ContactModel& model, const Eigen::Vector3d& q, double relStep)
{
    Eigen::Matrix3d j;
    const double h = relStep * q.norm();
    for (int k = 0; k < 3; ++k) {
        Eigen::Vector3d qp = q, qm = q;
        qp[k] += h;
        qm[k] -= h;
        j.col(k) = (scaledLoad(model, qp) - scaledLoad(model, qm)) / (2.0 * h);
    }
    return j;
}

// Newton with backtracking from q; returns true when the residual is within tolerance.
bool newton(const ContactModel& model, const Eigen::Vector3d& u, Eigen::Vector3d& q, const StickOptions& o, StickResult& r)
{
    const double scale = u.norm();
    double res = (scaledLoad(model, q) + u).norm();
    for (int it = 0; it < o.maxIterations; ++it) {
        if (res <= o.tolerance * scale)
            break;
        ++r.iterations;
        const Eigen::Vector3d step = jacobian(model, q, o.fdStep).fullPivLu().solve(-(scaledLoad(model, q) + u));
        if (!step.allFinite())
            break;
        double t = 1.0, trial = res;
        Eigen::Vector3d next = q;
        for (int halving = 0; halving < 40; ++halving, t *= 0.5) {
            next = q + t * step;
            trial = (scaledLoad(model, next) + u).norm();
            if (next.norm() > 0.0 && trial < (1.0 - 1e-4 * t) * res)
                break;
        }
        if (!(trial < res))
            break; // no further decrease possible at this precision
        q = next;
        res = trial;
    }
    r.residual = res / scale;
    return res <= o.tolerance * scale;
}

// Directions on the sphere (Fibonacci lattice plus the poles), the one whose F is most nearly
// opposite to u, scaled by the least-squares xi.
Eigen::Vector3d searchStart(const ContactModel& model, const Eigen::Vector3d& u)
{
    constexpr int count = 400;
    const double golden = std::numbers::pi * (3.0 - std::sqrt(5.0));
    Eigen::Vector3d best(0.0, 0.0, 1.0);
    double bestCos = -2.0;
    for (int i = -1; i <= count; ++i) {
        Eigen::Vector3d d;
        if (i < 0 || i == count) {
            d = {0.0, 0.0, i < 0 ? -1.0 : 1.0};
        } else {
            const double z = 1.0 - 2.0 * (i + 0.5) / count, rho = std::sqrt(1.0 - z * z);
            d = {rho * std::cos(golden * i), rho * std::sin(golden * i), z};
        }
        const Eigen::Vector3d f = toVector(model.load(d[0], d[1], d[2]));
        const double c = -f.dot(u) / (f.norm() * u.norm());
        if (c > bestCos) {
            bestCos = c;
            best = d * std::max(1e-300, -f.dot(u) / f.squaredNorm());
        }
    }
    return best;
}

void setAngles(const Eigen::Vector3d& q, StickResult& r)
{
    r.xi = q.norm();
    const SlipAngles a = anglesFromMotion({q[0], q[1], q[2]});
    r.theta = a.theta;
    r.phi = a.phi;
}

} // namespace

StickResult solveStick(const ContactModel& model, const FrictionLoad& load, const StickOptions& options)
{
    StickResult r;
    const Eigen::Vector3d u = toVector(load);
    if (u.norm() == 0.0) {
        r.converged = true;
        return r;
    }
    const FrictionLoad spin = model.load(0.0, 0.0, 1.0);
    const double c = std::abs(spin.m);
    // Pure moment on a contact whose pure spin carries no force: pure spin, exactly.
    if (u[0] == 0.0 && u[1] == 0.0 && std::hypot(spin.tx, spin.ty) <= 1e-14 * c) {
        r.xi = std::abs(u[2]) / c;
        r.theta = u[2] > 0.0 ? -0.5 * std::numbers::pi : 0.5 * std::numbers::pi;
        r.converged = true;
        return r;
    }
    Eigen::Vector3d q;
    if (options.start == StickStart::Ellipsoid) {
        const double xi0 = std::sqrt(u[0] * u[0] + u[1] * u[1] + (u[2] / c) * (u[2] / c));
        q = -Eigen::Vector3d(u[0], u[1], u[2] / (c * c)).normalized() * xi0;
        r.converged = newton(model, u, q, options, r);
    }
    if (!r.converged) {
        q = searchStart(model, u);
        r.converged = newton(model, u, q, options, r);
    }
    setAngles(q, r);
    return r;
}

} // namespace fl::contact
