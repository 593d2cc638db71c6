#pragma once
#include "solvers/dynamics.h"

#include <cstdint>

namespace fl {

/// Fills a RunResult: samples on the grid t_k = k dt (k = 0 .. floor(t_end/dt)) from each step's
/// dense output, with the derived outputs and the mode; the switches and the stick intervals.
/// When 1/dt is a whole number n (dt = 0.01, 0.001, 5e-4, ...) t_k is computed as k / n, the
/// double nearest to the decimal k dt: the CSV shows 24.612, not 24.612000000000002 (k * dt).
class RunRecorder final : public DynamicsObserver {
public:
    /// Grid indices [first, end) a recorder samples: t_k = k dt for first <= k < end.
    struct GridRange {
        long first;
        long end;
    };
    /// The samples k = 0 .. floor(t_end/dt) of a whole run (capacity reserved for all of them, at
    /// most reserveLimit: a run whose samples are drained as it goes needs only one block).
    RunRecorder(const Dynamics& dynamics, double dt, double tEnd, RunResult& out, size_t reserveLimit = SIZE_MAX);
    /// The samples of one piece of a longer run (LiveSimulation), appended to out.
    RunRecorder(const Dynamics& dynamics, double dt, GridRange range, RunResult& out);

    bool onStep(const StepView& step, int mode) override;
    void onSwitch(double t, ContactMode entered) override;
    void onGraze(double t, ContactMode mode) override { m_out.grazes.push_back({t, mode}); }
    /// Closes an open stick interval at tEnd, the time the run reached.
    void finish(double tEnd);
    bool done() const { return m_k >= m_count; }
    /// The grid index of the next sample to record.
    long nextIndex() const { return m_k; }

private:
    const Dynamics& m_dynamics;
    RunResult& m_out;
    double m_dt;
    double m_perUnit = 0.0; ///< 1/dt when it is a whole number (then t_k = k / (1/dt)), else 0
    long m_k = 0;
    long m_count;
    std::vector<double> m_state;
    std::vector<double> m_outputs;
    bool m_inStick = false;
    bool m_started = false;
    double m_stickBegin = 0.0;
};

} // namespace fl
