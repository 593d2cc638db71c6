#pragma once
// The Map view: a two-parameter map of one observable. The setup form on the left; on
// the right the colour map filling coarse to fine (the whole plane at once, then sharper), with
// progress, the estimated time left, Start and Cancel (Esc), zoom and pan, a colour bar with the
// observable's unit, the value under the pointer, and export of the picture (PNG/SVG/PDF) and the
// data (CSV, as `frictionlab-cli map` writes it). A click on a cell runs that case in the main
// views. Points are computed on worker threads (MapRunner); the GUI thread draws 25 times a second.
#include "analysis/analysis_view.h"
#include "analysis/parameter_map.h"
#include "bridge/map_runner.h"
#include "scenario/scenario.h"

#include <QTimer>
#include <QWidget>

#include <string>
#include <vector>

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace fl::ui {

class LongRunControls;
class LocatedCurvesLayer;
class MapPlot;
class MapSetupPanel;
class ViewExporter;

class MapView : public QWidget, public AnalysisView {
    Q_OBJECT
public:
    explicit MapView(QWidget* parent = nullptr);
    ~MapView() override;

    /// The main window's scenario becomes the case of the next map.
    void setScenario(const fl::Scenario& scenario);
    void followScenario(const fl::Scenario& scenario) override { setScenario(scenario); }

    /// Starts a map with the form's settings; false (reason in the status line) if the form is
    /// invalid or a map is running.
    bool computeOnEntry() override { return start(); }
    bool start();
    /// Asks the running map to stop (Esc does the same); mapFinished(true) follows.
    void cancel();
    bool isRunning() const;
    /// The setup panel's fields (MapSetupPanel::saveSetup), for sessions.
    QJsonObject saveSetup() const override;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override;
    /// Esc: cancels what runs (AnalysisView).
    bool stopWork() override { return cancelIfRunning(*this); }
    /// A continuation's located points in a second parameter: drawn over the map of that plane.
    void followLocatedCurves(const LocatedCurvesPtr& curves) override;
    LocatedCurvesLayer* curvesLayer() const { return m_curves; }

    /// The current (or last) map: its values row-major (NaN where not computed or failed).
    const std::vector<double>& values() const { return m_values; }
    const fl::MapSpec& mapSpec() const { return m_spec; }
    const fl::Scenario& mapScenario() const { return m_scenario; }
    long pointsDone() const { return m_done; }
    QString statusText() const;

    /// Writes the picture as PNG, SVG or PDF (by suffix).
    bool exportPlot(const QString& path, QString* error = nullptr);
    /// Writes the map as CSV (fl::writeMapCsv, the CLI's format); points not computed are nan.
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    /// The map's picture (once a cell is computed) and its points (CSV, once stopped).
    QList<ExportItem> exportItems() override;

    MapSetupPanel* setupPanel() const { return m_setup; }
    MapPlot* plot() const { return m_plot; }
    QPushButton* startButton() const;
    QPushButton* cancelButton() const;
    QCheckBox* logScaleBox() const { return m_logScale; }
    QProgressBar* progressBar() const;

signals:
    /// The user clicked a cell: the map's scenario at that (x, y), for the main window to run.
    void parameterPicked(const fl::Scenario& scenario);
    void mapStarted();
    void mapFinished(bool cancelled);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    QWidget* buildControls();
    void drain();   ///< the finished points onto the picture, and the progress (once per frame)
    void onFinished(bool cancelled);
    void onCellClicked(int i, int j);
    void onCellHovered(int i, int j);
    void updateButtons();
    void setStatus(const QString& text, bool error = false);
    /// "ω₀ = 45 rad/s, N = 20 N" of a cell.
    QString cellText(int i, int j) const;

    MapSetupPanel* m_setup;
    MapPlot* m_plot;
    LocatedCurvesLayer* m_curves;
    LongRunControls* m_controls;
    ViewExporter* m_exporter;
    QLabel* m_hover;
    QCheckBox* m_logScale;
    MapRunner m_runner;
    QTimer m_frame;
    fl::Scenario m_scenario;
    fl::MapSpec m_spec;
    std::vector<std::string> m_stateNames;
    std::vector<double> m_values;
    long m_done = 0;
    long m_failed = 0;
    long m_steps = 0;
    QString m_firstError;
    QString m_valueUnit;
    int m_threads = 1;
};

} // namespace fl::ui
