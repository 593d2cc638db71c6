#include "systems/pendulum_on_disk.h"

#include <cmath>

namespace fl {

double PendulumOnDisk::omega0(double t) const
{
    return m_p.omega0 + (m_p.omega0Amp == 0.0 ? 0.0 : m_p.omega0Amp * std::cos(m_p.omega0Freq * t));
}

std::vector<double> PendulumOnDisk::initialState() const
{
    // At rest, springs relaxed (A at O): X_C = e cos phi0, Y_C = e sin phi0.
    return {m_p.e * std::cos(m_p.phi0), m_p.e * std::sin(m_p.phi0), m_p.phi0, 0.0, 0.0, 0.0};
}

contact::RelativeMotion PendulumOnDisk::relativeMotion(double t, const double* y) const
{
    return relativeMotion(t, y, std::sin(y[2]), std::cos(y[2]));
}

contact::RelativeMotion PendulumOnDisk::relativeMotion(double t, const double* y, double s, double c) const
{
    const double w0 = omega0(t);
    // Acta Mech (8): velocity of A relative to the driving disk, in units of R, and the spin.
    return {(y[3] + m_p.e * y[5] * s + w0 * (y[1] - m_p.e * s - m_p.YS)) / m_p.R,
            (y[4] - m_p.e * y[5] * c - w0 * (y[0] - m_p.e * c - m_p.XS)) / m_p.R, y[5] - w0};
}

void PendulumOnDisk::rhs(double t, const double* y, double* dydt) const
{
    const double s = std::sin(y[2]), c = std::cos(y[2]), muN = m_p.mu * m_p.N; // one sincos per evaluation
    const contact::RelativeMotion q = relativeMotion(t, y, s, c);
    const contact::FrictionLoad f = m_contact.load(q.vx, q.vy, q.omega);
    // Acta Mech (7): support forces on A plus friction.
    const double fx = m_p.kX * (y[0] - m_p.e * c) + m_p.cX * (y[3] + m_p.e * y[5] * s) + muN * f.tx;
    const double fy = m_p.kY * (y[1] - m_p.e * s) + m_p.cY * (y[4] - m_p.e * y[5] * c) + muN * f.ty;
    dydt[0] = y[3];
    dydt[1] = y[4];
    dydt[2] = y[5];
    dydt[3] = -fx / m_p.M;
    dydt[4] = -fy / m_p.M;
    dydt[5] = -(m_p.e * (m_p.M * m_p.g + fx) * s - m_p.e * fy * c + m_p.cPhi * y[5] + muN * m_p.R * f.m) / m_p.B;
}

void PendulumOnDisk::jacobian(double t, const double* y, double* J, double* dfdt) const
{
    const double w0 = omega0(t), s = std::sin(y[2]), c = std::cos(y[2]), e = m_p.e, R = m_p.R, muN = m_p.mu * m_p.N;
    const contact::RelativeMotion q = relativeMotion(t, y, s, c);
    Eigen::Matrix3d Jc;
    const contact::FrictionLoad f = m_contact.loadAndJacobian(q.vx, q.vy, q.omega, Jc);
    // dq/dy (3 x 6) and dq/dt (through omega0(t)).
    Eigen::Matrix<double, 3, 6> dq = Eigen::Matrix<double, 3, 6>::Zero();
    dq(0, 1) = w0 / R;
    dq(0, 2) = e * (y[5] - w0) * c / R;
    dq(0, 3) = 1.0 / R;
    dq(0, 5) = e * s / R;
    dq(1, 0) = -w0 / R;
    dq(1, 2) = e * (y[5] - w0) * s / R;
    dq(1, 4) = 1.0 / R;
    dq(1, 5) = -e * c / R;
    dq(2, 5) = 1.0;
    const double dw0 = m_p.omega0Amp == 0.0 ? 0.0 : -m_p.omega0Amp * m_p.omega0Freq * std::sin(m_p.omega0Freq * t);
    const Eigen::Vector3d dqdt(dw0 * (y[1] - e * s - m_p.YS) / R, -dw0 * (y[0] - e * c - m_p.XS) / R, -dw0);
    const Eigen::Matrix<double, 3, 6> dLoad = Jc * dq;
    const Eigen::Vector3d dLoadDt = Jc * dqdt;

    const double fx = m_p.kX * (y[0] - e * c) + m_p.cX * (y[3] + e * y[5] * s) + muN * f.tx;
    const double fy = m_p.kY * (y[1] - e * s) + m_p.cY * (y[4] - e * y[5] * c) + muN * f.ty;
    Eigen::Matrix<double, 1, 6> dFx, dFy;
    dFx << m_p.kX, 0.0, m_p.kX * e * s + m_p.cX * e * y[5] * c, m_p.cX, 0.0, m_p.cX * e * s;
    dFy << 0.0, m_p.kY, -m_p.kY * e * c + m_p.cY * e * y[5] * s, 0.0, m_p.cY, -m_p.cY * e * c;
    dFx += muN * dLoad.row(0);
    dFy += muN * dLoad.row(1);
    Eigen::Matrix<double, 1, 6> dPhiAcc = e * s * dFx - e * c * dFy + muN * R * dLoad.row(2);
    dPhiAcc(2) += e * (m_p.M * m_p.g + fx) * c + e * fy * s;
    dPhiAcc(5) += m_p.cPhi;

    Eigen::Map<Eigen::Matrix<double, 6, 6, Eigen::RowMajor>> jac(J);
    jac.setZero();
    jac(0, 3) = jac(1, 4) = jac(2, 5) = 1.0;
    jac.row(3) = -dFx / m_p.M;
    jac.row(4) = -dFy / m_p.M;
    jac.row(5) = -dPhiAcc / m_p.B;
    dfdt[0] = dfdt[1] = dfdt[2] = 0.0;
    dfdt[3] = -muN * dLoadDt(0) / m_p.M;
    dfdt[4] = -muN * dLoadDt(1) / m_p.M;
    dfdt[5] = -(e * s * muN * dLoadDt(0) - e * c * muN * dLoadDt(1) + muN * R * dLoadDt(2)) / m_p.B;
}

void PendulumOnDisk::outputs(double t, const double* y, double* out) const
{
    const double s = std::sin(y[2]), c = std::cos(y[2]);
    const contact::RelativeMotion q = relativeMotion(t, y, s, c);
    const contact::FrictionLoad f = m_contact.load(q.vx, q.vy, q.omega);
    out[0] = y[0] - m_p.e * c;  // Acta Mech (9)
    out[1] = y[1] - m_p.e * s;
    out[2] = q.vx;
    out[3] = q.vy;
    out[4] = q.omega;
    out[5] = f.tx;
    out[6] = f.ty;
    out[7] = f.m;
}

} // namespace fl
