#pragma once
// The bifurcation diagram: recorded values over the swept parameter, the up branch (dots) and the
// down branch (rings) in two colours, equilibria (settled columns) as open diamonds. Columns are
// queued as they arrive and drawn by flush(), which the view calls at most 25 times a second.
#include "analysis/bifurcation_sweep.h"

#include <qcustomplot.h>

#include <limits>
#include <vector>

namespace fl::ui {

class ContinuationLayer;

class BifurcationPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit BifurcationPlot(QWidget* parent = nullptr);

    /// Clears the diagram for a sweep over [from, to] in `steps` values; labels name the axes.
    void beginSweep(const QString& title, const QString& parameterLabel, const QString& valueLabel, double from, double to,
                    int steps);
    /// Empties the diagram (a scenario of another system: the diagram no longer belongs to it).
    void clearDiagram();
    /// Queues a finished column (drawn by the next flush).
    void addColumn(const fl::SweepColumn& column);
    /// Draws the queued columns and follows the data range unless the user zoomed or panned.
    void flush();
    /// Fits the view to the sweep range and the data, and follows the data again.
    void resetView();
    /// Marks a parameter value with a vertical line (NaN hides it).
    void markParameter(double value);
    /// The marked value, NaN if none.
    double markedParameter() const { return m_marked; }

    /// Points drawn so far (all four graphs).
    int pointCount() const;
    /// Columns queued but not drawn yet.
    int pendingColumns() const { return m_pendingColumns; }
    /// The swept value of the grid column nearest to a horizontal pixel, or NaN if no sweep.
    double parameterAtPixel(double x) const;
    QCPGraph* upGraph() const { return m_up; }
    QCPGraph* downGraph() const { return m_down; }
    QCPGraph* upSettledGraph() const { return m_upSettled; }
    QCPGraph* downSettledGraph() const { return m_downSettled; }

    /// The continued branch drawn over the diagram.
    ContinuationLayer* continuation() const { return m_continuation; }
    /// The continued branch's drawn values count in the fitted value range.
    void includeValues(double lowest, double highest);

    static QColor upColor() { return QColor(0x1f, 0x77, 0xb4); }
    static QColor downColor() { return QColor(0xd6, 0x27, 0x28); }

signals:
    /// The user clicked (without dragging) inside the axes: the nearest swept value.
    void columnClicked(double parameter);

private:
    struct Pending {
        QVector<double> keys, values;
    };
    QCPGraph* addPointGraph(const QString& name, const QColor& color, QCPScatterStyle::ScatterShape shape);
    /// Marker sizes by the number of points drawn.
    void updateMarkers();
    void updateLegend();
    void fitRanges();

    QCPTextElement* m_title;
    QCPGraph* m_up;
    QCPGraph* m_down;
    QCPGraph* m_upSettled;
    QCPGraph* m_downSettled;
    QCPItemStraightLine* m_marker;
    ContinuationLayer* m_continuation;
    double m_marked = std::numeric_limits<double>::quiet_NaN();
    Pending m_pending[4];       ///< per graph, in the order above
    int m_pendingColumns = 0;
    double m_from = 0.0, m_to = 1.0;
    int m_steps = 0;            ///< 0 before the first sweep
    QCPRange m_valueRange;      ///< of every point drawn
    bool m_hasValues = false;
    bool m_follow = true;
    QPoint m_pressPos;
};

} // namespace fl::ui
