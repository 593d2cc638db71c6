#include "analysis/workbench.h"
#include "analysis/analysis_views.h"
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
#include "document/document.h"
#include "playback/playback_controller.h"
#include "help/help_context.h"
#include "widgets/main_window.h"
#include "widgets/characteristic_plot.h"

#include "analysis/analysis_catalog.h"
#include "simulation/dynamics_factory.h"
#include "systems/system_registry.h"

namespace fl::ui {

Workbench::Workbench(MainWindow& window) : QObject(&window), m_window(window), m_document(*window.document())
{
    installViews();
    installHelp(window); // Help menu: F1 opens the page of what is on screen

    // A clicked bifurcation column is simulated in the main views.
    // (The document's load command: one undo step, simulated by the window.)
    connect(m_bifurcation, &BifurcationView::parameterPicked, &window, [this](const fl::Scenario& scenario) {
        m_document.load(scenario);
        m_document.setOpenView(QStringLiteral("simulation"));
    });
    // A clicked map cell too.
    connect(m_map, &MapView::parameterPicked, &window, [this](const fl::Scenario& scenario) {
        m_document.load(scenario);
        m_document.setOpenView(QStringLiteral("simulation"));
    });
    // Every change of the document's scenario (an edit, an undo, a preset, a picked column).
    connect(&m_document, &Document::scenarioChanged, this, &Workbench::onScenario);
    // A preset that is an eps study (Acta Fig. 9) opens the study, which starts at once.
    // A preset that is a law experiment (pre-sliding, frictional lag, fading) opens the law lab on it.
    connect(&window, &MainWindow::presetLoaded, this, [this](const QString& presetId) {
        const fl::Preset* preset = fl::findPreset(presetId.toStdString());
        if (!preset || !preset->lawExperiment)
            return;
        m_lawLab->setScenario(m_document.scenario());
        m_document.setOpenView(QStringLiteral("law-lab")); // a stale lab starts its current experiment: replaced next
        m_lawLab->startExperiment(*preset->lawExperiment);
    });
    connect(&window, &MainWindow::presetLoaded, this, [this](const QString& presetId) {
        const fl::Preset* preset = fl::findPreset(presetId.toStdString());
        if (!preset || preset->epsStudy.empty())
            return;
        m_epsStudy->setScenario(m_document.scenario());
        m_epsStudy->setEpsList(preset->epsStudy);
        m_document.setOpenView(QStringLiteral("eps-study"));
        m_epsStudy->start();
    });
    // A preset with a sweep (a published diagram, a frequency response) sets it up on the
    // Bifurcation tab, ready to start there.
    connect(&window, &MainWindow::presetLoaded, this, [this](const QString& presetId) {
        const fl::Preset* preset = fl::findPreset(presetId.toStdString());
        if (preset && preset->sweep && !m_bifurcation->isRunning())
            m_bifurcation->selectPreset(presetId);
    });
    // A preset that is a comparison of laws (LuGre against event-driven Stribeck) opens "Compare methods" on it.
    connect(&window, &MainWindow::presetLoaded, this, [this](const QString& presetId) {
        const fl::Preset* preset = fl::findPreset(presetId.toStdString());
        if (!preset || preset->comparisonLaw.empty())
            return;
        m_comparisonStale = false;
        m_comparison->setScenario(m_document.scenario(), preset->comparisonLaw);
        m_document.setOpenView(QStringLiteral("compare"));
    });
    // The Poincaré view fills while the run goes on, then shows the finished run's points.
    connect(window.controller(), &SimulationController::runStarted, m_poincare, [this] { m_poincare->setScenario(m_document.scenario()); });
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
    followOpenViews();
    onScenario();
    // The window's first run started before this view existed: it is of the panel's scenario.
    m_poincare->setScenario(m_document.scenario());
}

void Workbench::installViews()
{
    for (const fl::AnalysisInfo& analysis : fl::analyses()) {
        QWidget* widget = createAnalysisView(analysis.id);
        if (!widget)
            continue; // the window's own (simulation, characteristic)
        const QString title = QString::fromStdString(analysis.title);
        widget->setProperty("analysisId", QString::fromStdString(analysis.id));
        if (analysis.place == fl::AnalysisPlace::Tab) {
            m_tabIndices.emplace(analysis.id, m_window.addTab(widget, title));
            AnalysisView* view = analysisOf(widget);
            m_window.setTabStop(widget, [view] { return view->stopWork(); });
        } else {
            m_window.addSideView(widget, title);
        }
        m_views.emplace(analysis.id, widget);
        if (AnalysisView* view = analysisOf(widget))
            m_document.addView(QString::fromStdString(analysis.id), view, widget, title); // its setup is the document's
    }
    const auto get = [this](const char* id) { return m_views.count(id) ? m_views.at(id) : nullptr; };
    m_bifurcation = qobject_cast<BifurcationView*>(get("bifurcation"));
    m_map = qobject_cast<MapView*>(get("map"));
    m_comparison = qobject_cast<MethodComparison*>(get("compare"));
    m_contact = qobject_cast<ContactExplorer*>(get("contact"));
    m_epsStudy = qobject_cast<EpsStudyView*>(get("eps-study"));
    m_lawLab = qobject_cast<LawLab*>(get("law-lab"));
    m_slipEvents = qobject_cast<SlipEventView*>(get("slip-events"));
    m_poincare = qobject_cast<PoincareView*>(get("poincare"));
    m_lyapunov = qobject_cast<LyapunovPanel*>(get("lyapunov"));
}

QWidget* Workbench::view(const QString& id) const
{
    if (id == QLatin1String("simulation"))
        return m_window.viewAt(0);
    if (id == QLatin1String("characteristic"))
        return m_window.characteristicPlot();
    const auto found = m_views.find(id.toStdString());
    return found == m_views.end() ? nullptr : found->second;
}

QString Workbench::idOf(const QWidget* widget) const
{
    for (const fl::AnalysisInfo& analysis : fl::analyses()) {
        const QString id = QString::fromStdString(analysis.id);
        if (widget && view(id) == widget)
            return id;
    }
    return {};
}

void Workbench::followOpenViews()
{
    // The tabs in front are the document's: a user's click sets them there, and a document that
    // names another view (a session being opened) brings it to the front.
    connect(m_window.tabs(), &QTabWidget::currentChanged, this,
            [this] { m_document.setOpenView(idOf(m_window.currentView())); });
    connect(m_window.sideTabs(), &QTabWidget::currentChanged, this,
            [this] { m_document.setOpenSideView(idOf(m_window.currentSideView())); });
    connect(&m_document, &Document::openViewChanged, this, [this](const QString& id) {
        if (QWidget* shown = view(id))
            m_window.showView(shown);
    });
    connect(&m_document, &Document::openSideViewChanged, this, [this](const QString& id) {
        if (QWidget* shown = view(id))
            m_window.showSideView(shown);
    });
    m_document.setOpenView(idOf(m_window.currentView()));
    m_document.setOpenSideView(idOf(m_window.currentSideView()));
}

int Workbench::slipEventsTab() const
{
    const auto tab = m_tabIndices.find("slip-events");
    return tab == m_tabIndices.end() ? -1 : tab->second;
}

void Workbench::onScenario()
{
    const fl::Scenario& scenario = m_document.scenario();
    m_bifurcation->setScenario(scenario);
    m_map->setScenario(scenario);
    m_lyapunov->setScenario(scenario);
    m_epsStudy->setScenario(scenario); // studied on request (Run ε study) or by an ε-study preset
    m_lawLab->setScenario(scenario);   // experiments run while its tab is shown
    // Their runs come with the simulation's; the scenario now, for a session's setups restored next.
    m_poincare->setScenario(scenario);
    m_slipEvents->setScenario(scenario);
    for (const fl::AnalysisInfo& analysis : fl::analyses())
        if (const auto tab = m_tabIndices.find(analysis.id); tab != m_tabIndices.end())
            m_window.tabs()->setTabVisible(tab->second, fl::analysisApplies(analysis, scenario));
    // The comparison runs two simulations: only while its tab is shown. It takes the scenario at
    // once (its eps field and law box follow the system), so that a session's setup restored
    // before the tab is shown is checked against this system's laws.
    m_comparison->adoptScenario(scenario);
    m_comparisonStale = true;
    const int current = m_window.tabs()->currentIndex();
    if (m_window.currentView() == m_comparison || m_window.currentView() == m_lawLab)
        onTabChanged(current);
}

void Workbench::onTabChanged(int index)
{
    const QWidget* shown = m_window.viewAt(index);
    if (shown == m_lawLab && m_lawLab->isStale() && m_lawLab->hasLaw())
        m_lawLab->start();
    if (shown == m_comparison && m_comparisonStale) {
        m_comparisonStale = false;
        m_comparison->setScenario(m_document.scenario());
    }
}

} // namespace fl::ui
