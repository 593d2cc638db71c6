#include "analysis/slip_event_view.h"
#include "analysis/analysis_view_parts.h"
#include "analysis/slip_size_plot.h"
#include "analysis/space_time_plot.h"
#include "systems/scenario_setup.h"
#include "widgets/data_export.h"
#include "widgets/view_exporter.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace fl::ui {

SlipEventView::SlipEventView(QWidget* parent) : QWidget(parent)
{
    m_map = new SpaceTimePlot(this);
    m_sizes = new SlipSizePlot(this);
    m_info = new QLabel(this);
    m_info->setObjectName(QStringLiteral("slipEventInfo"));
    m_info->setWordWrap(true);
    m_info->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_message = makeMessageLabel(this, QStringLiteral("slipEventMessage"));

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_map);
    splitter->addWidget(m_sizes);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({600, 400}); // kept in proportion as the window resizes
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildToolbar());
    layout->addWidget(m_message);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_info);

    connect(&m_events, &JobRunner::statusChanged, this, [this](JobStatus status) {
        if (status != JobStatus::Failed)
            return;
        if (m_pending)
            start();
        else
            showMessage(m_events.errorMessage());
    });
    connect(m_map, &SpaceTimePlot::timeClicked, this, &SlipEventView::seekRequested);
    connect(m_map, &SpaceTimePlot::windowChanged, this, &SlipEventView::requestWindow);
    showMessage(slipEventsUnavailableReason(nullptr));
    updateInfo();
}

SlipEventView::~SlipEventView() = default; // the runners wait for their tasks

QWidget* SlipEventView::buildToolbar()
{
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    m_skip = new QDoubleSpinBox(bar);
    m_skip->setObjectName(QStringLiteral("skipTime"));
    m_skip->setDecimals(1);
    m_skip->setRange(0.0, 1e9);
    m_skip->setKeyboardTracking(false);
    m_skip->setToolTip(tr("Transient left out: events that start before this time are not counted (the chain forgets its "
                          "initial offsets after a few loading cycles). Range: 0 to t_end."));
    m_size = new QComboBox(bar);
    m_size->setObjectName(QStringLiteral("slipSize"));
    m_size->addItem(tr("Moment Σ|Δu|"));
    m_size->addItem(tr("Blocks slipped"));
    m_size->setToolTip(tr("Size of an event: its moment (the total slip of its blocks against the belt, u_i = x_i − v_b t) "
                          "or the number of blocks that slipped"));
    m_fitMin = new QLineEdit(bar);
    m_fitMin->setObjectName(QStringLiteral("fitMin"));
    m_fitMax = new QLineEdit(bar);
    m_fitMax->setObjectName(QStringLiteral("fitMax"));
    for (QLineEdit* field : {m_fitMin, m_fitMax}) {
        field->setPlaceholderText(tr("auto"));
        field->setMaximumWidth(90);
        field->setToolTip(tr("Moment range of the power-law fit (a positive number, or empty: the range at least two "
                             "decades wide where the fitted law is closest to the events, Kolmogorov–Smirnov)"));
        connect(field, &QLineEdit::editingFinished, this, &SlipEventView::recompute);
    }
    m_exporter = new ViewExporter(this, [this] { return exportItems(); });
    m_export = m_exporter->makeButton(bar, tr("Export the plots (PNG, SVG, PDF) or the events and their densities (CSV)"));
    row->addWidget(new QLabel(tr("Count events from t ="), bar));
    row->addWidget(m_skip);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("Size"), bar));
    row->addWidget(m_size);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("Fit moments from"), bar));
    row->addWidget(m_fitMin);
    row->addWidget(new QLabel(tr("to"), bar));
    row->addWidget(m_fitMax);
    row->addStretch(1);
    row->addWidget(m_export);
    connect(m_skip, &QDoubleSpinBox::valueChanged, this, &SlipEventView::recompute);
    connect(m_size, &QComboBox::currentIndexChanged, this, [this] {
        showDistribution();
        updateInfo();
    });
    return bar;
}

void SlipEventView::setRun(const RunOutputPtr& run)
{
    m_run = run;
    // A session's skip time is for the run it starts, the next one shown (dropped if not a chain's).
    const std::optional<double> restored = std::exchange(m_restoredSkip, std::nullopt);
    const QString reason = slipEventsUnavailableReason(run);
    if (!reason.isEmpty()) {
        m_data.reset();
        m_map->clear();
        m_sizes->clear();
        showMessage(reason);
        updateInfo();
        return;
    }
    const double tEnd = run->scenario.params.value("t_end");
    // A new length skips its first fifth again, unless the session's skip time lies inside it.
    if (tEnd != m_tEnd || restored) {
        m_tEnd = tEnd;
        const QSignalBlocker block(m_skip);
        m_skip->setMaximum(tEnd);
        showSkipTime(restored && *restored <= tEnd ? *restored : 0.2 * tEnd);
    }
    recompute();
}

void SlipEventView::showSkipTime(double time)
{
    int decimals = 1;
    for (double scale = 10.0; decimals < 6 && std::abs(time * scale - std::round(time * scale)) > 1e-9 * std::max(1.0, std::abs(time) * scale);
         scale *= 10.0)
        ++decimals;
    const QSignalBlocker block(m_skip);
    m_skip->setDecimals(decimals);
    m_skip->setMaximum(std::max(m_skip->maximum(), time));
    m_skip->setValue(time);
}

bool SlipEventView::readFitEnd(const QLineEdit* field, double& value) const
{
    const QString text = field->text().trimmed();
    value = 0.0;
    if (text.isEmpty() || text.compare(tr("auto"), Qt::CaseInsensitive) == 0)
        return true;
    bool ok = false;
    value = text.toDouble(&ok);
    return ok && std::isfinite(value) && value > 0.0;
}

void SlipEventView::recompute()
{
    if (!slipEventsUnavailableReason(m_run).isEmpty())
        return;
    double lo = 0.0, hi = 0.0;
    if (!readFitEnd(m_fitMin, lo) || !readFitEnd(m_fitMax, hi)) {
        showMessage(tr("Fit range: each end is a positive number, or empty for auto."));
        return;
    }
    if (lo > 0.0 && hi > 0.0 && !(hi > lo)) {
        showMessage(tr("Fit range: the upper end must be above the lower one (%1 … %2 given).").arg(lo).arg(hi));
        return;
    }
    showMessage(QString());
    if (m_events.isRunning()) {
        m_pending = true; // the newest settings run when this one ends
        return;
    }
    start();
}

void SlipEventView::start()
{
    m_pending = false;
    SlipEventRequest request;
    request.run = m_run;
    request.skipTime = m_skip->value();
    readFitEnd(m_fitMin, request.fitMin);
    readFitEnd(m_fitMax, request.fitMax);
    // On the shared pool (not Qt's global one, which QtGui's painting waits on).
    m_events.start([request](JobContext&) { return computeSlipEventData(request); },
                   [this](const SlipEventDataPtr& data) { onFinished(data); });
    updateInfo();
}

void SlipEventView::onFinished(const SlipEventDataPtr& data)
{
    if (m_pending) {
        start();
        return;
    }
    if (!m_run || !data || data->runId != m_run->runId)
        return;
    const bool sameRun = m_data && m_data->runId == data->runId;
    m_data = data;
    if (!sameRun) {
        m_map->showMap(data->map, data->stickThreshold);
        m_map->markTime(m_time);
    }
    m_map->markTransient(data->skipTime);
    showDistribution();
    updateInfo();
    emit dataShown();
}

void SlipEventView::showDistribution()
{
    if (!m_data) {
        m_sizes->clear();
        return;
    }
    const int k = m_size->currentIndex() == 1 ? 1 : 0;
    m_sizes->showDistribution(m_data->statistics.histogram[k], m_data->statistics.fit[k],
                              k == 0 ? tr("moment M = Σ |Δu_i| of the event") : tr("blocks slipped in the event"));
}

void SlipEventView::requestWindow(double tFrom, double tTo)
{
    if (!m_data || !m_run || m_window.isRunning())
        return;
    const RunOutputPtr run = m_run;
    const int columns = std::max(200, m_map->axisRect()->width());
    m_window.start([run, tFrom, tTo, columns](JobContext&) { return computeSpaceTimeWindow(run, tFrom, tTo, columns); },
                   [this](const fl::SpaceTimeMap& window) {
                       if (m_data && !window.empty())
                           m_map->showWindow(window);
                   });
}

void SlipEventView::showTime(double t)
{
    m_time = t;
    m_map->markTime(t);
}

void SlipEventView::updateAppearance()
{
    m_map->updateGradient();
    m_map->replot(QCustomPlot::rpQueuedReplot);
    m_sizes->matchLegendFont();
    m_sizes->replot(QCustomPlot::rpQueuedReplot);
}

void SlipEventView::updateInfo()
{
    if (!m_data) {
        m_info->setText(isComputing() ? tr("Finding the slip events…") : QString());
        return;
    }
    const std::vector<fl::SlipEvent>& events = m_data->events;
    const auto largest = std::max_element(events.begin(), events.end(),
                                          [](const fl::SlipEvent& a, const fl::SlipEvent& b) { return a.moment < b.moment; });
    QString text = tr("%1 slip events after t = %2").arg(events.size()).arg(m_data->skipTime, 0, 'g', 4);
    text += m_data->exact ? tr(" (event-driven: a block slips while v_r ≠ 0 exactly)")
                          : tr(" (regularized: a block slips while |v_r| > %1)").arg(m_data->stickThreshold, 0, 'g', 3);
    if (largest != events.end())
        text += tr(" · largest: %1 of %2 blocks, moment %3").arg(largest->blocks()).arg(m_data->map.blocks).arg(largest->moment, 0, 'g', 3);
    const int k = m_size->currentIndex() == 1 ? 1 : 0;
    text += " · " + describePowerLaw(m_data->statistics.fit[k], static_cast<SlipSize>(k));
    m_info->setText(text);
}

void SlipEventView::showMessage(const QString& text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

QString SlipEventView::infoText() const { return m_info->text(); }
QString SlipEventView::messageText() const { return m_message->text(); }

bool SlipEventView::exportEventsCsv(const QString& path, QString* error) const
{
    if (!m_data) {
        if (error)
            *error = tr("there are no slip events to export yet");
        return false;
    }
    const std::string csv = fl::SlipEventsAnalysis::eventsCsv(m_run->scenario, m_data->setup, m_data->events);
    return writeFileAtomically(path, QByteArray::fromStdString(csv), error);
}

bool SlipEventView::exportHistogramCsv(const QString& path, QString* error) const
{
    if (!m_data) {
        if (error)
            *error = tr("there are no slip events to export yet");
        return false;
    }
    const std::string csv = fl::SlipEventsAnalysis::densitiesCsv(m_run->scenario, m_data->statistics);
    return writeFileAtomically(path, QByteArray::fromStdString(csv), error);
}

QList<ExportItem> SlipEventView::exportItems()
{
    const auto has = [this] { return m_data != nullptr; };
    ExportItem events = ExportItem::dataItem(QStringLiteral("csv:events"), tr("Slip events (CSV)…"), tr("Export slip events"), tr("CSV (*.csv)"),
                                             [this](const QString& path, QString* error) { return exportEventsCsv(path, error); }, has);
    events.fileName = QStringLiteral("slip-events-events.csv"); // session run's names (contract/slip_events_analysis.h)
    ExportItem densities = ExportItem::dataItem(QStringLiteral("csv:densities"), tr("Size densities and fits (CSV)…"),
                                                tr("Export size densities"), tr("CSV (*.csv)"),
                                                [this](const QString& path, QString* error) { return exportHistogramCsv(path, error); }, has);
    densities.fileName = QStringLiteral("slip-events-densities.csv");
    return {ExportItem::plotItem(QStringLiteral("plot:space-time"), tr("Plot: space–time map…"), [this] { return m_map; }, has),
            ExportItem::plotItem(QStringLiteral("plot:sizes"), tr("Plot: slip-event sizes…"), [this] { return m_sizes; }, has), events,
            densities};
}

} // namespace fl::ui
