#pragma once
// Poincaré sections located on the dense output of each step (to solver accuracy, not to an
// output grid): stroboscopic (t = phase + k T), hyperplane crossings y_j = level, and crossings of a
// general plane n . y + c t = level (a model's `section plane = x1 - x2`, docs/model-files.md).
#include "solvers/ode_integrator.h"

#include <string>
#include <vector>

namespace fl {

struct SectionPoint {
    double t;
    std::vector<double> y;
};

/// Collects section points from the steps of an integration (feed it every StepView in order).
class PoincareSection {
public:
    /// Stroboscopic section at t = phase + k period.
    static PoincareSection stroboscopic(double period, double phase = 0.0);
    /// Crossings of y[variable] = level; direction +1 upward, -1 downward, 0 both.
    static PoincareSection hyperplane(int variable, double level, int direction);
    /// Crossings of normal . y + timeCoefficient t = level (normal over the state; entries beyond
    /// its size are 0); direction +1 where that rises. One variable and no t is the hyperplane
    /// above (level and direction divided by its coefficient).
    static PoincareSection plane(std::vector<double> normal, double timeCoefficient, double level, int direction);

    /// Appends the section points inside the step (t0, t1]; yStart is the state at t0.
    void collect(const StepView& step, const std::vector<double>& yStart, std::vector<SectionPoint>& out) const;

    /// The definition: stroboscopic (period, phase) or hyperplane (variable, level, direction).
    bool isStroboscopic() const { return m_stroboscopic; }
    double period() const { return m_period; }
    double phase() const { return m_phase; }
    /// A hyperplane's variable; -1 for a plane of several variables or of t.
    int variable() const { return m_normal.empty() ? m_variable : -1; }
    double level() const { return m_level; }
    int direction() const { return m_direction; }
    /// A plane's normal (empty for a one-variable hyperplane) and its coefficient of t.
    const std::vector<double>& normal() const { return m_normal; }
    double timeCoefficient() const { return m_time; }
    /// normal . y + timeCoefficient t (y[variable] for a hyperplane): the section is where it is level().
    double sectionValue(double t, const double* y, size_t n) const;

private:
    PoincareSection() = default;
    bool m_stroboscopic = true;
    double m_period = 1.0, m_phase = 0.0;
    int m_variable = 0;
    double m_level = 0.0;
    int m_direction = 1;
    std::vector<double> m_normal; // a plane of several variables or of t; empty: y[m_variable]
    double m_time = 0.0;
};

/// A section in words, for CSV headers and the window: "strobe t = k T, T = 4.18879" or
/// "dx1 = 0 downward (the maxima of x1)" or "x1 - x2 = 0.5 upward"; names: the state's ids.
std::string sectionDefinitionText(const PoincareSection& section, const std::vector<std::string>& names);

} // namespace fl
