#include "analysis/power_law_fit.h"

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

/// ln of Z(alpha) = integral of x^-alpha over [a, b] (stable at alpha = 1).
double logNorm(double alpha, double a, double b)
{
    const double s = 1.0 - alpha, L = std::log(b / a), sL = s * L;
    const double ratio = std::abs(sL) < 1e-12 ? 1.0 : std::expm1(sL) / sL; // (e^{sL} - 1) / (sL)
    return s * std::log(a) + std::log(L) + std::log(ratio);
}

/// The law's CDF on [a, b] at x.
double lawCdf(double x, double alpha, double a, double b)
{
    const double s = 1.0 - alpha;
    if (std::abs(s) < 1e-12)
        return std::log(x / a) / std::log(b / a);
    return std::expm1(s * std::log(x / a)) / std::expm1(s * std::log(b / a));
}

struct RangeFit {
    double alpha = 0.0, sigma = 0.0, ks = 1.0;
};

/// Maximum likelihood on the values v[first, last) with the law normalised on [a, b]: the
/// log-likelihood per value -ln Z(alpha) - alpha <ln x> is concave, maximised by golden section.
RangeFit fitRange(const std::vector<double>& v, size_t first, size_t last, double a, double b)
{
    const double m = static_cast<double>(last - first);
    double meanLog = 0.0;
    for (size_t i = first; i < last; ++i)
        meanLog += std::log(v[i]);
    meanLog /= m;
    auto loglik = [&](double alpha) { return -logNorm(alpha, a, b) - alpha * meanLog; };
    double lo = -5.0, hi = 10.0;
    const double g = 0.5 * (std::sqrt(5.0) - 1.0);
    double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo), f1 = loglik(x1), f2 = loglik(x2);
    for (int it = 0; it < 90; ++it) {
        if (f1 < f2) {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = loglik(x2);
        } else {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = loglik(x1);
        }
    }
    RangeFit r;
    r.alpha = 0.5 * (lo + hi);
    // Fisher information per value: d^2 ln Z / d alpha^2 (the model's variance of ln x).
    const double h = 1e-3;
    const double info = (logNorm(r.alpha + h, a, b) - 2.0 * logNorm(r.alpha, a, b) + logNorm(r.alpha - h, a, b)) / (h * h);
    r.sigma = info > 0.0 ? 1.0 / std::sqrt(m * info) : INFINITY;
    // Kolmogorov-Smirnov distance (ties: the empirical CDF jumps once).
    double d = 0.0;
    for (size_t i = first; i < last;) {
        size_t j = i;
        while (j < last && v[j] == v[i])
            ++j;
        const double model = lawCdf(v[i], r.alpha, a, b);
        d = std::max({d, std::abs(static_cast<double>(j - first) / m - model), std::abs(static_cast<double>(i - first) / m - model)});
        i = j;
    }
    r.ks = d;
    return r;
}

/// Candidate ends: evenly spaced in log x from the sample's smallest to its largest value, so
/// that the sparse large values get as many as the crowded small ones.
std::vector<double> candidateEnds(const std::vector<double>& v, int count)
{
    std::vector<double> ends;
    const double lo = v.front(), hi = v.back();
    for (int c = 0; c < count; ++c)
        ends.push_back(c + 1 == count ? hi : lo * std::pow(hi / lo, static_cast<double>(c) / std::max(1, count - 1)));
    ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
    return ends;
}

} // namespace

PowerLawFit fitPowerLaw(std::vector<double> sample, const PowerLawOptions& options)
{
    sample.erase(std::remove_if(sample.begin(), sample.end(), [](double x) { return !(x > 0.0) || !std::isfinite(x); }),
                 sample.end());
    std::sort(sample.begin(), sample.end());
    PowerLawFit best;
    best.total = static_cast<int>(sample.size());
    best.discrete = options.discrete;
    const size_t minCount = static_cast<size_t>(std::max(2, options.minCount));
    if (sample.size() < minCount)
        return best;
    std::vector<double> lows = options.xMin > 0.0 ? std::vector<double>{options.xMin} : candidateEnds(sample, options.candidates);
    std::vector<double> highs = options.xMax > 0.0 ? std::vector<double>{options.xMax} : candidateEnds(sample, options.candidates);
    if (options.discrete) { // integer ends: the range's edges at half-integers
        for (std::vector<double>* ends : {&lows, &highs}) {
            for (double& e : *ends)
                e = std::max(1.0, std::round(e));
            ends->erase(std::unique(ends->begin(), ends->end()), ends->end());
        }
    }
    const bool autoSpan = options.xMin <= 0.0 || options.xMax <= 0.0;
    for (double lo : lows) {
        for (double hi : highs) {
            if (!(hi > lo) || (autoSpan && hi < options.minSpan * lo))
                continue;
            const size_t first = static_cast<size_t>(std::lower_bound(sample.begin(), sample.end(), lo) - sample.begin());
            const size_t last = static_cast<size_t>(std::upper_bound(sample.begin(), sample.end(), hi) - sample.begin());
            if (last - first < minCount || sample[last - 1] <= sample[first])
                continue;
            const double a = options.discrete ? lo - 0.5 : lo, b = options.discrete ? hi + 0.5 : hi;
            if (!(a > 0.0))
                continue;
            const RangeFit r = fitRange(sample, first, last, a, b);
            if (!best.valid || r.ks < best.ks) {
                best.valid = true;
                best.alpha = r.alpha;
                best.sigma = r.sigma;
                best.ks = r.ks;
                best.xMin = lo;
                best.xMax = hi;
                best.count = static_cast<int>(last - first);
            }
        }
    }
    return best;
}

LogHistogram logHistogram(const std::vector<double>& sample, int binsPerDecade, bool discrete)
{
    LogHistogram h;
    std::vector<double> values;
    for (double x : sample)
        if (x > 0.0 && std::isfinite(x))
            values.push_back(x);
    if (values.empty() || binsPerDecade < 1)
        return h;
    std::sort(values.begin(), values.end());
    std::vector<double> edges;
    if (discrete) {
        double e = std::max(0.5, std::floor(values.front()) - 0.5);
        edges.push_back(e);
        const double ratio = std::pow(10.0, 1.0 / binsPerDecade);
        while (e < values.back()) {
            e = e < 9.5 ? e + 1.0 : std::max(e + 1.0, std::floor(e * ratio) + 0.5);
            edges.push_back(e);
        }
    } else {
        const double lo = values.front(), hi = values.back() * (1.0 + 1e-12);
        const int bins = std::max(1, static_cast<int>(std::ceil(std::log10(hi / lo) * binsPerDecade)));
        for (int b = 0; b <= bins; ++b)
            edges.push_back(lo * std::pow(hi / lo, static_cast<double>(b) / bins));
    }
    const double total = static_cast<double>(values.size());
    size_t i = 0;
    for (size_t b = 0; b + 1 < edges.size(); ++b) {
        int count = 0;
        while (i < values.size() && values[i] < edges[b + 1]) {
            ++count;
            ++i;
        }
        if (count == 0)
            continue;
        const double width = edges[b + 1] - edges[b];
        h.centre.push_back(discrete && width == 1.0 ? edges[b] + 0.5 : std::sqrt(edges[b] * edges[b + 1]));
        h.density.push_back(count / (total * width));
        h.count.push_back(count);
    }
    return h;
}

double powerLawDensity(const PowerLawFit& fit, double x)
{
    if (!fit.valid || fit.total == 0 || x < fit.xMin || x > fit.xMax)
        return 0.0;
    const double a = fit.discrete ? fit.xMin - 0.5 : fit.xMin, b = fit.discrete ? fit.xMax + 0.5 : fit.xMax;
    const double share = static_cast<double>(fit.count) / fit.total;
    return share * std::exp(-fit.alpha * std::log(x) - logNorm(fit.alpha, a, b));
}

} // namespace fl
