#include "analysis/stick_recurrence.h"
#include "systems/scenario_setup.h"

#include "simulation/dynamics_factory.h"
#include "common/guarded.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl {
namespace {

double distance(const StickEntry& a, const StickEntry& b)
{
    if (a.state.size() != b.state.size())
        return std::numeric_limits<double>::infinity();
    double d = 0.0;
    for (std::size_t k = 0; k < a.state.size(); ++k)
        d = std::max(d, std::abs(a.state[k] - b.state[k]));
    return std::isfinite(d) ? d : std::numeric_limits<double>::infinity();
}

/// Remembers the state at the end of every step; a switch into stick takes the state of the step
/// that ended at the switch (the event loop reports that step first).
class StickEntryRecorder final : public DynamicsObserver {
public:
    explicit StickEntryRecorder(std::vector<StickEntry>& entries, int dimension)
        : entries_(entries), last_(static_cast<std::size_t>(dimension), 0.0)
    {
    }
    bool onStep(const StepView& step, int) override
    {
        std::copy(step.y1, step.y1 + last_.size(), last_.begin());
        return true;
    }
    void onSwitch(double t, ContactMode entered, int) override
    {
        if (entered == ContactMode::Stick)
            entries_.push_back({t, last_});
    }

private:
    std::vector<StickEntry>& entries_;
    std::vector<double> last_;
};

} // namespace

StickRecurrence findStickRecurrence(const std::vector<StickEntry>& entries, const StickRecurrenceOptions& options)
{
    StickRecurrence r;
    std::size_t begin = 0;
    while (begin < entries.size() && entries[begin].t < options.afterTime)
        ++begin;
    r.entriesUsed = entries.size() - begin;
    const int confirmations = std::max(1, options.confirmations);
    const int maxP = std::max(1, options.maxEntriesPerPeriod);
    r.bestMismatch.assign(static_cast<std::size_t>(maxP), std::numeric_limits<double>::infinity());
    for (int p = 1; p <= maxP; ++p) {
        const std::size_t up = static_cast<std::size_t>(p);
        int run = 0;
        for (std::size_t i = begin; i + up < entries.size(); ++i) {
            const double d = distance(entries[i], entries[i + up]);
            r.bestMismatch[up - 1] = std::min(r.bestMismatch[up - 1], d);
            run = d <= options.tolerance ? run + 1 : 0;
            if (run < confirmations || r.periodic)
                continue;
            // Confirmed: entries first .. i recur after p entries.
            const std::size_t first = i + 1 - static_cast<std::size_t>(confirmations);
            double sum = 0.0, mismatch = 0.0;
            for (std::size_t j = first; j <= i; ++j) {
                sum += entries[j + up].t - entries[j].t;
                mismatch = std::max(mismatch, distance(entries[j], entries[j + up]));
            }
            r.periodic = true;
            r.stickPhasesPerPeriod = p;
            r.firstEntry = first;
            r.period = sum / confirmations;
            r.mismatch = mismatch;
            for (std::size_t j = first; j <= i; ++j)
                r.periodSpread = std::max(r.periodSpread, std::abs(entries[j + up].t - entries[j].t - r.period));
        }
        if (r.periodic) {
            r.bestMismatch.resize(up);
            break;
        }
    }
    return r;
}

namespace {
Status recordStickEntriesUnguarded(const Scenario& scenario, double tEnd, std::vector<StickEntry>& entries,
                                   const std::vector<double>& start, double t0, const std::atomic<bool>* cancel);
} // namespace

Status recordStickEntries(const Scenario& scenario, double tEnd, std::vector<StickEntry>& entries,
                          const std::vector<double>& start, double t0, const std::atomic<bool>* cancel)
{
    return guarded("stick entries", [&] { return recordStickEntriesUnguarded(scenario, tEnd, entries, start, t0, cancel); });
}

namespace {
Status recordStickEntriesUnguarded(const Scenario& scenario, double tEnd, std::vector<StickEntry>& entries,
                                   const std::vector<double>& start, double t0, const std::atomic<bool>* cancel)
{
    entries.clear();
    if (scenario.method != Method::EventDriven)
        return Status::error("stick entries need the event-driven method");
    if (const Status s = validate(scenario); !s.ok())
        return s;
    const std::unique_ptr<Dynamics> dynamics = makeDynamics(scenario, cancel);
    std::vector<double> y = start.empty() ? dynamics->initialState() : start;
    if (static_cast<int>(y.size()) != dynamics->dimension())
        return Status::error("the start state has " + std::to_string(y.size()) + " values, the system " +
                             std::to_string(dynamics->dimension()));
    double t = t0;
    StickEntryRecorder recorder(entries, dynamics->dimension());
    IntegrationStats stats;
    return dynamics->integrate(y, t, tEnd, recorder, stats);
}
} // namespace

} // namespace fl
