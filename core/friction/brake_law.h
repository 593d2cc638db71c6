#pragma once
#include "friction/friction_law.h"

namespace fl {

/// The review's two-branch friction law of the brake rig (Awrejcewicz & Olejnik 2005, (21)-(23),
/// Fig. 21): law id "brake-branches".
FrictionLawInfo brakeLawInfo();

} // namespace fl
