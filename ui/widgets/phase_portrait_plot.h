#pragma once
#include "widgets/run_plot.h"

class QCheckBox;
class QComboBox;

namespace fl::ui {

/// Phase portrait: the trajectory in one of the system's phase planes (PlotHints::phasePortraits;
/// (x, v) for the block on a belt) as a parametric curve, with its stick segments (near-stick for
/// smooth runs, PlotData::stickLabel) drawn over it in the stick colour and the start point marked. Systems with several planes get a selector in
/// the plot's corner.
class PhasePortraitPlot : public RunPlot {
    Q_OBJECT
public:
    explicit PhasePortraitPlot(QWidget* parent = nullptr);
    void showData(const PlotDataPtr& data) override;
    void showCursor(const PlaybackFrame& frame) override;
    /// The playback cursor: a dot at the frame's state in the plane shown.
    QCPGraph* cursorDot() const { return m_cursor; }

    /// Draws plane index of the current system (as listed in its PlotHints).
    void setPlane(int index);
    int plane() const { return m_plane; }
    QComboBox* planeSelector() const { return m_planes; }
    /// Shows angles (variables in rad, e.g. φ) modulo 2π, in (−π, π]; the box is visible only
    /// while the plane shown has an angle.
    void setAngleWrap(bool wrap);
    bool angleWrap() const;
    QCheckBox* angleWrapBox() const { return m_wrap; }

    QCPCurve* trajectoryCurve() const { return m_trajectory; }
    /// Stick samples only, segments separated by NaN points.
    QCPCurve* stickCurve() const { return m_stick; }
    QCPGraph* startGraph() const { return m_start; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateSelector();
    /// The plane selector and the mod 2π box in the top-right corner.
    void placeControls();
    void draw();

    PlotDataPtr m_data;
    QComboBox* m_planes;
    QCheckBox* m_wrap;
    int m_plane = 0;
    QCPCurve* m_trajectory;
    QCPCurve* m_stick;
    QCPGraph* m_start;
    QCPGraph* m_cursor;
    PlaybackFrame m_frame;
};

} // namespace fl::ui
