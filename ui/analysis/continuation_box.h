#pragma once
// The Bifurcation view's Continuation box (docs/continuation.md, "In the window"): the setup of a
// continuation of periodic orbits or equilibria (contract/continuation_analysis.h: the parameter, its
// range and start, where the first orbit comes from, an optional second parameter), Continue and
// Cancel (Esc), its progress, and the located points listed with their types. It runs on the
// analyses' job runner; each accepted point is handed to the GUI thread as it is found (pointFound),
// so the view draws the branch growing. Its setup is the document's under the catalog id
// "continuation" (analysis/analysis_catalog.h, a part of the Bifurcation view).
#include "analysis/located_curves_shown.h"
#include "bridge/job_runner.h"
#include "bridge/run_output.h"
#include "contract/continuation_analysis.h"
#include "document/view_setup.h"
#include "scenario/scenario.h"

#include <QGroupBox>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace fl::ui {

class ContinuationBox : public QGroupBox, public ViewSetup {
    Q_OBJECT
public:
    explicit ContinuationBox(QWidget* parent = nullptr);
    /// Cancels a continuation in flight and waits for it.
    ~ContinuationBox() override;

    /// The case continued (the Bifurcation view's): its parameters fill the choices; a setup that
    /// no longer fits it (another system) starts from the analysis's defaults.
    void setScenario(const fl::Scenario& scenario);
    const fl::Scenario& scenario() const { return m_scenario; }
    /// The Bifurcation view's sweep (its parameter and range): the box takes them while the user
    /// has not set it up, so that its first branch falls on the diagram. No change otherwise.
    void followSweep(const std::string& parameter, double from, double to);
    /// The window's run: "Start from: the window's run" takes its last section point.
    void followRun(const RunOutputPtr& run) { m_run = run; }

    /// The form's setup; false with the field and the allowed values in *error when it cannot run.
    bool readSetup(fl::ContinuationAnalysisSetup& setup, QString* error = nullptr) const;
    void showSetup(const fl::ContinuationAnalysisSetup& setup);
    /// Empty until the user edits the box, continues or a session restores it: a session keeps the
    /// setup of a continuation the user asked for, and `session run` does not compute one nobody did.
    QJsonObject saveSetup() const override;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override;

    /// Starts the form's continuation; false (the reason in the status line) if it cannot.
    bool start();
    /// The branches drawn (finished with points), oldest first: what a session keeps beside the
    /// form's setup, so that a diagram of several branches (another damping, another law) comes back.
    const std::vector<fl::DrawnBranch>& drawn() const { return m_drawn; }
    /// The view removed the branches from the diagram (a branch of another parameter or system).
    void forgetDrawn();
    /// Draws the branches a restored session holds, one after the other (each grows as it is
    /// computed); false if there are none or a continuation runs.
    bool drawSessionBranches();
    /// Asks the running continuation to stop; finished() follows with what it had.
    void cancel();
    /// The branch born at the located point chosen in the list (a period doubling of orbits, a
    /// Hopf point of equilibria): its first orbit is found (fl::bornBranchSetup), shown in the fields
    /// (an undo step) and continued. False (the reason in the status line) if it cannot start.
    bool branchFromChosen();
    bool isRunning() const { return m_jobs.isRunning(); }

    /// The last continuation's result (null before the first ends), its scenario and setup.
    const fl::ContinuationResult* result() const { return m_result.get(); }
    const fl::Scenario& resultScenario() const { return m_resultScenario; }
    const fl::ContinuationAnalysisSetup& resultSetup() const { return m_resultSetup; }
    /// The result's files (contract: "branch", "points"), as `session run` writes them.
    std::vector<fl::CsvFile> csvFiles() const;
    QString statusText() const;
    /// Seconds the last continuation took.
    double lastSeconds() const { return m_jobs.elapsedSeconds(); }

    QComboBox* kindCombo() const { return m_kind; }
    QComboBox* parameterCombo() const { return m_parameter; }
    QLineEdit* startField() const { return m_start; }
    QLineEdit* fromField() const { return m_from; }
    QLineEdit* toField() const { return m_to; }
    QSpinBox* periodsBox() const { return m_periods; }
    QSpinBox* transientBox() const { return m_transient; }
    QSpinBox* maxPointsBox() const { return m_maxPoints; }
    QSpinBox* segmentsBox() const { return m_segments; }
    QComboBox* startFromCombo() const { return m_startFrom; }
    QCheckBox* curvesCheck() const { return m_curves; }
    QComboBox* parameter2Combo() const { return m_parameter2; }
    QPushButton* continueButton() const { return m_continue; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* clearButton() const { return m_clear; }
    QProgressBar* progressBar() const { return m_progress; }
    QTreeWidget* pointsList() const { return m_points; }
    QPushButton* branchButton() const { return m_branch; }
    QPushButton* drawSessionButton() const { return m_drawSession; }

signals:
    /// A continuation started: the view clears the last branch and lays out its axes.
    void started(const fl::Scenario& scenario, const fl::ContinuationAnalysisSetup& setup);
    /// A point of the running continuation (direction 0: the start, +1 / -1: the side it grows on).
    void pointFound(const fl::BranchPoint& point, int direction);
    /// The continuation ended (result() holds it; a cancelled one keeps its points).
    void finished(bool ok);
    /// A continuation with a second parameter finished: its curves, for the views of that plane.
    void curvesComputed(const fl::ui::LocatedCurvesPtr& curves);
    /// Clear branches: the view removes the branches drawn.
    void clearRequested();
    /// A located point chosen in the list (its index in result()->branch.located).
    void locatedChosen(int index);

private:
    void buildFields();
    void buildRunRow();
    void buildDrawnRow();
    /// Starts a continuation of this case and setup (the form's, or a session's drawn branch).
    void startCase(const fl::Scenario& scenario, const fl::ContinuationAnalysisSetup& setup);
    /// After a continuation: the branch joins the drawn ones, and the next queued one starts.
    void afterFinished(bool ok);
    void startQueued();
    /// The drawn branches a session keeps: those drawn, then those restored and not drawn yet.
    std::vector<fl::DrawnBranch> keptBranches() const;
    void showPending();
    void fillParameters();
    void onParameterChanged();
    void onStartFromChanged();
    void onFinished(const fl::ContinuationResult& result);
    void showLocated();
    /// The located point chosen in the list, or null.
    const fl::LocatedPoint* chosenPoint() const;
    void setStatus(const QString& text, bool error = false);
    void updateState();
    /// A field changed by the user (not by a refill): the setup is the user's from now on.
    void markUsed();

    fl::Scenario m_scenario;
    RunOutputPtr m_run;
    std::vector<double> m_guess; ///< the state a continuation starts from (empty: a run from the initial state)
    JobRunner m_jobs;
    std::shared_ptr<const fl::ContinuationResult> m_result;
    fl::Scenario m_resultScenario;
    fl::ContinuationAnalysisSetup m_resultSetup;
    bool m_filling = false;
    bool m_used = false; ///< the user edited the box or continued (saveSetup())
    std::vector<fl::DrawnBranch> m_drawn;   ///< finished branches on the diagram, oldest first
    std::vector<fl::DrawnBranch> m_pending; ///< a restored session's branches, not drawn yet
    std::vector<fl::DrawnBranch> m_queue;   ///< the session's branches still to draw (drawSessionBranches)

    QComboBox* m_kind;
    QComboBox* m_parameter;
    QLineEdit* m_start;
    QLineEdit* m_from;
    QLineEdit* m_to;
    QLabel* m_units[3];
    QSpinBox* m_periods;
    QSpinBox* m_transient;
    QSpinBox* m_maxPoints;
    QSpinBox* m_segments;
    QComboBox* m_startFrom;
    QLabel* m_guessNote;
    QCheckBox* m_curves;
    QComboBox* m_parameter2;
    QLineEdit* m_from2;
    QLineEdit* m_to2;
    QSpinBox* m_steps2;
    QPushButton* m_continue;
    QPushButton* m_cancel;
    QPushButton* m_clear;
    QPushButton* m_branch;
    QPushButton* m_drawSession;
    QProgressBar* m_progress;
    QLabel* m_status;
    QTreeWidget* m_points;
};

} // namespace fl::ui
