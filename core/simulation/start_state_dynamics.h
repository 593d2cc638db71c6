#pragma once
// A scenario's dynamics started from a state of the user's (Scenario::initialState: an orbit loaded
// from a continued branch) instead of the system's own initial state: everything else is the
// system's, forwarded.
#include "solvers/dynamics.h"

#include <memory>
#include <vector>

namespace fl {

/// `inner` with initialState() = start. Precondition: start.size() == inner->dimension().
std::unique_ptr<Dynamics> startingFrom(std::unique_ptr<Dynamics> inner, std::vector<double> start);

} // namespace fl
