#include "friction/regularization.h"

#include <boost/math/tools/roots.hpp>

#include <cmath>
#include <numbers>

namespace fl {

const std::vector<RegularizationInfo>& regularizations()
{
    static const std::vector<RegularizationInfo> list = {
        {Regularization::Kudra, "kudra", "Kudra, static peak (JTAM 4.2)", "s = u (1/√(u²+1) + η′/(u²+1)²)"},
        {Regularization::Tanh, "tanh", "tanh", "s = tanh(u)"},
        {Regularization::Atan, "atan", "arctan", "s = (2/π) atan(u)"},
        {Regularization::Sqrt, "sqrt", "square root (JTAM 4.1)", "s = u / √(u²+1)"},
    };
    return list;
}

std::optional<Regularization> findRegularization(std::string_view id)
{
    for (const RegularizationInfo& info : regularizations())
        if (info.id == id)
            return info.kind;
    return std::nullopt;
}

const RegularizationInfo& regularizationInfo(Regularization kind)
{
    for (const RegularizationInfo& info : regularizations())
        if (info.kind == kind)
            return info;
    return regularizations().front();
}

double regularizedSign(Regularization kind, double u, double etaPrime)
{
    switch (kind) {
    case Regularization::Tanh:
        return std::tanh(u);
    case Regularization::Atan:
        return std::numbers::inv_pi * 2.0 * std::atan(u);
    case Regularization::Sqrt:
        return u / std::sqrt(u * u + 1.0);
    case Regularization::Kudra: {
        const double q = u * u + 1.0;
        return u * (1.0 / std::sqrt(q) + etaPrime / (q * q));
    }
    }
    return 0.0;
}

double regularizedSignSlope(Regularization kind, double u, double etaPrime)
{
    switch (kind) {
    case Regularization::Tanh: {
        const double c = std::cosh(u);
        return std::isfinite(c) ? 1.0 / (c * c) : 0.0;
    }
    case Regularization::Atan:
        return std::numbers::inv_pi * 2.0 / (1.0 + u * u);
    case Regularization::Sqrt: {
        const double q = u * u + 1.0;
        return 1.0 / (q * std::sqrt(q));
    }
    case Regularization::Kudra: {
        // d/du [u q^{-1/2} + eta' u q^{-2}] = q^{-3/2} + eta' (1 - 3u^2) q^{-3}
        const double q = u * u + 1.0;
        return 1.0 / (q * std::sqrt(q)) + etaPrime * (1.0 - 3.0 * u * u) / (q * q * q);
    }
    }
    return 0.0;
}

namespace {
// Below this eta' the Kudra law has no interior maximum above 1.
constexpr double kFoldEtaPrime = 1.0;

boost::math::tools::eps_tolerance<double> fullPrecision() { return boost::math::tools::eps_tolerance<double>(52); }
} // namespace

double kudraPeakLocation(double etaPrime)
{
    if (etaPrime <= kFoldEtaPrime)
        return std::numeric_limits<double>::infinity();
    if (!std::isfinite(etaPrime))
        return std::numeric_limits<double>::quiet_NaN();
    // ds/du = 0  <=>  (w + 1)^{3/2} = eta' (3w - 1), w = u^2. The interior maximum is the root in
    // (1/3, 3): the left side exceeds the right at w = 1/3 and falls below it at w = 3 when eta' > 1.
    auto q = [etaPrime](double w) { return std::pow(w + 1.0, 1.5) - etaPrime * (3.0 * w - 1.0); };
    std::uintmax_t iterations = 200;
    auto [lo, hi] = boost::math::tools::toms748_solve(q, 1.0 / 3.0, 3.0, fullPrecision(), iterations);
    return std::sqrt(0.5 * (lo + hi));
}

double kudraPeak(double etaPrime)
{
    if (etaPrime <= kFoldEtaPrime)
        return 1.0;
    const double u = kudraPeakLocation(etaPrime);
    return std::max(1.0, regularizedSign(Regularization::Kudra, u, etaPrime));
}

double kudraEtaPrime(double eta)
{
    if (!(eta > 1.0))
        return 0.0;
    if (!(eta <= kMaxKudraEta))
        return std::numeric_limits<double>::quiet_NaN();
    // kudraPeak is continuous and increasing in eta' for eta' > 1.14993; kudraPeak(1) < 1 <= eta.
    double upper = 2.0;
    while (kudraPeak(upper) < eta)
        upper *= 2.0;
    // Relative to eta: the peak grows like 0.325 eta', and for eta ~ 1e154 the products that
    // TOMS 748 forms of unscaled values overflow (it then threw "do not bracket the root").
    auto f = [eta](double etaPrime) {
        if (etaPrime <= kFoldEtaPrime)
            return regularizedSign(Regularization::Kudra, std::sqrt(3.0), 1.0) / eta - 1.0;
        return regularizedSign(Regularization::Kudra, kudraPeakLocation(etaPrime), etaPrime) / eta - 1.0;
    };
    std::uintmax_t iterations = 200;
    auto [lo, hi] = boost::math::tools::toms748_solve(f, kFoldEtaPrime, upper, fullPrecision(), iterations);
    return 0.5 * (lo + hi);
}

} // namespace fl
