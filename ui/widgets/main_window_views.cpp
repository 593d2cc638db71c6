// The main window's tabs and side tabs: each view in a scroll area (a view larger than the room
// scrolls instead of making the window outgrow the screen), the views behind the pages, Alt+N,
// and what Stop (Esc) does in each tab.
#include "widgets/main_window.h"

#include "bridge/simulation_controller.h"
#include "widgets/data_export.h"
#include "widgets/run_plot.h"
#include "widgets/view_exporter.h"

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QScrollArea>
#include <QTabWidget>

namespace fl::ui {

namespace {

/// The view a tab's page holds (the page itself for a tab added without a scroll area).
QWidget* viewOf(QWidget* page)
{
    auto* area = qobject_cast<QScrollArea*>(page);
    return area && area->widget() ? area->widget() : page;
}

/// Brings the tab of tabs whose page holds view to the front.
void showViewIn(QTabWidget* tabs, const QWidget* view)
{
    for (int i = 0; i < tabs->count(); ++i)
        if (viewOf(tabs->widget(i)) == view)
            tabs->setCurrentIndex(i);
}

} // namespace

QScrollArea* MainWindow::scrollingPage(QWidget* view)
{
    // Frameless; it scrolls only when the view's minimum size exceeds the room.
    auto* page = new QScrollArea;
    page->setObjectName(view->objectName().isEmpty() ? QStringLiteral("viewPage") : view->objectName() + QStringLiteral("Page"));
    page->setFrameShape(QFrame::NoFrame);
    page->setWidgetResizable(true);
    page->setWidget(view);
    return page;
}

QWidget* MainWindow::viewAt(int index) const
{
    return viewOf(m_tabs->widget(index));
}

QWidget* MainWindow::currentView() const
{
    return viewOf(m_tabs->currentWidget());
}

void MainWindow::showView(QWidget* view)
{
    showViewIn(m_tabs, view);
}

int MainWindow::addTab(QWidget* view, const QString& title)
{
    const int index = m_tabs->addTab(scrollingPage(view), title);
    // Alt+1, Alt+2, ... switch tabs.
    auto* shortcut = new QAction(this);
    shortcut->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + index)));
    connect(shortcut, &QAction::triggered, this, [this, index] {
        if (m_tabs->isTabVisible(index)) // a tab for one system only (Slip events) may be hidden
            m_tabs->setCurrentIndex(index);
    });
    addAction(shortcut);
    m_tabs->setTabToolTip(index, tr("%1 (Alt+%2)").arg(title).arg(index + 1));
    showSavedFiles(view);
    return index;
}

void MainWindow::addSideView(QWidget* view, const QString& title)
{
    const int index = m_sideTabs->addTab(scrollingPage(view), title);
    m_sideTabs->setTabToolTip(index, title); // the whole name where the tab is cut short
    showSavedFiles(view);
}

void MainWindow::showSavedFiles(QWidget* view)
{
    if (ViewExporter* exporter = ViewExporter::of(view))
        connect(exporter, &ViewExporter::saved, this,
                [this](const QString& path) { showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path))); });
}

QList<ExportItem> MainWindow::exportItems()
{
    const auto csv = [this](const QString& id, const QString& label, const QString& caption, const QString& fileName,
                            bool (*write)(const RunOutput&, const QString&, QString*), bool needsModes) {
        ExportItem item = ExportItem::dataItem(id, label, caption, tr("CSV file (*.csv)"), {}, [this, needsModes] {
            return m_run && (!needsModes || !m_run->result.mode.empty());
        });
        item.fileName = fileName;
        // A long run's CSV is hundreds of megabytes: written off the GUI thread from the immutable run.
        item.prepareOffThread = [this, write] {
            return ExportItem::Writer([run = m_run, write](const QString& path, QString* error) { return write(*run, path, error); });
        };
        return item;
    };
    ExportItem plot = ExportItem::plotItem(QStringLiteral("plot:selected"), m_exportPlotAction->text(), [this] { return m_activePlot; });
    plot.caption = tr("Export %1 plot").arg(m_activePlot->title());
    plot.fileName = m_activePlot->title().toLower().replace(QLatin1Char(' '), QLatin1Char('_')) + QStringLiteral(".png");
    return {plot,
            csv(QStringLiteral("csv:run"), m_exportCsvAction->text(), tr("Export data as CSV"), QStringLiteral("simulation-run.csv"),
                &fl::ui::exportRunCsv, false),
            csv(QStringLiteral("csv:events"), m_exportEventsAction->text(), tr("Export events as CSV"),
                QStringLiteral("simulation-events.csv"), &fl::ui::exportEventsCsv, true)};
}

void MainWindow::fillTabExportMenu(QMenu* menu)
{
    menu->clear();
    if (m_tabs->currentIndex() == 0) {
        m_export->fillMenu(menu);
        // The side tab in front (Poincaré section, Lyapunov) is part of the simulation's page.
        if (ViewExporter* side = ViewExporter::of(currentSideView())) {
            menu->addSection(m_sideTabs->tabText(m_sideTabs->currentIndex()));
            side->fillMenu(menu);
        }
    } else if (ViewExporter* exporter = ViewExporter::of(currentView())) {
        exporter->fillMenu(menu);
    }
    if (menu->isEmpty())
        menu->addAction(tr("Nothing to export on this tab"))->setEnabled(false);
}

QWidget* MainWindow::currentSideView() const
{
    return viewOf(m_sideTabs->currentWidget());
}

void MainWindow::showSideView(QWidget* view)
{
    showViewIn(m_sideTabs, view);
}

void MainWindow::setTabStop(QWidget* view, std::function<bool()> stop)
{
    m_tabStops[view] = std::move(stop);
}

void MainWindow::stop()
{
    // Esc stops what the tab in front is doing (a sweep), else the run.
    const auto it = m_tabStops.find(currentView());
    if (it != m_tabStops.end() && it->second())
        return;
    m_controller->cancel();
}

} // namespace fl::ui
