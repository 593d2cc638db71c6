#pragma once
// Checks shared by the plot-range tests: what an axis shows after a replot.
#include <qcustomplot.h>

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace fl::test {

/// The tick labels inside the axis's range, as drawn by the last replot.
inline QStringList visibleTickLabels(const QCPAxis* axis)
{
    QStringList labels;
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> texts = axis->tickVectorLabels();
    for (int i = 0; i < ticks.size() && i < texts.size(); ++i)
        if (axis->range().contains(ticks[i]))
            labels << texts[i];
    return labels;
}

/// At least two labelled ticks, no two alike.
inline bool distinctTickLabels(const QCPAxis* axis)
{
    QStringList labels = visibleTickLabels(axis);
    return labels.size() >= 2 && labels.removeDuplicates() == 0;
}

/// How many pixels the coordinates spread over on this axis (0: all on one pixel).
inline double pixelSpread(const QCPAxis* axis, const QVector<double>& coords)
{
    double lo = 0.0, hi = 0.0;
    for (int i = 0; i < coords.size(); ++i) {
        const double p = axis->coordToPixel(coords[i]);
        lo = i == 0 ? p : std::min(lo, p);
        hi = i == 0 ? p : std::max(hi, p);
    }
    return hi - lo;
}

} // namespace fl::test
