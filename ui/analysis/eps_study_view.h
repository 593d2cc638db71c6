#pragma once
// "ε study" (Acta Mech 2016 Fig. 9): one smooth scenario run at several regularization widths on a
// worker thread (fl::runEpsStudy; progress, Cancel and Esc), every run's time history of one
// variable overlaid with a legend "ε = 1e-4" ..., the |difference| of each run from the run at the
// smallest eps on a log axis, and a table of the largest differences. The eps list and the
// variable are editable; any scenario of a system with a smooth method can be studied. Exports:
// either plot (PNG, SVG, PDF) and the runs with their differences (CSV).
#include "analysis/analysis_view.h"
#include "analysis/eps_study_data.h"
#include "bridge/job_runner.h"
#include "scenario/scenario.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QToolButton;

namespace fl::ui {

class EpsStudyPlot;
class RunPlot;
class ViewExporter;

class EpsStudyView : public QWidget, public AnalysisView {
    Q_OBJECT
public:
    explicit EpsStudyView(QWidget* parent = nullptr);
    /// Cancels a study in flight and waits for its worker.
    ~EpsStudyView() override;

    /// The case to study (the main window's scenario); does not start a study.
    void setScenario(const fl::Scenario& scenario);
    /// Studied on request (Run ε study) or by an ε-study preset (openPreset).
    void followScenario(const fl::Scenario& scenario) override { setScenario(scenario); }
    /// A preset that is an ε study (Acta Fig. 9) takes its widths and starts at once.
    bool openPreset(const fl::Preset& preset) override;
    const fl::Scenario& scenario() const { return m_scenario; }
    /// The eps list (shown in the field).
    void setEpsList(const std::vector<double>& eps);
    /// Starts a study of the scenario with the field's eps list; false (with the reason shown)
    /// for a bad list or scenario. A study in flight is cancelled first.
    bool computeOnEntry() override { return start(); }
    bool start();
    void cancel();
    bool isRunning() const { return m_jobs.isRunning(); }
    /// Esc: cancels what runs (AnalysisView).
    bool stopWork() override { return cancelIfRunning(*this); }

    /// The eps list, the variable shown and the log scale (eps_study_session.cpp); restoring
    /// does not start a study.
    QJsonObject saveSetup() const override;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override;

    /// The study on display (null before the first one finished).
    EpsStudyPlotPtr result() const { return m_result; }
    QString summaryText() const;
    QString messageText() const;

    bool exportPlot(RunPlot* plot, const QString& path, QString* error = nullptr);
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    /// Both plots and the runs with their differences (CSV), once a study finished.
    QList<ExportItem> exportItems() override;

    EpsStudyPlot* overlayPlot() const { return m_overlay; }
    EpsStudyPlot* differencePlot() const { return m_difference; }
    QLineEdit* epsField() const { return m_epsField; }
    QComboBox* variableBox() const { return m_variable; }
    QCheckBox* logScaleBox() const { return m_logScale; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    QTableWidget* table() const { return m_table; }

signals:
    void studyStarted();
    /// The study ended (finished, failed or cancelled) and what it computed is drawn.
    void studyFinished(bool cancelled);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    QLayout* buildToolbar();
    void fillVariables();
    void onFinished(const EpsStudyPlotPtr& data);
    void onFailed(const QString& error);
    void showVariable();
    void fillTable();
    void showMessage(const QString& text);
    void setRunning(bool running);

    fl::Scenario m_scenario;
    bool m_hasScenario = false;
    EpsStudyPlotPtr m_result;

    QLineEdit* m_epsField = nullptr;
    QComboBox* m_variable = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QCheckBox* m_logScale = nullptr;
    ViewExporter* m_exporter = nullptr;
    QToolButton* m_export = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_note = nullptr; ///< under the table: the pattern solution and the tolerance
    QTableWidget* m_table = nullptr;
    EpsStudyPlot* m_overlay = nullptr;
    EpsStudyPlot* m_difference = nullptr;
    /// Last: destroyed first, it cancels the study and waits for it.
    JobRunner m_jobs;
};

} // namespace fl::ui
