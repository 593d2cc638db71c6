#include "analysis/slip_events.h"
#include "systems/system_registry.h"
#include "scenario/scenario.h"
#include "scene/scene_builder.h"
#include "systems/bk_chain.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

namespace fl {

/// Union-find over event ids; each root carries its event's accumulated extent and moment.
struct SlipEventFinder::Sets {
public:
    int create(double t0, double t1, int block, double slip)
    {
        const int id = static_cast<int>(m_parent.size());
        m_parent.push_back(id);
        m_events.push_back({t0, t1, block, block, slip, 1});
        return id;
    }
    int find(int id)
    {
        while (m_parent[static_cast<size_t>(id)] != id) {
            m_parent[static_cast<size_t>(id)] = m_parent[static_cast<size_t>(m_parent[static_cast<size_t>(id)])];
            id = m_parent[static_cast<size_t>(id)];
        }
        return id;
    }
    int unite(int a, int b)
    {
        a = find(a);
        b = find(b);
        if (a == b)
            return a;
        if (b < a)
            std::swap(a, b); // the older event absorbs the newer one
        m_parent[static_cast<size_t>(b)] = a;
        SlipEvent& e = m_events[static_cast<size_t>(a)];
        const SlipEvent& o = m_events[static_cast<size_t>(b)];
        e.tBegin = std::min(e.tBegin, o.tBegin);
        e.tEnd = std::max(e.tEnd, o.tEnd);
        e.firstBlock = std::min(e.firstBlock, o.firstBlock);
        e.lastBlock = std::max(e.lastBlock, o.lastBlock);
        e.moment += o.moment;
        e.cells += o.cells;
        return a;
    }
    void add(int id, double t1, int block, double slip)
    {
        SlipEvent& e = m_events[static_cast<size_t>(find(id))];
        e.tEnd = std::max(e.tEnd, t1);
        e.firstBlock = std::min(e.firstBlock, block);
        e.lastBlock = std::max(e.lastBlock, block);
        e.moment += slip;
        ++e.cells;
    }
    std::vector<SlipEvent> roots() const
    {
        std::vector<SlipEvent> out;
        for (size_t id = 0; id < m_parent.size(); ++id)
            if (m_parent[id] == static_cast<int>(id))
                out.push_back(m_events[id]);
        return out;
    }

private:
    std::vector<int> m_parent;
    std::vector<SlipEvent> m_events;
};

bool hasSlipEvents(const Scenario& scenario)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    return system && system->blockChain;
}

double chainBeltSpeed(const Scenario& scenario)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    return system && system->chainBeltSpeed ? system->chainBeltSpeed(scenario) : scenario.params.value("v_b");
}

SlipEventOptions slipEventOptions(const Scenario& scenario, double skipTime)
{
    SlipEventOptions o;
    o.vb = chainBeltSpeed(scenario);
    o.threshold = scenario.method == Method::EventDriven ? 1e-9 * (1.0 + std::abs(o.vb))
                                                          : scene::stickThreshold(o.vb, scenario.params.value("eps"));
    o.skipTime = skipTime;
    o.stride = bkChainStride(scenario);
    return o;
}

SlipEventFinder::SlipEventFinder(int blocks, const SlipEventOptions& options)
    : m_n(blocks), m_options(options), m_state(static_cast<size_t>(options.stride * blocks)), m_previous(static_cast<size_t>(blocks), -1),
      m_current(static_cast<size_t>(blocks), -1), m_sets(std::make_unique<Sets>())
{
}

SlipEventFinder::~SlipEventFinder() = default;

void SlipEventFinder::add(const RunResult& samples)
{
    const int dim = m_options.stride * m_n;
    if (samples.dimension() != dim)
        return;
    for (size_t k = 0; k < samples.size(); ++k)
        add(samples.t[k], &samples.states[k * static_cast<size_t>(dim)]);
}

void SlipEventFinder::add(double t1, const double* b)
{
    const double t0 = m_t, dt = t1 - t0;
    const bool counted = m_started && t0 >= m_options.skipTime && dt > 0.0 && m_options.threshold > 0.0;
    const double* a = m_state.data();
    const double vb = m_options.vb, threshold = m_options.threshold;
    const int s = m_options.stride;
    std::fill(m_current.begin(), m_current.end(), -1);
    for (int i = 0; counted && i < m_n; ++i) {
        const double slip = std::abs((b[s * i] - vb * t1) - (a[s * i] - vb * t0)); // |du_i|
        const double speed = std::max({std::abs(a[s * i + 1] - vb), std::abs(b[s * i + 1] - vb), slip / dt});
        if (!(speed > threshold))
            continue;
        // Touching cells: block i-1 in this interval, blocks i-1..i+1 in the previous one.
        int id = -1;
        auto join = [&](int other) {
            if (other >= 0)
                id = id < 0 ? m_sets->find(other) : m_sets->unite(id, other);
        };
        if (i > 0)
            join(m_current[static_cast<size_t>(i - 1)]);
        for (int j = std::max(0, i - 1); j <= std::min(m_n - 1, i + 1); ++j)
            join(m_previous[static_cast<size_t>(j)]);
        if (id < 0)
            id = m_sets->create(t0, t1, i, slip);
        else
            m_sets->add(id, t1, i, slip);
        m_current[static_cast<size_t>(i)] = id;
    }
    m_previous.swap(m_current);
    std::copy(b, b + s * m_n, m_state.begin());
    m_t = t1;
    m_started = true;
}

std::vector<SlipEvent> SlipEventFinder::events() const
{
    std::vector<SlipEvent> events = m_sets->roots();
    std::sort(events.begin(), events.end(), [](const SlipEvent& x, const SlipEvent& y) {
        return x.tBegin != y.tBegin ? x.tBegin < y.tBegin : x.firstBlock < y.firstBlock;
    });
    return events;
}

std::vector<SlipEvent> findSlipEvents(const RunResult& run, const SlipEventOptions& options)
{
    SlipEventFinder finder(run.dimension() / std::max(2, options.stride), options);
    finder.add(run);
    return finder.events();
}

std::string slipEventsCsv(const std::vector<SlipEvent>& events)
{
    std::ostringstream out;
    out.precision(17);
    out << "t_begin,t_end,first_block,last_block,blocks,moment\n";
    for (const SlipEvent& e : events)
        out << e.tBegin << ',' << e.tEnd << ',' << e.firstBlock + 1 << ',' << e.lastBlock + 1 << ',' << e.blocks() << ','
            << e.moment << '\n';
    return out.str();
}

} // namespace fl
