#pragma once
// Smooth replacements of sgn(v_r) for regularized (smooth, possibly stiff) simulation:
// tanh and atan (review 2.2.1), sqrt (JTAM (4.1)) and Kudra's law with a static peak (JTAM (4.2)).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fl {

enum class Regularization { Tanh, Atan, Sqrt, Kudra };

struct RegularizationInfo {
    Regularization kind;
    std::string id;      ///< "tanh", "atan", "sqrt", "kudra"
    std::string name;
    std::string formula; ///< s(u) with u = v_r/eps
};

const std::vector<RegularizationInfo>& regularizations();
std::optional<Regularization> findRegularization(std::string_view id);
const RegularizationInfo& regularizationInfo(Regularization kind);

/// Smooth sign s(u), u = v_r/eps. For Kudra, JTAM (4.2):
/// s(u) = u (1/sqrt(u^2+1) + eta' / (u^2+1)^2), whose maximum is eta (see kudraPeak).
double regularizedSign(Regularization kind, double u, double etaPrime);
/// ds/du.
double regularizedSignSlope(Regularization kind, double u, double etaPrime);

/// eta = max_u s(u) of Kudra's law for a given eta' >= 0. For eta' <= 1.14993 the supremum 1 is
/// approached only as u -> infinity, so eta = 1 there.
double kudraPeak(double etaPrime);
/// Largest peak eta that kudraEtaPrime takes (scenarios refuse a larger mu_s / g(0) with Kudra's law).
inline constexpr double kMaxKudraEta = 1e12;
/// The exact inverse of kudraPeak: eta' for a peak eta >= 1 (eta = 1 gives eta' = 0, the pure
/// sqrt law). Root find to full double precision; not the cubic fits quoted in JTAM sec. 4.
/// Never throws: NaN for eta > kMaxKudraEta or NaN.
double kudraEtaPrime(double eta);
/// Where the peak of Kudra's law lies, u* = v_r/eps (for eta' > 1.14993).
double kudraPeakLocation(double etaPrime);

} // namespace fl
