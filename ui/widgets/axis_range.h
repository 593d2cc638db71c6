#pragma once

#include <qcustomplot.h>

namespace fl::ui {

/// How fittedRange pads a range and how narrow it may get.
struct RangeFit {
    /// Fraction of the span added on each side.
    double padding = 0.05;
    /// Minimum span relative to the values' magnitude: the axes print 6 significant digits, so
    /// ticks a fifth of 1e-4 x |value| apart still read as distinct numbers.
    double relativeFloor = 1e-4;
    /// Minimum span for values at or near zero (0 +- round-off).
    double absoluteFloor = 1e-9;
};

/// The axis range that shows the data [lo, hi]: padded, and widened symmetrically to the minimum
/// span when narrower (a constant, or data differing only by round-off, is one line or dot with
/// distinct tick labels). Always a range QCustomPlot accepts; non-finite input gives [-1, 1].
QCPRange fittedRange(double lo, double hi, const RangeFit& fit = {});
inline QCPRange fittedRange(const QCPRange& data, const RangeFit& fit = {}) { return fittedRange(data.lower, data.upper, fit); }

/// The same for a logarithmic axis and positive data: a range under two decades is widened
/// around its geometric centre to two decades (so two powers of ten are labelled), then both
/// ends are moved out by factor. Non-positive or non-finite input gives [0.1, 10].
QCPRange fittedLogRange(double lo, double hi, double factor = 1.6);

} // namespace fl::ui
