#include "contact/approximants.h"

#include <algorithm>
#include <cmath>

namespace fl::contact {

DenominatorSquared denominatorSquared(int n, ApproximantParams p, double v, double omegaS)
{
    return denominatorSquared(n, p.m, std::pow(p.b, 1.0 / n), v, omegaS);
}

DenominatorSquared denominatorSquared(int n, double m, double bRoot, double v, double omegaS)
{
    // D^2 = s^(2n) (1 + r^(n m))^(2/m) with s the larger of |v| and b^(1/n)|omega| and r the ratio of
    // the smaller to it: two pow calls (this is the hot path of every plane-contact simulation).
    const double av = std::abs(v);
    const double aw = bRoot * std::abs(omegaS);
    const double s = std::max(av, aw);
    if (s == 0.0)
        return {};
    const double small = std::min(av, aw);
    const double r = small > 0.0 ? std::pow(small / s, n * m) : 0.0;
    const double inner = 1.0 + r;
    const double s2 = s * s;
    const double s2n = n == 1 ? s2 : (n == 3 ? s2 * s2 * s2 : std::pow(s, 2.0 * n));
    const double tv = av >= aw ? 1.0 : r, tw = av >= aw ? r : 1.0;
    return {r == 0.0 ? s2n : s2n * std::pow(inner, 2.0 / m), tv / inner, tw / inner};
}

FrictionLoad numeratorI00(const I00Coefficients& c, double b, double vsx, double vsy, double omegaS)
{
    return {vsx - b * c.c011 * omegaS, vsy + b * c.c101 * omegaS, b * c.c00m1 * omegaS - c.c010 * vsx + c.c100 * vsy};
}

FrictionLoad numeratorI11(const I11Coefficients& c, double b, double vsx, double vsy, double omegaS)
{
    const double v2 = vsx * vsx + vsy * vsy, w2 = omegaS * omegaS;
    const double k = v2 + b * c.kT * w2;
    return {k * vsx, k * vsy, omegaS * (c.c * b * w2 + c.c2 * v2)};
}

namespace {

// Homogeneous of degree 0: scale the motion to max-norm 1 first (no overflow in D).
template <class Numerator>
FrictionLoad ratio(int n, ApproximantParams p, double vsx, double vsy, double omegaS, Numerator numerator)
{
    const double scale = std::max({std::abs(vsx), std::abs(vsy), std::abs(omegaS)});
    if (scale == 0.0)
        return {};
    vsx /= scale;
    vsy /= scale;
    omegaS /= scale;
    const double d = std::sqrt(denominatorSquared(n, p, std::hypot(vsx, vsy), omegaS).value);
    const FrictionLoad num = numerator(vsx, vsy, omegaS);
    return {num.tx / d, num.ty / d, num.m / d};
}

} // namespace

ApproximantI00::ApproximantI00(const I00Coefficients& coefficients, ApproximantParams params)
    : m_c(coefficients), m_p(params)
{
}

FrictionLoad ApproximantI00::load(double vsx, double vsy, double omegaS) const
{
    return ratio(1, m_p, vsx, vsy, omegaS,
                 [this](double x, double y, double w) { return numeratorI00(m_c, m_p.b, x, y, w); });
}

ApproximantI11::ApproximantI11(const I11Coefficients& coefficients, ApproximantParams params)
    : m_c(coefficients), m_p(params)
{
}

FrictionLoad ApproximantI11::load(double vsx, double vsy, double omegaS) const
{
    return ratio(3, m_p, vsx, vsy, omegaS,
                 [this](double x, double y, double w) { return numeratorI11(m_c, m_p.b, x, y, w); });
}

} // namespace fl::contact
