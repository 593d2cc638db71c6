#include "analysis/map_view.h"
#include "analysis/located_curves_layer.h"
#include "analysis/analysis_view_parts.h"
#include "bridge/qs.h"
#include "analysis/analysis_text.h"
#include "analysis/long_run_controls.h"
#include "analysis/map_plot.h"
#include "analysis/map_setup_panel.h"
#include "bridge/safe_file.h"
#include "io/map_csv.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"
#include "widgets/plot_export.h"
#include "widgets/view_exporter.h"
#include "plotdata/variable_text.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include <cmath>
#include <limits>
#include <sstream>

namespace fl::ui {
namespace {

constexpr int kFrameMs = 40; ///< 25 frames per second at most

/// The time unit of a system ("s"), or empty for nondimensional time.
QString timeUnit(const std::string& systemId)
{
    const fl::VariableLabel* t = fl::findVariableLabel(systemId, "t");
    return t ? qs(t->unit) : QString();
}

/// The colour bar's label, with the unit.
QString valueLabel(const fl::Scenario& scenario, const fl::MapSpec& spec, const std::vector<std::string>& names)
{
    switch (spec.observable) {
    case fl::MapObservable::Amplitude:
        return QObject::tr("amplitude of %1").arg(variableText(scenario.systemId, names.at(size_t(spec.variable))));
    case fl::MapObservable::Period:
        return QObject::tr("period [section points]  (0 rest, −1 not periodic, −2 undecided)");
    case fl::MapObservable::Lyapunov: {
        const QString unit = timeUnit(scenario.systemId);
        return unit.isEmpty() ? QObject::tr("λ₁") : QObject::tr("λ₁ [1/%1]").arg(unit);
    }
    case fl::MapObservable::StickFraction:
        return QObject::tr("fraction of time in stick");
    case fl::MapObservable::StickPhases:
        return QObject::tr("stick phases per period  (0 rest, −1 not periodic, −2 undecided)");
    }
    return {};
}

/// The value of a point as text for the status line.
QString valueText(const fl::MapSpec& spec, double value)
{
    if (std::isnan(value))
        return QObject::tr("not computed yet");
    const bool count = spec.observable == fl::MapObservable::Period || spec.observable == fl::MapObservable::StickPhases;
    if (count && value == fl::kMapAtRest)
        return QObject::tr("at rest");
    if (count && value == fl::kMapNotPeriodic)
        return QObject::tr("not periodic (up to %1)").arg(spec.maxPeriod);
    if (count && value == fl::kMapUndecided)
        return QObject::tr("undecided (too few section points: raise the recording)");
    return QString::number(value, 'g', 6);
}

} // namespace

MapView::MapView(QWidget* parent) : QWidget(parent)
{
    m_setup = new MapSetupPanel;
    QScrollArea* scroll = makeSetupColumn(this, m_setup);

    m_plot = new MapPlot(this);
    m_curves = new LocatedCurvesLayer(m_plot);
    auto* right = new QVBoxLayout;
    right->addWidget(m_plot, 1);
    right->addWidget(buildControls());
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(scroll);
    layout->addLayout(right, 1);

    m_frame.setInterval(kFrameMs);
    connect(&m_frame, &QTimer::timeout, this, &MapView::drain);
    connect(&m_runner, &MapRunner::finished, this, &MapView::onFinished);
    connect(m_plot, &MapPlot::cellClicked, this, &MapView::onCellClicked);
    connect(m_plot, &MapPlot::cellHovered, this, &MapView::onCellHovered);
    connect(m_setup, &MapSetupPanel::changed, this, &MapView::updateButtons);
    updateButtons();
    setStatus(tr("Choose two parameters, their ranges and an observable, then Start. The picture appears at once and "
                 "sharpens; click a cell to run that case in the main window."));
}

MapView::~MapView() { m_runner.cancel(); }

QWidget* MapView::buildControls()
{
    m_controls = new LongRunControls({tr("%v / %m points"), tr("Stops the map within the points being computed (Esc); the points done stay"),
                                      tr("Show the whole map again"), tr("Save the map as PNG, SVG or PDF"),
                                      tr("Save the points as frictionlab-cli map writes them: metadata lines, then x,y,value")},
                                     this);
    m_logScale = new QCheckBox(tr("Log colours"));
    m_logScale->setObjectName(QStringLiteral("logScale"));
    m_logScale->setToolTip(tr("Colour the values on a logarithmic scale (values ≤ 0 are left blank);\n"
                              "periods and stick phases keep their own colours"));
    m_controls->addOption(m_logScale);
    m_hover = new QLabel;
    m_hover->setObjectName(QStringLiteral("hover"));
    m_hover->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_controls->addLine(m_hover);
    connect(m_controls, &LongRunControls::startClicked, this, &MapView::start);
    connect(m_controls, &LongRunControls::cancelClicked, this, &MapView::cancel);
    connect(m_controls, &LongRunControls::resetViewClicked, m_plot, &MapPlot::resetView);
    connect(m_logScale, &QCheckBox::toggled, m_plot, &MapPlot::setLogScale);
    m_exporter = new ViewExporter(this, [this] { return exportItems(); });
    m_controls->connectExports(m_exporter, QStringLiteral("plot"), QStringLiteral("csv"));
    return m_controls;
}

void MapView::setScenario(const fl::Scenario& scenario) { m_setup->setScenario(scenario); }

bool MapView::isRunning() const { return m_runner.isRunning(); }

bool MapView::start()
{
    if (m_runner.isRunning())
        return false;
    if (!m_setup->isValid()) {
        setStatus(m_setup->validationMessage(), true);
        return false;
    }
    const fl::Scenario scenario = m_setup->scenario();
    const fl::MapSpec spec = m_setup->spec();
    QString error;
    if (!m_runner.start(scenario, spec, m_setup->threads(), &error)) {
        setStatus(error, true);
        return false;
    }
    m_scenario = scenario;
    m_spec = spec;
    m_stateNames = m_setup->stateNames();
    m_threads = m_setup->threads();
    m_values.assign(size_t(spec.x.steps) * size_t(spec.y.steps), std::numeric_limits<double>::quiet_NaN());
    m_done = m_failed = m_steps = 0;
    m_firstError.clear();
    const QString label = valueLabel(scenario, spec, m_stateNames);
    m_plot->beginMap(spec, tr("%1 over (%2, %3)").arg(label.section(QStringLiteral("  "), 0, 0),
                                                   parameterAxisLabel(scenario, spec.x.parameter).section(' ', 0, 0),
                                                   parameterAxisLabel(scenario, spec.y.parameter).section(' ', 0, 0)),
                     parameterAxisLabel(scenario, spec.x.parameter), parameterAxisLabel(scenario, spec.y.parameter), label);
    m_curves->showPlane(scenario.systemId, spec.x.parameter, spec.y.parameter);
    m_controls->setProgress(0, m_runner.total());
    m_hover->clear();
    m_frame.start();
    setStatus(tr("Computing %1 × %2 points of %3 on %4 thread(s)…")
                  .arg(spec.x.steps).arg(spec.y.steps).arg(qs(fl::describe(scenario))).arg(m_threads));
    updateButtons();
    emit mapStarted();
    return true;
}

void MapView::followLocatedCurves(const LocatedCurvesPtr& curves)
{
    m_curves->setCurves(curves);
    if (!m_spec.x.parameter.empty())
        m_curves->showPlane(m_scenario.systemId, m_spec.x.parameter, m_spec.y.parameter);
}

void MapView::cancel()
{
    if (!m_runner.isRunning())
        return;
    m_runner.cancel();
    setStatus(tr("Cancelling…"));
}

void MapView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && m_runner.isRunning()) {
        cancel();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void MapView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_plot->flush(true); // points that arrived while the tab was hidden
}

void MapView::drain()
{
    const std::vector<MapPointResult> points = m_runner.take();
    for (const MapPointResult& r : points) {
        const size_t index = size_t(r.cell.j) * size_t(m_spec.x.steps) + size_t(r.cell.i);
        ++m_done;
        m_steps += r.point.steps;
        if (r.point.status.ok()) {
            m_values[index] = r.point.value;
        } else {
            ++m_failed;
            if (m_firstError.isEmpty())
                m_firstError = tr("%1: %2").arg(cellText(r.cell.i, r.cell.j), qs(r.point.status.message()));
        }
        m_plot->addPoint(r.cell, m_values[index]);
    }
    m_plot->flush();
    m_controls->setProgress(m_done, m_runner.total());
    const double elapsed = m_runner.elapsedSeconds();
    m_controls->setSecondsLeft(m_done > 0 && m_runner.isRunning() && m_done < m_runner.total()
                                   ? elapsed / double(m_done) * double(m_runner.total() - m_done)
                                   : -1.0);
}

void MapView::onFinished(bool cancelled)
{
    m_frame.stop();
    drain();
    m_plot->flush(true);
    m_plot->replot(); // the finished map at once, not at the next frame
    m_controls->setSecondsLeft(-1.0);
    const double seconds = m_runner.elapsedSeconds();
    const QString summary = tr("%1 of %2 points, %3 integrator steps, %4 on %5 thread(s), %6 points/s")
                                .arg(m_done).arg(m_runner.total()).arg(m_steps).arg(durationText(seconds)).arg(m_threads)
                                .arg(seconds > 0.0 ? double(m_done) / seconds : 0.0, 0, 'f', 1);
    if (m_failed > 0)
        setStatus(tr("%1 point(s) failed, shown empty (first: %2). %3").arg(m_failed).arg(m_firstError, summary), true);
    else
        setStatus(cancelled ? tr("Cancelled: %1.").arg(summary) : tr("Done: %1.").arg(summary));
    updateButtons();
    emit mapFinished(cancelled);
}

QString MapView::cellText(int i, int j) const
{
    const auto one = [this](const fl::MapAxis& axis, int k) {
        const int index = m_scenario.params.index(axis.parameter);
        const fl::ParameterSpec* p = index >= 0 ? &m_scenario.params.specs()[size_t(index)] : nullptr;
        const QString unit = p && p->unit != "–" ? QStringLiteral(" ") + qs(p->unit) : QString();
        return QStringLiteral("%1 = %2%3").arg(p ? qs(p->symbol) : qs(axis.parameter)).arg(axis.value(k), 0, 'g', 8).arg(unit);
    };
    return one(m_spec.x, i) + QStringLiteral(", ") + one(m_spec.y, j);
}

void MapView::onCellClicked(int i, int j)
{
    if (m_values.empty())
        return;
    fl::Scenario scenario = m_scenario;
    if (!scenario.params.set(m_spec.x.parameter, m_spec.x.value(i)).ok()
        || !scenario.params.set(m_spec.y.parameter, m_spec.y.value(j)).ok())
        return;
    m_plot->markCell(i, j);
    setStatus(tr("Picked %1: running it in the main window.").arg(cellText(i, j)));
    emit parameterPicked(scenario);
}

void MapView::onCellHovered(int i, int j)
{
    if (m_values.empty())
        return;
    const double own = m_values[size_t(j) * size_t(m_spec.x.steps) + size_t(i)];
    QString text = tr("%1: %2").arg(cellText(i, j), valueText(m_spec, own));
    if (std::isnan(own) && !std::isnan(m_plot->shownValue(i, j)))
        text += tr(" (shown: a coarser point's %1)").arg(valueText(m_spec, m_plot->shownValue(i, j)));
    m_hover->setText(text);
}

void MapView::updateButtons()
{
    const bool running = m_runner.isRunning();
    m_controls->setButtons(running, m_setup->isValid(),
                           m_setup->isValid() ? tr("Compute the map on worker threads") : m_setup->validationMessage(),
                           m_done > 0, !running && m_done > 0);
    m_setup->setEnabled(!running);
}

QString MapView::statusText() const { return m_controls->statusText(); }

void MapView::setStatus(const QString& text, bool error) { m_controls->setStatus(text, error); }

QPushButton* MapView::startButton() const { return m_controls->startButton(); }

QPushButton* MapView::cancelButton() const { return m_controls->cancelButton(); }

QProgressBar* MapView::progressBar() const { return m_controls->progressBar(); }

bool MapView::exportPlot(const QString& path, QString* error) { return fl::ui::exportPlot(m_plot, path, error); }

namespace {
/// The map's CSV (fl::writeMapCsv), written atomically.
bool writeMapFile(const QString& path, const fl::Scenario& scenario, const fl::MapSpec& spec, const std::vector<std::string>& names,
                  const std::vector<double>& values, QString* error)
{
    std::ostringstream text;
    fl::writeMapCsv(text, scenario, spec, names, values);
    return writeFileSafely(path, QByteArray::fromStdString(text.str()), error);
}
} // namespace

bool MapView::exportCsv(const QString& path, QString* error) const
{
    if (m_done == 0) {
        if (error)
            *error = tr("no map to export yet");
        return false;
    }
    return writeMapFile(path, m_scenario, m_spec, m_stateNames, m_values, error);
}

QJsonObject MapView::saveSetup() const
{
    return m_setup->saveSetup();
}

void MapView::restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings)
{
    m_setup->restoreSetup(setup, path, warnings);
}

QList<ExportItem> MapView::exportItems()
{
    ExportItem plot = ExportItem::plotItem(QStringLiteral("plot"), tr("Map (PNG, SVG, PDF)…"), [this] { return m_plot; },
                                           [this] { return m_done > 0; });
    plot.caption = tr("Export map");
    plot.fileName = QStringLiteral("map.png");
    ExportItem csv = ExportItem::dataItem(QStringLiteral("csv"), tr("Map data (CSV)…"), tr("Export map data"), tr("CSV file (*.csv)"),
                                          [this](const QString& path, QString* error) { return exportCsv(path, error); },
                                          [this] { return !m_runner.isRunning() && m_done > 0; });
    // A map of 10^6 points formats for several hundred milliseconds: off the GUI thread, from a copy.
    csv.prepareOffThread = [this] {
        return ExportItem::Writer([scenario = m_scenario, spec = m_spec, names = m_stateNames, values = m_values](const QString& path, QString* error) {
            return writeMapFile(path, scenario, spec, names, values, error);
        });
    };
    csv.fileName = QStringLiteral("map.csv");
    return {plot, csv};
}

} // namespace fl::ui
