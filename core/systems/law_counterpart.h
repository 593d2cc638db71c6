#pragma once
// Which event-driven law "Compare methods" runs against a scenario's law. A law with memory
// (LuGre, Dahl, ...) has no set-valued stick branch, so its exact counterpart is a law of v_r with
// the same steady-state characteristic, which the law declares (FrictionLawInfo::counterpart): for
// LuGre and the elasto-plastic law, the Gaussian Stribeck law with LuGre's own parameter ids
// (stribeck-gauss).
#include <string>
#include <vector>

namespace fl {

struct FrictionLawInfo;
struct Scenario;
struct SystemInfo;

/// The laws of the system that the event-driven method takes, in menu order.
std::vector<const FrictionLawInfo*> eventDrivenLaws(const SystemInfo& system);

/// The scenario's own law when the event-driven method takes it; otherwise the counterpart the law
/// declares when the system takes it (lugre, elasto-plastic -> stribeck-gauss; dahl, karnopp ->
/// coulomb); otherwise the system's event-driven law sharing the most parameter ids with it (ties:
/// menu order), so that the values carry over. Empty if the system has no event-driven law or is
/// unknown.
std::string eventDrivenCounterpart(const Scenario& scenario);

} // namespace fl
