#pragma once
// Parameter specs and checks that several 1-D laws share (so that switching between them keeps
// the values: mu_s and mu_k mean the same in Coulomb, LuGre and the elasto-plastic model), and the
// scales of the bristle laws.
#include "common/status.h"
#include "friction/friction_law.h"
#include "params/parameter_set.h"

#include <cmath>

namespace fl::lawspec {

ParameterSpec muStatic();
ParameterSpec muKinetic();
ParameterSpec mu0();
/// Bristle stiffness sigma_0 (LuGre, Dahl, elasto-plastic), up to 1e6.
ParameterSpec sigma0();
/// Stribeck velocity v_s, down to 1e-4.
ParameterSpec stribeckVelocity();
/// Viscous coefficient sigma_2 of LuGre's force sigma_2 v_r (and of its steady-state law).
ParameterSpec viscousSigma2(double defaultValue);
/// Error unless value(big) >= value(small).
Status requireAtLeast(const ParameterSet& p, const char* big, const char* small);
Status noRelation(const ParameterSet&);
/// The scales of a bristle law (Dahl, LuGre, elasto-plastic), from sigma0 and mu_k: bristles of
/// stiffness sigma0, pre-sliding over the reach mu_k/sigma0, relaxation at sigma0 v / mu_k; the
/// experiment speeds at LawMemoryScales' defaults.
LawMemoryScales bristleScales(const ParameterSet& p);

/// LuGre's Stribeck function g(v) = mu_k + (mu_s - mu_k) exp(-(v/v_s)^2) (review (17)), shared by
/// the elasto-plastic law; read from the parameters mu_s, mu_k, v_s.
struct GaussStribeck {
    double muS, muK, vs;
    explicit GaussStribeck(const ParameterSet& p) : muS(p.value("mu_s")), muK(p.value("mu_k")), vs(p.value("v_s")) {}
    double operator()(double v) const { return muK + (muS - muK) * std::exp(-(v / vs) * (v / vs)); }
    double slope(double v) const { return (muS - muK) * std::exp(-(v / vs) * (v / vs)) * (-2.0 * v / (vs * vs)); }
};

} // namespace fl::lawspec
