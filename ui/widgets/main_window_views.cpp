// The main window's tabs and side tabs: each view in a scroll area (a view larger than the room
// scrolls instead of making the window outgrow the screen), the views behind the pages, Alt+N,
// and what Stop (Esc) does in each tab.
#include "widgets/main_window.h"

#include "bridge/simulation_controller.h"

#include <QAction>
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
    return index;
}

void MainWindow::addSideView(QWidget* view, const QString& title)
{
    m_sideTabs->addTab(scrollingPage(view), title);
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
