#include "analysis/method_comparison.h"
#include "analysis/analysis_view_parts.h"
#include "analysis/method_comparison_difference_plot.h"
#include "analysis/method_comparison_overlay_plot.h"
#include "bridge/simulation_controller.h"
#include "systems/law_counterpart.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"
#include "widgets/data_export.h"
#include "widgets/parameter_row.h"
#include "widgets/plot_export.h"
#include "widgets/view_exporter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>


namespace fl::ui {
namespace {

QString number(double v) { return QString::fromStdString(fl::formatNumber(v)); }

QString runSummary(const RunOutputPtr& run)
{
    const fl::RunResult& r = run->result;
    QString text = QObject::tr("%1 steps, %2 ms").arg(r.steps).arg(r.wallSeconds * 1e3, 0, 'f', 1);
    if (run->scenario.method == fl::Method::EventDriven)
        text += QObject::tr(", %1 stick/slip switches").arg(r.switchCount);
    return text;
}

} // namespace

MethodComparison::MethodComparison(QWidget* parent)
    : QWidget(parent), m_eventRuns(new SimulationController(this)), m_regularizedRuns(new SimulationController(this))
{
    qRegisterMetaType<MethodComparisonPtr>();
    m_exporter = new ViewExporter(this, [this] { return exportItems(); });
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buildToolbar());
    m_summary = new QLabel(tr("Set a scenario to compare its event-driven and regularized runs."), this);
    m_summary->setObjectName(QStringLiteral("comparisonSummary"));
    m_summary->setWordWrap(true);
    m_message = makeMessageLabel(this, QStringLiteral("comparisonMessage"));
    layout->addWidget(m_summary);
    layout->addWidget(m_message);

    m_grid = new QGridLayout;
    m_timeHistory = new MethodComparisonOverlayPlot(MethodComparisonOverlayPlot::Kind::TimeHistory, 0, tr("Time history"), this);
    m_difference = new MethodComparisonDifferencePlot(this);
    m_grid->addWidget(m_timeHistory, 0, 0);
    m_grid->addWidget(m_difference, 0, 1);
    layout->addLayout(m_grid, 1);
    for (RunPlot* plot : plots()) {
        plot->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(plot, &QWidget::customContextMenuRequested, this, [this, plot](const QPoint& p) { m_exporter->execPlotMenu(plot, p); });
    }

    connect(m_eventRuns, &SimulationController::runFinished, this, [this](const RunOutputPtr& run) { onRunFinished(run, true); });
    connect(m_regularizedRuns, &SimulationController::runFinished, this,
            [this](const RunOutputPtr& run) { onRunFinished(run, false); });
    connect(&m_compare, &JobRunner::statusChanged, this, [this](JobStatus status) {
        if (status != JobStatus::Failed)
            return;
        m_running = false;
        showMessage(m_compare.errorMessage());
        updateSummary();
    });
}

MethodComparison::~MethodComparison() = default; // m_compare waits for a comparison in flight

QLayout* MethodComparison::buildToolbar()
{
    auto* bar = new QHBoxLayout;
    auto* lawCaption = new QLabel(tr("Event-driven law:"), this);
    m_eventLawBox = new QComboBox(this);
    m_eventLawBox->setObjectName(QStringLiteral("eventLawBox"));
    m_eventLawBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    lawCaption->setBuddy(m_eventLawBox);
    const QString lawTip = tr("The law of the event-driven run (exact stick/slip switching). It starts as the panel's law; a law with\n"
                              "memory (LuGre, Dahl, ...) has no set-valued stick branch, so it is compared with the law of v_r that has\n"
                              "its steady state (LuGre: Gaussian Stribeck + viscous, same μ_s, μ_k, v_s, σ_2). Parameters both laws\n"
                              "have keep the panel's values; the others take their defaults.");
    lawCaption->setToolTip(lawTip);
    m_eventLawBox->setToolTip(lawTip);
    connect(m_eventLawBox, &QComboBox::activated, this, &MethodComparison::onEventLawChosen);
    bar->addWidget(lawCaption);
    bar->addWidget(m_eventLawBox);
    bar->addSpacing(16);
    auto* epsGrid = new QGridLayout;
    epsGrid->setContentsMargins(0, 0, 0, 0);
    auto* caption = new QLabel(tr("Regularized run:"), this);
    caption->setToolTip(tr("The regularized method (smooth law of width ε, the panel's stiff integrator: BDF or Rosenbrock4) is compared with the\n"
                           "event-driven one (exact stick/slip switching); as ε → 0 its curves approach the event-driven ones."));
    epsGrid->addWidget(caption, 0, 0);
    auto* epsArea = new QGridLayout;
    m_epsRow = new ParameterRow(fl::comparisonEpsSpec(), epsArea, 0, this);
    m_epsRow->setValue(m_eps);
    m_epsRow->slider()->setFixedWidth(240);
    epsGrid->addLayout(epsArea, 0, 1);
    bar->addLayout(epsGrid);
    bar->addStretch(1);
    connect(m_epsRow, &ParameterRow::edited, this, &MethodComparison::onEpsEdited);
    connect(m_epsRow, &ParameterRow::invalidText, this, [this](const QString&, const QString& message) {
        m_epsRow->setError(message);
        showMessage(message);
    });

    m_logScale = makeLogScaleBox(this, false, [this](bool on) { m_difference->setLogScale(on); });
    m_logScale->setObjectName(QStringLiteral("logScaleBox"));
    m_export = m_exporter->makeButton(this, tr("Export a plot (PNG, SVG, PDF) or the runs and their difference (CSV)"));
    bar->addWidget(m_logScale);
    bar->addWidget(m_export);
    return bar;
}

std::vector<RunPlot*> MethodComparison::plots() const
{
    std::vector<RunPlot*> all{m_timeHistory, m_difference};
    all.insert(all.end(), m_phasePlots.begin(), m_phasePlots.end());
    return all;
}

void MethodComparison::setScenario(const fl::Scenario& scenario, const std::string& eventLawId)
{
    adoptScenario(scenario, eventLawId);
    startRuns(Rerun::Both);
}

void MethodComparison::adoptScenario(const fl::Scenario& scenario, const std::string& eventLawId)
{
    const bool newSystem = !m_hasScenario || scenario.systemId != m_scenario.systemId;
    const bool newLaw = newSystem || scenario.lawId != m_scenario.lawId;
    if (!eventLawId.empty())
        m_eventLawId = eventLawId;
    else if (newLaw)
        m_eventLawId = fl::eventDrivenCounterpart(scenario);
    m_scenario = scenario;
    m_hasScenario = true;
    if (newSystem) {
        if (scenario.params.has("eps")) {
            m_eps = scenario.params.value("eps");
            m_epsRow->setValue(m_eps);
            m_epsRow->setError(QString());
        }
        rebuildPhasePlots(scenario);
    }
    fillEventLaws(scenario);
}

void MethodComparison::fillEventLaws(const fl::Scenario& scenario)
{
    const QSignalBlocker block(m_eventLawBox);
    m_eventLawBox->clear();
    if (const fl::SystemInfo* system = fl::findSystem(scenario.systemId))
        for (const fl::FrictionLawInfo* law : fl::eventDrivenLaws(*system))
            m_eventLawBox->addItem(QString::fromStdString(law->name), QString::fromStdString(law->id));
    m_eventLawBox->setCurrentIndex(m_eventLawBox->findData(QString::fromStdString(m_eventLawId)));
    m_eventLawBox->setEnabled(m_eventLawBox->count() > 1);
}

void MethodComparison::onEventLawChosen(int index)
{
    const std::string id = m_eventLawBox->itemData(index).toString().toStdString();
    if (id.empty() || id == m_eventLawId)
        return;
    m_eventLawId = id;
    if (m_hasScenario)
        startRuns(Rerun::EventOnly);
}

void MethodComparison::rebuildPhasePlots(const fl::Scenario& scenario)
{
    for (MethodComparisonOverlayPlot* plot : m_phasePlots)
        delete plot;
    m_phasePlots.clear();
    const fl::SystemInfo* system = fl::findSystem(scenario.systemId);
    const size_t planes = system ? system->plots.phasePortraits.size() : 0;
    for (size_t i = 0; i < planes; ++i) {
        const auto& [xName, yName] = system->plots.phasePortraits[i];
        auto* plot = new MethodComparisonOverlayPlot(MethodComparisonOverlayPlot::Kind::PhasePlane, static_cast<int>(i),
                                                     tr("Phase portrait %1 – %2").arg(QString::fromStdString(xName),
                                                                                      QString::fromStdString(yName)),
                                                     this);
        plot->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(plot, &QWidget::customContextMenuRequested, this, [this, plot](const QPoint& p) { m_exporter->execPlotMenu(plot, p); });
        // Two columns; an odd last plane takes the whole row.
        const int row = 1 + static_cast<int>(i / 2), column = static_cast<int>(i % 2);
        const int span = (i + 1 == planes && planes % 2 == 1) ? 2 : 1;
        m_grid->addWidget(plot, row, column, 1, span);
        m_phasePlots.push_back(plot);
    }
    m_timeHistory->setVariable(0);
}

void MethodComparison::rerun()
{
    if (m_hasScenario)
        startRuns(Rerun::Both);
}

void MethodComparison::startRuns(Rerun which)
{
    fl::Scenario eventDriven, regularized;
    const fl::Status status = fl::comparisonScenarios(m_scenario, m_eps, m_eventLawId, eventDriven, regularized);
    // eps means nothing to a law that is smooth as it stands (LuGre): its field is greyed.
    m_epsRow->setEnabled(!status.ok() || fl::usesRegularization(regularized));
    // Runs and comparisons in flight belong to what was shown before: their results are ignored.
    m_compare.discard();
    if (!status.ok()) {
        m_eventRunId = m_regularizedRunId = 0;
        m_running = false;
        showMessage(QString::fromStdString(status.message()));
        return;
    }
    showMessage(QString());
    // Only eps changed (or only the event-driven law): the other run, finished or in flight, stays valid.
    if (which != Rerun::RegularizedOnly || m_eventRunId == 0) {
        m_eventOutput.reset();
        m_eventRunId = m_eventRuns->request(eventDriven);
    }
    if (which != Rerun::EventOnly || m_regularizedRunId == 0) {
        m_regularizedOutput.reset();
        m_regularizedRunId = m_regularizedRuns->request(regularized);
    }
    m_running = true;
    updateSummary();
}

void MethodComparison::onEpsEdited(const QString&, double value)
{
    const fl::Status status = fl::ParameterSet({fl::comparisonEpsSpec()}).check("eps", value);
    if (!status.ok()) {
        m_epsRow->setError(QString::fromStdString(status.message()));
        showMessage(m_epsRow->error());
        return;
    }
    m_epsRow->setError(QString());
    m_eps = value;
    if (m_hasScenario)
        startRuns(Rerun::RegularizedOnly);
}

void MethodComparison::onRunFinished(const RunOutputPtr& output, bool eventDriven)
{
    if (eventDriven && output->runId == m_eventRunId)
        m_eventOutput = output;
    else if (!eventDriven && output->runId == m_regularizedRunId)
        m_regularizedOutput = output;
    else
        return;
    if (!m_eventOutput || !m_regularizedOutput)
        return;
    // Supersedes a comparison still in flight: only the newest pair of runs is shown.
    m_compare.start([eventRun = m_eventOutput, smoothRun = m_regularizedOutput](JobContext&) {
        return compareRuns(eventRun, smoothRun);
    }, [this](const MethodComparisonPtr& data) { showComparison(data); });
}

void MethodComparison::showComparison(const MethodComparisonPtr& data)
{
    m_running = false;
    QStringList errors;
    for (const RunOutputPtr& run : {data->eventRun, data->regularizedRun})
        if (!run->result.status.ok())
            errors << tr("%1 run: %2").arg(QString::fromStdString(fl::methodInfo(run->scenario.method).name),
                                          QString::fromStdString(run->result.status.message()));
    showMessage(errors.join(QLatin1Char('\n')));
    if (!data->eventDriven && !data->regularized) {
        updateSummary();
        return;
    }
    m_comparison = data;
    // New runs: fitted again unless a plot's view is locked.
    m_timeHistory->followNewData();
    m_timeHistory->showComparison(data);
    for (MethodComparisonOverlayPlot* plot : m_phasePlots) {
        plot->followNewData();
        plot->showComparison(data);
    }
    m_difference->followNewData();
    m_difference->showComparison(data);
    setupRefilled(); // the time history's selector lists this run's series
    updateSummary();
    emit comparisonShown();
}

void MethodComparison::showMessage(const QString& text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

QString MethodComparison::messageText() const { return m_message->text(); }
QString MethodComparison::summaryText() const { return m_summary->text(); }

void MethodComparison::updateSummary()
{
    if (m_running) {
        const fl::SystemInfo* system = fl::findSystem(m_scenario.systemId);
        m_summary->setText(tr("Running the %1 event-driven and regularized (ε = %2)…")
                               .arg(system ? QString::fromStdString(system->name) : QString(), number(m_eps)));
        return;
    }
    if (!m_comparison)
        return;
    QStringList parts;
    const PlotDataPtr& event = m_comparison->eventDriven;
    const PlotDataPtr& smooth = m_comparison->regularized;
    // Different laws (LuGre against its event-driven counterpart): each run is named by its law.
    const bool lawsDiffer = event && smooth && event->run->scenario.lawId != smooth->run->scenario.lawId;
    if (event)
        parts << tr("<b>Event-driven</b>%1: %2")
                     .arg(lawsDiffer ? QStringLiteral(" ") + QString::fromStdString(event->run->scenario.lawId) : QString(),
                          runSummary(event->run));
    if (smooth) {
        const fl::Scenario& s = smooth->run->scenario;
        QString how = QString::fromStdString(fl::stiffIntegratorInfo(s.stiffIntegrator).id);
        if (fl::usesRegularization(s))
            how += tr(", ε = %1").arg(number(s.params.value("eps")));
        parts << tr("<b>%1</b> (%2): %3")
                     .arg(lawsDiffer ? QString::fromStdString(s.lawId) : tr("Regularized"), how, runSummary(smooth->run));
    }
    for (const DifferenceSeries& s : m_comparison->differences)
        parts << tr("max |Δ%1| = %2 at t = %3").arg(s.name, QString::number(s.max, 'g', 4), QString::number(s.maxTime, 'g', 6));
    m_summary->setText(parts.join(QStringLiteral(" &nbsp;·&nbsp; ")));
}

bool MethodComparison::exportPlot(RunPlot* plot, const QString& path, QString* error)
{
    return fl::ui::exportPlot(plot, path, error);
}

bool MethodComparison::exportCsv(CsvContent content, const QString& path, QString* error)
{
    const PlotDataPtr run = !m_comparison ? nullptr
                            : content == CsvContent::EventRun ? m_comparison->eventDriven
                                                              : m_comparison->regularized;
    if (!m_comparison || (content != CsvContent::Difference && !run)) {
        if (error)
            *error = tr("there is no run to export yet");
        return false;
    }
    if (content == CsvContent::Difference)
        return writeFileAtomically(path, differenceCsv(*m_comparison), error);
    return exportRunCsv(*run->run, path, error);
}

QList<ExportItem> MethodComparison::exportItems()
{
    const auto has = [this] { return m_comparison != nullptr; };
    QList<ExportItem> items;
    int index = 0;
    for (RunPlot* plot : plots()) {
        const QString name = plot->title() + (plot->xAxis->label().isEmpty() ? QString()
                                                                             : QStringLiteral(" (%1 – %2)").arg(plot->xAxis->label(),
                                                                                                                plot->yAxis->label()));
        items << ExportItem::plotItem(QStringLiteral("plot:%1").arg(index++), tr("Plot: %1…").arg(name), [plot] { return plot; }, has);
    }
    // A run's CSV is as long as the run: written off the GUI thread from the immutable run.
    const auto run = [this, has](const QString& id, const QString& label, CsvContent content) {
        ExportItem item = ExportItem::dataItem(id, label, tr("Export CSV"), tr("CSV (*.csv)"), {}, [this, has, content] {
            return has() && (content == CsvContent::EventRun ? m_comparison->eventDriven : m_comparison->regularized) != nullptr;
        });
        item.prepareOffThread = [this, content] {
            const PlotDataPtr data = content == CsvContent::EventRun ? m_comparison->eventDriven : m_comparison->regularized;
            return ExportItem::Writer([data](const QString& path, QString* error) { return exportRunCsv(*data->run, path, error); });
        };
        return item;
    };
    // Named as `frictionlab-cli session run --view compare` writes them (contract/compare_analysis.h).
    items << run(QStringLiteral("csv:event"), tr("Event-driven run (CSV)…"), CsvContent::EventRun)
          << run(QStringLiteral("csv:regularized"), tr("Regularized run (CSV)…"), CsvContent::RegularizedRun);
    items[items.size() - 2].fileName = QStringLiteral("compare-event.csv");
    items.back().fileName = QStringLiteral("compare-regularized.csv");
    ExportItem difference = ExportItem::dataItem(
        QStringLiteral("csv:difference"), tr("Difference (CSV)…"), tr("Export CSV"), tr("CSV (*.csv)"),
        [this](const QString& path, QString* error) { return exportCsv(CsvContent::Difference, path, error); }, has);
    difference.contextLabel = tr("Export difference (CSV)…");
    difference.fileName = QStringLiteral("compare-difference.csv");
    return items << difference;
}

void MethodComparison::followScenario(const fl::Scenario& scenario)
{
    adoptScenario(scenario); // m_scenario: the one to run when shown
    m_stale = true;
}

void MethodComparison::followShown()
{
    if (!m_stale)
        return;
    m_stale = false;
    const fl::Scenario adopted = m_scenario; // setScenario assigns m_scenario
    setScenario(adopted);
}

bool MethodComparison::openPreset(const fl::Preset& preset)
{
    if (preset.comparisonLaw.empty())
        return false;
    m_stale = false;
    const fl::Scenario adopted = m_scenario;
    setScenario(adopted, preset.comparisonLaw);
    return true;
}

} // namespace fl::ui
