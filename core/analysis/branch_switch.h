#pragma once
// Branch switching (docs/continuation.md, "Switching branches"): the first orbit of the branch born
// at a located point, as a setup continueBranch starts from.
//  - At a period doubling, the orbit of twice the period: the period-1 orbit there, nudged along the
//    monodromy matrix's eigenvector of the multiplier -1, refined by Newton on the return map of
//    twice the periods a little to either side of the point; an orbit that is the period-1 one
//    (closing after one return too) is refused.
//  - At a Hopf point of steady sliding, the small orbit around it: the equilibrium plus a multiple
//    of the critical pair's eigenvector, placed on the system's section (crossing in its
//    direction), refined a little to either side.
// Each side and amplitude is tried from the smallest step out; the first orbit found is taken.
#include "analysis/orbit_continuation.h"

namespace fl {

/// A setup for the branch born at `point` (of type period-doubling or hopf) of the branch that
/// `parent` continued: orbits, `start` just past the point, `guess` the born orbit's state on the
/// section, periods doubled at a period doubling. The range is the parent's.
Status bornBranchSetup(const Scenario& scenario, const ContinuationSetup& parent, const LocatedPoint& point, ContinuationSetup& born,
                       const std::atomic<bool>* cancel = nullptr);

/// Whether bornBranchSetup takes points of this type.
bool branchesAt(const std::string& type);

} // namespace fl
