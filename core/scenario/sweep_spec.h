#pragma once
// What a bifurcation sweep asks for (the swept parameter, its range, the transient, the observable):
// plain data, so that a system's published case can carry its figure's sweep (systems/) and the
// sweep itself (analysis/bifurcation_sweep.h) can run it.
#include <string>

namespace fl {

enum class SweepObservable { Stroboscopic, Hyperplane, Maxima };
enum class SweepDirection { Up, Down, Both };

struct SweepSpec {
    std::string parameter;      ///< id of the swept parameter
    double from = 0.0;
    double to = 1.0;
    int steps = 101;            ///< parameter values, from..to inclusive
    double transient = 100.0;   ///< time discarded before recording, per value
    int samples = 50;           ///< points recorded per value
    double maxRecordTime = 1e3; ///< recording stops after this time even with fewer points
    SweepObservable observable = SweepObservable::Maxima;
    int variable = 0;           ///< state index: recorded value (and hyperplane/maxima variable)
    int sectionVariable = 0;    ///< hyperplane: the state crossing `level`
    double level = 0.0;
    /// hyperplane: when not empty, the section is this plane = level instead of sectionVariable =
    /// level: an affine expression of the state variables, t and the parameters (`x1 - x2`,
    /// `x - d`; solvers/section_plane_expression.h) evaluated at each swept value.
    std::string sectionPlane;
    int crossingDirection = 1;  ///< hyperplane: +1 up, -1 down, 0 both
    double period = 0.0;        ///< stroboscopic: section period (time units)
    /// stroboscopic: the period as written, an expression of the parameters (`2*pi/w`) evaluated at
    /// each swept value (scenario/parameter_expression.h); empty: `period`.
    std::string periodText;
    bool continuation = true;
    SweepDirection direction = SweepDirection::Up;
};

} // namespace fl
