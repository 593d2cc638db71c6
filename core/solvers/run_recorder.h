#pragma once
#include "solvers/dynamics.h"

namespace fl {

/// Fills a RunResult: samples on the grid t_k = k dt (k = 0 .. floor(t_end/dt)) from each step's
/// dense output, with the derived outputs and the mode; the switches and the stick intervals.
class RunRecorder final : public DynamicsObserver {
public:
    RunRecorder(const Dynamics& dynamics, double dt, double tEnd, RunResult& out);

    bool onStep(const StepView& step, int mode) override;
    void onSwitch(double t, ContactMode entered) override;
    /// Closes an open stick interval at tEnd, the time the run reached.
    void finish(double tEnd);
    bool done() const { return m_k >= m_count; }

private:
    const Dynamics& m_dynamics;
    RunResult& m_out;
    double m_dt;
    long m_k = 0;
    long m_count;
    std::vector<double> m_state;
    std::vector<double> m_outputs;
    bool m_inStick = false;
    bool m_started = false;
    double m_stickBegin = 0.0;
};

} // namespace fl
