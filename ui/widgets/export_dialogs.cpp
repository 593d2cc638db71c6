#include "widgets/export_dialogs.h"
#include "bridge/thread_handoff.h"
#include "widgets/data_export.h"
#include "widgets/plot_export.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QWidget>

namespace fl::ui {

ExportDialogs::ExportDialogs(QWidget* window) : QObject(window), m_window(window), m_directory(QDir::homePath()) {}

void ExportDialogs::exportPlot(QCustomPlot* plot, const QString& plotTitle)
{
    QString fileName = plotTitle.toLower().replace(QLatin1Char(' '), QLatin1Char('_')) + QStringLiteral(".png");
    const QString path = askPath(tr("Export %1 plot").arg(plotTitle), fileName, plotFileFilter());
    if (path.isEmpty())
        return;
    QString error;
    if (fl::ui::exportPlot(plot, path, &error))
        emit saved(path);
    else
        reportFailure(path, error);
}

void ExportDialogs::exportRunCsv(const RunOutputPtr& run)
{
    const QString path = askPath(tr("Export data as CSV"), QStringLiteral("frictionlab_run.csv"), tr("CSV file (*.csv)"));
    if (!path.isEmpty())
        writeInBackground(path, [run, path](QString* error) { return fl::ui::exportRunCsv(*run, path, error); });
}

void ExportDialogs::exportEventsCsv(const RunOutputPtr& run)
{
    const QString path = askPath(tr("Export events as CSV"), QStringLiteral("frictionlab_events.csv"), tr("CSV file (*.csv)"));
    if (!path.isEmpty())
        writeInBackground(path, [run, path](QString* error) { return fl::ui::exportEventsCsv(*run, path, error); });
}

QString ExportDialogs::askPath(const QString& caption, const QString& fileName, const QString& filter)
{
    const QString path = QFileDialog::getSaveFileName(m_window, caption, QDir(m_directory).filePath(fileName), filter);
    if (!path.isEmpty())
        m_directory = QFileInfo(path).absolutePath();
    return path;
}

void ExportDialogs::reportFailure(const QString& path, const QString& reason)
{
    QMessageBox::warning(m_window, tr("Export failed"),
                         tr("Could not write %1:\n%2").arg(QDir::toNativeSeparators(path), reason));
}

void ExportDialogs::writeInBackground(const QString& path, std::function<bool(QString*)> write)
{
    struct Outcome {
        bool ok = false;
        QString error;
    };
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, path] {
        handoff::acquire(watcher);
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        if (outcome.ok)
            emit saved(path);
        else
            reportFailure(path, outcome.error);
    });
    watcher->setFuture(handoff::run(&m_pool, [write = std::move(write)] {
        Outcome outcome;
        outcome.ok = write(&outcome.error);
        return outcome;
    }, watcher));
}

} // namespace fl::ui
