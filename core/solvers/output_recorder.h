#pragma once
#include "solvers/run_result.h"
#include "systems/contact_system.h"

#include <cmath>

namespace fl {

/// Fills a RunResult with samples on the grid t_k = k dt, k = 0 .. floor(t_end / dt).
class OutputRecorder {
public:
    OutputRecorder(const ContactSystem& system, double dt, double tEnd, RunResult& out);

    bool done() const { return m_k >= m_count; }
    double nextTime() const { return static_cast<double>(m_k) * m_dt; }
    /// Appends the sample at nextTime(); mode < 0 for smooth runs.
    void add(const double* y, double force, int mode);

    /// Samples every grid point up to tLimit from a dense-output stepper; forceAt(t, y) gives
    /// the friction force and modeValue the mode to record.
    template <class Stepper, class State, class ForceAt>
    void sampleUntil(Stepper& stepper, double tLimit, State& scratch, ForceAt forceAt, int modeValue)
    {
        while (!done() && nextTime() <= tLimit) {
            const double t = nextTime();
            stepper.calc_state(t, scratch);
            add(&scratch[0], forceAt(t, &scratch[0]), modeValue);
        }
    }

private:
    const ContactSystem& m_system;
    RunResult& m_out;
    double m_dt;
    long m_k = 0;
    long m_count;
};

} // namespace fl
