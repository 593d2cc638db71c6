#include "analysis/workbench.h"
#include "analysis/bifurcation_view.h"
#include "analysis/map_view.h"
#include "analysis/contact_explorer.h"
#include "analysis/eps_study_view.h"
#include "analysis/law_lab.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/method_comparison.h"
#include "analysis/poincare_view.h"
#include "analysis/slip_event_view.h"
#include "bridge/simulation_controller.h"
#include "playback/playback_controller.h"
#include "help/help_context.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"

#include "simulation/dynamics_factory.h"
#include "systems/system_registry.h"

namespace fl::ui {

Workbench::Workbench(MainWindow& window)
    : QObject(&window), m_window(window), m_bifurcation(new BifurcationView), m_comparison(new MethodComparison),
      m_contact(new ContactExplorer), m_poincare(new PoincareView), m_lyapunov(new LyapunovPanel)
{
    window.addTab(m_bifurcation, tr("Bifurcation"));
    m_map = new MapView;
    window.addTab(m_map, tr("Map"));
    m_comparisonTab = window.addTab(m_comparison, tr("Compare methods"));
    window.addTab(m_contact, tr("Contact explorer"));
    m_epsStudy = new EpsStudyView;
    m_epsStudyTab = window.addTab(m_epsStudy, tr("ε study"));
    m_lawLab = new LawLab;
    m_lawLabTab = window.addTab(m_lawLab, tr("Law lab"));
    m_slipEvents = new SlipEventView;
    m_slipEventsTab = window.addTab(m_slipEvents, tr("Slip events"));
    window.addSideView(m_poincare, tr("Poincaré section"));
    window.addSideView(m_lyapunov, tr("Lyapunov"));
    installHelp(window); // Help menu: F1 opens the page of what is on screen

    // A clicked bifurcation column is simulated in the main views.
    connect(m_bifurcation, &BifurcationView::parameterPicked, &window, [this](const fl::Scenario& scenario) {
        m_window.loadScenario(scenario);
        m_window.tabs()->setCurrentIndex(0);
    });
    // A clicked map cell too.
    connect(m_map, &MapView::parameterPicked, &window, [this](const fl::Scenario& scenario) {
        m_window.loadScenario(scenario);
        m_window.tabs()->setCurrentIndex(0);
    });
    connect(window.panel(), &ParameterPanel::scenarioChanged, this, &Workbench::onScenario);
    // A loaded preset or a picked column is shown without an edit: the views follow it too.
    connect(&window, &MainWindow::scenarioLoaded, this, &Workbench::onScenario);
    // A preset that is an eps study (Acta Fig. 9) opens the study, which starts at once.
    // A preset that is a law experiment (pre-sliding, frictional lag, fading) opens the law lab on it.
    connect(&window, &MainWindow::presetLoaded, this, [this](const QString& presetId) {
        const fl::Preset* preset = fl::findPreset(presetId.toStdString());
        if (!preset || !preset->lawExperiment)
            return;
        m_lawLab->setScenario(m_window.panel()->scenario());
        m_window.tabs()->setCurrentIndex(m_lawLabTab); // a stale lab starts its current experiment: replaced next
        m_lawLab->startExperiment(*preset->lawExperiment);
    });
    connect(&window, &MainWindow::presetLoaded, this, [this](const QString& presetId) {
        const fl::Preset* preset = fl::findPreset(presetId.toStdString());
        if (!preset || preset->epsStudy.empty())
            return;
        m_epsStudy->setScenario(m_window.panel()->scenario());
        m_epsStudy->setEpsList(preset->epsStudy);
        m_window.tabs()->setCurrentIndex(m_epsStudyTab);
        m_epsStudy->start();
    });
    // A preset that is a comparison of laws (LuGre against event-driven Stribeck) opens "Compare methods" on it.
    connect(&window, &MainWindow::presetLoaded, this, [this](const QString& presetId) {
        const fl::Preset* preset = fl::findPreset(presetId.toStdString());
        if (!preset || preset->comparisonLaw.empty())
            return;
        m_comparisonStale = false;
        m_comparison->setScenario(m_window.panel()->scenario(), preset->comparisonLaw);
        m_window.tabs()->setCurrentIndex(m_comparisonTab);
    });
    window.setTabStop(m_epsStudy, [this] {
        if (!m_epsStudy->isRunning())
            return false;
        m_epsStudy->cancel();
        return true;
    });
    window.setTabStop(m_lawLab, [this] {
        if (!m_lawLab->isRunning())
            return false;
        m_lawLab->cancel();
        return true;
    });
    // Esc in the bifurcation tab cancels its sweep (the window's Stop action takes the key).
    window.setTabStop(m_bifurcation, [this] {
        if (!m_bifurcation->isRunning())
            return false;
        m_bifurcation->cancel();
        return true;
    });
    window.setTabStop(m_map, [this] {
        if (!m_map->isRunning())
            return false;
        m_map->cancel();
        return true;
    });
    // The Poincaré view fills while the run goes on, then shows the finished run's points.
    connect(window.controller(), &SimulationController::runStarted, m_poincare, [this] { m_poincare->setScenario(m_window.panel()->scenario()); });
    connect(window.controller(), &SimulationController::sectionChunk, m_poincare, [this](const SectionChunkPtr& chunk) {
        m_poincare->appendSection(chunk->times, chunk->states);
    });
    connect(&window, &MainWindow::runDisplayed, m_poincare, [this] {
        if (const RunOutputPtr run = m_window.currentRun())
            m_poincare->setRun(run->result);
    });
    connect(&window, &MainWindow::playbackFrame, m_poincare, &PoincareView::showCursor);
    // The chain's slip events follow the run on display and the playback; a click on the map plays from there.
    connect(&window, &MainWindow::runDisplayed, m_slipEvents, [this] { m_slipEvents->setRun(m_window.currentRun()); });
    connect(&window, &MainWindow::playbackFrame, m_slipEvents, [this](const PlaybackFrame& frame) {
        m_slipEvents->showTime(frame.valid() ? frame.t : NAN);
    });
    connect(m_slipEvents, &SlipEventView::seekRequested, &window, [this](double t) { m_window.playback()->seek(t); });
    connect(&window, &MainWindow::appearanceChanged, m_slipEvents, &SlipEventView::updateAppearance);
    connect(window.tabs(), &QTabWidget::currentChanged, this, &Workbench::onTabChanged);
    onScenario();
    // The window's first run started before this view existed: it is of the panel's scenario.
    m_poincare->setScenario(window.panel()->scenario());
}

void Workbench::onScenario()
{
    const fl::Scenario& scenario = m_window.panel()->scenario();
    m_bifurcation->setScenario(scenario);
    m_map->setScenario(scenario);
    m_lyapunov->setScenario(scenario);
    m_epsStudy->setScenario(scenario); // studied on request (Run ε study) or by an ε-study preset
    m_lawLab->setScenario(scenario);   // experiments run while its tab is shown
    m_window.tabs()->setTabVisible(m_slipEventsTab, scenario.systemId == "bk-chain");
    // The comparison runs two simulations: only while its tab is shown.
    m_comparisonStale = true;
    if (m_window.tabs()->currentIndex() == m_comparisonTab)
        onTabChanged(m_comparisonTab);
    if (m_window.tabs()->currentIndex() == m_lawLabTab)
        onTabChanged(m_lawLabTab);
}

void Workbench::onTabChanged(int index)
{
    if (index == m_lawLabTab && m_lawLab->isStale() && m_lawLab->hasLaw())
        m_lawLab->start();
    if (index == m_comparisonTab && m_comparisonStale) {
        m_comparisonStale = false;
        m_comparison->setScenario(m_window.panel()->scenario());
    }
}

} // namespace fl::ui
