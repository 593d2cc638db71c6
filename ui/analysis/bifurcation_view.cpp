#include "analysis/bifurcation_view.h"
#include "analysis/analysis_view_parts.h"
#include "systems/system_registry.h"
#include "bridge/qs.h"
#include "analysis/analysis_text.h"
#include "analysis/long_run_controls.h"
#include "analysis/bifurcation_plot.h"
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/continuation_box.h"
#include "analysis/continuation_layer.h"
#include "io/sweep_csv.h"
#include "params/parameter_spec.h"
#include "systems/scenario_setup.h"
#include "widgets/plot_export.h"
#include "widgets/view_exporter.h"
#include "plotdata/variable_text.h"
#include "bridge/safe_file.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace fl::ui {
namespace {

constexpr int kFrameMs = 40; ///< 25 frames per second at most

} // namespace

BifurcationView::BifurcationView(QWidget* parent) : QWidget(parent)
{
    m_setup = new BifurcationSetupPanel;
    m_box = new ContinuationBox;
    auto* column = new QWidget;
    auto* stack = new QVBoxLayout(column);
    stack->setContentsMargins(0, 0, 0, 0);
    stack->addWidget(m_setup);
    stack->addWidget(m_box);
    QScrollArea* scroll = makeSetupColumn(this, column);

    m_plot = new BifurcationPlot(this);
    auto* right = new QVBoxLayout;
    right->addWidget(m_plot, 1);
    right->addWidget(buildControls());
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(scroll);
    layout->addLayout(right, 1);

    m_frame.setInterval(kFrameMs);
    connect(&m_frame, &QTimer::timeout, m_plot, &BifurcationPlot::flush);
    connect(&m_frame, &QTimer::timeout, this, &BifurcationView::showProgress);
    connect(&m_runner, &SweepRunner::columnReady, this, &BifurcationView::onColumn);
    connect(&m_runner, &SweepRunner::progress, this, &BifurcationView::onProgress);
    connect(&m_runner, &SweepRunner::finished, this, &BifurcationView::onFinished);
    connect(m_plot, &BifurcationPlot::columnClicked, this, &BifurcationView::onColumnClicked);
    connect(m_setup, &BifurcationSetupPanel::changed, this, &BifurcationView::updateButtons);
    connectContinuation();
    updateButtons();
    setStatus(tr("Choose a case and a sweep, then Start. Click a column of the diagram to open it in the main window."));
}

BifurcationView::~BifurcationView() { m_runner.cancel(); }

QWidget* BifurcationView::buildControls()
{
    m_controls = new LongRunControls({tr("%v / %m columns"), tr("Stops the sweep within the column being computed (Esc)"),
                                      tr("Fit the diagram to the swept range and the data again"),
                                      tr("Save the diagram as PNG, SVG or PDF"),
                                      tr("Save the points: metadata lines, then param,sample,value,branch")},
                                     this);
    connect(m_controls, &LongRunControls::startClicked, this, &BifurcationView::start);
    connect(m_controls, &LongRunControls::cancelClicked, this, &BifurcationView::cancel);
    connect(m_controls, &LongRunControls::resetViewClicked, m_plot, &BifurcationPlot::resetView);
    m_exporter = new ViewExporter(this, [this] { return exportItems(); });
    m_controls->connectExports(m_exporter, QStringLiteral("plot"), QStringLiteral("csv"));
    return m_controls;
}

void BifurcationView::setScenario(const fl::Scenario& scenario)
{
    // A diagram of another system (a model example opened while this tab is in front) no longer
    // belongs to the window: it goes, with a sweep still running for it.
    if ((!m_columns.empty() || m_runner.isRunning()) && scenario.systemId != m_sweepScenario.systemId) {
        m_discarded = m_runner.isRunning(); // its last columns and its end are not shown
        m_runner.cancel();
        m_columns.clear();
        m_plot->clearDiagram();
        m_plot->continuation()->clear();
        setStatus(tr("The diagram of %1 was cleared: the scenario is now %2")
                      .arg(qs(fl::describe(m_sweepScenario)), qs(fl::describe(scenario))));
        updateButtons();
    }
    m_setup->setScenario(scenario);
    followSetupScenario();
}

bool BifurcationView::selectPreset(const QString& presetId) { return m_setup->selectPreset(presetId); }

bool BifurcationView::isRunning() const { return m_runner.isRunning(); }

bool BifurcationView::start()
{
    if (m_runner.isRunning())
        return false;
    if (!m_setup->isValid()) {
        setStatus(m_setup->validationMessage(), true);
        return false;
    }
    const fl::Scenario scenario = m_setup->scenario();
    const fl::SweepSpec spec = m_setup->spec();
    QString error;
    if (!m_runner.start(scenario, spec, m_setup->threads(), &error)) {
        setStatus(error, true);
        return false;
    }
    m_sweepScenario = scenario;
    m_discarded = false;
    m_sweepSpec = spec;
    m_stateNames = m_setup->stateNames();
    m_threads = fl::sweepThreads(spec, m_setup->threads());
    m_columns.clear();
    m_firstError.clear();
    m_seconds = 0.0;
    m_clock.start();
    // Display labels (x′, φ) on screen; the CSV keeps the column ids.
    const std::vector<std::string> labels = variableLabels(scenario.systemId, m_stateNames);
    const QString title = tr("%1 over %2").arg(qs(fl::describeObservable(spec, labels)),
                                               parameterAxisLabel(scenario, spec.parameter).section(QLatin1Char(' '), 0, 0));
    m_plot->beginSweep(title, parameterAxisLabel(scenario, spec.parameter),
                       variableText(scenario.systemId, m_stateNames.at(size_t(spec.variable))),
                       spec.from, spec.to, spec.steps);
    // A continued branch of the same case and parameter stays over the new diagram; another goes.
    if (const auto& drawn = m_plot->continuation()->branches();
        !drawn.empty() && drawn.back().parameter == spec.parameter && m_branchSystem == scenario.systemId)
        m_plot->continuation()->setVariable(spec.variable);
    else
        m_plot->continuation()->clear();
    m_frame.start();
    setStatus(tr("Sweeping %1 on %2 thread(s)…").arg(qs(fl::describe(scenario))).arg(m_threads));
    updateButtons();
    emit sweepStarted();
    return true;
}

void BifurcationView::cancel()
{
    if (!m_runner.isRunning())
        return;
    m_runner.cancel();
    setStatus(tr("Cancelling…"));
}

void BifurcationView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && stopWork()) {
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void BifurcationView::onColumn(const fl::SweepColumn& column)
{
    if (m_discarded)
        return;
    m_columns.push_back(column);
    if (!column.status.ok() && m_firstError.isEmpty())
        m_firstError = tr("%1 = %2: %3").arg(qs(m_sweepSpec.parameter), QString::number(column.parameter),
                                             qs(column.status.message()));
    m_plot->addColumn(column);
}

void BifurcationView::onProgress(int done, int total, double secondsLeft)
{
    // Shown by the frame timer: QProgressBar::setValue repaints at once, and a sweep of 10^5 fast
    // columns made that seconds of GUI-thread work (found by the random drive).
    m_progressDone = done;
    m_progressTotal = total;
    m_secondsLeft = secondsLeft;
    m_progressPending = true;
    if (!m_frame.isActive())
        showProgress();
}

void BifurcationView::showProgress()
{
    if (!m_progressPending)
        return;
    m_progressPending = false;
    m_controls->setProgress(m_progressDone, m_progressTotal);
    m_controls->setSecondsLeft(m_progressDone == m_progressTotal ? -1.0 : m_secondsLeft);
}

void BifurcationView::onFinished(bool cancelled)
{
    if (m_discarded) { // a sweep of a system no longer shown (setScenario said so)
        m_discarded = false;
        m_frame.stop();
        updateButtons();
        emit sweepFinished(true);
        return;
    }
    m_seconds = static_cast<double>(m_clock.nsecsElapsed()) * 1e-9;
    m_frame.stop();
    m_plot->flush();
    showProgress();
    m_controls->setSecondsLeft(-1.0);
    long points = 0;
    for (const fl::SweepColumn& column : m_columns)
        points += static_cast<long>(column.values.size());
    const QString summary = tr("%1 of %2 columns, %3 points, %4 on %5 thread(s)")
                                .arg(m_columns.size()).arg(m_runner.totalColumns()).arg(points)
                                .arg(durationText(m_seconds)).arg(m_threads);
    if (!m_firstError.isEmpty())
        setStatus(tr("Some columns failed (first: %1). %2").arg(m_firstError, summary), true);
    else
        setStatus(cancelled ? tr("Cancelled: %1.").arg(summary) : tr("Done: %1.").arg(summary));
    updateButtons();
    emit sweepFinished(cancelled);
}

void BifurcationView::onColumnClicked(double parameter)
{
    if (m_sweepSpec.parameter.empty() || m_columns.empty())
        return;
    fl::Scenario scenario = m_sweepScenario;
    if (!scenario.params.set(m_sweepSpec.parameter, parameter).ok())
        return;
    m_plot->markParameter(parameter);
    setStatus(tr("Picked %1 = %2.").arg(qs(m_sweepSpec.parameter), QString::number(parameter, 'g', 10)));
    emit parameterPicked(scenario);
}

void BifurcationView::updateButtons()
{
    const bool running = m_runner.isRunning();
    m_controls->setButtons(running, m_setup->isValid(),
                           m_setup->isValid() ? tr("Run the sweep on worker threads") : m_setup->validationMessage(), true,
                           !running && !m_columns.empty());
    m_setup->setEnabled(!running);
}

std::vector<fl::SweepColumn> BifurcationView::columns() const
{
    std::vector<fl::SweepColumn> sorted = m_columns;
    std::sort(sorted.begin(), sorted.end(), [](const fl::SweepColumn& a, const fl::SweepColumn& b) { return a.index < b.index; });
    return sorted;
}

QString BifurcationView::statusText() const { return m_controls->statusText(); }

void BifurcationView::setStatus(const QString& text, bool error) { m_controls->setStatus(text, error); }

QPushButton* BifurcationView::startButton() const { return m_controls->startButton(); }

QPushButton* BifurcationView::cancelButton() const { return m_controls->cancelButton(); }

QProgressBar* BifurcationView::progressBar() const { return m_controls->progressBar(); }

bool BifurcationView::exportPlot(const QString& path, QString* error)
{
    return fl::ui::exportPlot(m_plot, path, error);
}

bool BifurcationView::exportCsv(const QString& path, QString* error) const
{
    if (m_columns.empty()) {
        if (error)
            *error = tr("no sweep data to export yet");
        return false;
    }
    std::ostringstream text;
    fl::writeSweepCsv(text, m_sweepScenario, m_sweepSpec, m_stateNames, columns());
    return writeFileSafely(path, QByteArray::fromStdString(text.str()), error);
}

QList<ExportItem> BifurcationView::exportItems()
{
    ExportItem plot = ExportItem::plotItem(QStringLiteral("plot"), tr("Bifurcation diagram (PNG, SVG, PDF)…"), [this] { return m_plot; });
    plot.caption = tr("Export bifurcation diagram");
    plot.fileName = QStringLiteral("bifurcation.png");
    ExportItem csv = ExportItem::dataItem(QStringLiteral("csv"), tr("Sweep data (CSV)…"), tr("Export sweep data"), tr("CSV file (*.csv)"),
                                          [this](const QString& path, QString* error) { return exportCsv(path, error); },
                                          [this] { return !m_runner.isRunning() && !m_columns.empty(); });
    csv.fileName = QStringLiteral("bifurcation.csv");
    return QList<ExportItem>{plot, csv} + continuationExportItems();
}

bool BifurcationView::openPreset(const fl::Preset& preset)
{
    if (preset.sweep && !isRunning())
        selectPreset(QString::fromStdString(preset.id));
    return false;
}

} // namespace fl::ui
