#include "analysis/long_run_controls.h"
#include "analysis/analysis_text.h"
#include "widgets/view_exporter.h"

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
    m_row = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progressFormat = texts.progressFormat;
    m_progress->setFormat(tr("Not started")); // not "0 / 1 points" before anything ran
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_timeLeft = new QLabel(this);
    m_timeLeft->setObjectName(QStringLiteral("timeLeft"));
    m_timeLeft->setMinimumWidth(m_timeLeft->fontMetrics().horizontalAdvance(tr("99 min 59 s left")));
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
    m_row->addWidget(m_progress, 1);
    m_row->addWidget(m_timeLeft);
    m_row->addWidget(m_start);
    m_row->addWidget(m_cancel);
    m_row->addSpacing(12);
    m_optionIndex = m_row->count();
    m_row->addWidget(m_resetView);
    m_row->addWidget(m_exportPlot);
    m_row->addWidget(m_exportCsv);
    m_layout->addLayout(m_row);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_layout->addWidget(m_status);
    connect(m_start, &QPushButton::clicked, this, &LongRunControls::startClicked);
    connect(m_cancel, &QPushButton::clicked, this, &LongRunControls::cancelClicked);
    connect(m_resetView, &QPushButton::clicked, this, &LongRunControls::resetViewClicked);
}

void LongRunControls::addOption(QWidget* option)
{
    option->setParent(this);
    m_row->insertWidget(m_optionIndex++, option);
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
    m_status->setStyleSheet(error ? QStringLiteral("color: #c0392b;") : QString());
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
