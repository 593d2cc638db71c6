#pragma once
// The registry entries of the laws with memory (friction/state_law.h) and Karnopp's window, one file each:
// adding a law is its file, one line here and one in friction_laws.cpp's list. The file declares what
// the law can do as fields of its FrictionLawInfo (its states, eventDriven, memoryScales, counterpart);
// tests/core/test_law_capabilities.cpp checks them against the law's equations.
#include "friction/friction_law.h"

namespace fl {

FrictionLawInfo dahlLawInfo();         ///< friction/dahl_law.cpp, review (12)
FrictionLawInfo lugreLawInfo();        ///< friction/lugre_law.cpp, review (17)
FrictionLawInfo blimanSorineLawInfo(); ///< friction/bliman_sorine_law.cpp, review (13)-(15)
FrictionLawInfo ostermeyerLawInfo();   ///< friction/ostermeyer_law.cpp, review (18)-(19)
FrictionLawInfo elastoPlasticLawInfo(); ///< friction/elasto_plastic_law.cpp, for review (16)
FrictionLawInfo karnoppLawInfo();       ///< friction/karnopp_law.cpp, review (6) (a window, no state)

/// The largest sigma1 for which LuGre's map v_r -> F is passive (Barabanov & Ortega, IEEE TAC 45,
/// 2000): sigma2 mu_k / (mu_s - mu_k), infinite when mu_s <= mu_k.
/// Checked, not copied: with u = sgn(v) sigma0 z / g(v) <= mu_s/mu_k the identity
///   F v = d/dt(sigma0 z^2/2) + g |v| u^2 + v^2 (sigma1 (1 - u) + sigma2)
/// proves passivity up to this bound, and a creep-then-jump loop returns energy from about 1.02x
/// it (tests/core/test_memory_laws.cpp, lugrePassivity). The form with a factor 4 that the issue
/// and some summaries quote is not a passivity bound: loops return energy at 0.26x it.
double lugrePassivityBound(double muS, double muK, double sigma2);

} // namespace fl
