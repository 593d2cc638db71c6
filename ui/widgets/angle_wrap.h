#pragma once
// Angles shown modulo 2π (the pendulum's φ after full turns): points wrapped into (-π, π], curves
// broken where they wrap, so that no line is drawn across the plot.
#include <qcustomplot.h>

namespace fl::ui {

/// An angle (rad) in (-π, π].
double wrappedAngle(double angle);

/// A parametric curve with x and/or y shown modulo 2π. Where a wrapped coordinate passes ±π the
/// curve runs to that edge, breaks (a NaN point) and goes on from the opposite edge; NaN points
/// of the input (breaks between segments) are kept.
QVector<QCPCurveData> wrapCurve(const QVector<QCPCurveData>& curve, bool wrapX, bool wrapY);

} // namespace fl::ui
