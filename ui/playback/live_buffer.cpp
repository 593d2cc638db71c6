#include "playback/live_buffer.h"

#include "bridge/playback_frame.h"

#include <algorithm>

namespace fl::ui {
namespace {

template <class V>
void eraseFront(V& values, size_t count)
{
    values.erase(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(std::min(count, values.size())));
}

template <class V>
void keepFront(V& values, size_t count)
{
    if (values.size() > count)
        values.resize(count);
}

} // namespace

void LiveBuffer::clear()
{
    m_samples = fl::RunResult{};
}

void LiveBuffer::append(const fl::RunResult& chunk)
{
    if (chunk.size() == 0)
        return;
    m_samples.stateNames = chunk.stateNames;
    m_samples.outputNames = chunk.outputNames;
    m_samples.t.insert(m_samples.t.end(), chunk.t.begin(), chunk.t.end());
    m_samples.states.insert(m_samples.states.end(), chunk.states.begin(), chunk.states.end());
    m_samples.outputs.insert(m_samples.outputs.end(), chunk.outputs.begin(), chunk.outputs.end());
    m_samples.mode.insert(m_samples.mode.end(), chunk.mode.begin(), chunk.mode.end());
    m_samples.grazes.insert(m_samples.grazes.end(), chunk.grazes.begin(), chunk.grazes.end());
}

void LiveBuffer::truncateAfter(double t)
{
    const auto keep = static_cast<size_t>(std::upper_bound(m_samples.t.begin(), m_samples.t.end(), t) - m_samples.t.begin());
    keepFront(m_samples.t, keep);
    keepFront(m_samples.states, keep * static_cast<size_t>(m_samples.dimension()));
    keepFront(m_samples.outputs, keep * m_samples.outputNames.size());
    keepFront(m_samples.mode, keep);
    std::erase_if(m_samples.grazes, [t](const fl::Graze& g) { return g.t > t; });
}

void LiveBuffer::trimBefore(double t)
{
    const size_t drop = sampleIndexAt(m_samples.t, t);
    if (drop > 0 && 2 * drop > m_samples.t.size())
        erasePrefix(drop);
}

void LiveBuffer::erasePrefix(size_t count)
{
    eraseFront(m_samples.t, count);
    eraseFront(m_samples.states, count * static_cast<size_t>(m_samples.dimension()));
    eraseFront(m_samples.outputs, count * m_samples.outputNames.size());
    eraseFront(m_samples.mode, count);
    const double first = m_samples.t.empty() ? 0.0 : m_samples.t.front();
    std::erase_if(m_samples.grazes, [&](const fl::Graze& g) { return m_samples.t.empty() || g.t < first; });
}

fl::RunResult LiveBuffer::window(double from, double to) const
{
    fl::RunResult w;
    w.stateNames = m_samples.stateNames;
    w.outputNames = m_samples.outputNames;
    const auto& t = m_samples.t;
    const size_t begin = static_cast<size_t>(std::lower_bound(t.begin(), t.end(), from) - t.begin());
    const size_t end = static_cast<size_t>(std::upper_bound(t.begin(), t.end(), to) - t.begin());
    if (begin >= end)
        return w;
    const auto n = static_cast<size_t>(m_samples.dimension()), m = m_samples.outputNames.size();
    const auto at = [](const std::vector<double>& v, size_t i) { return v.begin() + static_cast<std::ptrdiff_t>(i); };
    w.t.assign(at(t, begin), at(t, end));
    w.states.assign(at(m_samples.states, begin * n), at(m_samples.states, end * n));
    w.outputs.assign(at(m_samples.outputs, begin * m), at(m_samples.outputs, end * m));
    if (!m_samples.mode.empty()) {
        w.mode.assign(m_samples.mode.begin() + static_cast<std::ptrdiff_t>(begin), m_samples.mode.begin() + static_cast<std::ptrdiff_t>(end));
        // Stick intervals from runs of stick samples (sample resolution, enough for shading).
        for (size_t i = 0; i < w.mode.size(); ++i) {
            if (w.mode[i] != fl::ContactMode::Stick)
                continue;
            size_t j = i;
            while (j + 1 < w.mode.size() && w.mode[j + 1] == fl::ContactMode::Stick)
                ++j;
            w.stickIntervals.push_back({w.t[i], w.t[j]});
            i = j;
        }
    }
    for (const fl::Graze& g : m_samples.grazes)
        if (g.t >= from && g.t <= to)
            w.grazes.push_back(g);
    return w;
}

} // namespace fl::ui
