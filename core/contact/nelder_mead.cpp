#include "contact/nelder_mead.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace fl::contact {

namespace {

struct Simplex {
    std::vector<Eigen::VectorXd> x;
    std::vector<double> f;

    void sort()
    {
        std::vector<int> order(x.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [this](int a, int b) { return f[a] < f[b]; });
        std::vector<Eigen::VectorXd> xs;
        std::vector<double> fs;
        for (int i : order) {
            xs.push_back(x[i]);
            fs.push_back(f[i]);
        }
        x = std::move(xs);
        f = std::move(fs);
    }
    bool small(const NelderMeadOptions& o) const
    {
        double dx = 0.0;
        for (std::size_t i = 1; i < x.size(); ++i)
            dx = std::max(dx, (x[i] - x[0]).cwiseAbs().maxCoeff());
        return dx <= o.xTolerance && f.back() - f.front() <= o.fTolerance * (std::abs(f.front()) + 1e-300);
    }
};

// One run from x0; returns when the simplex is small or the budget is spent.
void run(const std::function<double(const Eigen::VectorXd&)>& f, const Eigen::VectorXd& x0, const NelderMeadOptions& o,
         NelderMeadResult& result)
{
    const int n = int(x0.size());
    Simplex s;
    s.x.push_back(x0);
    s.f.push_back(f(x0));
    for (int i = 0; i < n; ++i) {
        Eigen::VectorXd xi = x0;
        xi[i] += o.initialStep;
        s.x.push_back(xi);
        s.f.push_back(f(xi));
    }
    result.evaluations += n + 1;
    while (result.evaluations < o.maxEvaluations) {
        s.sort();
        if (s.small(o)) {
            result.converged = true;
            break;
        }
        Eigen::VectorXd centroid = Eigen::VectorXd::Zero(n);
        for (int i = 0; i < n; ++i)
            centroid += s.x[i] / n;
        const Eigen::VectorXd reflected = centroid + (centroid - s.x[n]);
        const double fr = f(reflected);
        ++result.evaluations;
        if (fr < s.f[0]) {
            const Eigen::VectorXd expanded = centroid + 2.0 * (centroid - s.x[n]);
            const double fe = f(expanded);
            ++result.evaluations;
            s.x[n] = fe < fr ? expanded : reflected;
            s.f[n] = std::min(fe, fr);
        } else if (fr < s.f[n - 1]) {
            s.x[n] = reflected;
            s.f[n] = fr;
        } else {
            const bool outside = fr < s.f[n];
            const Eigen::VectorXd contracted = outside ? Eigen::VectorXd(centroid + 0.5 * (reflected - centroid))
                                                       : Eigen::VectorXd(centroid + 0.5 * (s.x[n] - centroid));
            const double fc = f(contracted);
            ++result.evaluations;
            if (fc < std::min(fr, s.f[n])) {
                s.x[n] = contracted;
                s.f[n] = fc;
            } else {
                for (int i = 1; i <= n; ++i) {
                    s.x[i] = s.x[0] + 0.5 * (s.x[i] - s.x[0]);
                    s.f[i] = f(s.x[i]);
                }
                result.evaluations += n;
            }
        }
    }
    s.sort();
    if (result.x.size() == 0 || s.f[0] <= result.value) {
        result.x = s.x[0];
        result.value = s.f[0];
    }
}

} // namespace

NelderMeadResult nelderMead(const std::function<double(const Eigen::VectorXd&)>& f, const Eigen::VectorXd& x0,
                            const NelderMeadOptions& options)
{
    NelderMeadResult result;
    run(f, x0, options, result);
    NelderMeadOptions restart = options;
    for (int r = 0; r < options.restarts; ++r) {
        restart.initialStep = std::max(1e3 * options.xTolerance, 0.1 * options.initialStep);
        result.converged = false;
        run(f, result.x, restart, result);
    }
    return result;
}

} // namespace fl::contact
