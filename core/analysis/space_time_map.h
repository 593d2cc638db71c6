#pragma once
// The space-time picture of a Burridge-Knopoff chain run (S5): the slip speed |v_r,i| = |x_i' - v_b|
// of every block i over time, on a grid of at most maxColumns time columns (each the largest
// speed of the samples in it, so that a short slip stays visible when many samples share a column).
#include "solvers/run_result.h"

#include <vector>

namespace fl {

struct SpaceTimeMap {
    int blocks = 0;
    int columns = 0;
    double tBegin = 0.0;  ///< time of the first column's centre
    double tEnd = 0.0;    ///< time of the last column's centre
    double maxSpeed = 0.0;
    std::vector<float> speed; ///< column-major: speed[column * blocks + block]

    bool empty() const { return columns == 0 || blocks == 0; }
    double at(int column, int block) const { return speed[static_cast<size_t>(column) * blocks + block]; }
};

/// The map of the samples with tFrom <= t <= tTo (the whole run for tFrom > tTo); stride state values
/// per block (x_i, v_i and a law with memory's states).
SpaceTimeMap buildSpaceTimeMap(const RunResult& run, double vb, int maxColumns, double tFrom = 1.0, double tTo = 0.0,
                               int stride = 2);

} // namespace fl
