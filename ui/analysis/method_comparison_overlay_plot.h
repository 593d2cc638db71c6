#pragma once
#include "analysis/method_comparison_data.h"
#include "widgets/run_plot.h"

class QComboBox;

namespace fl::ui {

/// Both methods' curves on top of each other (as JTAM Fig. 4 compares them): the event-driven
/// run as a wide light-blue band, the regularized run as a thin red line over it, so that where
/// they coincide the red line runs inside the band. Either the time history of one variable of the system's
/// PlotHints::timeHistory (chosen in the plot's corner) or one phase plane of
/// PlotHints::phasePortraits.
class MethodComparisonOverlayPlot : public RunPlot {
    Q_OBJECT
public:
    enum class Kind { TimeHistory, PhasePlane };
    /// index: the phase plane (PhasePlane) or the initial variable (TimeHistory).
    MethodComparisonOverlayPlot(Kind kind, int index, const QString& title, QWidget* parent = nullptr);

    /// Draws both runs of a comparison (either may be missing).
    void showComparison(const MethodComparisonPtr& data);
    /// One run alone, in its method's style; the other method's curve is cleared.
    void showData(const PlotDataPtr& data) override;

    Kind kind() const { return m_kind; }
    /// Time history: the variable shown (index into PlotHints::timeHistory).
    void setVariable(int index);
    int variable() const { return m_index; }
    QComboBox* variableSelector() const { return m_selector; }

    QCPCurve* eventCurve() const { return m_eventCurve; }
    QCPCurve* regularizedCurve() const { return m_regularizedCurve; }

    static QColor eventColor() { return QColor(0x8c, 0xbc, 0xe6); }
    static QColor regularizedColor() { return forceColor(); }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// The points of this plot's variable or plane in a run's plot data (empty if it has none).
    QVector<QCPCurveData> pointsOf(const PlotData& data) const;
    void updateSelector();
    void draw();

    Kind m_kind;
    int m_index;
    PlotDataPtr m_event;
    PlotDataPtr m_regularized;
    QComboBox* m_selector;
    QCPCurve* m_eventCurve;
    QCPCurve* m_regularizedCurve;
};

} // namespace fl::ui
