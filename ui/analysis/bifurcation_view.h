#pragma once
// The bifurcation view: the sweep's setup form on the left, the diagram filling column by column
// on the right, with progress, the estimated time left, Start and Cancel (Esc), zoom and pan, and
// export of the plot (PNG/SVG/PDF) and of the data (CSV). Sweeps run on worker threads through
// SweepRunner; the GUI thread only draws, at most 25 times a second.
#include "analysis/analysis_view.h"
#include "analysis/continuation_layer.h"
#include "analysis/bifurcation_sweep.h"
#include "bridge/sweep_runner.h"
#include "contract/continuation_analysis.h"
#include "scenario/scenario.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <string>
#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;

namespace fl::ui {

class BifurcationPlot;
class ContinuationBox;
class LongRunControls;
class BifurcationSetupPanel;
class ViewExporter;

class BifurcationView : public QWidget, public AnalysisView {
    Q_OBJECT
public:
    explicit BifurcationView(QWidget* parent = nullptr);
    /// Cancels a sweep in flight and waits for its worker threads.
    ~BifurcationView() override;

    /// The main window's scenario becomes the case to sweep (the preset choice resets to none).
    void setScenario(const fl::Scenario& scenario);
    /// Chooses a preset (a bifurcation figure's preset fills in its sweep); false if unknown.
    bool selectPreset(const QString& presetId);
    void followScenario(const fl::Scenario& scenario) override { setScenario(scenario); }
    /// A preset with a sweep (a published diagram, a frequency response) sets it up, ready to
    /// start here (unless a sweep runs); the tab does not come to the front.
    bool openPreset(const fl::Preset& preset) override;

    /// Starts a sweep with the form's settings; false (with the reason in the status line) if
    /// the form is invalid or a sweep is running.
    bool computeOnEntry() override { return start(); }
    bool start();
    /// Asks the running sweep to stop (Esc does the same); sweepFinished(true) follows.
    void cancel();
    bool isRunning() const;
    /// Esc: cancels what runs, the sweep or the continuation (AnalysisView).
    bool stopWork() override;
    /// The window's run: the continuation may start from its last section point.
    void followRun(const RunOutputPtr& run) override;
    /// "continuation": the Continuation box under the sweep's form (its setup is the document's).
    Part part(std::string_view id) override;
    ContinuationBox* continuationBox() const { return m_box; }
    /// The text about the branch point under the mouse (empty when none).
    QString hoverText() const;

    /// Columns of the current (or last) sweep, in sweep order (index); a cancelled sweep's are partial.
    std::vector<fl::SweepColumn> columns() const;
    /// The scenario and sweep of the current (or last) sweep.
    const fl::Scenario& sweepScenario() const { return m_sweepScenario; }
    const fl::SweepSpec& sweepSpec() const { return m_sweepSpec; }
    /// Wall time of the last finished sweep, seconds.
    double lastSweepSeconds() const { return m_seconds; }
    /// Text of the status line (summary, error or hint).
    QString statusText() const;

    /// Writes the diagram as PNG, SVG or PDF (by suffix).
    bool exportPlot(const QString& path, QString* error = nullptr);
    /// Writes the sweep's points as CSV (fl::writeSweepCsv: metadata, then param,sample,value,branch).
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    /// The diagram and its points (CSV, once a sweep computed columns and stopped).
    QList<ExportItem> exportItems() override;
    /// The form's sweep and threads (contract/sweep_analysis.h), for sessions; nothing while the
    /// form cannot start a sweep.
    QJsonObject saveSetup() const override;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override;

    BifurcationSetupPanel* setupPanel() const { return m_setup; }
    BifurcationPlot* plot() const { return m_plot; }
    QPushButton* startButton() const;
    QPushButton* cancelButton() const;
    QProgressBar* progressBar() const;

signals:
    /// The user clicked the column at a parameter value: the sweep's scenario with that value
    /// (from its own initial state), for the main window to load and simulate; or a point of a
    /// continued branch: the branch's scenario there, started from that orbit's state.
    void parameterPicked(const fl::Scenario& scenario);
    void sweepStarted();
    /// The sweep ended (every column done, or cancelled); the diagram is fully drawn.
    void sweepFinished(bool cancelled);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    QWidget* buildControls();
    void onColumn(const fl::SweepColumn& column);
    void onProgress(int done, int total, double secondsLeft);
    void showProgress(); ///< the latest progress, at most once per frame
    void onFinished(bool cancelled);
    void onColumnClicked(double parameter);
    void updateButtons();
    void setStatus(const QString& text, bool error = false);
    /// The continuation's side (bifurcation_continuation.cpp).
    void connectContinuation();
    void followSetupScenario();
    void onContinuationStarted(const fl::Scenario& scenario, const fl::ContinuationAnalysisSetup& setup);
    void onBranchHovered(const ContinuationLayer::Hit& hit);
    void onBranchClicked(const ContinuationLayer::Hit& hit);
    void onLocatedChosen(int index);
    QList<ExportItem> continuationExportItems();

    BifurcationSetupPanel* m_setup;
    ContinuationBox* m_box;
    QLabel* m_hover;
    std::string m_branchSystem; ///< the system of the branches drawn
    BifurcationPlot* m_plot;
    LongRunControls* m_controls;
    ViewExporter* m_exporter;
    SweepRunner m_runner;
    QTimer m_frame;           ///< draws queued columns and the progress at most 25 times a second
    int m_progressDone = 0, m_progressTotal = 0;
    double m_secondsLeft = -1.0;
    bool m_progressPending = false;
    QElapsedTimer m_clock;
    std::vector<fl::SweepColumn> m_columns;
    fl::Scenario m_sweepScenario;
    bool m_discarded = false; ///< the running sweep's system is no longer the window's (setScenario)
    fl::SweepSpec m_sweepSpec;
    std::vector<std::string> m_stateNames;
    int m_threads = 1;
    double m_seconds = 0.0;
    QString m_firstError;
};

} // namespace fl::ui
