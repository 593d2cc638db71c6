#include "contact/regularized_models.h"

#include "friction/regularization.h"

#include <cmath>

namespace fl::contact {

RegularizedApproximant::RegularizedApproximant(const I00Coefficients& coefficients, ApproximantParams params,
                                               RegularizationParams reg)
    : m_kind(ApproximantKind::I00), m_c00(coefficients), m_p(params), m_reg(reg), m_etaPrime(fl::kudraEtaPrime(reg.eta)), m_n(1)
{
    cacheConstants();
}

RegularizedApproximant::RegularizedApproximant(const I11Coefficients& coefficients, ApproximantParams params,
                                               RegularizationParams reg)
    : m_kind(ApproximantKind::I11), m_c11(coefficients), m_p(params), m_reg(reg), m_etaPrime(fl::kudraEtaPrime(reg.eta)), m_n(3)
{
    cacheConstants();
}

void RegularizedApproximant::cacheConstants()
{
    m_eps2n = std::pow(m_reg.eps, 2 * m_n);
    m_eps3n = std::pow(m_reg.eps, 3 * m_n);
    m_bRoot = std::pow(m_p.b, 1.0 / m_n);
}

Eigen::Vector3d RegularizedApproximant::numerator(double vsx, double vsy, double omegaS, Eigen::Matrix3d* gradient) const
{
    const double b = m_p.b;
    if (m_kind == ApproximantKind::I00) {
        const FrictionLoad n = numeratorI00(m_c00, b, vsx, vsy, omegaS);
        if (gradient)
            *gradient << 1.0, 0.0, -b * m_c00.c011, 0.0, 1.0, b * m_c00.c101, -m_c00.c010, m_c00.c100, b * m_c00.c00m1;
        return {n.tx, n.ty, n.m};
    }
    const FrictionLoad n = numeratorI11(m_c11, b, vsx, vsy, omegaS);
    if (gradient) {
        const double v2 = vsx * vsx + vsy * vsy, w = omegaS;
        const double k = v2 + b * m_c11.kT * w * w;
        *gradient << k + 2.0 * vsx * vsx, 2.0 * vsx * vsy, 2.0 * b * m_c11.kT * w * vsx, //
            2.0 * vsx * vsy, k + 2.0 * vsy * vsy, 2.0 * b * m_c11.kT * w * vsy,            //
            2.0 * m_c11.c2 * w * vsx, 2.0 * m_c11.c2 * w * vsy, 3.0 * m_c11.c * b * w * w + m_c11.c2 * v2;
    }
    return {n.tx, n.ty, n.m};
}

FrictionLoad RegularizedApproximant::loadAndJacobian(double vsx, double vsy, double omegaS, Eigen::Matrix3d& jacobian) const
{
    const double v = std::sqrt(vsx * vsx + vsy * vsy);
    const DenominatorSquared d = denominatorSquared(m_n, m_p.m, m_bRoot, v, omegaS);
    const double e2 = m_eps2n, e3 = m_eps3n;
    const double q = d.value + e2, sq = std::sqrt(q);
    const double lambda = 1.0 / sq + m_etaPrime * e3 / (q * q);
    const double lambdaS = -0.5 / (q * sq) - 2.0 * m_etaPrime * e3 / (q * q * q);
    Eigen::Matrix3d dn;
    const Eigen::Vector3d n = numerator(vsx, vsy, omegaS, &dn);
    // grad D^2 = 2 n D^2 (wv v/|v|^2, ww/omega), as (D^2/|v|) (v/|v|) so that tiny |v| cannot
    // overflow; the terms are 0 at v = 0 or omega = 0 (symmetric derivative).
    Eigen::Vector3d gradS = Eigen::Vector3d::Zero();
    if (v > 0.0) {
        const double k = 2.0 * m_n * (d.value / v) * d.wv;
        gradS[0] = k * (vsx / v);
        gradS[1] = k * (vsy / v);
    }
    if (omegaS != 0.0)
        gradS[2] = 2.0 * m_n * (d.value / std::abs(omegaS)) * d.ww * (omegaS > 0.0 ? 1.0 : -1.0);
    jacobian = lambda * dn + (lambdaS * n) * gradS.transpose();
    return {lambda * n[0], lambda * n[1], lambda * n[2]};
}

FrictionLoad RegularizedApproximant::load(double vsx, double vsy, double omegaS) const
{
    // sqrt, not hypot (3x slower): the speeds here are far from overflow (the hot path of S2/S3).
    const double v = std::sqrt(vsx * vsx + vsy * vsy);
    const double e2 = m_eps2n, e3 = m_eps3n;
    const double q = denominatorSquared(m_n, m_p.m, m_bRoot, v, omegaS).value + e2;
    const double lambda = 1.0 / std::sqrt(q) + m_etaPrime * e3 / (q * q);
    const Eigen::Vector3d n = numerator(vsx, vsy, omegaS, nullptr);
    return {lambda * n[0], lambda * n[1], lambda * n[2]};
}

Eigen::Matrix3d RegularizedApproximant::jacobian(double vsx, double vsy, double omegaS) const
{
    Eigen::Matrix3d j;
    loadAndJacobian(vsx, vsy, omegaS, j);
    return j;
}

FrictionLoad RegularizedApproximant::limit(double vsx, double vsy, double omegaS) const
{
    if (m_kind == ApproximantKind::I00)
        return ApproximantI00(m_c00, m_p).load(vsx, vsy, omegaS);
    return ApproximantI11(m_c11, m_p).load(vsx, vsy, omegaS);
}

} // namespace fl::contact
