#include "solvers/poincare_section.h"

#include <cstdio>

#include <boost/math/tools/roots.hpp>

#include <algorithm>
#include <cmath>

namespace fl {
namespace {
/// Smallest excursion from the level, at either end of the step, that counts as a crossing.
constexpr double kNoiseFloor = 1e-10;
} // namespace

PoincareSection PoincareSection::stroboscopic(double period, double phase)
{
    PoincareSection s;
    s.m_stroboscopic = true;
    s.m_period = period;
    s.m_phase = phase;
    return s;
}

PoincareSection PoincareSection::hyperplane(int variable, double level, int direction)
{
    PoincareSection s;
    s.m_stroboscopic = false;
    s.m_variable = variable;
    s.m_level = level;
    s.m_direction = direction;
    return s;
}

PoincareSection PoincareSection::plane(std::vector<double> normal, double timeCoefficient, double level, int direction)
{
    int used = 0, last = -1;
    for (size_t j = 0; j < normal.size(); ++j)
        if (normal[j] != 0.0) {
            ++used;
            last = static_cast<int>(j);
        }
    if (used == 1 && timeCoefficient == 0.0) {
        const double a = normal[static_cast<size_t>(last)];
        return hyperplane(last, level / a, a > 0.0 ? direction : -direction);
    }
    PoincareSection s;
    s.m_stroboscopic = false;
    s.m_normal = std::move(normal);
    if (s.m_normal.empty())
        s.m_normal.push_back(0.0); // of t alone: still a plane (variable() -1)
    s.m_time = timeCoefficient;
    s.m_level = level;
    s.m_direction = direction;
    return s;
}

double PoincareSection::sectionValue(double t, const double* y, size_t n) const
{
    if (m_normal.empty())
        return y[m_variable];
    double sum = m_time * t;
    for (size_t j = 0; j < std::min(n, m_normal.size()); ++j)
        if (m_normal[j] != 0.0)
            sum += m_normal[j] * y[j];
    return sum;
}

void PoincareSection::collect(const StepView& step, const std::vector<double>& yStart, std::vector<SectionPoint>& out) const
{
    const size_t n = yStart.size();
    if (m_stroboscopic) {
        // Every t_k = phase + k T in (t0, t1].
        double k = std::floor((step.t0 - m_phase) / m_period) + 1.0;
        for (double t = m_phase + k * m_period; t <= step.t1; k += 1.0, t = m_phase + k * m_period) {
            if (t <= step.t0)
                continue;
            SectionPoint p{t, std::vector<double>(n)};
            step.stateAt(t, p.y.data());
            out.push_back(std::move(p));
        }
        return;
    }
    const double g0 = sectionValue(step.t0, yStart.data(), n) - m_level;
    const double g1 = sectionValue(step.t1, step.y1, n) - m_level;
    const bool up = g0 < 0.0 && g1 >= 0.0;
    const bool down = g0 > 0.0 && g1 <= 0.0;
    if (!((up && m_direction >= 0) || (down && m_direction <= 0)))
        return;
    // Round-off wiggles of a settled state around the level are not crossings.
    if (std::max(std::abs(g0), std::abs(g1)) < kNoiseFloor * (1.0 + std::abs(m_level)))
        return;
    std::vector<double> y(n);
    auto g = [&](double t) {
        step.stateAt(t, y.data());
        return sectionValue(t, y.data(), n) - m_level;
    };
    std::uintmax_t iterations = 100;
    auto [lo, hi] = boost::math::tools::toms748_solve(g, step.t0, step.t1, g0, g1, boost::math::tools::eps_tolerance<double>(48), iterations);
    SectionPoint p{0.5 * (lo + hi), std::vector<double>(n)};
    step.stateAt(p.t, p.y.data());
    out.push_back(std::move(p));
}

std::string sectionDefinitionText(const PoincareSection& section, const std::vector<std::string>& names)
{
    // Appended piece by piece (GCC 12 warns wrongly, -Wrestrict, on some chains of string +).
    char number[64];
    std::string text;
    if (section.isStroboscopic()) {
        text.append("strobe t = ");
        if (section.phase() != 0.0) {
            std::snprintf(number, sizeof number, "%.6g + ", section.phase());
            text.append(number);
        }
        std::snprintf(number, sizeof number, "k T, T = %.6g", section.period());
        return text.append(number);
    }
    const char* way = section.direction() > 0 ? " upward" : section.direction() < 0 ? " downward" : " either way";
    if (section.variable() < 0) { // a plane: its terms, "x1 - x2 = 0.5 upward"
        auto term = [&](double c, const std::string& name) {
            if (c == 0.0)
                return;
            const bool first = text.empty();
            text.append(first ? (c < 0.0 ? "-" : "") : (c < 0.0 ? " - " : " + "));
            if (std::abs(c) != 1.0) {
                std::snprintf(number, sizeof number, "%.6g*", std::abs(c));
                text.append(number);
            }
            text.append(name);
        };
        for (size_t j = 0; j < section.normal().size(); ++j) {
            std::string name(1, 'y');
            term(section.normal()[j], j < names.size() ? names[j] : name.append(std::to_string(j)));
        }
        term(section.timeCoefficient(), "t");
        std::snprintf(number, sizeof number, " = %.6g", section.level());
        return text.append(number).append(way);
    }
    const auto v = static_cast<size_t>(section.variable());
    if (v < names.size())
        text.append(names[v]);
    else
        text.append("y").append(std::to_string(v));
    std::snprintf(number, sizeof number, " = %.6g", section.level());
    text.append(number).append(way);
    // A velocity's zero crossing after its coordinate (x, v or x1, dx1): that coordinate's extrema.
    if (section.level() == 0.0 && section.direction() != 0 && v > 0 && v % 2 == 1 && v < names.size())
        text.append(section.direction() < 0 ? " (the maxima of " : " (the minima of ").append(names[v - 1]).append(")");
    return text;
}

} // namespace fl
