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
    connect(m_presenterBar, &PresenterBar::panelToggled, this, &MainWindow::togglePanel);
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
        replotWhenShown(plot); // a hidden tab's plots when it is shown
    }
    SceneStyle style = a.theme().scene;
    style.scale = a.scale;
    m_mechanism->setSceneStyle(style);
    m_presenterBar->showAppearance(a);
    QMetaObject::invokeMethod(this, &MainWindow::fitPanes, Qt::QueuedConnection); // once the new fonts are laid out
    QMetaObject::invokeMethod(this, &MainWindow::shareViewsEvenly, Qt::QueuedConnection);
    emit appearanceChanged();
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

void MainWindow::addLectureActions(const QList<QAction*>& actions)
{
    m_lectureKeys->addLectureActions(actions);
}

} // namespace fl::ui
