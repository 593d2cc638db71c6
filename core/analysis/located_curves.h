#pragma once
// The located points of a branch followed in a second parameter (docs/continuation.md): at each
// value of it, the branch is continued again over a window around the point's last position, from
// an orbit of the last branch near it, and the point of the same type located again (to 1e-8).
#include "analysis/orbit_continuation.h"

#include <atomic>
#include <string>
#include <vector>

namespace fl {

struct CurveSetup {
    std::string parameter;         ///< the second parameter's id
    double from = 0.0, to = 1.0;
    int steps = 20;                ///< values over [from, to]
};

struct LocatedCurvePoint {
    double second = 0.0;           ///< the second parameter
    double first = 0.0;            ///< the continued parameter where the point lies
    std::vector<double> y;
    std::string condition;         ///< as the point was located there
};

struct LocatedCurve {
    std::string type;
    std::vector<LocatedCurvePoint> points; ///< in the order of the second parameter
    std::string ends;              ///< why the curve stops short of the range (empty when it spans it)
};

/// Checks the second parameter (exists, real, not the first, range inside its limits and around
/// its current value, steps in [2, 2000]). `field`, when given, is set to the field at fault
/// (parameter2, from2, to2, steps2).
Status checkCurves(const Scenario& scenario, const ContinuationSetup& setup, const CurveSetup& curves, std::string* field = nullptr);

/// Each located point of `branch` (not its ends) followed over the second parameter's range.
std::vector<LocatedCurve> followLocatedPoints(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch,
                                              const CurveSetup& curves, const std::atomic<bool>* cancel = nullptr);

} // namespace fl
