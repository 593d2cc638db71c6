#pragma once
// The two-parameter map's picture: a QCPColorMap over (x, y) with a colour bar naming the
// observable and its unit. Points arrive coarse to fine (fl::progressiveOrder): each fills the
// block it stands for until finer points replace it, so the whole plane shows at once and sharpens.
// Cells without a value yet (or whose run failed) are transparent. Wheel zooms, drag pans; a click
// (without a drag) on a cell emits cellClicked; the pointer over a cell emits cellHovered.
#include "analysis/parameter_map.h"

#include <qcustomplot.h>

#include <QElapsedTimer>

#include <vector>

class QFontMetricsF;

namespace fl::ui {

class MapPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit MapPlot(QWidget* parent = nullptr);

    /// Clears the picture for a map of spec; labels name the axes and the colour bar.
    void beginMap(const fl::MapSpec& spec, const QString& title, const QString& xLabel, const QString& yLabel,
                  const QString& valueLabel);
    /// Puts a finished point on the picture (drawn by the next replot).
    void addPoint(const fl::MapCell& cell, double value);
    /// Redraws after points were added, fitting the colour range to the values so far (the period
    /// observable keeps its discrete scale). Not while hidden, and for a large map (whose picture
    /// is recomputed at each redraw) at most so often that redrawing takes a fifth of the GUI
    /// thread; force draws at once.
    void flush(bool force = false);
    /// The axes back to the whole map.
    void resetView();
    /// Colours on a logarithmic scale (values <= 0 are left blank) or a linear one. Counts (period,
    /// stick phases) keep their discrete linear scale.
    void setLogScale(bool on);
    bool logScale() const { return m_log; }
    /// Marks a cell with a cross (i < 0 hides it).
    void markCell(int i, int j);

    /// The value shown at cell (i, j): its own or the coarser point standing for it; NaN if none.
    double shownValue(int i, int j) const;
    /// The grid cell under a widget pixel; false outside the map.
    bool cellAt(const QPointF& pixel, int& i, int& j) const;
    QCPColorMap* colorMap() const { return m_map; }
    QCPColorScale* colorScale() const { return m_scale; }

signals:
    void cellClicked(int i, int j);
    void cellHovered(int i, int j);

private:
    void applyGradient();
    void applyDataRange();

    QCPTextElement* m_title;
    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    QCPItemText* m_marker;
    /// The words of text in lines no wider than width.
    static QString wrappedToWidth(const QString& text, const QFontMetricsF& metrics, double width);

    QCPItemText* m_empty; ///< what to do, until the first map: no colour field, axes or bar before there is data
    fl::MapSpec m_spec;
    std::vector<int> m_block; ///< per cell: side of the block whose value it shows (0: none yet)
    double m_low = 0.0, m_high = 0.0;
    double m_lowPositive = 0.0; ///< least value > 0 (the log scale's lower end); 0 if none
    bool m_log = false;
    bool m_hasValue = false;
    bool m_dirty = false;
    QElapsedTimer m_lastFlush;
    QPoint m_pressPos;
};

} // namespace fl::ui
