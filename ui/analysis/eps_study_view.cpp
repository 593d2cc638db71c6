#include "analysis/eps_study_view.h"
#include "analysis/analysis_view_parts.h"
#include "analysis/eps_study_plots.h"
#include "systems/system_registry.h"
#include "widgets/data_export.h"
#include "widgets/plot_export.h"
#include "widgets/view_exporter.h"
#include "plotdata/variable_text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QThread>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

QString digitsText(double v, int digits = 3) { return std::isfinite(v) ? QString::number(v, 'g', digits) : QStringLiteral("–"); }

/// "pendulum / I11 / regularized (kudra)": the case without its eps, which the study varies.
QString caseText(const fl::Scenario& s)
{
    QString text = QStringLiteral("%1 / %2 / %3").arg(QString::fromStdString(s.systemId), QString::fromStdString(s.lawId),
                                                     QString::fromStdString(fl::methodInfo(s.method).id));
    return text + QStringLiteral(" (%1)").arg(QString::fromStdString(fl::regularizationInfo(s.regularization).id));
}

} // namespace

EpsStudyView::EpsStudyView(QWidget* parent) : QWidget(parent)
{
    qRegisterMetaType<EpsStudyPlotPtr>();
    connect(&m_jobs, &JobRunner::progress, this, [this](long long done, long long, double secondsLeft) {
        m_progress->setValue(static_cast<int>(done));
        m_progress->setFormat(secondsLeft >= 0.0 && done > 20 ? tr("%p% · about %1 s left").arg(secondsLeft, 0, 'f', 0)
                                                              : QStringLiteral("%p%"));
    });
    connect(&m_jobs, &JobRunner::statusChanged, this, [this](JobStatus status) {
        if (status == JobStatus::Failed)
            onFailed(m_jobs.errorMessage());
    });
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buildToolbar());
    m_summary = new QLabel(tr("Runs one smooth scenario at several ε and compares them with the run at the smallest ε "
                              "(Acta Mech 2016, Fig. 9). Load acta2016-fig9 or press Run ε study."),
                           this);
    m_summary->setObjectName(QStringLiteral("epsStudySummary"));
    m_summary->setWordWrap(true);
    m_message = makeMessageLabel(this, QStringLiteral("epsStudyMessage"));
    layout->addWidget(m_summary);
    layout->addWidget(m_message);

    auto* body = new QHBoxLayout;
    auto* plots = new QVBoxLayout;
    m_overlay = new EpsStudyPlot(tr("Runs at each ε"), false, this);
    m_difference = new EpsStudyPlot(tr("Difference from the smallest ε"), true, this);
    plots->addWidget(m_overlay, 1);
    plots->addWidget(m_difference, 1);
    body->addLayout(plots, 1);
    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(QStringLiteral("epsStudyTable"));
    m_table->setHorizontalHeaderLabels({tr("ε"), tr("max |Δ|"), tr("at t"), tr("steps")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setFixedWidth(300);
    m_table->setToolTip(tr("Largest |difference| of the variable shown from the run at the smallest ε, per ε"));
    auto* side = new QVBoxLayout;
    side->addWidget(m_table, 1);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("epsStudyNote"));
    m_note->setWordWrap(true);
    m_note->setFixedWidth(300);
    side->addWidget(m_note);
    body->addLayout(side);
    layout->addLayout(body, 1);

    for (EpsStudyPlot* plot : {m_overlay, m_difference}) {
        plot->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(plot, &QWidget::customContextMenuRequested, this, [this, plot](const QPoint& p) { m_exporter->execPlotMenu(plot, p); });
    }
    setRunning(false);
}

EpsStudyView::~EpsStudyView() = default; // m_jobs cancels the study and waits

QLayout* EpsStudyView::buildToolbar()
{
    auto* bar = new QHBoxLayout;
    auto* epsLabel = new QLabel(tr("ε:"), this);
    m_epsField = new QLineEdit(QStringLiteral("1e-4, 1e-3, 1e-2, 1e-1"), this);
    m_epsField->setObjectName(QStringLiteral("epsList"));
    m_epsField->setToolTip(tr("Regularization widths, separated by commas or spaces; the smallest is the pattern solution"));
    m_epsField->setMinimumWidth(200);
    epsLabel->setBuddy(m_epsField);
    connect(m_epsField, &QLineEdit::returnPressed, this, [this] { start(); });
    auto* variableLabel = new QLabel(tr("Variable:"), this);
    m_variable = new QComboBox(this);
    m_variable->setObjectName(QStringLiteral("epsStudyVariable"));
    m_variable->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    variableLabel->setBuddy(m_variable);
    connect(m_variable, &QComboBox::activated, this, [this] { showVariable(); });
    m_start = new QPushButton(tr("Run ε study"), this);
    m_start->setToolTip(tr("Run the scenario at every ε (worker threads; Esc cancels)"));
    connect(m_start, &QPushButton::clicked, this, [this] { start(); });
    m_cancel = new QPushButton(tr("Cancel"), this);
    connect(m_cancel, &QPushButton::clicked, this, &EpsStudyView::cancel);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    m_progress->setFormat(QStringLiteral("%p%"));
    m_progress->setMaximumWidth(160);
    m_logScale = makeLogScaleBox(this, true, [this](bool on) { m_difference->setLogScale(on); });
    m_exporter = new ViewExporter(this, [this] { return exportItems(); });
    m_export = m_exporter->makeButton(this, tr("Export a plot (PNG, SVG, PDF) or the runs and their differences (CSV)"));
    bar->addWidget(epsLabel);
    bar->addWidget(m_epsField, 1);
    bar->addWidget(variableLabel);
    bar->addWidget(m_variable);
    bar->addWidget(m_start);
    bar->addWidget(m_cancel);
    bar->addWidget(m_progress);
    bar->addWidget(m_logScale);
    bar->addWidget(m_export);
    return bar;
}

void EpsStudyView::setScenario(const fl::Scenario& scenario)
{
    const bool newSystem = !m_hasScenario || scenario.systemId != m_scenario.systemId;
    m_scenario = scenario;
    m_hasScenario = true;
    if (newSystem && !m_result)
        fillVariables();
    showMessage(QString()); // a refusal spoke of the scenario before (e.g. its law): stale now
}

void EpsStudyView::setEpsList(const std::vector<double>& eps) { m_epsField->setText(epsListText(eps)); }

void EpsStudyView::fillVariables()
{
    const QString current = m_variable->currentData().toString();
    m_variable->clear();
    if (m_result && !m_result->variables.empty()) {
        for (const EpsStudyVariable& v : m_result->variables)
            m_variable->addItem(v.label, v.id);
    } else if (const fl::SystemInfo* system = fl::findSystem(m_scenario.systemId)) {
        for (const std::string& id : system->plots.timeHistory)
            m_variable->addItem(variableText(system->id, id), QString::fromStdString(id));
    }
    const int index = m_variable->findData(current);
    m_variable->setCurrentIndex(std::max(index, 0));
}

bool EpsStudyView::start()
{
    std::vector<double> eps;
    QString error;
    if (!m_hasScenario) {
        showMessage(tr("No scenario to study yet"));
        return false;
    }
    if (!parseEpsList(m_epsField->text(), eps, &error)) {
        showMessage(error);
        return false;
    }
    fl::EpsStudySetup setup;
    setup.eps = eps;
    // The limits of the analysis (contract/eps_study_analysis.h), `session run`'s too.
    if (const fl::SetupProblem problem = fl::EpsStudyAnalysis::check(m_scenario, setup); !problem.ok()) {
        showMessage(QString::fromStdString(problem.message));
        return false;
    }
    fl::EpsStudyOptions options;
    options.eps = eps;
    std::vector<fl::Scenario> scenarios;
    if (const fl::Status status = fl::epsStudyScenarios(m_scenario, options, scenarios); !status.ok()) {
        showMessage(QString::fromStdString(status.message()));
        return false;
    }
    showMessage(QString());
    m_progress->setValue(0);
    m_progress->setFormat(QStringLiteral("%p%"));
    const double tol = scenarios.front().params.value("tol");
    m_summary->setText(tr("Running %1 at ε = %2 (tolerance %3)…")
                           .arg(caseText(scenarios.front()), epsListText(eps), epsText(tol)));
    // A study in flight is superseded (and cancelled): only the newest one's result is shown.
    m_jobs.start([scenario = m_scenario, setup](JobContext& context) {
        fl::AnalysisContext analysis;
        analysis.cancel = context.cancelFlag();
        analysis.progress = [&context](double fraction) { context.report(std::lround(1000.0 * fraction), 1000); };
        analysis.threads = std::max(1, QThread::idealThreadCount());
        auto study = std::make_shared<const fl::EpsStudy>(fl::EpsStudyAnalysis::run(scenario, setup, analysis));
        return prepareEpsStudy(study);
    }, [this](const EpsStudyPlotPtr& data) { onFinished(data); });
    setRunning(true);
    emit studyStarted();
    return true;
}

void EpsStudyView::cancel() { m_jobs.cancel(); }

void EpsStudyView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && isRunning()) {
        cancel();
        return;
    }
    QWidget::keyPressEvent(event);
}

void EpsStudyView::setRunning(bool running)
{
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
}

void EpsStudyView::onFailed(const QString& error)
{
    setRunning(false);
    showMessage(error);
    emit studyFinished(false);
}

void EpsStudyView::onFinished(const EpsStudyPlotPtr& data)
{
    setRunning(false);
    const fl::EpsStudy& study = *data->study;
    const bool cancelled = !study.status.ok() && m_jobs.status() == JobStatus::Cancelled;
    if (cancelled) {
        // The plots keep the last complete study.
        showMessage(tr("ε study cancelled"));
        if (m_result)
            m_summary->setText(tr("Showing the last complete study."));
        emit studyFinished(true);
        return;
    }
    showMessage(study.status.ok() ? QString() : QString::fromStdString(study.status.message()));
    m_result = data;
    fillVariables();
    setupRefilled(); // the variables of this study: the chosen one may have changed
    m_overlay->followNewData();
    m_difference->followNewData();
    showVariable();
    m_summary->setText(tr("<b>ε study</b> of %1: %2 runs, tolerance %3, t = 0 … %4, %5 s; differences from %6.")
                           .arg(study.runs.empty() ? QString() : caseText(study.runs.front().scenario))
                           .arg(study.runs.size())
                           .arg(epsText(study.tolerance))
                           .arg(study.t.empty() ? 0.0 : study.t.back())
                           .arg(study.wallSeconds, 0, 'f', 1)
                           .arg(data->legends.empty() ? QString() : data->legends.front()));
    m_note->setText(study.runs.empty() || study.tolerance >= m_scenario.params.value("tol")
                        ? tr("The run at the smallest ε is the pattern solution (Acta Mech 2016, Fig. 9).")
                        : tr("The run at the smallest ε is the pattern solution (Acta Mech 2016, Fig. 9). The study runs at "
                             "tolerance %1 = 1e-6 × the smallest ε, tighter than the scenario's %2: in stick the contact "
                             "creeps at speeds of order ε, which a looser tolerance does not resolve.")
                              .arg(epsText(study.tolerance), epsText(m_scenario.params.value("tol"))));
    emit studyFinished(false);
}

void EpsStudyView::showVariable()
{
    if (!m_result)
        return;
    const int v = std::max(m_variable->currentIndex(), 0);
    m_overlay->showStudy(m_result, v);
    m_difference->showStudy(m_result, v);
    fillTable();
}

void EpsStudyView::fillTable()
{
    const int v = std::max(m_variable->currentIndex(), 0);
    const bool has = m_result && static_cast<size_t>(v) < m_result->variables.size();
    const size_t runs = has ? m_result->study->runs.size() : 0;
    m_table->setRowCount(static_cast<int>(runs));
    if (!has)
        return;
    const EpsStudyVariable& var = m_result->variables[static_cast<size_t>(v)];
    m_table->setHorizontalHeaderLabels({tr("ε"), tr("max |Δ%1|").arg(var.label.section(QLatin1Char(' '), 0, 0)), tr("at t"), tr("steps")});
    for (size_t k = 0; k < runs; ++k) {
        const fl::EpsStudyRun& run = m_result->study->runs[k];
        const bool reference = k == 0;
        const QStringList cells = {epsText(run.eps), reference ? tr("pattern") : digitsText(var.max[k]),
                                   reference ? QString() : digitsText(var.maxTime[k], 5), QString::number(run.result.steps)};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setForeground(EpsStudyPlot::runColor(k));
            m_table->setItem(static_cast<int>(k), c, item);
        }
    }
}

void EpsStudyView::showMessage(const QString& text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

QString EpsStudyView::summaryText() const { return m_summary->text(); }
QString EpsStudyView::messageText() const { return m_message->text(); }

bool EpsStudyView::exportPlot(RunPlot* plot, const QString& path, QString* error) { return fl::ui::exportPlot(plot, path, error); }

bool EpsStudyView::exportCsv(const QString& path, QString* error) const
{
    if (!m_result) {
        if (error)
            *error = tr("there is no study to export yet");
        return false;
    }
    // The analysis's CSV, as `frictionlab-cli session run --view eps-study` writes it.
    const std::string text = fl::EpsStudyAnalysis::csv(m_scenario, fl::EpsStudySetup{}, *m_result->study);
    return writeFileAtomically(path, QByteArray::fromStdString(text), error);
}

QList<ExportItem> EpsStudyView::exportItems()
{
    const auto has = [this] { return m_result != nullptr; };
    QList<ExportItem> items;
    for (EpsStudyPlot* plot : {m_overlay, m_difference})
        items << ExportItem::plotItem(plot == m_overlay ? QStringLiteral("plot:overlay") : QStringLiteral("plot:difference"),
                                      tr("Plot: %1…").arg(plot->title()), [plot] { return plot; }, has);
    ExportItem csv = ExportItem::dataItem(QStringLiteral("csv:runs"), tr("Runs and differences (CSV)…"), tr("Export CSV"), tr("CSV (*.csv)"),
                                          [this](const QString& path, QString* error) { return exportCsv(path, error); }, has);
    csv.contextLabel = tr("Export runs and differences (CSV)…");
    csv.fileName = QStringLiteral("eps-study.csv");
    return items << csv;
}

bool EpsStudyView::openPreset(const fl::Preset& preset)
{
    if (preset.epsStudy.empty())
        return false;
    setEpsList(preset.epsStudy);
    start();
    return true;
}

} // namespace fl::ui
