#pragma once
// "Law lab": the scenario's friction law with memory alone, driven by a prescribed relative motion
// on a worker thread (fl::runLawExperiment): pre-sliding loops (force against displacement for
// reversals of growing amplitude, with the initial slope σ₀), frictional lag (the (v_r, F) loop
// opening as the frequency of an oscillating sliding velocity rises) and speed steps (the force
// relaxing to a new level; Ostermeyer's fading). The experiment's amplitudes, frequencies or speeds
// are editable (defaults from the law's parameters); Run, Cancel and Esc; exports the plot (PNG,
// SVG, PDF) and the curves (CSV). Laws without internal state get an explanation instead.
#include "analysis/analysis_view.h"
#include "analysis/law_experiments.h"
#include "bridge/job_runner.h"
#include "contract/law_lab_analysis.h"
#include "scenario/scenario.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;

namespace fl::ui {

class LawLabPlot;
class ViewExporter;

class LawLab : public QWidget, public AnalysisView {
    Q_OBJECT
public:
    explicit LawLab(QWidget* parent = nullptr);
    /// Cancels an experiment in flight and waits for its worker.
    ~LawLab() override;

    /// The case whose law is examined. A changed law or law parameter resets the fields to the
    /// law's defaults and marks the view stale; it does not start an experiment.
    void setScenario(const fl::Scenario& scenario);
    void followScenario(const fl::Scenario& scenario) override { setScenario(scenario); }
    /// Experiments run while the tab is shown: a stale lab with a law runs its experiment.
    void followShown() override;
    /// A preset that is a law experiment (pre-sliding, frictional lag, fading) starts it.
    bool openPreset(const fl::Preset& preset) override;
    /// Runs the selected experiment with the field's values; false (with the reason shown) for a
    /// law without memory or a bad field. An experiment in flight is cancelled first.
    bool start();
    /// Selects an experiment (of the scenario's law) and runs it with its default values.
    bool startExperiment(fl::LawExperimentKind kind);
    void cancel();
    bool isRunning() const { return m_jobs.isRunning(); }
    /// Esc: cancels what runs (AnalysisView).
    bool stopWork() override { return cancelIfRunning(*this); }
    /// The scenario changed since the last experiment (the workbench reruns it when shown).
    bool isStale() const { return m_stale; }
    /// Whether the scenario's law has internal states to examine.
    bool hasLaw() const;

    /// The experiment and its field's values (law_lab_session.cpp); nothing for a law without
    /// memory. A restored setup runs when the tab is shown (at once if it is).
    QJsonObject saveSetup() const override;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override;

    std::shared_ptr<const fl::LawExperimentResult> result() const { return m_result; }
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    /// The plot and its curves (CSV), once an experiment ran.
    QList<ExportItem> exportItems() override;

    QComboBox* experimentBox() const { return m_experiment; }
    QLineEdit* valuesField() const { return m_values; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    LawLabPlot* plot() const { return m_plot; }
    QString introText() const;
    QString statusText() const;
    QString messageText() const;

signals:
    /// The experiment ended: drawn (ok), failed or cancelled (the last good one stays on screen).
    void experimentFinished(bool ok);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void fillExperiments();
    void resetFields();
    void describe();
    void setRunning(bool running);
    void onFinished(const std::shared_ptr<const fl::LawExperimentResult>& result, double seconds);
    void onStopped(const QString& reason);
    void showMessage(const QString& text);
    fl::LawExperimentKind kind() const;

    fl::Scenario m_scenario;
    fl::LawExperimentSpec m_spec;
    fl::Scenario m_runScenario;  ///< the scenario and setup of the experiment on screen (its CSV's)
    fl::LawLabSetup m_runSetup;
    QComboBox* m_experiment;
    QLabel* m_valuesLabel;
    QLineEdit* m_values;
    QPushButton* m_run;
    QPushButton* m_cancel;
    ViewExporter* m_exporter;
    QToolButton* m_export;
    QLabel* m_intro;
    QLabel* m_status;
    QLabel* m_message;
    LawLabPlot* m_plot;
    bool m_stale = true;
    std::shared_ptr<const fl::LawExperimentResult> m_result;
    /// Last: destroyed first, it cancels the experiment and waits for it.
    JobRunner m_jobs;
};

} // namespace fl::ui
