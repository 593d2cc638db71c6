// The main window's playback: the mechanism view beside the time history, the playback bar
// under the plots, live mode, the cursors on every plot, and the mechanism's exports.
#include "widgets/main_window.h"
#include "document/document.h"
#include "systems/scenario_setup.h"

#include "bridge/simulation_controller.h"
#include "mechanism/animation_export_dialog.h"
#include "mechanism/mechanism_view.h"
#include "playback/playback_bar.h"
#include "playback/playback_controller.h"
#include "presenter/presenter_bar.h"
#include "widgets/parameter_panel.h"
#include "widgets/plot_export.h"
#include "widgets/run_plot.h"
#include "widgets/time_history_plot.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QVBoxLayout>

namespace fl::ui {

QWidget* MainWindow::buildPlayback(QWidget* plots)
{
    m_playback = new PlaybackController(this);
    m_mechanism = new MechanismView;
    m_mechanism->setObjectName(QStringLiteral("mechanismView"));
    m_playbackBar = new PlaybackBar(m_playback);
    m_playbackBar->setObjectName(QStringLiteral("playbackBar"));
    // The mechanism sits left of the time history, at the top of the plots.
    auto* vertical = static_cast<QSplitter*>(plots);
    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(m_mechanism);
    top->addWidget(m_timeHistory);
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 1);
    vertical->insertWidget(0, top);
    m_plotRows = top;

    auto* area = new QWidget;
    auto* layout = new QVBoxLayout(area);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(plots, 1);
    layout->addWidget(m_playbackBar);

    for (QAction* action : m_playbackBar->shortcutActions())
        addAction(action);
    connect(m_playback, &PlaybackController::frameChanged, this, &MainWindow::onFrame);
    connect(m_playback, &PlaybackController::liveDataReady, this, &MainWindow::onLiveData);
    connect(m_playback, &PlaybackController::liveFailed, this, &MainWindow::onLiveFailed);
    connect(m_playbackBar, &PlaybackBar::liveToggled, this, &MainWindow::setLive);
    connect(m_playbackBar->exportAnimationAction(), &QAction::triggered, this, &MainWindow::exportAnimation);
    return area;
}

void MainWindow::buildPlaybackMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&Playback"));
    for (QAction* action : m_playbackBar->shortcutActions())
        view->addAction(action);
    view->addSeparator();
    m_mechanismOnlyAction = view->addAction(tr("&Mechanism Fills the Window"), this, &MainWindow::setMechanismOnly);
    m_mechanismOnlyAction->setCheckable(true);
    m_mechanismOnlyAction->setShortcut(QKeySequence(tr("Ctrl+M")));
    m_mechanismOnlyAction->setObjectName(QStringLiteral("mechanismOnlyAction"));
    QAction* exportView = view->addAction(tr("Export Mechanism &Image (PNG, SVG, PDF)…"), this, &MainWindow::exportMechanism);
    exportView->setObjectName(QStringLiteral("exportMechanismAction"));
    view->addAction(m_playbackBar->exportAnimationAction());
}

bool MainWindow::isLive() const
{
    return m_playback && m_playback->source() == PlaybackController::Source::Live;
}

void MainWindow::setLive(bool live)
{
    if (live == isLive())
        return;
    if (live) {
        const fl::Scenario scenario = m_document->scenario();
        m_mechanism->setPlaceholder(tr("Simulating…"));
        m_mechanism->setScenario(scenario);
        m_playback->startLive(scenario);
        m_playback->play();
        showMessage(tr("Live: %1 — every change takes effect at the current instant; Home resets to t = 0")
                        .arg(QString::fromStdString(fl::describe(scenario))));
        return;
    }
    m_playback->stopLive();
    // Back to a computed run of what the panel holds now.
    rerun();
}

void MainWindow::setMechanismOnly(bool only)
{
    setPlotLayout(only ? PlotLayout::MechanismOnly : PlotLayout::All);
}

bool MainWindow::isMechanismOnly() const
{
    return m_plotLayout == PlotLayout::MechanismOnly;
}

void MainWindow::onFrame(const PlaybackFrame& frame)
{
    m_mechanism->showFrame(frame);
    for (RunPlot* plot : m_plots)
        plot->showCursor(frame);
    emit playbackFrame(frame);
}

void MainWindow::onLiveData(const PlotDataPtr& data)
{
    for (RunPlot* plot : m_plots)
        plot->showData(data);
}

void MainWindow::onLiveFailed(const QString& message)
{
    showMessage(tr("Live run stopped: %1 (the last frame stays on screen)").arg(message), QStringLiteral("#c0392b"));
    m_mechanism->setPlaceholder(tr("Live run stopped (see the status line)."));
}

void MainWindow::exportMechanism()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export mechanism"), QDir::home().filePath(QStringLiteral("mechanism.png")),
                                                      plotFileFilter());
    if (path.isEmpty())
        return;
    QString error;
    if (m_mechanism->exportTo(path, &error))
        showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    else
        QMessageBox::warning(this, tr("Export failed"), tr("Could not write %1:\n%2").arg(QDir::toNativeSeparators(path), error));
}

void MainWindow::exportAnimation()
{
    if (!m_run)
        return;
    m_playback->pause();
    AnimationExportDialog dialog(m_run, m_mechanism->sceneStyle(), m_mechanism->size(), this);
    if (dialog.exec() == QDialog::Accepted)
        showMessage(dialog.summary());
}

} // namespace fl::ui
