#pragma once
// Slip events ("earthquakes") of a Burridge-Knopoff chain run (S5), read off its samples in the
// manner of Carlson & Langer (1989): in each sample interval [t_k, t_k+1] block i counts as
// slipping when its slip speed |v_r,i| at either end, or its mean slip speed |du_i| / dt with
// u_i = x_i - v_b t (constant while the block sticks), exceeds a threshold; slipping cells that
// touch in the block x interval grid (neighbouring blocks, the same or adjacent intervals) form
// one event. An event covers a contiguous range of blocks; its moment is the total slip
// sum |du_i| over its cells (the chain's analogue of the seismic moment).
#include "solvers/run_result.h"

#include <memory>
#include <string>
#include <vector>

namespace fl {

struct Scenario;

struct SlipEvent {
    double tBegin = 0.0;  ///< start of its first interval
    double tEnd = 0.0;    ///< end of its last interval
    int firstBlock = 0;   ///< 0-based
    int lastBlock = 0;
    double moment = 0.0;  ///< sum of |du_i| over its cells (length unit of x)
    long cells = 0;       ///< slipping (block, interval) cells

    int blocks() const { return lastBlock - firstBlock + 1; }
};

struct SlipEventOptions {
    double vb = 0.0;         ///< belt speed: u_i = x_i - v_b t
    double threshold = 0.0;  ///< slip speed above which a cell slips (> 0)
    double skipTime = 0.0;   ///< intervals starting before this time (the transient) are ignored
    int stride = 2;          ///< state values per block: x_i at stride i, v_i after it (a law with memory adds its states)
};

/// Whether slip events can be read off the scenario's runs: its system is a chain of blocks on one
/// belt (SystemInfo::blockChain).
bool hasSlipEvents(const Scenario& scenario);

/// The belt speed of a chain scenario (SystemInfo::chainBeltSpeed, else its parameter v_b).
double chainBeltSpeed(const Scenario& scenario);

/// The options for a chain scenario's run: v_b and the stride from it; the threshold 1e-9 (1 + |v_b|) for exact
/// stick (event-driven: v_r = 0 exactly while a block sticks), else the near-stick threshold of the
/// mechanism view (scene::stickThreshold(v_b, eps)); skipTime as given.
SlipEventOptions slipEventOptions(const Scenario& scenario, double skipTime);

/// The events read sample by sample, for runs streamed in blocks (RunOptions::drain): memory grows
/// with the events, not with the samples.
class SlipEventFinder {
public:
    SlipEventFinder(int blocks, const SlipEventOptions& options);
    ~SlipEventFinder();
    SlipEventFinder(const SlipEventFinder&) = delete;
    SlipEventFinder& operator=(const SlipEventFinder&) = delete;
    /// The next sample: time and state x_1, v_1, ..., x_n, v_n (stride values per block).
    void add(double t, const double* state);
    /// Every sample of a run or of a drained block.
    void add(const RunResult& samples);
    /// The events so far, sorted by tBegin (then firstBlock).
    std::vector<SlipEvent> events() const;

private:
    struct Sets;
    int m_n;
    SlipEventOptions m_options;
    bool m_started = false;
    double m_t = 0.0;
    std::vector<double> m_state;
    std::vector<int> m_previous, m_current; ///< event id of each block's cell (-1: none)
    std::unique_ptr<Sets> m_sets;
};

/// The events of a chain run (n = dimension / stride blocks), sorted by tBegin (then firstBlock).
/// An event still going on at the run's end is included (its tEnd is the last sample).
std::vector<SlipEvent> findSlipEvents(const RunResult& run, const SlipEventOptions& options);

/// CSV of events: t_begin,t_end,first_block,last_block,blocks,moment (blocks 1-based), one row each.
std::string slipEventsCsv(const std::vector<SlipEvent>& events);

} // namespace fl
