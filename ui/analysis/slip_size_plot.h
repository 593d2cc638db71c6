#pragma once
// The distribution of slip-event sizes on log-log axes: the log-binned probability density of the
// events' moments (or block counts) as dots, the fitted power law as a line over its range, and
// the exponent in the title.
#include "analysis/power_law_fit.h"

#include <qcustomplot.h>

namespace fl::ui {

class SlipSizePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit SlipSizePlot(QWidget* parent = nullptr);

    /// Shows a histogram and its fit; xLabel names the size.
    void showDistribution(const fl::LogHistogram& histogram, const fl::PowerLawFit& fit, const QString& xLabel);
    void clear();
    /// The legend in the theme's font and colours (after an appearance change).
    void matchLegendFont();

    QCPGraph* densityGraph() const { return m_density; }
    QCPGraph* fitGraph() const { return m_fit; }
    QString title() const { return m_title->text(); }

private:
    QCPTextElement* m_title;
    /// Fits both log axes to the dots and the fit line (fittedLogRange).
    void fitToData();

    QCPGraph* m_density;
    QCPGraph* m_fit;
};

} // namespace fl::ui
