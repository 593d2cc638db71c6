#pragma once
#include "widgets/run_plot.h"

namespace fl::ui {

/// Friction characteristic: the law's F(v_r) as the run's method sees it (fl::frictionCharacteristic:
/// set-valued with its vertical stick segment for event-driven runs, the smooth law otherwise),
/// with the trajectory's (v_r, F) loop (the columns of PlotHints::characteristic) drawn on top.
/// Systems without a one-dimensional contact get a note instead.
class CharacteristicPlot : public RunPlot {
    Q_OBJECT
public:
    explicit CharacteristicPlot(QWidget* parent = nullptr);
    void showData(const PlotDataPtr& data) override;
    void showCursor(const PlaybackFrame& frame) override;
    /// The playback cursor: a dot at the frame's (v_r, F).
    QCPGraph* cursorDot() const { return m_cursor; }

    QCPCurve* lawCurve() const { return m_law; }
    QCPCurve* trajectoryCurve() const { return m_trajectory; }
    /// The note shown when the system has no 1-D characteristic.
    QCPItemText* note() const { return m_note; }

private:
    QCPCurve* m_law;
    QCPCurve* m_trajectory;
    QCPItemText* m_note;
    QCPGraph* m_cursor;
    std::string m_speedName;
    std::string m_forceName;
};

} // namespace fl::ui
