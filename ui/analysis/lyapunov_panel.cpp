#include "analysis/lyapunov_panel.h"
#include "bridge/safe_file.h"
#include "presenter/appearance.h"
#include "systems/scenario_setup.h"
#include "widgets/axis_range.h"
#include "widgets/run_plot.h"
#include "widgets/view_exporter.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

constexpr int kProgressSteps = 1000;

/// "λ₁", "λ₂", ... with Unicode subscript digits.
QString lambdaName(size_t i)
{
    QString digits;
    for (const QChar c : QString::number(i + 1))
        digits += QChar(0x2080 + c.digitValue());
    return QStringLiteral("λ") + digits;
}

QString numberText(double value) { return QString::fromStdString(fl::formatNumber(value)); }

/// Each history row sorted descending, so curve i follows the i-th largest estimate.
std::vector<std::vector<double>> sortedHistory(const fl::LyapunovResult& result)
{
    std::vector<std::vector<double>> rows = result.history;
    for (std::vector<double>& row : rows)
        std::sort(row.begin(), row.end(), std::greater<>());
    return rows;
}

/// What the sign of the largest exponent says, against the spread of its estimate over the last
/// half of the averaging (the estimate is only as good as its convergence).
QString verdict(double largest, double spread)
{
    if (std::abs(largest) <= spread)
        return QObject::tr("zero within its convergence spread: a neutral direction (periodic or quasi-periodic motion)");
    if (largest > 0.0)
        return QObject::tr("positive: nearby trajectories separate exponentially (chaotic motion)");
    return QObject::tr("negative: nearby trajectories converge (an attracting equilibrium or periodic orbit)");
}

} // namespace

LyapunovPanel::LyapunovPanel(QWidget* parent) : QWidget(parent), m_scenario(fl::defaultScenario())
{
    m_case = new QLabel(this);
    QFont caseFont;
    caseFont.setItalic(true);
    m_case->setFont(caseFont); // the theme's text colour (a fixed grey was dark on the dark theme)
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setWordWrap(true);
    m_value = new QLabel(this);
    m_value->setObjectName(QStringLiteral("value"));
    m_value->setWordWrap(true);
    m_value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    keepScaledFont(m_value, m_value->font(), 1.15); // the result a little larger, at every scale

    m_plot = new QCustomPlot(this);
    // Tall enough for its title, legend and a readable axis (at 120 px the axis got ~50 px and its
    // ticks overlapped); the side tab scrolls when the panel is taller than the room it has.
    m_plot->setMinimumSize(200, 240);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setToolTip(tr("Running estimates over the averaging time: a converged exponent is a flat curve.\n"
                          "Drag to pan, wheel to zoom, double-click to fit."));
    auto* exporter = new ViewExporter(this, [this] { return exportItems(); });
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_plot, &QWidget::customContextMenuRequested, exporter, [this, exporter](const QPoint& p) { exporter->execPlotMenu(m_plot, p); });
    QFont titleFont = font();
    titleFont.setBold(true);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, tr("Convergence of the running estimates"), titleFont));
    m_plot->xAxis->setLabel(tr("averaging time"));
    m_plot->yAxis->setLabel(tr("estimate (1 / time unit)"));
    // The legend in a row of its own under the title, laid out horizontally, as in the run plots.
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    auto* legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->insertRow(1);
    m_plot->plotLayout()->addElement(1, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(m_plot));
    legendRow->addElement(0, 1, m_plot->legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(m_plot));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setBrush(Qt::NoBrush);
    m_plot->legend->setColumnSpacing(12);
    // Says what the empty plot will show (or why it stays empty).
    m_hint = new QCPItemText(m_plot);
    m_hint->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_hint->position->setCoords(0.5, 0.5);
    m_hint->setColor(QColor(0x70, 0x70, 0x70));
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] {
        fitRanges();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_case);
    layout->addWidget(buildFields());
    layout->addWidget(m_message);
    layout->addWidget(m_value);
    layout->addWidget(m_plot, 1);

    m_jobs.setProgressInterval(100);
    connect(&m_jobs, &JobRunner::progress, this, [this](long long done, long long total, double secondsLeft) {
        if (!m_jobs.isRunning())
            return; // the last count comes with the end, which sets its own text
        const double f = total > 0 ? double(done) / double(total) : 0.0;
        m_progress->setValue(int(f * kProgressSteps));
        m_progress->setFormat(f > 0.02 ? tr("%p% · about %1 s left").arg(secondsLeft, 0, 'f', 0) : tr("%p%"));
    });
    setScenario(fl::defaultScenario());
}

LyapunovPanel::~LyapunovPanel() = default; // m_jobs cancels and waits

QWidget* LyapunovPanel::buildFields()
{
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* fields = new QHBoxLayout;
    auto edit = [&](const QString& name, const QString& label, const QString& tip) {
        auto* field = new QLineEdit(box);
        field->setObjectName(name);
        field->setAccessibleName(label);
        field->setToolTip(tip);
        field->setAlignment(Qt::AlignRight);
        field->setMaximumWidth(field->fontMetrics().horizontalAdvance(QStringLiteral("0000000000000")));
        auto* caption = new QLabel(label, box);
        caption->setToolTip(tip);
        fields->addWidget(caption);
        fields->addWidget(field);
        fields->addSpacing(8);
        connect(field, &QLineEdit::textChanged, this, &LyapunovPanel::updateState);
        return field;
    };
    m_transient = edit(QStringLiteral("transient"), tr("Transient"),
                       tr("Time integrated first and discarded, so the estimate starts on the attractor "
                          "(time unit of the system). Allowed: >= 0"));
    m_duration = edit(QStringLiteral("duration"), tr("Duration"),
                      tr("Averaging time: longer is more accurate (time unit of the system). Allowed: > 0"));
    m_interval = edit(QStringLiteral("interval"), tr("Interval"),
                      tr("Re-orthonormalisation period of the tangent vectors (time unit of the system).\n"
                         "Allowed: (0, duration], at most 1e7 intervals"));
    fields->addStretch(1);
    layout->addLayout(fields);

    auto* buttons = new QHBoxLayout;
    m_largest = new QPushButton(tr("Largest exponent"), box);
    m_largest->setToolTip(tr("λ₁ only: one tangent vector (fast)"));
    m_spectrum = new QPushButton(tr("Full spectrum"), box);
    m_spectrum->setToolTip(tr("Every exponent: as many tangent vectors as state variables (slower)"));
    m_cancelButton = new QPushButton(tr("Cancel"), box);
    m_progress = new QProgressBar(box);
    m_progress->setRange(0, kProgressSteps);
    m_progress->setValue(0);
    buttons->addWidget(m_largest);
    buttons->addWidget(m_spectrum);
    buttons->addWidget(m_cancelButton);
    buttons->addWidget(m_progress, 1);
    layout->addLayout(buttons);
    connect(m_largest, &QPushButton::clicked, this, &LyapunovPanel::computeLargest);
    connect(m_spectrum, &QPushButton::clicked, this, &LyapunovPanel::computeSpectrum);
    connect(m_cancelButton, &QPushButton::clicked, this, &LyapunovPanel::cancel);
    setOptions(100.0, 1000.0, 1.0);
    setMode(m_mode);
    return box;
}

void LyapunovPanel::setScenario(const fl::Scenario& scenario)
{
    // A result of the previous scenario would be misleading: stop and forget it.
    m_jobs.discard();
    m_scenario = scenario;
    fl::LyapunovResult none;
    none.status = fl::Status::error("not computed");
    m_result = std::make_shared<const fl::LyapunovResult>(std::move(none));
    m_case->setText(tr("Case: %1").arg(QString::fromStdString(fl::describe(scenario))));
    m_value->clear();
    m_plot->clearGraphs();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%p%"));
    setMessage(QString(), MessageKind::Note);
    updateState();
}

void LyapunovPanel::setOptions(double transient, double duration, double interval)
{
    m_transient->setText(numberText(transient));
    m_duration->setText(numberText(duration));
    m_interval->setText(numberText(interval));
}

bool LyapunovPanel::computeLargest() { return start(1); }
bool LyapunovPanel::computeSpectrum() { return start(0); }

void LyapunovPanel::cancel() { m_jobs.cancel(); }

bool LyapunovPanel::readSetup(fl::LyapunovSetup& setup, QString& error) const
{
    error = QString::fromStdString(fl::lyapunovUnavailableReason(m_scenario));
    if (!error.isEmpty())
        return false;
    const std::pair<QLineEdit*, double*> fields[] = {
        {m_transient, &setup.transient}, {m_duration, &setup.duration}, {m_interval, &setup.interval}};
    for (const auto& [field, target] : fields) {
        bool ok = false;
        *target = QLocale::c().toDouble(field->text().trimmed(), &ok);
        if (!ok) {
            error = tr("\"%1\" is not a number. %2").arg(field->text().trimmed(), field->toolTip());
            return false;
        }
    }
    setup.spectrum = m_mode == 0;
    // The limits of the analysis (contract/lyapunov_analysis.h), the command line's too.
    const fl::SetupProblem problem = fl::LyapunovAnalysis::check(m_scenario, setup);
    if (!problem.ok()) {
        const QLineEdit* field = problem.field == "transient" ? m_transient : problem.field == "duration" ? m_duration : m_interval;
        error = tr("%1: %2").arg(field->accessibleName(), QString::fromStdString(problem.message));
    }
    return problem.ok();
}

bool LyapunovPanel::start(int count)
{
    fl::LyapunovSetup setup;
    QString error;
    if (isRunning() || !readSetup(setup, error)) {
        if (!error.isEmpty())
            setMessage(error, MessageKind::Invalid);
        return false;
    }
    setMode(count);
    // The worker owns copies of everything it reads; the result comes back as a value.
    m_jobs.start([scenario = m_scenario, setup, count](JobContext& context) {
        fl::AnalysisContext analysis;
        analysis.cancel = context.cancelFlag();
        analysis.progress = [&context](double fraction) { context.report(std::llround(fraction * kProgressSteps), kProgressSteps); };
        return fl::LyapunovAnalysis::runCount(scenario, setup, count, analysis);
    }, [this](const fl::LyapunovResult& result) { onFinished(result); });
    m_progress->setValue(0);
    setMessage(count == 1 ? tr("Computing the largest exponent…") : tr("Computing the full spectrum…"), MessageKind::Note);
    updateState();
    return true;
}

void LyapunovPanel::onFinished(const fl::LyapunovResult& result)
{
    m_result = std::make_shared<const fl::LyapunovResult>(result);
    const bool ok = m_result->status.ok() && !m_result->exponents.empty();
    if (ok) {
        m_progress->setValue(kProgressSteps);
        m_progress->setFormat(tr("done in %1 s").arg(m_jobs.elapsedSeconds(), 0, 'f', 1));
        setMessage(QString(), MessageKind::Note);
    } else {
        m_progress->setFormat(tr("%p%"));
        setMessage(tr("Stopped: %1").arg(QString::fromStdString(m_result->status.message())), MessageKind::Run);
    }
    showResult();
    updateState();
    emit computationFinished(ok);
}

void LyapunovPanel::showResult()
{
    m_plot->clearGraphs();
    m_value->clear();
    if (!m_result->status.ok() || m_result->exponents.empty()) {
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const auto rows = sortedHistory(*m_result);
    const size_t k = m_result->exponents.size();
    for (size_t i = 0; i < k; ++i) {
        QCPGraph* graph = m_plot->addGraph();
        graph->setName(lambdaName(i));
        graph->setPen(QPen(seriesColor(i), 1.5));
        QVector<double> t, v;
        for (size_t r = 0; r < rows.size(); ++r)
            if (std::isfinite(rows[r][i])) { // -inf: a direction a stick phase maps to zero (not drawn)
                t.push_back(m_result->times[r]);
                v.push_back(rows[r][i]);
            }
        graph->setData(t, v, true);
    }
    // Spread of the largest estimate over the last half of the averaging time.
    double lo = m_result->exponents[0], hi = lo;
    for (size_t r = rows.size() / 2; r < rows.size(); ++r) {
        lo = std::min(lo, rows[r][0]);
        hi = std::max(hi, rows[r][0]);
    }
    const double spread = hi - lo;
    QStringList values;
    double sum = 0.0;
    bool infinite = false;
    const auto number = [](double v) { return std::isinf(v) ? QStringLiteral("−∞") : QString::number(v, 'g', 4); };
    for (size_t i = 0; i < k; ++i) {
        values << QStringLiteral("%1 = %2").arg(lambdaName(i), number(m_result->exponents[i]));
        sum += m_result->exponents[i];
        infinite = infinite || std::isinf(m_result->exponents[i]);
    }
    QString text = values.join(QStringLiteral(",  "));
    if (k > 1)
        text += tr(";  sum = %1").arg(number(sum));
    text += tr("  (1 / time unit)\n%1 is %2. Its estimate varied by %3 over the last half of the averaging time.")
                .arg(lambdaName(0), verdict(m_result->exponents[0], spread)).arg(spread, 0, 'g', 2);
    if (infinite)
        text += tr("\n−∞: entering stick maps those directions to zero (the saltation matrix of the slip → stick switch "
                   "confines the motion to v_r = 0): an exact contraction, not a finite-time estimate.");
    m_value->setText(text);
    fitRanges();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LyapunovPanel::fitRanges()
{
    // The first tenth of the averaging is the estimate's start-up (large swings): leave it out
    // of the vertical range so that the convergence stays readable.
    if (m_plot->graphCount() == 0 || m_result->times.empty())
        return;
    const double tMax = m_result->times.back();
    double lo = 0.0, hi = 0.0;
    bool first = true;
    for (int g = 0; g < m_plot->graphCount(); ++g)
        for (auto it = m_plot->graph(g)->data()->constBegin(); it != m_plot->graph(g)->data()->constEnd(); ++it) {
            if (it->key < 0.1 * tMax || !std::isfinite(it->value))
                continue;
            lo = first ? it->value : std::min(lo, it->value);
            hi = first ? it->value : std::max(hi, it->value);
            first = false;
        }
    m_plot->xAxis->setRange(fittedRange(0.0, tMax, RangeFit{.padding = 0.0}));
    // A converged estimate is flat: at least 2e-3 of its level, so the ticks stay readable.
    m_plot->yAxis->setRange(fittedRange(lo, hi, RangeFit{.padding = 0.08, .relativeFloor = 2e-3}));
}

void LyapunovPanel::updateState()
{
    fl::LyapunovSetup setup;
    QString error;
    const bool ready = readSetup(setup, error);
    m_largest->setEnabled(ready && !isRunning());
    m_spectrum->setEnabled(ready && !isRunning());
    m_cancelButton->setEnabled(isRunning());
    for (QLineEdit* field : {m_transient, m_duration, m_interval})
        field->setEnabled(!isRunning());
    const bool unavailable = !fl::lyapunovUnavailableReason(m_scenario).empty();
    m_hint->setVisible(m_plot->graphCount() == 0);
    m_hint->setText(isRunning()      ? tr("Computing: the running estimates appear here when done")
                    : unavailable ? tr("No Lyapunov exponents for this case (see the message above)")
                                  : tr("Largest exponent or Full spectrum: the running estimates appear here"));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    // A validation message follows the fields; a run's message stays until the next change.
    if (isRunning())
        return;
    if (!ready)
        setMessage(error, unavailable ? MessageKind::Unavailable : MessageKind::Invalid);
    else if (m_messageKind != MessageKind::Run)
        setMessage(QString(), MessageKind::Note);
}

void LyapunovPanel::setMode(int mode)
{
    m_mode = mode == 0 ? 0 : 1;
    m_largest->setDefault(m_mode == 1);
    m_spectrum->setDefault(m_mode == 0);
}

QString LyapunovPanel::messageText() const { return m_message->text(); }
QString LyapunovPanel::resultText() const { return m_value->text(); }

void LyapunovPanel::setMessage(const QString& text, MessageKind kind)
{
    m_messageKind = kind;
    m_message->setText(text);
    // Red for errors, brown for a case that has no exponents, plain for notes.
    setScaledStyleSheet(m_message, kind == MessageKind::Invalid || kind == MessageKind::Run ? QStringLiteral("color: #c0392b;")
                             : kind == MessageKind::Unavailable ? QStringLiteral("color: #8a5a00;")
                                                                : QString());
    m_message->setVisible(!text.isEmpty());
}

QList<ExportItem> LyapunovPanel::exportItems()
{
    ExportItem plot = ExportItem::plotItem(QStringLiteral("plot"), tr("Plot: Lyapunov exponents…"), [this] { return m_plot; },
                                           [this] { return m_result->status.ok() && !m_result->exponents.empty(); });
    plot.fileName = QStringLiteral("lyapunov.png");
    // The running estimates as `frictionlab-cli session run --view lyapunov` writes them.
    ExportItem csv = ExportItem::dataItem(QStringLiteral("csv"), tr("Data: running estimates (CSV)…"), tr("Export the running estimates"),
                                          tr("CSV file (*.csv)"), {},
                                          [this] { return !isRunning() && m_result->status.ok() && !m_result->exponents.empty(); });
    // Up to 1e7 rows: written off the GUI thread from the immutable result.
    csv.prepareOffThread = [this] {
        return ExportItem::Writer([result = m_result](const QString& path, QString* error) {
            const std::string text = fl::LyapunovAnalysis::lyapunovHistoryCsv(*result, result->exponents.size());
            return writeFileSafely(path, QByteArray::fromStdString(text), error);
        });
    };
    csv.fileName = QStringLiteral("lyapunov.csv");
    return {plot, csv};
}

} // namespace fl::ui
