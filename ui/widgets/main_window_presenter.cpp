// The main window in front of a hall: presenter mode (full screen), one theme and one scale for
// panels, plots and the mechanism, the plot layouts, a collapsible panel, and a window that never
// asks for more than the screen has.
#include "widgets/main_window.h"

#include "mechanism/mechanism_view.h"
#include "presenter/presenter_bar.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/time_history_plot.h"

#include <QAction>
#include <QScreen>
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
    emit appearanceChanged();
}

void MainWindow::setPlotLayout(PlotLayout layout)
{
    m_plotLayout = layout;
    using L = PlotLayout;
    const bool mechanism = layout == L::All || layout == L::MechanismAndTimeHistory || layout == L::MechanismAndPhasePortrait
                           || layout == L::MechanismAndCharacteristic || layout == L::MechanismOnly;
    const bool history = layout == L::All || layout == L::MechanismAndTimeHistory || layout == L::TimeHistoryOnly;
    const bool phase = layout == L::All || layout == L::MechanismAndPhasePortrait || layout == L::PhasePortraitOnly;
    const bool side = layout == L::All || layout == L::MechanismAndCharacteristic || layout == L::CharacteristicOnly;
    m_mechanism->setVisible(mechanism);
    m_timeHistory->setVisible(history);
    m_plotRows->setVisible(mechanism || history);
    m_phasePortrait->setVisible(phase);
    m_sideTabs->setVisible(side);
    m_bottomRow->setVisible(phase || side);
    if (m_mechanismOnlyAction)
        m_mechanismOnlyAction->setChecked(layout == L::MechanismOnly);
    m_presenterBar->showLayout(layout);
}

void MainWindow::setPresenterMode(bool on)
{
    if (on)
        showFullScreen();
    else
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
