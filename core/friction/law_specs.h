#pragma once
// Parameter specs and checks that several 1-D laws share (so that switching between them keeps
// the values: mu_s and mu_k mean the same in Coulomb, LuGre and the elasto-plastic model).
#include "common/status.h"
#include "params/parameter_set.h"

namespace fl::lawspec {

ParameterSpec muStatic();
ParameterSpec muKinetic();
ParameterSpec mu0();
/// Bristle stiffness sigma_0 (LuGre, Dahl, elasto-plastic), up to 1e6.
ParameterSpec sigma0();
/// Stribeck velocity v_s, down to 1e-4.
ParameterSpec stribeckVelocity();
/// Error unless value(big) >= value(small).
Status requireAtLeast(const ParameterSet& p, const char* big, const char* small);
Status noRelation(const ParameterSet&);

} // namespace fl::lawspec
