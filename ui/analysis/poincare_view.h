#pragma once
// The Poincaré section of a run (RunResult::sectionTimes / sectionStates) in a chosen plane of two
// state variables, filling live from progress chunks; a label names the section and counts the
// points.
#include "analysis/analysis_view.h"
#include "bridge/playback_frame.h"
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <QWidget>

#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QCPGraph;
class QCPTextElement;
class QCustomPlot;
class QLabel;

namespace fl::ui {

class PoincareView : public QWidget, public AnalysisView {
    Q_OBJECT
public:
    explicit PoincareView(QWidget* parent = nullptr);

    /// The scenario of the runs to come: its state names, and the plane preset to its system's
    /// first phase portrait (PlotHints) unless the user chose another for the same variables.
    /// Clears the points.
    void setScenario(const fl::Scenario& scenario);
    /// The document's scenario (its setup is checked against it), and each of the window's runs:
    /// the points clear when it starts, fill from its chunks, and are the finished run's at the end.
    void followScenario(const fl::Scenario& scenario) override { setScenario(scenario); }
    void followRunStarted() override { setScenario(m_scenario); }
    void followSection(const SectionChunk& chunk) override { appendSection(chunk.times, chunk.states); }
    void followRun(const RunOutputPtr& run) override
    {
        if (run)
            setRun(run->result);
    }
    void followFrame(const PlaybackFrame& frame) override { showCursor(frame); }
    /// Adds the section points of a progress report: partial.sectionTimes[firstNewSection..]
    /// (its output samples, if any, tell the crossing direction for the label).
    void appendPoints(const fl::RunResult& partial, size_t firstNewSection);
    /// Adds a slice of section points of the current scenario's run: times and row-major states
    /// (stateNames().size() values per point), e.g. a SectionChunk's; samples (optional) is the
    /// run so far, for the label. A slice of another dimension is ignored.
    void appendSection(const std::vector<double>& times, const std::vector<double>& states,
                       const fl::RunResult* samples = nullptr);
    /// The state variables of the current scenario (or of the last run shown).
    const std::vector<std::string>& stateNames() const { return m_names; }
    /// Shows every section point of a finished run (replacing what was shown).
    void setRun(const fl::RunResult& result);
    /// Removes every point.
    void clear();
    /// Shows the plane (horizontal, vertical) of state variables by index.
    void setPlane(int horizontal, int vertical);
    /// Shows an axis' variable modulo 2π, in (-π, π] (for angles with full rotations).
    void setAngleWrap(bool horizontal, bool vertical);

    int pointCount() const { return static_cast<int>(m_times.size()); }
    int horizontalVariable() const;
    int verticalVariable() const;
    /// The section as read off the points (see describeSection); empty while unknown.
    QString sectionText() const { return m_sectionText; }
    /// The label under the plot: section and point count.
    QString infoText() const;
    QCustomPlot* plot() const { return m_plot; }
    QCPGraph* pointsGraph() const { return m_points; }

    /// The playback cursor: the frame's state projected on the plane shown (the current instant,
    /// which lies on the section only when it crosses it).
    void showCursor(const PlaybackFrame& frame);
    QCPGraph* cursorDot() const { return m_cursor; }

    /// Writes the plot as PNG, SVG or PDF (by suffix).
    bool exportPlot(const QString& path, QString* error = nullptr);
    /// The points as CSV: header t,<state ids>, one row per point, numbers that read back exactly.
    QByteArray pointsCsv() const;
    /// The plot and the points (CSV), once there are points; the plot's context menu offers both.
    QList<ExportItem> exportItems() override;
    /// The plane shown (contract/poincare_analysis.h: variables by name, angle wrap), for sessions.
    QJsonObject saveSetup() const override;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override;

private:
    /// Controls row, plot, and the section label under the plot.
    void arrangeLayout();
    void connectControls();
    void adoptNames(const std::vector<std::string>& names);
    void redraw();
    void appendToGraph(size_t first);
    void updateInfo();
    void fitRanges();

    fl::Scenario m_scenario; ///< of the runs to come (setScenario): its setup's defaults and checks
    std::vector<std::string> m_names;
    std::string m_systemId;
    std::vector<double> m_times;
    std::vector<double> m_states;   ///< row-major, m_names.size() values per point
    QString m_sectionText;
    bool m_follow = true;
    QComboBox* m_horizontal;
    QComboBox* m_vertical;
    QCheckBox* m_wrapHorizontal;
    QCheckBox* m_wrapVertical;
    QLabel* m_info;
    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QCPGraph* m_points;
    QCPGraph* m_cursor;
    PlaybackFrame m_frame;
};

} // namespace fl::ui
