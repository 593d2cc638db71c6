// The simulation area in front of a hall (docs/architecture.md, "The hall's layout"): every view
// the plot layout names keeps its room at every scale, and the chrome gives way first. A view's
// minimum size is fixed in pixels (fonts grow with the scale, the views' minimums do not); the
// parameter panel sits beside the views while both fit, else it folds to a strip along the left
// edge and opens over the views (Ctrl+Shift+P or a click on the strip).
#include "widgets/main_window.h"

#include "mechanism/mechanism_view.h"
#include "playback/playback_bar.h"
#include "presenter/appearance.h"
#include "presenter/presenter_bar.h"
#include "widgets/elided_label.h"
#include "widgets/panel_strip.h"
#include "widgets/parameter_panel.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/time_history_plot.h"

#include <QAction>
#include <QLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>

#include <cmath>

namespace fl::ui {

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

void MainWindow::buildPanel()
{
    m_panel = new ParameterPanel(*m_document);
    m_panelArea = new QScrollArea;
    m_panelArea->setWidget(m_panel);
    m_panelArea->setWidgetResizable(true);
    m_panelArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded); // never cut off: at a high scale it scrolls
    m_panelArea->setObjectName(QStringLiteral("panelArea"));
    m_panel->installEventFilter(this);
    // The strip stands for the panel where the panel is collapsed or overlaid.
    m_panelStrip = new PanelStrip;
    m_panelStrip->hide();
    connect(m_panelStrip, &PanelStrip::clicked, this, &MainWindow::togglePanel);
}

QSize MainWindow::minimumPaneSize()
{
    // Room for a plot's axes and some curve; its fonts grow with the scale, this does not.
    return {240, 160};
}

MainWindow::Views MainWindow::layoutViews(PlotLayout layout)
{
    using L = PlotLayout;
    Views v;
    v.mechanism = layout == L::All || layout == L::MechanismAndTimeHistory || layout == L::MechanismAndPhasePortrait
                  || layout == L::MechanismAndCharacteristic || layout == L::MechanismOnly;
    v.history = layout == L::All || layout == L::MechanismAndTimeHistory || layout == L::TimeHistoryOnly;
    v.phase = layout == L::All || layout == L::MechanismAndPhasePortrait || layout == L::PhasePortraitOnly;
    v.side = layout == L::All || layout == L::MechanismAndCharacteristic || layout == L::CharacteristicOnly;
    return v;
}

QList<QWidget*> MainWindow::layoutWidgets() const
{
    const Views v = layoutViews(m_plotLayout);
    QList<QWidget*> out;
    if (v.mechanism)
        out << m_mechanism;
    if (v.history)
        out << m_timeHistory;
    if (v.phase)
        out << m_phasePortrait;
    if (v.side)
        out << m_sideTabs;
    return out;
}

void MainWindow::setPlotLayout(PlotLayout layout)
{
    const bool changed = layout != m_plotLayout;
    m_plotLayout = layout;
    fitPanes();
    // A new layout shares the room evenly again: sizes left from another layout squeezed the
    // time history of "All views" to a strip under its own title.
    // Queued: the rows just shown are laid out first (sizes set before that were overridden).
    if (changed)
        QMetaObject::invokeMethod(this, &MainWindow::shareViewsEvenly, Qt::QueuedConnection);
    if (m_mechanismOnlyAction)
        m_mechanismOnlyAction->setChecked(layout == PlotLayout::MechanismOnly);
    m_presenterBar->showLayout(layout);
}

void MainWindow::shareViewsEvenly()
{
    for (auto* splitter : {qobject_cast<QSplitter*>(m_plotRows->parentWidget()), qobject_cast<QSplitter*>(m_plotRows),
                           qobject_cast<QSplitter*>(m_bottomRow)})
        if (splitter)
            shareEvenly(splitter);
    // The bottom row's side tabs spend their tab bar's height: that row gets it on top of its
    // share, so that its plots are as tall as the top row's.
    auto* rows = qobject_cast<QSplitter*>(m_plotRows->parentWidget());
    if (const QList<int> sizes = rows->sizes();
        sizes.size() == 2 && sizes[0] > 0 && sizes[1] > 0 && m_sideTabs->isVisible() && m_sideTabs->tabPosition() == QTabWidget::North) {
        const int bar = std::min(m_sideTabs->tabBar()->sizeHint().height(), sizes[0] / 4);
        rows->setSizes({sizes[0] - bar / 2, sizes[1] + bar / 2});
    }
}

void MainWindow::fitPanes()
{
    // Every view of the layout is shown: none is dropped for the scale (a hall at 200 % saw the
    // mechanism alone). The panel makes the room (placePanel).
    const Views v = layoutViews(m_plotLayout);
    for (QWidget* view : {static_cast<QWidget*>(m_mechanism), static_cast<QWidget*>(m_timeHistory),
                          static_cast<QWidget*>(m_phasePortrait), static_cast<QWidget*>(m_sideTabs)})
        view->setMinimumSize(minimumPaneSize());
    // From 200 % the side tabs stand along the left edge: their bar takes width, which the
    // bottom row has, rather than height, which it has not.
    m_sideTabs->setTabPosition(currentAppearance().scale >= 2.0 ? QTabWidget::West : QTabWidget::North);
    m_mechanism->setVisible(v.mechanism);
    m_timeHistory->setVisible(v.history);
    m_plotRows->setVisible(v.mechanism || v.history);
    m_phasePortrait->setVisible(v.phase);
    m_sideTabs->setVisible(v.side);
    m_bottomRow->setVisible(v.phase || v.side);
    // Both rows kept: neither below a view's height (a scene's caption taking height came out of
    // the bottom row alone, leaving its plots 25 px of axes).
    auto* rows = qobject_cast<QSplitter*>(m_plotRows->parentWidget());
    if ((v.mechanism || v.history) && (v.phase || v.side)) {
        const QList<int> sizes = rows->sizes();
        if (sizes.size() == 2 && std::min(sizes[0], sizes[1]) < minimumPaneSize().height())
            shareEvenly(rows);
    }
    placePanel();
}

int MainWindow::panelNaturalWidth() const
{
    // A hidden panel (folded, or closed over the views) keeps the size hints of the font it was
    // last laid out with: measured afresh.
    if (m_panelArea->isHidden())
        for (QLayout* layout : m_panel->findChildren<QLayout*>())
            layout->invalidate();
    const int chrome = m_panelArea->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_panelArea)
                       + 2 * m_panelArea->frameWidth() + 4;
    return std::max(m_panel->sizeHint().width(), m_panel->minimumSizeHint().width()) + chrome;
}

void MainWindow::placePanel()
{
    auto* page = qobject_cast<QScrollArea*>(m_tabs->widget(0));
    if (!page)
        return;
    const int pageWidth = page->width();
    const int natural = panelNaturalWidth();
    const Views v = layoutViews(m_plotLayout);
    const int columns = (v.mechanism && v.history) || (v.phase && v.side) ? 2 : 1;
    const int views = columns * (minimumPaneSize().width() + 8);
    // Beside the views while it takes at most half the width and leaves the views their room;
    // else over them (a 1280 px projector at 150 % and above).
    const bool overlay = pageWidth > 0 && (natural > pageWidth / 2 || pageWidth - natural < views);
    if (overlay != m_panelOverlay) {
        m_panelOverlay = overlay;
        m_panelOpen = false;
        if (overlay) {
            m_panelArea->hide();
            m_panelArea->setParent(page);
            m_panelArea->setFrameShape(QFrame::Box);
            m_panelArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // rows wrap instead
        } else {
            m_mainSplitter->insertWidget(1, m_panelArea);
            m_panelArea->setFrameShape(QFrame::StyledPanel);
            m_panelArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        }
    }
    if (overlay) {
        m_panelArea->setMinimumWidth(0);
        m_panelStrip->show();
        const int left = m_panelStrip->width();
        const int width = std::min(natural, std::max(minimumPaneSize().width(), pageWidth * 9 / 10 - left));
        m_panelArea->setGeometry(left, 0, width, page->height());
        m_panelArea->setVisible(m_panelOpen);
        m_panelArea->raise();
    } else {
        m_panelArea->setMinimumWidth(natural); // its rows whole, beside the views
        m_panelArea->setVisible(m_panelWanted);
        m_panelStrip->setVisible(!m_panelWanted);
    }
    const bool shown = overlay ? m_panelOpen : m_panelWanted;
    m_panelStrip->setChecked(shown);
    const QSignalBlocker block(m_presenterBar->panelAction());
    m_presenterBar->panelAction()->setChecked(shown);
    const QString note = overlay && !m_panelOpen
                             ? tr("At %1 % the parameters open over the views: Ctrl+Shift+P or the strip on the left")
                                   .arg(std::lround(currentAppearance().scale * 100))
                             : QString();
    if (note != m_panelNote) {
        // The old note goes with the condition it described.
        if (!m_panelNote.isEmpty() && m_message->fullText() == m_panelNote)
            showMessage(QString());
        m_panelNote = note;
        if (!note.isEmpty())
            showMessage(note);
    }
}

void MainWindow::togglePanel(bool shown)
{
    if (m_panelOverlay) {
        m_panelOpen = shown;
        placePanel();
        if (shown)
            m_panel->setFocus(Qt::ShortcutFocusReason);
        else
            focusLecture();
        return;
    }
    setPanelShown(shown);
}

void MainWindow::setPanelShown(bool shown)
{
    m_panelWanted = shown;
    if (!shown)
        m_panelOpen = false;
    placePanel();
}

bool MainWindow::isPanelShown() const
{
    return m_panelWanted;
}

bool MainWindow::isPanelOverlaid() const
{
    return m_panelOverlay;
}

bool MainWindow::isPanelOpen() const
{
    return !m_panelArea->isHidden();
}

} // namespace fl::ui
