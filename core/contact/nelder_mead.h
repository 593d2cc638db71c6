#pragma once
// A small derivative-free minimiser (Nelder-Mead simplex with restarts) for the (b, m) fit.
#include <Eigen/Core>

#include <functional>

namespace fl::contact {

struct NelderMeadOptions {
    double initialStep = 0.2;    ///< edge of the first simplex, per coordinate
    double xTolerance = 1e-9;    ///< stop when every vertex is this close to the best (max-norm)
    double fTolerance = 1e-12;   ///< ... and the values spread less than this, relative to |f| + 1e-300
    int maxEvaluations = 20000;
    int restarts = 2;            ///< rebuild the simplex at the optimum this many times (guards collapse)
};

struct NelderMeadResult {
    Eigen::VectorXd x;
    double value = 0.0;
    int evaluations = 0;
    bool converged = false;
};

/// Minimises f from x0 (standard coefficients: reflection 1, expansion 2, contraction 1/2, shrink 1/2).
NelderMeadResult nelderMead(const std::function<double(const Eigen::VectorXd&)>& f, const Eigen::VectorXd& x0,
                            const NelderMeadOptions& options = {});

} // namespace fl::contact
