#include "widgets/main_window.h"
#include "systems/scenario_setup.h"
#include "widgets/palette_sharing_style.h"
#include "bridge/memory_trimmer.h"
#include "bridge/simulation_controller.h"
#include "document/document.h"
#include "widgets/about_text.h"
#include "widgets/characteristic_plot.h"
#include "widgets/elided_label.h"
#include "widgets/data_export.h"
#include "widgets/panel_strip.h"
#include "widgets/parameter_panel.h"
#include "document/parameter_undo.h"
#include "widgets/phase_portrait_plot.h"
#include "plotdata/plot_data_worker.h"
#include "widgets/time_history_plot.h"
#include "widgets/view_exporter.h"
#include "mechanism/mechanism_view.h"
#include "playback/playback_controller.h"

#include "systems/system_registry.h"

#include <QApplication>

#include <algorithm>

#include <QDir>
#include <QLabel>
#include <QMenuBar>
#include <QDialog>
#include <QDialogButtonBox>
#include <QMessageBox>
#include <QScreen>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>

namespace fl::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_document(new Document(this)), m_controller(new SimulationController(this)),
      m_plotData(new PlotDataWorker(this)), m_export(new ViewExporter(this, [this] { return exportItems(); }))
{
    PaletteSharingStyle::install(); // before any widget paints: rebuilt rows reuse Fusion's pixmap keys
    updateWindowTitle();
    buildLayout();
    buildMenus();
    m_trimmer = new MemoryTrimmer(30000, this);
    m_busyTimer = new QTimer(this);
    m_busyTimer->setSingleShot(true);
    m_busyTimer->setInterval(300);
    connect(m_busyTimer, &QTimer::timeout, this, [this] {
        if (!m_rejected)
            showMessage(tr("Simulating… (Esc stops)"));
    });
    connect(m_controller, &SimulationController::runStarted, m_busyTimer, qOverload<>(&QTimer::start));
    connect(m_controller, &SimulationController::runStarted, this, [this] {
        m_runWarning.clear();
        m_mechanism->setPlaceholder(tr("Simulating…")); // seen until the first run is shown
    });
    // A warning while the run goes on (its events reached the memory cap) is shown at once.
    connect(m_controller, &SimulationController::sectionChunk, this, [this](const SectionChunkPtr& chunk) {
        const QString warning = QString::fromStdString(chunk->warning);
        if (warning.isEmpty() || warning == m_runWarning || m_rejected)
            return;
        m_runWarning = warning;
        m_busyTimer->stop();
        showMessage(tr("Simulating… (Esc stops). Warning: %1").arg(warning), QStringLiteral("#b9770e"));
    });
    connect(m_controller, &SimulationController::runFinished, this, &MainWindow::onRunFinished);
    connect(m_plotData, &PlotDataWorker::ready, this, &MainWindow::onPlotDataReady);
    connect(m_document, &Document::scenarioChanged, this, &MainWindow::onDocumentChanged);
    connect(m_document, &Document::presetChanged, this, &MainWindow::updateWindowTitle);
    connect(m_panel, &ParameterPanel::scenarioRejected, this, &MainWindow::onScenarioRejected);
    connect(m_export, &ViewExporter::saved, this,
            [this](const QString& path) { showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path))); });
    updateActions();
    buildPresenter();
    fitToScreen();
    m_controller->request(m_document->scenario());
}

void MainWindow::onDocumentChanged(const fl::Scenario& scenario, ScenarioChange how)
{
    switch (how) {
    case ScenarioChange::Replaced:
        return; // shown, not simulated
    case ScenarioChange::Loaded:
        m_playback->startNextRunAtBeginning(); // t = 0 of the new case, not t = 48.4 of the last one
        emit scenarioLoaded(scenario);
        break;
    case ScenarioChange::Edited:
    case ScenarioChange::Undone:
        break;
    }
    onScenarioChanged(scenario);
}

MainWindow::~MainWindow() = default;

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    // The panel's rows changed (another system or law): its width follows.
    if (event->type() == QEvent::LayoutRequest && watched == m_panel)
        QMetaObject::invokeMethod(this, &MainWindow::placePanel, Qt::QueuedConnection);
    if (event->type() == QEvent::Resize && m_tabs && m_tabs->count() > 0 && m_plotRows)
        if (auto* page = qobject_cast<QScrollArea*>(m_tabs->widget(0)); page && watched == page)
            QMetaObject::invokeMethod(this, &MainWindow::fitPanes, Qt::QueuedConnection);
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::buildLayout()
{
    buildPanel();

    m_timeHistory = new TimeHistoryPlot;
    m_phasePortrait = new PhasePortraitPlot;
    m_characteristic = new CharacteristicPlot;
    m_plots = {m_timeHistory, m_phasePortrait, m_characteristic};
    // Time history across the top; phase portrait and characteristic side by side below it.
    auto* bottom = new QSplitter(Qt::Horizontal);
    bottom->addWidget(m_phasePortrait);
    m_sideTabs = new QTabWidget;
    m_sideTabs->setDocumentMode(true);
    m_sideTabs->setElideMode(Qt::ElideRight); // tabs cut short (whole names in their tooltips) before they scroll
    m_sideTabs->setTabToolTip(m_sideTabs->addTab(m_characteristic, tr("Friction characteristic")), tr("Friction characteristic"));
    bottom->addWidget(m_sideTabs);
    bottom->setStretchFactor(0, 1);
    bottom->setStretchFactor(1, 1);
    m_bottomRow = bottom;
    auto* plots = new QSplitter(Qt::Vertical);
    plots->addWidget(m_timeHistory);
    plots->addWidget(bottom);
    // The time history keeps about half the height, whatever the side tabs ask for.
    plots->setStretchFactor(0, 1);
    plots->setStretchFactor(1, 1);
    plots->setSizes({430, 470});

    auto* main = new QSplitter(Qt::Horizontal);
    main->addWidget(m_panelStrip);
    main->addWidget(m_panelArea);
    main->addWidget(buildPlayback(plots));
    main->setStretchFactor(2, 1);
    main->setCollapsible(0, false);
    main->setCollapsible(2, false);
    m_mainSplitter = main;
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    QScrollArea* simulationPage = scrollingPage(main);
    m_tabs->addTab(simulationPage, tr("Simulation"));
    // The room for the plots changes with the window: fewer or more panes fit.
    simulationPage->installEventFilter(this);
    m_tabs->setTabToolTip(0, tr("Simulation (Alt+1)"));
    setCentralWidget(m_tabs);

    for (RunPlot* plot : m_plots) {
        plot->setContextMenuPolicy(Qt::ActionsContextMenu);
        auto* exportAction = new QAction(tr("Export This Plot…"), plot);
        connect(exportAction, &QAction::triggered, this, [this, plot] {
            setActivePlot(plot);
            m_export->run(QStringLiteral("plot:selected"));
        });
        plot->addAction(exportAction);
        connect(plot, &QCustomPlot::mousePress, this, [this, plot] { setActivePlot(plot); });
    }
    setActivePlot(m_timeHistory);

    m_message = new ElidedLabel;
    m_message->setObjectName(QStringLiteral("statusMessage"));
    m_summary = new ElidedLabel;
    m_summary->setObjectName(QStringLiteral("runSummary"));
    statusBar()->addWidget(m_message, 3);
    statusBar()->addPermanentWidget(m_summary, 2);
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    m_exportPlotAction = file->addAction(tr("Export Selected &Plot (PNG, SVG, PDF)…"), this,
                                         [this] { m_export->run(QStringLiteral("plot:selected")); });
    m_exportPlotAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    m_exportPlotAction->setObjectName(QStringLiteral("exportPlotAction"));
    m_exportPlotAction->setStatusTip(
        tr("Exports the plot marked by the strip along its top; click a plot to select it, "
           "drag to pan, wheel to zoom, double-click to follow the data again"));
    m_exportCsvAction = file->addAction(tr("Export &Data as CSV…"), this, [this] { m_export->run(QStringLiteral("csv:run")); });
    m_exportCsvAction->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    m_exportCsvAction->setObjectName(QStringLiteral("exportCsvAction"));
    m_exportEventsAction = file->addAction(tr("Export &Events as CSV…"), this,
                                           [this] { m_export->run(QStringLiteral("csv:events")); });
    m_exportEventsAction->setObjectName(QStringLiteral("exportEventsAction"));
    // Every tab's exports (the analysis views' plots and data) under one entry and one key.
    m_exportTabMenu = file->addMenu(tr("Export from This &Tab"));
    m_exportTabMenu->setObjectName(QStringLiteral("exportTabMenu"));
    connect(m_exportTabMenu, &QMenu::aboutToShow, this, [this] { fillTabExportMenu(m_exportTabMenu); });
    auto* exportTab = new QAction(tr("Export from This Tab"), this);
    exportTab->setObjectName(QStringLiteral("exportTabAction"));
    exportTab->setShortcut(QKeySequence(tr("Ctrl+Alt+E")));
    connect(exportTab, &QAction::triggered, this, [this] {
        QWidget* tab = m_tabs->currentWidget();
        m_exportTabMenu->popup(tab->mapToGlobal(tab->rect().center()));
    });
    addAction(exportTab);
    m_exportTabMenu->menuAction()->setStatusTip(tr("The plots and data of the tab in front (Ctrl+Alt+E)"));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(tr("Ctrl+Q")));
    // Edit: Undo / Redo of every parameter, law, method and system change (ParameterUndo).
    m_document->undo()->addEditMenu(menuBar(), this);

    QMenu* simulation = menuBar()->addMenu(tr("&Simulation"));
    simulation->addAction(tr("Show &Simulation"), QKeySequence(Qt::ALT | Qt::Key_1), this, [this] { m_tabs->setCurrentIndex(0); });
    QAction* rerunAction = simulation->addAction(tr("&Re-run"), this, &MainWindow::rerun);
    rerunAction->setShortcut(QKeySequence(tr("Ctrl+R")));
    QAction* stop = simulation->addAction(tr("&Stop"), this, &MainWindow::stop);
    stop->setShortcut(QKeySequence(Qt::Key_Escape));
    simulation->addAction(tr("Reset &Parameters"), m_panel, &ParameterPanel::resetToDefaults);

    buildPlaybackMenu();

    QMenu* presets = menuBar()->addMenu(tr("P&resets")); // Alt+R: Alt+P opens Playback
    presets->setToolTipsVisible(true);
    // By system, then by group (teaching cases first); each entry shows its title, the tooltip
    // and status tip its one-line summary and the notes.
    for (const fl::SystemInfo& system : fl::systems()) {
        if (system.presets.empty())
            continue;
        QMenu* sub = presets->addMenu(QString::fromStdString(system.name).replace(QLatin1Char('&'), QStringLiteral("&&")));
        sub->setToolTipsVisible(true);
        std::vector<std::string> groups;
        for (const fl::Preset& preset : system.presets) {
            const std::string group = preset.group.empty() ? "Published cases" : preset.group;
            if (std::find(groups.begin(), groups.end(), group) == groups.end())
                groups.push_back(group);
        }
        std::stable_partition(groups.begin(), groups.end(), [](const std::string& g) { return g == "Teaching"; });
        for (const std::string& group : groups) {
            sub->addSection(QString::fromStdString(group));
            for (const fl::Preset& preset : system.presets) {
                if ((preset.group.empty() ? "Published cases" : preset.group) != group)
                    continue;
                const QString id = QString::fromStdString(preset.id);
                const QString title = QString::fromStdString(preset.title);
                // Teaching cases by their plain title; published ones also by their figure id.
                QString text = group == "Teaching" ? title : QStringLiteral("%1 — %2").arg(id, title);
                text.replace(QLatin1Char('&'), QStringLiteral("&&")); // "Hess & Soom": no mnemonic
                QAction* action = sub->addAction(text, this, [this, id] { loadPreset(id); });
                action->setObjectName(QStringLiteral("preset:") + id);
                const QString summary = QString::fromStdString(preset.summary.empty() ? preset.title : preset.summary);
                action->setStatusTip(summary);
                action->setToolTip(preset.note.empty() ? summary
                                                       : summary + QStringLiteral("\n\n") + QString::fromStdString(preset.note));
            }
        }
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    help->addAction(tr("&About FrictionLab (model equations)"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::rerun()
{
    onScenarioChanged(m_document->scenario());
}

void MainWindow::loadScenario(const fl::Scenario& scenario, const QString& undoText)
{
    m_document->load(scenario, undoText);
}

bool MainWindow::loadPreset(const QString& presetId)
{
    fl::Scenario scenario = m_document->scenario();
    const fl::Status status = fl::applyPreset(presetId.toStdString(), scenario);
    if (!status.ok()) {
        showMessage(QString::fromStdString(status.message()), QStringLiteral("#c0392b"));
        return false;
    }
    m_document->loadPreset(scenario, presetId, tr("preset %1").arg(presetId));
    const fl::Preset* preset = fl::findPreset(presetId.toStdString());
    const std::string& line = preset->summary.empty() ? preset->title : preset->summary;
    showMessage(tr("%1: %2").arg(QString::fromStdString(preset->title), QString::fromStdString(line)));
    return true;
}

QString MainWindow::statusMessage() const { return m_message->fullHtml(); }

void MainWindow::showNote(const QString& text, bool error)
{
    showMessage(text, error ? QStringLiteral("#c0392b") : QString());
}

QString MainWindow::runSummary() const { return m_summary->fullText(); }

QString MainWindow::currentPresetId() const { return m_document->presetId(); }


void MainWindow::setDocumentName(const QString& name)
{
    m_documentName = name;
    updateWindowTitle();
}

void MainWindow::updateWindowTitle()
{
    const QString presetId = m_document->presetId();
    const fl::Preset* preset = presetId.isEmpty() ? nullptr : fl::findPreset(presetId.toStdString());
    QString title = tr("FrictionLab");
    if (preset)
        title = (m_document->isPresetChanged() ? tr("%1 (changed) — FrictionLab") : tr("%1 — FrictionLab"))
                    .arg(QString::fromStdString(preset->title));
    // A session names itself with the [*] placeholder (QWidget::windowModified).
    // [*]: the modified mark of QWidget::windowModified (shown only while modified).
    title = m_documentName.isEmpty() ? title + QStringLiteral("[*]") : tr("%1[*] · %2").arg(m_documentName, title);
    setWindowTitle(title);
}

void MainWindow::onScenarioChanged(const fl::Scenario& scenario)
{
    m_rejected = false;
    if (isLive()) {
        // Live: the change takes effect at the instant on screen; no new run from t = 0.
        m_mechanism->setScenario(scenario);
        m_playback->changeLive(scenario);
        showMessage(tr("Live: %1").arg(QString::fromStdString(fl::describe(scenario))));
        return;
    }
    m_controller->request(scenario);
}

void MainWindow::onScenarioRejected(const QString& message)
{
    // The motion pauses on its last frame while a field holds an invalid value.
    m_playback->pause();
    m_rejected = true;
    showMessage(message, QStringLiteral("#c0392b"));
}

void MainWindow::onRunFinished(const RunOutputPtr& output)
{
    m_busyTimer->stop();
    m_trimmer->workFinished(); // the last run's buffers are freed by now: give their pages back
    const fl::RunResult& r = output->result;
    if (output->cancelled) {
        showMessage(tr("Run %1 cancelled (the plots show the last good run)").arg(output->runId));
        // Without a good run (the first one was stopped) the mechanism says so, not "Simulating…".
        m_mechanism->setPlaceholder(tr("Stopped: no run computed yet. Re-run (Ctrl+R) or change a parameter to simulate."));
        emit runEnded();
        return;
    }
    if (!r.status.ok() || r.size() == 0) {
        m_mechanism->setPlaceholder(tr("The run failed (see the status line): no run to show yet."));
        const QString why = r.status.ok() ? tr("no samples") : QString::fromStdString(r.status.message());
        showMessage(tr("Run %1 failed: %2 (the plots show the last good run)").arg(output->runId).arg(why),
                    QStringLiteral("#c0392b"));
        emit runEnded();
        return;
    }
    m_plotData->prepare(output);
}

void MainWindow::onPlotDataReady(const PlotDataPtr& data)
{
    m_run = data->run;
    m_mechanism->setScenario(m_run->scenario);
    m_playback->setRun(m_run);
    if (isLive())
        return; // the live plots keep showing the live window
    for (RunPlot* plot : m_plots) {
        plot->followNewData(); // a new run is fitted unless the plot's view is locked
        plot->showData(data);
    }

    const fl::RunResult& r = m_run->result;
    QStringList parts;
    QString method = QString::fromStdString(fl::methodInfo(m_run->scenario.method).name);
    if (m_run->scenario.method == fl::Method::Regularized) // which stiff integrator ran
        method += QStringLiteral(", ") + QString::fromStdString(fl::stiffIntegratorInfo(m_run->scenario.stiffIntegrator).name);
    parts << method << tr("%1 steps").arg(r.steps);
    const fl::SystemInfo* system = fl::findSystem(m_run->scenario.systemId);
    if (system && !system->eventsNote.empty())
        parts << QString::fromStdString(system->eventsNote);
    else
        parts << (r.mode.empty() && r.switchCount == 0 ? tr("no stick/slip modes (smooth law)")
                                                       : tr("%1 stick/slip switches").arg(r.switchCount));
    if (r.grazeCount > 0)
        parts << (r.grazeCount == 1 ? tr("1 graze") : tr("%1 grazes").arg(r.grazeCount));
    parts << tr("%1 ms").arg(r.wallSeconds * 1e3, 0, 'f', r.wallSeconds < 0.1 ? 1 : 0);
    m_summary->setFullText(parts.join(QStringLiteral(" · ")));
    // An edit that was rejected meanwhile keeps its error in view.
    if (!m_rejected)
    {
        if (r.warning.empty())
            showMessage(m_panelNote); // where the panel went at this scale, if it is overlaid
        else
            showMessage(tr("Warning: %1").arg(QString::fromStdString(r.warning)), QStringLiteral("#b9770e"));
    }
    updateActions();
    emit runDisplayed(m_run->runId);
    emit runEnded();
}

void MainWindow::setActivePlot(RunPlot* plot)
{
    m_activePlot = plot;
    for (RunPlot* p : m_plots)
        p->setActive(p == plot);
}

void MainWindow::showMessage(const QString& text, const QString& color)
{
    m_message->setFullText(text, color);
}

void MainWindow::updateActions()
{
    m_exportCsvAction->setEnabled(m_run != nullptr);
    m_exportEventsAction->setEnabled(m_run && !m_run->result.mode.empty());
}

void MainWindow::showAbout()
{
    // A scrolling dialog that never exceeds the screen (a message box grows past 720 px).
    QDialog dialog(this);
    dialog.setWindowTitle(tr("About FrictionLab"));
    auto* text = new QTextBrowser;
    text->setHtml(aboutHtml(m_document->scenario()));
    text->setOpenExternalLinks(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 720);
    dialog.resize(std::min(720, available.width() - 40), std::min(640, available.height() - 80));
    dialog.setObjectName(QStringLiteral("aboutDialog"));
    dialog.exec();
}

} // namespace fl::ui
