#pragma once
// The space-time picture of a Burridge-Knopoff chain run: block index (vertical) over time
// (horizontal), coloured by slip speed |v_r,i| on a logarithmic scale from the stick threshold
// (the plot's background colour: sticking) to the fastest slip. Slip events show as streaks;
// a large one as a band running across the blocks. A vertical line marks the playback time; a
// click (without dragging) asks to play from there. Drag and wheel pan and zoom the time axis;
// zoomed in, the view asks for the samples of the visible window at full resolution.
#include "analysis/space_time_map.h"

#include <qcustomplot.h>

namespace fl::ui {

class SpaceTimePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit SpaceTimePlot(QWidget* parent = nullptr);

    /// Shows a whole run's map; speeds up to floor count as sticking (the lowest colour).
    void showMap(const fl::SpaceTimeMap& map, double floor);
    /// Replaces the cells of the visible window with a finer map of it (same run).
    void showWindow(const fl::SpaceTimeMap& window);
    void clear();
    /// The playback time (NaN hides the line).
    void markTime(double t);
    /// Shades [start of the run, t): the transient whose events are not counted.
    void markTransient(double t);
    /// Fits the time axis to the run again.
    void resetView();
    /// Colours for the current theme (call after an appearance change).
    void updateGradient();

    QCPColorMap* colorMap() const { return m_map; }
    QCPColorScale* colorScale() const { return m_scale; }
    bool hasMap() const { return m_blocks > 0; }
    /// Columns of the whole run's map (the window shown may have more).
    int runColumns() const { return m_runMap.columns; }
    double markedTime() const;

signals:
    /// A click inside the axes: the time under the pointer.
    void timeClicked(double t);
    /// The visible time window changed by the user's pan or zoom (after they stopped).
    void windowChanged(double tFrom, double tTo);

private:
    void fill(const fl::SpaceTimeMap& map);

    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    QCPItemStraightLine* m_cursor;
    QCPItemRect* m_transient;
    QCPItemText* m_transientLabel;
    QCPTextElement* m_title;
    fl::SpaceTimeMap m_runMap;
    double m_floor = 1e-6;
    int m_blocks = 0;
    QPoint m_pressPos;
    QTimer* m_windowTimer;
};

} // namespace fl::ui
