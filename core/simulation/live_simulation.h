#pragma once
// A run that goes on indefinitely in pieces and takes new parameters at any instant, continuing
// from the current state and time (the live mode of the application). Every method: the
// event-driven one carries its mode over (a sticking contact whose static limit drops below its
// holding force slips at once; a slipping one keeps slipping), the smooth ones simply go on.
#include "common/status.h"
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <atomic>
#include <memory>
#include <vector>

namespace fl {

class Dynamics;

class LiveSimulation {
public:
    /// Starts defaultScenario() at t = 0.
    LiveSimulation();
    ~LiveSimulation();
    LiveSimulation(LiveSimulation&&) noexcept;
    LiveSimulation& operator=(LiveSimulation&&) noexcept;

    /// Starts the scenario at its initial state, t = 0. An invalid scenario is refused (state untouched).
    Status reset(const Scenario& scenario);
    /// Goes on from the current time, state and mode with new values (same system; another system
    /// resets; a new dt goes on with its grid after time()). An invalid scenario is refused and the
    /// old one continues.
    Status change(const Scenario& scenario);
    /// Goes on from the given time and state (e.g. the sample on screen) with the scenario; mode is
    /// the sample's ContactMode (or -1): a stick sample of an event-driven run restarts in stick
    /// when the holding force allows it. Later samples produced before are forgotten by the caller.
    Status restartFrom(const Scenario& scenario, double t, const std::vector<double>& y, int mode);
    /// Integrates up to tEnd, appending to out (a RunResult of the same layout as simulate()'s:
    /// stateNames/outputNames set on first use) the samples on the grid t_k = k dt of the
    /// scenario's dt with time() < t_k <= tEnd (after reset() also t_0 = 0), the switches and the
    /// stick intervals closed in that span. A stick interval still open at tEnd is closed there; the
    /// next piece opens one at the same time. A mode other than the carried one at time() (e.g. a
    /// sticking block under a lower mu_s) is a switch at time(). Returns the integration's status
    /// (cancel, step limit per call, non-finite state; refused: out holds samples of another system);
    /// after a failure the simulation stays at the last good state. Nothing to do if tEnd <= time().
    Status advance(double tEnd, RunResult& out, const std::atomic<bool>* cancel = nullptr);

    const Scenario& scenario() const { return m_scenario; }
    double time() const { return m_t; }
    const std::vector<double>& state() const { return m_y; }
    /// The contact mode at time() (ContactMode as int), -1 for smooth methods and before the first step.
    int mode() const { return m_mode; }
    /// Accepted integrator steps since the last reset().
    long steps() const { return m_steps; }

private:
    class Chunk; ///< observer of one advance(): recorder, state at tEnd, last good state

    /// The scenario's dynamics, built with the cancel flag of the last advance().
    Status build(const Scenario& scenario, std::unique_ptr<Dynamics>& dynamics) const;
    /// Takes over where a piece ended: (y, t) as integrate() left them, or the chunk's records.
    Status settle(Status status, const std::vector<double>& y, double t, double tEnd, const Chunk& chunk);

    Scenario m_scenario;
    std::unique_ptr<Dynamics> m_dynamics;
    double m_t = 0.0;
    std::vector<double> m_y;
    int m_mode = -1;
    long m_steps = 0;
    long m_nextSample = 0;                    ///< grid index k of the next sample, t_k = k dt
    const std::atomic<bool>* m_cancel = nullptr; ///< the flag m_dynamics polls
};

} // namespace fl
