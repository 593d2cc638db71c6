#include "analysis/contact_explorer.h"
#include "presenter/appearance.h"
#include "bridge/thread_handoff.h"
#include "analysis/analysis_view_parts.h"
#include "analysis/contact_controls.h"
#include "analysis/contact_plot.h"
#include "widgets/data_export.h"
#include "widgets/plot_export.h"
#include "widgets/view_exporter.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include <limits>
#include <numbers>

namespace fl::ui {
namespace {

const QColor kIntegralColor(0x30, 0x30, 0x30);
const QColor kI00Color(0x1f, 0x77, 0xb4);
const QColor kI11Color(0xd6, 0x27, 0x28);
const QColor kLevelColor(0x80, 0x80, 0x80);
QString i11Missing() { return QObject::tr("I(1,1) not shown: it needs circularly symmetric pressure (Acta Mech (3))."); }

} // namespace

ContactExplorer::ContactExplorer(QWidget* parent) : QWidget(parent), m_controls(new ContactControls(this))
{
    QScrollArea* scroll = makeSetupColumn(this, m_controls);

    auto* right = new QVBoxLayout;
    auto* grid = new QGridLayout;
    buildPlots();
    for (size_t i = 0; i < m_plots.size(); ++i)
        grid->addWidget(m_plots[i], static_cast<int>(i / 2), static_cast<int>(i % 2));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("contactStatus"));
    m_status->setWordWrap(true);
    right->addLayout(grid, 1);
    right->addWidget(m_status);

    auto* layout = new QHBoxLayout(this);
    layout->addWidget(scroll);
    layout->addLayout(right, 1);

    connect(m_controls, &ContactControls::settingsChanged, this, &ContactExplorer::onSettingsChanged);
    connect(m_controls, &ContactControls::inputRejected, this, &ContactExplorer::onInputRejected);
    connect(m_controls, &ContactControls::fitRequested, this, &ContactExplorer::fit);
    connect(&m_curveJobs, &JobRunner::statusChanged, this, [this](JobStatus status) {
        if (status != JobStatus::Failed)
            return;
        m_computing = false;
        m_inputError = m_curveJobs.errorMessage();
        updateStatus();
    });
    connect(&m_fit, &JobRunner::statusChanged, this, [this](JobStatus status) {
        if (status == JobStatus::Failed)
            m_controls->setFitRunning(false);
    });
    refresh();
}

ContactExplorer::~ContactExplorer() = default; // the runners wait for their tasks

void ContactExplorer::buildPlots()
{
    const std::vector<std::string>& titles = fl::ContactAnalysis::titles(); // the CSVs' titles too
    for (size_t i = 0; i < m_plots.size(); ++i)
        m_plots[i] = new ContactPlot(QString::fromStdString(titles[i]), this);
    ContactPlot* sliding = slidingPlot();
    sliding->addModelCurve(QStringLiteral("T_sx integral"), kIntegralColor, Qt::SolidLine, 2.4);
    sliding->addModelCurve(QStringLiteral("T_sx I(0,0)"), kI00Color, Qt::SolidLine);
    sliding->addModelCurve(QStringLiteral("T_sx I(1,1)"), kI11Color, Qt::SolidLine);
    sliding->addModelCurve(QStringLiteral("M_s integral"), kIntegralColor, Qt::DashLine, 2.4);
    sliding->addModelCurve(QStringLiteral("M_s I(0,0)"), kI00Color, Qt::DashLine);
    sliding->addModelCurve(QStringLiteral("M_s I(1,1)"), kI11Color, Qt::DashLine);
    // Ticks at multiples of pi/8, as the papers draw theta.
    QSharedPointer<QCPAxisTickerText> piTicker(new QCPAxisTickerText);
    piTicker->addTick(0.0, QStringLiteral("0"));
    piTicker->addTick(std::numbers::pi / 8, QStringLiteral("π/8"));
    piTicker->addTick(std::numbers::pi / 4, QStringLiteral("π/4"));
    piTicker->addTick(3 * std::numbers::pi / 8, QStringLiteral("3π/8"));
    piTicker->addTick(std::numbers::pi / 2, QStringLiteral("π/2"));
    sliding->xAxis->setTicker(piTicker);
    sliding->yAxis->setLabel(QStringLiteral("T_sx (solid), M_s (dashed)"));

    ContactPlot* law = lawPlot();
    law->addModelCurve(QStringLiteral("T_sxε I(1,1)"), kI11Color, Qt::SolidLine);
    law->addModelCurve(QStringLiteral("T_sxε I(0,0)"), kI00Color, Qt::SolidLine);
    law->addModelCurve(QStringLiteral("kinetic level"), kLevelColor, Qt::DotLine, 1.2);
    law->addModelCurve(QStringLiteral("M_sε I(1,1)"), kI11Color, Qt::DashLine);
    law->addModelCurve(QStringLiteral("M_sε I(0,0)"), kI00Color, Qt::DashLine);
    law->addModelCurve(QStringLiteral("η × kinetic level"), kLevelColor, Qt::DashDotLine, 1.2);
    law->yAxis->setLabel(QStringLiteral("T_sxε (solid), M_sε (dashed)"));

    for (ContactPlot* plot : {sectionPlot(), tractionPlot()}) {
        plot->addModelCurve(QStringLiteral("integral"), kIntegralColor, Qt::SolidLine, 2.4);
        plot->addModelCurve(QStringLiteral("I(0,0)"), kI00Color, Qt::SolidLine);
        plot->addModelCurve(QStringLiteral("I(1,1)"), kI11Color, Qt::DashLine);
        plot->setEqualAspect(true);
    }
    sectionPlot()->xAxis->setLabel(QStringLiteral("T_sx"));
    sectionPlot()->yAxis->setLabel(QStringLiteral("M_s"));
    tractionPlot()->xAxis->setLabel(QStringLiteral("T_sx"));
    tractionPlot()->yAxis->setLabel(QStringLiteral("T_sy"));
    m_exporter = new ViewExporter(this, [this] { return exportItems(); });
    for (ContactPlot* plot : m_plots) {
        plot->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(plot, &QWidget::customContextMenuRequested, this, [this, plot](const QPoint& p) { m_exporter->execPlotMenu(plot, p); });
    }
}

void ContactExplorer::refresh() { onSettingsChanged(m_controls->settings()); }

QJsonObject ContactExplorer::saveSetup() const { return m_controls->saveSetup(); }

void ContactExplorer::restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings)
{
    if (m_controls->restoreSetup(setup, path, warnings))
        refresh();
}

void ContactExplorer::onSettingsChanged(const ContactSettings& settings)
{
    m_inputError.clear();
    m_computing = true;
    updateStatus();
    // A request still queued behind the running one is superseded: it never starts.
    m_curveJobs.start([this, settings, cached = m_cache](JobContext&) {
        ContactCurvesPtr curves = computeContactCurves(settings, cached);
        // Even a superseded request's integral samples are kept (the runner drops its curves):
        // posted before the runner's own hand-over, so they arrive first.
        handoff::post(this, [this, integral = curves->integral] { m_cache = integral; });
        return curves;
    }, [this](const ContactCurvesPtr& curves) { showCurves(curves); });
}

void ContactExplorer::onInputRejected(const QString& message)
{
    m_inputError = message;
    updateStatus();
}

void ContactExplorer::showCurves(const ContactCurvesPtr& curves)
{
    m_curves = curves;
    m_computing = false;
    const std::vector<fl::ContactTable> tables = fl::ContactAnalysis::tables(*curves);
    for (size_t i = 0; i < m_plots.size(); ++i) {
        m_plots[i]->showTable(tables[i]);
        m_plots[i]->setNote(curves->i11 ? QString() : i11Missing());
        m_plots[i]->updateRange();
    }
    for (ContactPlot* plot : {slidingPlot(), lawPlot()})
        plot->setLegendColumns(curves->i11 ? 3 : 2);
    m_controls->showRms(curves->i00.rms, curves->i11 ? curves->i11->rms : -1.0);
    updateStatus();
    emit curvesShown();
}

void ContactExplorer::fit()
{
    const ContactSettings& settings = m_controls->settings();
    if (!settings.supportsI11() || m_fit.isRunning())
        return;
    m_controls->setFitRunning(true);
    m_fit.start([shape = settings.contactShape()](JobContext&) { return fitContact(shape); }, [this](const ContactFit& result) {
        m_controls->setFitRunning(false);
        // A fit of a contact that has since changed does not belong to it.
        if (!(result.shape == m_controls->settings().contactShape()))
            return;
        m_controls->applyFit(result);
        setupEdited(); // the fitted fields: a step, as the click that asked for them
        emit fitFinished();
    });
}

QString ContactExplorer::statusText() const { return m_status->text(); }

void ContactExplorer::updateStatus()
{
    if (!m_inputError.isEmpty()) {
        setScaledStyleSheet(m_status, QStringLiteral("color: #c0392b;"));
        m_status->setText(tr("%1 — the curves show the last accepted input.").arg(m_inputError));
        return;
    }
    setScaledStyleSheet(m_status, QString());
    if (m_computing) {
        m_status->setText(tr("Computing the curves…"));
        return;
    }
    if (!m_curves)
        return;
    const IntegralSamples& s = *m_curves->integral;
    m_status->setText(tr("%1. Integral model (JTAM (2.2), tolerance 1e-11): %2 evaluations in %3 ms (%4 per second); "
                         "all curves in %5 ms.")
                          .arg(QString::fromStdString(s.shape.description()))
                          .arg(s.evaluations)
                          .arg(s.seconds * 1e3, 0, 'f', 1)
                          .arg(s.seconds > 0.0 ? QString::number(s.evaluations / s.seconds, 'f', 0) : QStringLiteral("–"))
                          .arg(m_curves->seconds * 1e3, 0, 'f', 1));
}

bool ContactExplorer::exportPlot(ContactPlot* plot, const QString& path, QString* error)
{
    return fl::ui::exportPlot(plot, path, error);
}

bool ContactExplorer::exportCsv(ContactPlot* plot, const QString& path, QString* error)
{
    const auto index = std::find(m_plots.begin(), m_plots.end(), plot) - m_plots.begin();
    if (!m_curves || index >= static_cast<std::ptrdiff_t>(m_plots.size())) {
        if (error)
            *error = tr("no curves to export yet");
        return false;
    }
    const fl::ContactTable table = fl::ContactAnalysis::tables(*m_curves)[size_t(index)];
    return writeFileAtomically(path, QByteArray::fromStdString(fl::ContactAnalysis::tableCsv(table, m_curves->settings)), error);
}

QList<ExportItem> ContactExplorer::exportItems()
{
    static const char* const names[] = {"sliding", "law", "section", "traction"}; // ContactAnalysis::tables()
    QList<ExportItem> items;
    for (size_t i = 0; i < m_plots.size(); ++i) {
        ContactPlot* plot = m_plots[i];
        items << ExportItem::plotItem(QStringLiteral("plot:%1").arg(i), tr("Plot: %1…").arg(plot->title()), [plot] { return plot; });
        ExportItem csv = ExportItem::dataItem(
            QStringLiteral("csv:%1").arg(i), tr("Data: %1 (CSV)…").arg(plot->title()), tr("Export plot data"), tr("CSV (*.csv)"),
            [this, plot](const QString& path, QString* error) { return exportCsv(plot, path, error); }, [this] { return m_curves != nullptr; });
        csv.fileName = QStringLiteral("contact-%1.csv").arg(QLatin1String(names[i]));
        csv.plot = [plot] { return plot; };
        csv.contextLabel = tr("Export data (CSV)…");
        items << csv;
    }
    return items;
}

} // namespace fl::ui
