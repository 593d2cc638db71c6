#pragma once
// Lyapunov exponents of the current scenario: the largest one (or the full spectrum on demand)
// computed on a worker thread with progress and cancel, its value, and the convergence of the
// running estimates over the averaging time. Event-driven scenarios get a message saying why not.
#include "analysis/analysis_view.h"
#include "contract/lyapunov_analysis.h"
#include "bridge/job_runner.h"

#include <QWidget>

#include <memory>

class QCPItemText;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace fl::ui {

class LyapunovPanel : public QWidget, public AnalysisView {
    Q_OBJECT
public:
    explicit LyapunovPanel(QWidget* parent = nullptr);
    /// Cancels a computation in flight and waits for it.
    ~LyapunovPanel() override;

    /// The scenario to analyse; cancels a running computation and clears the result.
    void setScenario(const fl::Scenario& scenario);
    void followScenario(const fl::Scenario& scenario) override { setScenario(scenario); }
    /// The scenario analysed (the last setScenario).
    const fl::Scenario& scenario() const { return m_scenario; }
    /// Fills the transient, duration and interval fields (time unit of the system).
    void setOptions(double transient, double duration, double interval);

    /// Starts computing the largest exponent (count = 1); false with a message if not possible.
    bool computeLargest();
    /// Starts computing the full spectrum (count = 0).
    bool computeSpectrum();
    /// Asks the computation to stop; computationFinished(false) follows.
    void cancel();
    /// The mode: the exponents the last computation asked for (1: the largest, 0: the full
    /// spectrum), or a session's. Its button is shown as the default one.
    int mode() const { return m_mode; }
    bool isRunning() const { return m_jobs.isRunning(); }
    /// Esc: cancels what runs (AnalysisView).
    bool stopWork() override { return cancelIfRunning(*this); }

    /// The three fields and the mode (lyapunov_session.cpp); restoring computes nothing.
    QJsonObject saveSetup() const override;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override;

    /// The last finished computation (exponents descending; history unsorted, as computed).
    const fl::LyapunovResult& result() const { return *m_result; }
    /// The running estimates' plot, once exponents were computed; its context menu offers it.
    QList<ExportItem> exportItems() override;
    /// The message line: why nothing can be computed, a validation error, or the run's status.
    QString messageText() const;
    /// The value line, e.g. "λ₁ = 0.6402".
    QString resultText() const;
    QCustomPlot* plot() const { return m_plot; }
    QPushButton* largestButton() const { return m_largest; }
    QPushButton* spectrumButton() const { return m_spectrum; }
    QPushButton* cancelButton() const { return m_cancelButton; }
    QLineEdit* transientField() const { return m_transient; }
    QLineEdit* durationField() const { return m_duration; }
    QLineEdit* intervalField() const { return m_interval; }
    QProgressBar* progressBar() const { return m_progress; }

signals:
    /// A computation ended: ok is false when it failed or was cancelled (see messageText()).
    void computationFinished(bool ok);

private:
    QWidget* buildFields();
    bool start(int count);
    void onFinished(const fl::LyapunovResult& result);
    void showResult();
    /// Fits the convergence plot to the estimates after their start-up.
    void fitRanges();
    void updateState();
    /// The fields and the mode as a setup, checked; false with the message to show.
    bool readSetup(fl::LyapunovSetup& setup, QString& error) const;
    /// Note: progress or nothing; Invalid: a field's value; Unavailable: the case has no
    /// exponents; Run: the last computation failed or was cancelled.
    enum class MessageKind { Note, Invalid, Unavailable, Run };
    void setMessage(const QString& text, MessageKind kind);
    void setMode(int mode);

    fl::Scenario m_scenario;
    std::shared_ptr<const fl::LyapunovResult> m_result; ///< shared with an export writing off the GUI thread
    int m_mode = 1;
    MessageKind m_messageKind = MessageKind::Note;

    QLabel* m_case;
    QLabel* m_message;
    QLineEdit* m_transient;
    QLineEdit* m_duration;
    QLineEdit* m_interval;
    QPushButton* m_largest;
    QPushButton* m_spectrum;
    QPushButton* m_cancelButton;
    QProgressBar* m_progress;
    QLabel* m_value;
    QCustomPlot* m_plot;
    QCPItemText* m_hint;
    /// Last: destroyed first, it cancels the computation and waits for it.
    JobRunner m_jobs;
};

} // namespace fl::ui
