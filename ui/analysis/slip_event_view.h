#pragma once
// "Slip events": the Burridge-Knopoff chain's earthquakes (S5) in the run on display. Left, the
// space-time map of slip speeds (block x time) with the playback line; right, the distribution of
// event sizes (moment or block count) on log-log axes with the fitted power-law exponent. The
// transient left out and the moment range fitted are set in the toolbar; everything is computed
// off the GUI thread from the finished run. Export: both plots (PNG, SVG, PDF), the events and the
// densities (CSV).
#include "analysis/analysis_view.h"
#include "analysis/slip_event_data.h"
#include "bridge/job_runner.h"

#include <QWidget>

#include <cmath>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace fl::ui {

class SlipSizePlot;
class SpaceTimePlot;
class ViewExporter;

class SlipEventView : public QWidget, public AnalysisView {
    Q_OBJECT
public:
    explicit SlipEventView(QWidget* parent = nullptr);
    ~SlipEventView() override;

    /// The scenario of the runs to come: what a session's setup is checked against.
    void setScenario(const fl::Scenario& scenario) { m_scenario = scenario; }
    /// The run on display: a chain's is analysed (in the background), another's shows why not.
    void setRun(const RunOutputPtr& run);
    /// The playback time, marked on the map.
    void showTime(double t);
    /// Recolours the map for the current theme.
    void updateAppearance();
    void followScenario(const fl::Scenario& scenario) override { setScenario(scenario); }
    void followRun(const RunOutputPtr& run) override { setRun(run); }
    void followFrame(const PlaybackFrame& frame) override { showTime(frame.valid() ? frame.t : NAN); }
    void followAppearance() override { updateAppearance(); }

    /// Finished analysis on display (null before the first).
    SlipEventDataPtr data() const { return m_data; }
    bool isComputing() const { return m_events.isRunning() || m_pending; }
    SpaceTimePlot* spaceTimePlot() const { return m_map; }
    SlipSizePlot* sizePlot() const { return m_sizes; }
    QDoubleSpinBox* skipField() const { return m_skip; }
    QComboBox* sizeChoice() const { return m_size; }
    QLineEdit* fitMinField() const { return m_fitMin; }
    QLineEdit* fitMaxField() const { return m_fitMax; }
    QString infoText() const;
    QString messageText() const;

    /// The skip time, the size shown and the fit range (contract/slip_events_analysis.h, read and
    /// checked by the analysis against setScenario's scenario). A restored skip time holds for
    /// the next run shown, the session's, instead of its first fifth; restoring analyses nothing
    /// (the session's run is, when it is shown).
    QJsonObject saveSetup() const override;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override;

    bool exportEventsCsv(const QString& path, QString* error = nullptr) const;
    bool exportHistogramCsv(const QString& path, QString* error = nullptr) const;
    /// Both plots, the events and the size densities with their fits (CSV), once analysed.
    QList<ExportItem> exportItems() override;

signals:
    /// The user clicked the map: play from this time.
    void seekRequested(double t);
    /// An analysis finished and is on display.
    void dataShown();

private:
    QWidget* buildToolbar();
    void recompute();
    void start();
    void onFinished(const SlipEventDataPtr& data);
    void showDistribution();
    void updateInfo();
    void showMessage(const QString& text);
    /// Reads a fit-range field: true with value 0 for "auto" (empty), false for bad text.
    bool readFitEnd(const QLineEdit* field, double& value) const;
    /// Shows a skip time as it is (with the decimals it needs, 1 to 6; signals blocked): a fifth
    /// of a run of 227.75 is 45.55, not the 45.6 a one-decimal field would compute with.
    void showSkipTime(double time);
    void requestWindow(double tFrom, double tTo);

    fl::Scenario m_scenario; ///< of the runs to come (setScenario)
    RunOutputPtr m_run;
    SlipEventDataPtr m_data;
    bool m_pending = false;
    double m_tEnd = -1.0;   ///< t_end the skip field was set for
    std::optional<double> m_restoredSkip; ///< a session's skip time, for the next run shown
    double m_time = NAN;    ///< the playback time (marked once a map is shown)
    ViewExporter* m_exporter;
    QDoubleSpinBox* m_skip;
    QComboBox* m_size;
    QLineEdit* m_fitMin;
    QLineEdit* m_fitMax;
    QToolButton* m_export;
    SpaceTimePlot* m_map;
    SlipSizePlot* m_sizes;
    QLabel* m_info;
    QLabel* m_message;
    /// Last: destroyed first, each waits for its running task. Neither supersedes: the events
    /// wait for the one running (m_pending), a map window is asked for only when none runs.
    JobRunner m_events;
    JobRunner m_window;
};

} // namespace fl::ui
