#pragma once
// Local maxima of one state variable, located on each step's dense output: a maximum is a
// downward zero of the interpolant's time derivative, found by TOMS 748 inside the step, so values
// and times are accurate to solver tolerance rather than to an output grid.
#include "solvers/poincare_section.h"

namespace fl {

class MaximaDetector {
public:
    MaximaDetector(int variable, int dimension, int subdivisions = 4)
        : m_variable(variable), m_subdivisions(subdivisions), m_y(static_cast<size_t>(dimension)) {}
    /// Appends the maxima found inside the step (feed every step in order).
    void collect(const StepView& step, std::vector<SectionPoint>& out);

private:
    int m_variable;
    int m_subdivisions;
    std::vector<double> m_y;
    bool m_primed = false;
    double m_lastSlope = 0.0; ///< derivative at the end of the previous step
};

} // namespace fl
