#pragma once
// The controls under a long-running analysis view (the bifurcation diagram, the two-parameter map):
// progress with the estimated time left, Start and Cancel, the view's own options, Reset view,
// Export plot… and Export CSV… (the view's exporter asks and writes; the outcome in the status
// line), and the status line itself (red for errors). The view owns the work; this row only shows it and asks.
#include <QWidget>

#include <functional>

class QLabel;
class QProgressBar;
class QPushButton;
class QVBoxLayout;
class QHBoxLayout;


namespace fl::ui {

class ViewExporter;

class LongRunControls : public QWidget {
    Q_OBJECT
public:
    struct Texts {
        QString progressFormat; ///< "%v / %m points"
        QString cancelTip;
        QString resetViewTip;
        QString exportPlotTip;
        QString exportCsvTip;
    };
    explicit LongRunControls(const Texts& texts, QWidget* parent = nullptr);

    /// A widget of the view's own (e.g. "Log colours") between Cancel and Reset view.
    void addOption(QWidget* option);
    /// A line of the view's own under the row, above the status line.
    void addLine(QWidget* line);

    void setProgress(long done, long total);
    /// "3 min 20 s left"; nothing for a negative estimate.
    void setSecondsLeft(double seconds);
    void setStatus(const QString& text, bool error = false);
    QString statusText() const;
    /// Which buttons may be pressed now.
    void setButtons(bool running, bool canStart, const QString& startTip, bool canExportPlot, bool canExportCsv);
    /// Export plot… and Export CSV… run the exporter's items plotId and csvId; the status line says
    /// how it went.
    void connectExports(ViewExporter* exporter, const QString& plotId, const QString& csvId);

    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }

    /// As narrow as the stacked arrangement (the meter above the buttons).
    QSize minimumSizeHint() const override;

signals:
    void startClicked();
    void cancelClicked();
    void resetViewClicked();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// The time label's width for the type size in force, then arrange().
    void arrangeForTypeSize();
    /// The tools beside Start and Cancel where one row fits the width, else on a second row.
    void arrange();
    /// The least width the progress bar and the time left take.
    int meterWidth() const;
    QVBoxLayout* m_layout;
    class QGridLayout* m_grid;
    QHBoxLayout* m_meter; ///< the progress bar and the time left
    QHBoxLayout* m_row;   ///< Start and Cancel
    QHBoxLayout* m_tools; ///< the options, Reset view and the exports
    bool m_oneRow = true;
    QProgressBar* m_progress;
    QString m_progressFormat; ///< Texts::progressFormat, shown from the first progress on
    QLabel* m_timeLeft;
    QLabel* m_status;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QPushButton* m_resetView;
    QPushButton* m_exportPlot;
    QPushButton* m_exportCsv;
    int m_optionIndex; ///< where the next option goes among the tools
};

} // namespace fl::ui
