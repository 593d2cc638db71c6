// The main window in front of a hall: presenter mode (full screen), one theme and one scale for
// panels, plots and the mechanism, the plot layouts, a collapsible panel, and a window that never
// asks for more than the screen has.
#include "widgets/main_window.h"

#include "mechanism/mechanism_view.h"
#include "playback/playback_bar.h"
#include "presenter/presenter_bar.h"
#include "widgets/elided_label.h"
#include "widgets/lecture_keys.h"
#include "widgets/parameter_panel.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/time_history_plot.h"

#include <QAction>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>

#include <qcustomplot.h>

namespace fl::ui {

void MainWindow::buildPresenter()
{
    m_presenterBar = new PresenterBar(this);
    addToolBar(Qt::TopToolBarArea, m_presenterBar);
    for (QAction* action : m_presenterBar->shortcutActions())
        addAction(action);
    connect(m_presenterBar, &PresenterBar::appearanceRequested, this, &MainWindow::setAppearance);
    connect(m_presenterBar, &PresenterBar::layoutRequested, this, &MainWindow::setPlotLayout);
    connect(m_presenterBar, &PresenterBar::presenterToggled, this, &MainWindow::setPresenterMode);
    connect(m_presenterBar, &PresenterBar::panelToggled, this, &MainWindow::setPanelShown);
    setAppearance(currentAppearance());
    m_lectureKeys = new LectureKeys(this, [this] { focusLecture(); });
    m_lectureKeys->addLectureActions(m_presenterBar->shortcutActions());
    m_lectureKeys->addLectureActions(m_playbackBar->shortcutActions());
}

void MainWindow::focusLecture()
{
    QWidget* page = currentView();
    if (m_tabs->currentIndex() == 0) {
        if (m_mechanism->isVisible())
            return m_mechanism->setFocus(Qt::OtherFocusReason);
        if (m_activePlot && m_activePlot->isVisible())
            return m_activePlot->setFocus(Qt::OtherFocusReason);
    }
    page->setFocus(Qt::OtherFocusReason);
}

void MainWindow::fitToScreen()
{
    const QScreen* s = screen();
    const QRect available = s ? s->availableGeometry() : QRect(0, 0, 1400, 900);
    // Leave room for the window frame; never more than the screen has.
    const QSize size(std::min(1400, available.width() - 16), std::min(900, available.height() - 40));
    setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    resize(size);
    move(available.topLeft() + QPoint((available.width() - size.width()) / 2, (available.height() - size.height() - 30) / 2));
}

void MainWindow::setAppearance(const Appearance& appearance)
{
    setCurrentAppearance(appearance);
    const Appearance& a = currentAppearance();
    for (QCustomPlot* plot : findChildren<QCustomPlot*>()) {
        stylePlot(plot);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
    SceneStyle style = a.theme().scene;
    style.scale = a.scale;
    m_mechanism->setSceneStyle(style);
    m_presenterBar->showAppearance(a);
    fitPanelWidth();
    QMetaObject::invokeMethod(this, &MainWindow::fitPanes, Qt::QueuedConnection); // once the new fonts are laid out
    emit appearanceChanged();
}

void MainWindow::fitPanelWidth()
{
    // The panel as wide as its rows at the type size in force, but at most 40 % of the screen:
    // wider rows scroll sideways (a fixed 100 % width cut the rows off at larger scales).
    const QScreen* s = screen();
    const int screenWidth = s ? s->availableGeometry().width() : 1280;
    const int chrome = m_panelArea->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_panelArea)
                       + 2 * m_panelArea->frameWidth() + 4;
    const int rows = std::max(m_panel->sizeHint().width(), m_panel->minimumSizeHint().width());
    m_panelArea->setMinimumWidth(std::min(rows + chrome, screenWidth * 2 / 5));
}

namespace {

/// What the splitter has, in equal parts (sizes summing to more were shared out by the panes'
/// stretch: the time history kept 402 px, the bottom row 150).
void shareEvenly(QSplitter* splitter)
{
    const int total = splitter->orientation() == Qt::Vertical ? splitter->height() : splitter->width();
    const int count = std::max(1, splitter->count());
    splitter->setSizes(QList<int>(count, std::max(1, total / count)));
}

} // namespace

void MainWindow::setPlotLayout(PlotLayout layout)
{
    const bool changed = layout != m_plotLayout;
    m_plotLayout = layout;
    fitPanes();
    // A new layout shares the room evenly again: sizes left from another layout squeezed the
    // time history of "All views" to a strip under its own title.
    // Queued: the rows just shown are laid out first (sizes set before that were overridden).
    if (changed)
        QMetaObject::invokeMethod(
            this,
            [this] {
                for (auto* splitter : {qobject_cast<QSplitter*>(m_plotRows->parentWidget()), qobject_cast<QSplitter*>(m_plotRows),
                                       qobject_cast<QSplitter*>(m_bottomRow)})
                    if (splitter)
                        shareEvenly(splitter);
            },
            Qt::QueuedConnection);
    if (m_mechanismOnlyAction)
        m_mechanismOnlyAction->setChecked(layout == PlotLayout::MechanismOnly);
    m_presenterBar->showLayout(layout);
}

QSize MainWindow::minimumPaneSize()
{
    // A plot's title, legend, tick labels and some curve, at the type size in force.
    const double s = currentAppearance().scale;
    return {static_cast<int>(std::lround(220.0 * s)), static_cast<int>(std::lround(160.0 * s))};
}

void MainWindow::fitPanes()
{
    using L = PlotLayout;
    const L layout = m_plotLayout;
    bool mechanism = layout == L::All || layout == L::MechanismAndTimeHistory || layout == L::MechanismAndPhasePortrait
                     || layout == L::MechanismAndCharacteristic || layout == L::MechanismOnly;
    bool history = layout == L::All || layout == L::MechanismAndTimeHistory || layout == L::TimeHistoryOnly;
    bool phase = layout == L::All || layout == L::MechanismAndPhasePortrait || layout == L::PhasePortraitOnly;
    bool side = layout == L::All || layout == L::MechanismAndCharacteristic || layout == L::CharacteristicOnly;
    // The room the plots have: the splitter's size, within the tab's area (the whole area, not its
    // viewport: scroll bars coming and going would otherwise toggle the panes back and forth).
    auto* rows = qobject_cast<QSplitter*>(m_plotRows->parentWidget());
    auto* page = qobject_cast<QScrollArea*>(m_tabs->widget(0));
    QSize room = rows->size();
    if (page && page->height() > 0)
        room = room.boundedTo(QSize(page->width(), page->height() - m_playbackBar->height()));
    // Too little room for every pane at this scale: fewer, readable panes (the bottom row first,
    // then the second pane of a row) rather than plots squashed under their own titles.
    QStringList dropped;
    const QSize pane = minimumPaneSize();
    const QString sideName = m_sideTabs->tabText(m_sideTabs->currentIndex()).toLower();
    if ((mechanism || history) && (phase || side) && room.height() < 2 * pane.height()) {
        if (phase)
            dropped << tr("phase portrait");
        if (side)
            dropped << sideName;
        phase = side = false;
    }
    // No room for two panes side by side, or not even one plot's height (a scene caption at
    // 275 %): the mechanism alone, if the layout has it.
    if (mechanism && history && (room.width() < 2 * pane.width() || room.height() < pane.height())) {
        dropped << tr("time history");
        history = false;
    }
    if (phase && side && room.width() < 2 * pane.width()) {
        dropped << sideName;
        side = false;
    }
    m_mechanism->setVisible(mechanism);
    m_timeHistory->setVisible(history);
    m_plotRows->setVisible(mechanism || history);
    m_phasePortrait->setVisible(phase);
    m_sideTabs->setVisible(side);
    m_bottomRow->setVisible(phase || side);
    // Both rows kept: neither below a pane's height (a scene's caption taking height came out of
    // the bottom row alone, leaving its plots 25 px of axes).
    if ((mechanism || history) && (phase || side)) {
        const QList<int> sizes = rows->sizes();
        if (sizes.size() == 2 && std::min(sizes[0], sizes[1]) < pane.height())
            shareEvenly(rows);
    }
    const QString note = dropped.isEmpty() ? QString()
                                           : tr("At %1 % this window has room for fewer views: %2 hidden (Ctrl+− or a layout "
                                                "with fewer views shows them)")
                                                 .arg(std::lround(currentAppearance().scale * 100))
                                                 .arg(dropped.join(QStringLiteral(", ")));
    if (note != m_droppedNote) {
        // The old note goes with the condition it described (it stayed after Ctrl+0).
        if (note.isEmpty() && !m_droppedNote.isEmpty() && m_message->fullText() == m_droppedNote)
            showMessage(QString());
        m_droppedNote = note;
        if (!note.isEmpty())
            showMessage(note);
    }
}

void MainWindow::setPresenterMode(bool on)
{
    // Only a change: showNormal() would also show a hidden window and undo a maximised one.
    if (on && !isFullScreen())
        showFullScreen();
    else if (!on && isFullScreen())
        showNormal();
    const QSignalBlocker block(m_presenterBar->presenterAction());
    m_presenterBar->presenterAction()->setChecked(on);
}

void MainWindow::setPanelShown(bool shown)
{
    m_panelArea->setVisible(shown);
    const QSignalBlocker block(m_presenterBar->panelAction());
    m_presenterBar->panelAction()->setChecked(shown);
}

bool MainWindow::isPanelShown() const
{
    return !m_panelArea->isHidden();
}

} // namespace fl::ui
