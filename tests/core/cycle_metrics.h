#pragma once
// Test helpers: measure a limit cycle from the samples of a run.
#include "solvers/run_result.h"

#include <vector>

namespace fltest {

struct Extremum {
    double t;
    double value;
};

/// Local maxima of variable `column` (a state index) for t >= tFrom, refined by a parabola through
/// the three samples around each grid maximum (error O(dt^3) for smooth maxima).
std::vector<Extremum> localMaxima(const fl::RunResult& run, int column, double tFrom);

/// Mean spacing of consecutive maxima and their mean value.
struct CycleMetrics {
    double period = 0.0;
    double xMax = 0.0;
    int cycles = 0;
};
CycleMetrics cycleMetrics(const fl::RunResult& run, double tFrom);

/// Closed-form stick-slip cycle of the undamped, unforced belt with Coulomb friction (derived in
/// test_event_driven_solver.cpp): slip time pi + 2 atan(v_b/(mu_s - mu_k)), stick time
/// 2 (mu_s - mu_k)/v_b, x_max = mu_k + sqrt((mu_s - mu_k)^2 + v_b^2).
struct ClosedFormCycle {
    double slipTime;
    double stickTime;
    double period;
    double xMax;
    double xStickEntry; ///< 2 mu_k - mu_s
};
ClosedFormCycle closedFormCycle(double muS, double muK, double vb);

} // namespace fltest
