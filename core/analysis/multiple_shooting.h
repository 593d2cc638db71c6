#pragma once
// Multiple shooting of a periodic orbit (docs/continuation.md): the period cut into K segments at
// fractions 0 = s_0 < s_1 < ... < s_{K-1} < 1 of it, each segment's start an unknown, and the
// segments joined end to start: G_k = phi(segment k; y_k) - y_{k+1}, the last joined to y_0.
// Forced orbits: the unknowns are y_0 .. y_{K-1} (K n), the segments [t0 + s_k T, t0 + s_{k+1} T].
// Autonomous orbits: y_0 on the section without its fixed variable, y_1 .. y_{K-1} and the period T
// (K n unknowns), segment k lasting (s_{k+1} - s_k) T. An orbit whose period holds many switches
// is then solved from K short integrations: the error of one does not pass through all the
// others' sensitivity, as it does through a single shot's return map.
#include "analysis/periodic_orbit.h"

#include <Eigen/Core>

#include <vector>

namespace fl {

/// Most segments of a period.
inline constexpr int kMaxSegments = 32;

/// G, dG/du (with withDu) and the whole period's return: its end state (y_0 again on the orbit),
/// the composed monodromy M_{K-1} ... M_0, its period and, autonomous, the field at the end.
struct SegmentsEvaluation {
    Status status = Status::success();
    Eigen::VectorXd g;
    Eigen::MatrixXd du;
    OrbitReturn whole;
};

/// The unknowns' count: K n.
Eigen::Index segmentUnknowns(const OrbitClosure& closure, int n, size_t segments);

/// The start state y_0 of the unknowns u (autonomous: on the section).
std::vector<double> segmentStart(const OrbitClosure& closure, int n, const Eigen::VectorXd& u);

/// Evaluates the joined segments at u; `fractions` are s_0 = 0 < ... < s_{K-1} < 1.
SegmentsEvaluation evaluateSegments(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& fractions,
                                    const Eigen::VectorXd& u, bool withDu);

/// The unknowns of an orbit through `start` (at the shooting's start) with the given period:
/// the states the flow reaches at each fraction, and (autonomous) the period.
Status segmentsFromOrbit(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& fractions,
                         const std::vector<double>& start, double period, Eigen::VectorXd& u);

/// K fractions for the orbit through `start`: k / K, each moved (event-driven) to the middle of
/// the phase where every contact slips that lies nearest to it (the map is differentiable there),
/// kept in order and apart.
std::vector<double> placeSegments(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& start, double period,
                                  int segments);

/// The least slip margin of the fractions' boundaries after the first (0.5: mid-phase, 0: at a switch
/// or in stick), event-driven only (1 for smooth methods).
double segmentsMargin(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& fractions,
                      const std::vector<double>& start, double period);

} // namespace fl
