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

    /// Samples every grid point up to tLimit: stateAt(t, y) evaluates a dense output, forceAt(t, y)
    /// the friction force; mode < 0 for smooth runs.
    template <class StateAt, class ForceAt>
    void sampleUntil(double tLimit, StateAt stateAt, ForceAt forceAt, int mode, double* scratch)
    {
        while (!done() && nextTime() <= tLimit) {
            const double t = nextTime();
            stateAt(t, scratch);
            add(scratch, forceAt(t, scratch), mode);
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
