#include "analysis/long_run_controls.h"
#include "presenter/appearance.h"
#include "analysis/analysis_text.h"
#include "widgets/view_exporter.h"

#include <QApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace fl::ui {

LongRunControls::LongRunControls(const Texts& texts, QWidget* parent) : QWidget(parent)
{
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    // The widget may be narrower than the one-row layout: it then stacks (resizeEvent).
    m_layout->setSizeConstraint(QLayout::SetNoConstraint);
    m_row = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progressFormat = texts.progressFormat;
    m_progress->setFormat(tr("Not started")); // not "0 / 1 points" before anything ran
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_timeLeft = new QLabel(this);
    m_timeLeft->setObjectName(QStringLiteral("timeLeft"));

    m_start = new QPushButton(tr("Start"), this);
    m_start->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(texts.cancelTip);
    m_resetView = new QPushButton(tr("Reset view"), this);
    m_resetView->setToolTip(texts.resetViewTip);
    m_exportPlot = new QPushButton(tr("Export plot…"), this);
    m_exportPlot->setToolTip(texts.exportPlotTip);
    m_exportCsv = new QPushButton(tr("Export CSV…"), this);
    m_exportCsv->setToolTip(texts.exportCsvTip);
    m_meter = new QHBoxLayout;
    m_meter->addWidget(m_progress, 1);
    m_meter->addWidget(m_timeLeft);
    m_row->addWidget(m_start);
    m_row->addWidget(m_cancel);
    m_tools = new QHBoxLayout;
    m_optionIndex = 0;
    m_tools->addWidget(m_resetView);
    m_tools->addWidget(m_exportPlot);
    m_tools->addWidget(m_exportCsv);
    // One row (meter, Start/Cancel, the tools), or the tools on a second row where that does not
    // fit (one row at 200 % made the Bifurcation and Map tabs wider than a 1280-pixel window).
    m_grid = new QGridLayout;
    m_grid->setHorizontalSpacing(12);
    m_grid->addLayout(m_meter, 0, 0);
    m_grid->addLayout(m_row, 0, 1);
    m_grid->addLayout(m_tools, 0, 2);
    m_grid->setColumnStretch(0, 1);
    m_layout->addLayout(m_grid);
    arrangeForTypeSize();
    connect(qApp, &QGuiApplication::fontChanged, this, &LongRunControls::arrangeForTypeSize);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_layout->addWidget(m_status);
    connect(m_start, &QPushButton::clicked, this, &LongRunControls::startClicked);
    connect(m_cancel, &QPushButton::clicked, this, &LongRunControls::cancelClicked);
    connect(m_resetView, &QPushButton::clicked, this, &LongRunControls::resetViewClicked);
}

void LongRunControls::arrangeForTypeSize()
{
    m_timeLeft->setMinimumWidth(QFontMetrics(QApplication::font()).horizontalAdvance(tr("99 min 59 s left")));
    arrange();
    updateGeometry();
}

int LongRunControls::meterWidth() const
{
    // The time left and room for a progress bar of about 16 characters.
    return m_timeLeft->minimumWidth() + 16 * QFontMetrics(QApplication::font()).averageCharWidth();
}

void LongRunControls::arrange()
{
    const int spacing = m_grid->horizontalSpacing();
    const bool oneRow = width() >= meterWidth() + m_row->sizeHint().width() + m_tools->sizeHint().width() + 2 * spacing;
    if (oneRow == m_oneRow)
        return;
    m_oneRow = oneRow;
    m_grid->removeItem(m_tools);
    if (oneRow)
        m_grid->addLayout(m_tools, 0, 2);
    else
        m_grid->addLayout(m_tools, 1, 0, 1, 2, Qt::AlignRight);
    updateGeometry(); // the height changes
}

QSize LongRunControls::minimumSizeHint() const
{
    // Two rows: the meter with Start and Cancel, the tools under them.
    const int width = std::max(meterWidth() + m_row->minimumSize().width() + m_grid->horizontalSpacing(), m_tools->minimumSize().width());
    return {width, m_layout->minimumSize().height()};
}

void LongRunControls::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrange();
}

void LongRunControls::addOption(QWidget* option)
{
    option->setParent(this);
    m_tools->insertWidget(m_optionIndex++, option);
}

void LongRunControls::addLine(QWidget* line)
{
    line->setParent(this);
    m_layout->insertWidget(m_layout->indexOf(m_status), line);
}

void LongRunControls::setProgress(long done, long total)
{
    const auto clamp = [](long v) { return int(std::clamp<long>(v, 0, std::numeric_limits<int>::max())); };
    m_progress->setFormat(m_progressFormat);
    m_progress->setRange(0, std::max(1, clamp(total)));
    m_progress->setValue(clamp(done));
}

void LongRunControls::setSecondsLeft(double seconds)
{
    m_timeLeft->setText(seconds < 0.0 ? QString() : tr("%1 left").arg(durationText(seconds)));
}

void LongRunControls::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    setScaledStyleSheet(m_status, error ? QStringLiteral("color: #c0392b;") : QString());
}

QString LongRunControls::statusText() const { return m_status->text(); }

void LongRunControls::setButtons(bool running, bool canStart, const QString& startTip, bool canExportPlot, bool canExportCsv)
{
    m_start->setEnabled(!running && canStart);
    m_start->setToolTip(startTip);
    m_cancel->setEnabled(running);
    m_exportPlot->setEnabled(canExportPlot);
    m_exportCsv->setEnabled(canExportCsv);
}

void LongRunControls::connectExports(ViewExporter* exporter, const QString& plotId, const QString& csvId)
{
    connect(m_exportPlot, &QPushButton::clicked, exporter, [exporter, plotId] { exporter->run(plotId); });
    connect(m_exportCsv, &QPushButton::clicked, exporter, [exporter, csvId] { exporter->run(csvId); });
    connect(exporter, &ViewExporter::saved, this, [this](const QString& path, bool plot) {
        setStatus(plot ? tr("Plot written to %1").arg(path) : tr("Data written to %1").arg(path));
    });
    connect(exporter, &ViewExporter::failed, this,
            [this](const QString&, const QString& reason) { setStatus(tr("Export failed: %1").arg(reason), true); });
}

} // namespace fl::ui
