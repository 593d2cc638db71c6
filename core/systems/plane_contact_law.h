#pragma once
// The regularized plane-contact law a scenario names (I00 or I11 with its b, m, eps, eta).
#include "contact/regularized_models.h"
#include "scenario/scenario.h"

namespace fl {

/// JTAM (4.4) (law "I00", circular pressure with moment c00) or Acta Mech (6) (law "I11", uniform).
contact::RegularizedApproximant regularizedContactLaw(const Scenario& scenario);

} // namespace fl
