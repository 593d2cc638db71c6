#pragma once
// A power law p(x) ~ x^-alpha fitted to the values of a sample inside a range [x_min, x_max] by
// maximum likelihood (the law truncated to the range and normalised on it), with the range chosen,
// unless given, where the Kolmogorov-Smirnov distance between the values in it and the fitted law
// is smallest among ranges at least minSpan wide (Clauset, Shalizi & Newman, SIAM Review 51 (2009)
// 661, sec. 3.3, with an upper bound as well: a chain's system-wide events are a bump above the
// power law, Carlson & Langer 1989); and the log-binned density a log-log plot of the sample shows.
#include <vector>

namespace fl {

struct PowerLawFit {
    bool valid = false;    ///< false with fewer than minCount values in every allowed range
    double alpha = 0.0;    ///< exponent of the density p(x) ~ x^-alpha
    double sigma = 0.0;    ///< its standard error (the inverse Fisher information)
    double xMin = 0.0;     ///< the range fitted
    double xMax = 0.0;
    double ks = 0.0;       ///< Kolmogorov-Smirnov distance of the values in the range to the fitted law
    int count = 0;         ///< values in the range
    int total = 0;         ///< positive values in the sample
    bool discrete = false; ///< fitted as integer data (the range widened by 1/2 each way)
};

struct PowerLawOptions {
    bool discrete = false; ///< integer data (block counts): continuous law on [x_min - 1/2, x_max + 1/2]
    int minCount = 50;     ///< fewest values a fitted range may hold
    double minSpan = 100.0; ///< smallest x_max / x_min of a range chosen automatically
    double xMin = 0.0;     ///< fixed lower end (<= 0: chosen)
    double xMax = 0.0;     ///< fixed upper end (<= 0: chosen)
    int candidates = 48;   ///< ends tried for each bound chosen, spread over the sample's quantiles
};

/// Fits the positive finite values of sample (the others are ignored).
PowerLawFit fitPowerLaw(std::vector<double> sample, const PowerLawOptions& options = {});

/// The sample's density on logarithmic bins: bin edges geometric from its smallest to its largest
/// positive value, binsPerDecade to a decade; per non-empty bin its centre and count / (total *
/// width). Integer data: one bin per value below 10, then geometric edges on half-integers.
struct LogHistogram {
    std::vector<double> centre;
    std::vector<double> density;
    std::vector<int> count;
};
LogHistogram logHistogram(const std::vector<double>& sample, int binsPerDecade = 5, bool discrete = false);

/// The fitted density at x in the fitted range (the range's share of the sample times the law
/// normalised on the range), 0 outside: the fitted line over the histogram.
double powerLawDensity(const PowerLawFit& fit, double x);

} // namespace fl
