#pragma once
#include "analysis/analysis_view.h"
#include "contract/compare_analysis.h"
#include "analysis/method_comparison_data.h"
#include "bridge/job_runner.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QToolButton;

namespace fl::ui {

class MethodComparisonDifferencePlot;
class MethodComparisonOverlayPlot;
class ParameterRow;
class RunPlot;
class SimulationController;
class ViewExporter;

/// "Compare methods": one scenario run event-driven (exact stick/slip switching, Dormand-Prince)
/// and regularized (smooth law of width eps, the scenario's stiff integrator) side by side on worker threads (two
/// SimulationControllers), as JTAM Fig. 4 compares them for the disk on a belt. Every plot
/// overlays both runs: the time history (PlotHints::timeHistory, one variable at a time) and each
/// phase plane (PlotHints::phasePortraits); a fourth plot shows |event - regularized| of the
/// compared variables over time. A summary line gives both runs' steps and wall times and the
/// largest differences. Changing eps re-runs only the regularized method.
class MethodComparison : public QWidget, public AnalysisView {
    Q_OBJECT
public:
    /// What exportCsv writes.
    enum class CsvContent {
        EventRun,        ///< the event-driven run (data_export.h runCsv)
        RegularizedRun,  ///< the regularized run
        Difference,      ///< t and, per compared variable, both values and |difference|
    };

    explicit MethodComparison(QWidget* parent = nullptr);
    /// Cancels the runs in flight and waits for the workers.
    ~MethodComparison() override;

    /// Compares this scenario (system, law, parameters; its method is ignored) and starts both
    /// runs. The eps field takes the scenario's eps when the system changes and keeps its own
    /// value otherwise. A system without both methods shows why and keeps the last plots.
    /// eventLawId is the law of the event-driven run; empty: the one chosen in the law box, or,
    /// when the system or the scenario's law changed, its counterpart (fl::eventDrivenCounterpart:
    /// the law itself, or for LuGre the Gaussian Stribeck law with the same steady state).
    void setScenario(const fl::Scenario& scenario, const std::string& eventLawId = {});
    /// Takes the scenario as setScenario does (the eps field, the law box, the phase planes)
    /// without running it: the window's scenario while the tab is hidden, so that a session's
    /// setup is checked against the laws of the system it shows. setScenario or rerun runs it.
    void adoptScenario(const fl::Scenario& scenario, const std::string& eventLawId = {});
    /// The comparison runs two simulations, only while its tab is shown: it takes the scenario
    /// at once (adoptScenario: its eps field and law box follow the system, so a session's setup
    /// restored before the tab is shown is checked against this system's laws) and runs it when
    /// shown (followShown).
    void followScenario(const fl::Scenario& scenario) override;
    void followShown() override;
    /// A preset that compares laws (LuGre against event-driven Stribeck) runs with that law.
    bool openPreset(const fl::Preset& preset) override;
    /// The law of the event-driven run, e.g. "stribeck-gauss" against LuGre.
    const std::string& eventLaw() const { return m_eventLawId; }
    /// Chooses the event-driven run's law (a user's choice in the box); re-runs that run only.
    QComboBox* eventLawBox() const { return m_eventLawBox; }
    const fl::Scenario& scenario() const { return m_scenario; }
    /// eps of the regularized run.
    double eps() const { return m_eps; }

    /// The comparison on display (null before the first one).
    MethodComparisonPtr comparison() const { return m_comparison; }
    /// True from a request until both runs are compared and drawn.
    bool isRunning() const { return m_running; }
    QString summaryText() const;
    /// The last error (bad eps, a system without both methods, a failed run); empty if none.
    QString messageText() const;

    ParameterRow* epsRow() const { return m_epsRow; }
    QCheckBox* logScaleBox() const { return m_logScale; }
    MethodComparisonOverlayPlot* timeHistoryPlot() const { return m_timeHistory; }
    MethodComparisonDifferencePlot* differencePlot() const { return m_difference; }
    const std::vector<MethodComparisonOverlayPlot*>& phasePlots() const { return m_phasePlots; }
    /// Every plot: time history, difference, then the phase planes.
    std::vector<RunPlot*> plots() const;

    /// eps, the event-driven law, the log scale of the difference and the time history's variable
    /// (method_comparison_session.cpp). Restored while the tab is shown, both methods run again;
    /// else they run when it is shown, as for any change of the scenario.
    QJsonObject saveSetup() const override;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override;

    /// Writes a plot as PNG, SVG or PDF (by suffix; atomically, plot_export.h).
    bool exportPlot(RunPlot* plot, const QString& path, QString* error = nullptr);
    /// Writes one run or the difference as CSV (atomically); an error if there is nothing yet.
    bool exportCsv(CsvContent content, const QString& path, QString* error = nullptr);
    /// Every plot, both runs (CSV, written off the GUI thread) and the difference (CSV).
    QList<ExportItem> exportItems() override;

public slots:
    /// Runs both methods again.
    void rerun();

signals:
    /// A comparison (both runs, or the one that succeeded) was handed to the plots.
    void comparisonShown();

private:
    QLayout* buildToolbar();
    void rebuildPhasePlots(const fl::Scenario& scenario);
    enum class Rerun { Both, EventOnly, RegularizedOnly };
    void startRuns(Rerun which);
    void fillEventLaws(const fl::Scenario& scenario);
    void onEventLawChosen(int index);
    void onEpsEdited(const QString& id, double value);
    void onRunFinished(const RunOutputPtr& output, bool eventDriven);
    void showComparison(const MethodComparisonPtr& data);
    void showMessage(const QString& text);
    void updateSummary();

    SimulationController* m_eventRuns;
    SimulationController* m_regularizedRuns;
    quint64 m_eventRunId = 0;       ///< the run whose result is awaited (0: none)
    quint64 m_regularizedRunId = 0;
    fl::Scenario m_scenario;
    bool m_hasScenario = false;
    bool m_stale = true;       ///< the scenario adopted (followScenario) not yet run: the tab was hidden
    double m_eps = 1e-5;
    std::string m_eventLawId; ///< law of the event-driven run
    RunOutputPtr m_eventOutput;
    RunOutputPtr m_regularizedOutput;
    MethodComparisonPtr m_comparison;
    bool m_running = false;

    ParameterRow* m_epsRow = nullptr;
    QComboBox* m_eventLawBox = nullptr;
    QCheckBox* m_logScale = nullptr;
    ViewExporter* m_exporter = nullptr;
    QToolButton* m_export = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_message = nullptr;
    QGridLayout* m_grid = nullptr;
    MethodComparisonOverlayPlot* m_timeHistory = nullptr;
    MethodComparisonDifferencePlot* m_difference = nullptr;
    std::vector<MethodComparisonOverlayPlot*> m_phasePlots;
    /// The comparison of two finished runs (the runs themselves go through the two controllers).
    /// Last: destroyed first, it waits for a comparison being computed.
    JobRunner m_compare;
};

} // namespace fl::ui
