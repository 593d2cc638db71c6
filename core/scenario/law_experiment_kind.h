#pragma once
// The experiments of the law lab by name: a published case can open one (systems/), the law lab
// runs it (analysis/law_experiments.h).

namespace fl {

enum class LawExperimentKind { PreSliding, FrictionalLag, SpeedSteps };

} // namespace fl
