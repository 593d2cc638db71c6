#include "widgets/view_exporter.h"
#include "bridge/job_runner.h"
#include "widgets/plot_export.h"

#include <qcustomplot.h>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QToolButton>

namespace fl::ui {
namespace {

/// One folder for every export of the program run: a user exporting several views' plots picks
/// it once.
QString& directory()
{
    static QString dir = QDir::homePath();
    return dir;
}

ViewExporter::PathChooser& pathChooser()
{
    static ViewExporter::PathChooser chooser;
    return chooser;
}

} // namespace

ExportItem ExportItem::plotItem(const QString& id, const QString& label, std::function<QCustomPlot*()> plot,
                                std::function<bool()> available)
{
    ExportItem item;
    item.id = id;
    item.label = label;
    item.kind = Kind::Plot;
    item.caption = QObject::tr("Export plot");
    item.filter = plotFileFilter();
    item.plot = std::move(plot);
    item.available = std::move(available);
    return item;
}

ExportItem ExportItem::dataItem(const QString& id, const QString& label, const QString& caption, const QString& filter,
                                Writer write, std::function<bool()> available)
{
    ExportItem item;
    item.id = id;
    item.label = label;
    item.kind = Kind::Data;
    item.caption = caption;
    item.filter = filter;
    item.write = std::move(write);
    item.available = std::move(available);
    return item;
}

ViewExporter::ViewExporter(QWidget* owner, Items items) : QObject(owner), m_owner(owner), m_items(std::move(items)) {}

ViewExporter::~ViewExporter() { waitForWrites(); } // queued writes too: an export asked for is written

ViewExporter* ViewExporter::of(const QWidget* view)
{
    return view ? view->findChild<ViewExporter*>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

ExportItem ViewExporter::item(const QString& id) const
{
    for (const ExportItem& item : m_items())
        if (item.id == id)
            return item;
    return {};
}

void ViewExporter::fillMenu(QMenu* menu)
{
    const QList<ExportItem> all = m_items();
    for (const ExportItem::Kind kind : {ExportItem::Kind::Plot, ExportItem::Kind::Data}) {
        bool first = true;
        for (const ExportItem& item : all) {
            if (item.kind != kind)
                continue;
            if (first && kind == ExportItem::Kind::Data && !menu->isEmpty())
                menu->addSeparator();
            first = false;
            QAction* action = menu->addAction(item.label, this, [this, id = item.id] { run(id); });
            action->setObjectName(QStringLiteral("export:") + item.id);
            action->setEnabled(item.isAvailable());
        }
    }
}

QToolButton* ViewExporter::makeButton(QWidget* parent, const QString& toolTip)
{
    auto* button = new QToolButton(parent);
    button->setText(tr("Export"));
    button->setToolTip(toolTip);
    button->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(button);
    button->setMenu(menu);
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        menu->clear();
        fillMenu(menu);
    });
    return button;
}

void ViewExporter::execPlotMenu(QCustomPlot* plot, const QPoint& position)
{
    QMenu menu(m_owner);
    for (const ExportItem& item : m_items()) {
        const bool own = item.plot && item.plot() == plot;
        QAction* action = nullptr;
        if (item.kind == ExportItem::Kind::Plot && own)
            action = menu.addAction(tr("Export plot (PNG, SVG, PDF)…"), this, [this, id = item.id] { run(id); });
        else if (item.kind == ExportItem::Kind::Data && !item.contextLabel.isEmpty() && (!item.plot || own))
            action = menu.addAction(item.contextLabel, this, [this, id = item.id] { run(id); });
        if (action) {
            action->setObjectName(QStringLiteral("export:") + item.id);
            action->setEnabled(item.isAvailable());
        }
    }
    if (!menu.isEmpty())
        menu.exec(plot->mapToGlobal(position));
}

void ViewExporter::run(const ExportItem& item)
{
    if (item.id.isEmpty() || !item.isAvailable())
        return;
    const QString path = askPath(item);
    if (path.isEmpty())
        return;
    if (item.kind == ExportItem::Kind::Data && item.prepareOffThread) {
        writeInBackground(path, item.prepareOffThread());
        return;
    }
    QString error;
    const bool ok = write(item, path, &error);
    report(path, ok, error, item.kind == ExportItem::Kind::Plot);
}

bool ViewExporter::write(const ExportItem& item, const QString& path, QString* error)
{
    if (!item.isAvailable()) {
        if (error)
            *error = tr("there is nothing to export yet");
        return false;
    }
    if (item.kind == ExportItem::Kind::Plot) {
        QCustomPlot* plot = item.plot ? item.plot() : nullptr;
        if (!plot) {
            if (error)
                *error = tr("there is no plot to export");
            return false;
        }
        return exportPlot(plot, path, error);
    }
    if (item.prepareOffThread)
        return item.prepareOffThread()(path, error);
    return item.write && item.write(path, error);
}

void ViewExporter::setPathChooserForTesting(PathChooser chooser) { pathChooser() = std::move(chooser); }

QString ViewExporter::askPath(const ExportItem& item)
{
    const QString suggested = item.fileName.isEmpty() ? directory() : QDir(directory()).filePath(item.fileName);
    const QString path = pathChooser() ? pathChooser()(item.caption, suggested, item.filter)
                                       : QFileDialog::getSaveFileName(m_owner, item.caption, suggested, item.filter);
    if (!path.isEmpty())
        directory() = QFileInfo(path).absolutePath();
    return path;
}

void ViewExporter::report(const QString& path, bool ok, const QString& error, bool plot)
{
    if (ok) {
        emit saved(path, plot);
        return;
    }
    QMessageBox::warning(m_owner, tr("Export failed"), tr("Could not write %1:\n%2").arg(QDir::toNativeSeparators(path), error));
    emit failed(path, error);
}

void ViewExporter::writeInBackground(const QString& path, ExportItem::Writer write)
{
    struct Outcome {
        bool ok = false;
        QString error;
    };
    auto* writer = new JobRunner(JobLane::Export, this);
    writer->start(
        [write = std::move(write), path](JobContext&) {
            Outcome outcome;
            outcome.ok = write(path, &outcome.error);
            return outcome;
        },
        [this, writer, path](const Outcome& outcome) {
            writer->deleteLater();
            report(path, outcome.ok, outcome.error, false);
        });
    connect(writer, &JobRunner::statusChanged, this, [this, writer, path](JobStatus status) {
        if (status != JobStatus::Failed) // an exception in the writer: no result comes
            return;
        writer->deleteLater();
        report(path, false, writer->errorMessage(), false);
    });
}

void ViewExporter::waitForWrites()
{
    for (JobRunner* writer : findChildren<JobRunner*>(Qt::FindDirectChildrenOnly))
        writer->waitForDone();
}

} // namespace fl::ui
