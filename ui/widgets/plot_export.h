#pragma once
#include <QString>

class QCustomPlot;

namespace fl::ui {

/// Writes a plot to path as PNG (twice the on-screen resolution), SVG or PDF (both vector),
/// chosen by the file suffix (case-insensitive). The file is written atomically (QSaveFile):
/// on failure it is left as it was and error (if given) receives the reason.
bool exportPlot(QCustomPlot* plot, const QString& path, QString* error = nullptr);

/// File dialog filter of the formats exportPlot understands.
QString plotFileFilter();

} // namespace fl::ui
