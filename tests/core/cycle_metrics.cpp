#include "cycle_metrics.h"

#include <cmath>
#include <numbers>

namespace fltest {

std::vector<Extremum> localMaxima(const fl::RunResult& run, int column, double tFrom)
{
    std::vector<Extremum> maxima;
    for (size_t i = 1; i + 1 < run.size(); ++i) {
        if (run.t[i] < tFrom)
            continue;
        const double a = run.state(i - 1, column), b = run.state(i, column), c = run.state(i + 1, column);
        if (!(b > a && b >= c))
            continue;
        const double h = run.t[i + 1] - run.t[i];
        const double curvature = a - 2.0 * b + c;
        const double offset = 0.5 * (a - c) / curvature; // vertex of the parabola, in samples
        maxima.push_back({run.t[i] + offset * h, b - 0.25 * (a - c) * offset});
    }
    return maxima;
}

CycleMetrics cycleMetrics(const fl::RunResult& run, double tFrom)
{
    const std::vector<Extremum> maxima = localMaxima(run, 0, tFrom);
    CycleMetrics m;
    if (maxima.size() < 2)
        return m;
    m.cycles = static_cast<int>(maxima.size()) - 1;
    m.period = (maxima.back().t - maxima.front().t) / m.cycles;
    double sum = 0.0;
    for (const Extremum& e : maxima)
        sum += e.value;
    m.xMax = sum / static_cast<double>(maxima.size());
    return m;
}

ClosedFormCycle closedFormCycle(double muS, double muK, double vb)
{
    const double d = muS - muK;
    ClosedFormCycle c;
    c.slipTime = std::numbers::pi + 2.0 * std::atan(vb / d);
    c.stickTime = 2.0 * d / vb;
    c.period = c.slipTime + c.stickTime;
    c.xMax = muK + std::sqrt(d * d + vb * vb);
    c.xStickEntry = 2.0 * muK - muS;
    return c;
}

} // namespace fltest
