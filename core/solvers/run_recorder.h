#pragma once
#include "solvers/dynamics.h"

#include <cstdint>
#include <string>
#include <limits>
#include <vector>

namespace fl {

/// Fills a RunResult: samples on the grid t_k = k dt (k = 0 .. floor(t_end/dt)) from each step's
/// dense output, with the derived outputs and the mode; the switches, the grazes (counted in
/// switchCount, grazeCount) and, for dynamics of one contact (steps with a mode >= 0), the stick
/// intervals: a chain's switches are those of n blocks, one by one, and make no intervals. Each
/// event list keeps at most the event cap's records (setEventCap), then the rest are only counted.
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

    /// Keeps at most records entries of each event list (section points: admitSection), default all.
    void setEventCap(size_t records) { m_cap = records; }
    size_t eventCap() const { return m_cap; }
    /// Whether a section point of the given number of values (d + 1) fits the cap next to those
    /// held (2 cap values); if not, marks the result capped.
    bool admitSection(size_t values);
    /// "only the first N stick/slip switches ... are kept in memory ..." once a list is capped, else empty.
    const std::string& capWarning() const { return m_capWarning; }

    bool onStep(const StepView& step, int mode) override;
    void onSwitch(double t, ContactMode entered, int contact) override;
    void onGraze(double t, ContactMode mode) override;
    /// Closes an open stick interval at tEnd, the time the run reached.
    void finish(double tEnd);
    bool done() const { return m_k >= m_count; }
    /// The grid index of the next sample to record.
    long nextIndex() const { return m_k; }

private:
    enum Kind { Switches, Grazes, StickIntervals, SectionPoints };
    /// Marks the result capped for a kind of event (kept: how many the list holds).
    void capped(Kind kind, size_t kept);
    void closeStickInterval(double end);

    const Dynamics& m_dynamics;
    RunResult& m_out;
    double m_dt;
    double m_perUnit = 0.0; ///< 1/dt when it is a whole number (then t_k = k / (1/dt)), else 0
    double m_tEnd = std::numeric_limits<double>::infinity(); ///< a whole run's end: no sample after it
    long m_k = 0;
    long m_count;
    std::vector<double> m_state;
    std::vector<double> m_outputs;
    bool m_inStick = false;
    bool m_started = false;
    bool m_oneContact = false; ///< the steps report a mode (>= 0): stick intervals are recorded
    double m_stickBegin = 0.0;
    size_t m_cap = SIZE_MAX;
    std::vector<std::string> m_cappedKinds; ///< "2000000 stick/slip switches", ... in the order capped
    bool m_cappedKind[4] = {false, false, false, false};
    std::string m_capWarning;
};

} // namespace fl
