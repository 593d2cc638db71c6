#include "analysis/workbench.h"
#include "analysis/analysis_view.h"
#include "analysis/analysis_views.h"
#include "bridge/simulation_controller.h"
#include "document/document.h"
#include "playback/playback_controller.h"
#include "help/help_context.h"
#include "widgets/main_window.h"
#include "widgets/characteristic_plot.h"

#include <QMetaMethod>
#include <QTabWidget>

#include "analysis/analysis_catalog.h"
#include "simulation/dynamics_factory.h"
#include "systems/system_registry.h"

namespace fl::ui {

Workbench::Workbench(MainWindow& window) : QObject(&window), m_window(window), m_document(*window.document())
{
    installViews();
    installHelp(window); // Help menu: F1 opens the page of what is on screen

    // Every change of the document's scenario (an edit, an undo, a preset, a picked column).
    connect(&m_document, &Document::scenarioChanged, this, &Workbench::onScenario);
    connect(&m_document, &Document::presetOpened, this, &Workbench::onPreset);
    // The window's simulation, its playback and its look.
    connect(window.controller(), &SimulationController::runStarted, this, [this] {
        forEachView([](AnalysisView& view) { view.followRunStarted(); });
    });
    connect(window.controller(), &SimulationController::sectionChunk, this, [this](const SectionChunkPtr& chunk) {
        forEachView([&chunk](AnalysisView& view) { view.followSection(*chunk); });
    });
    connect(&window, &MainWindow::runDisplayed, this, [this] {
        const RunOutputPtr run = m_window.currentRun();
        forEachView([&run](AnalysisView& view) { view.followRun(run); });
        m_document.takeViewSetups(); // a view that adopts the run's scenario (the comparison)
    });
    connect(&window, &MainWindow::playbackFrame, this, [this](const PlaybackFrame& frame) {
        forEachView([&frame](AnalysisView& view) { view.followFrame(frame); });
    });
    connect(&window, &MainWindow::appearanceChanged, this, [this] { forEachView([](AnalysisView& view) { view.followAppearance(); }); });
    connect(window.tabs(), &QTabWidget::currentChanged, this, [this](int index) {
        followShown(index);
        m_document.takeViewSetups(); // what the view filled in for the scenario it adopted
    });
    followOpenViews();
    onScenario(); // the window's first run started before the views existed: of this scenario
    m_document.takeViewSetups(); // the setups they filled in for it
}

void Workbench::installViews()
{
    for (const fl::AnalysisInfo& analysis : fl::analyses()) {
        const QString title = QString::fromStdString(analysis.title);
        if (analysis.place == fl::AnalysisPlace::Part) {
            installPart(analysis, title);
            continue;
        }
        QWidget* widget = createAnalysisView(analysis.id);
        if (!widget)
            continue; // the window's own (simulation, characteristic)
        widget->setProperty("analysisId", QString::fromStdString(analysis.id));
        if (analysis.place == fl::AnalysisPlace::Tab) {
            m_tabIndices.emplace(analysis.id, m_window.addTab(widget, title));
            AnalysisView* view = analysisOf(widget);
            m_window.setTabStop(widget, [view] { return view->stopWork(); });
        } else {
            m_window.addSideView(widget, title);
        }
        m_views.emplace(analysis.id, widget);
        connectIfDeclared(widget, "parameterPicked(fl::Scenario)", "pickScenario(fl::Scenario)");
        connectIfDeclared(widget, "seekRequested(double)", "seek(double)");
        if (AnalysisView* view = analysisOf(widget))
            m_document.addView(QString::fromStdString(analysis.id), view, widget, title); // its setup is the document's
    }
}

void Workbench::installPart(const fl::AnalysisInfo& analysis, const QString& title)
{
    // A part of a view built before it (the catalog lists a part after its host): its setup is the
    // document's, its widget is found by its id.
    const auto host = m_views.find(analysis.host);
    AnalysisView* view = host == m_views.end() ? nullptr : analysisOf(host->second);
    const AnalysisView::Part part = view ? view->part(analysis.id) : AnalysisView::Part();
    if (!part.setup || !part.widget)
        return;
    part.widget->setProperty("analysisId", QString::fromStdString(analysis.id));
    m_views.emplace(analysis.id, part.widget);
    connectIfDeclared(part.widget, "curvesComputed(fl::ui::LocatedCurvesPtr)", "shareCurves(fl::ui::LocatedCurvesPtr)");
    m_document.addView(QString::fromStdString(analysis.id), part.setup, part.widget, title);
}

void Workbench::connectIfDeclared(QWidget* view, const char* signal, const char* slot)
{
    const int signalIndex = view->metaObject()->indexOfSignal(QMetaObject::normalizedSignature(signal));
    if (signalIndex < 0)
        return;
    const int slotIndex = metaObject()->indexOfSlot(QMetaObject::normalizedSignature(slot));
    connect(view, view->metaObject()->method(signalIndex), this, metaObject()->method(slotIndex));
}

void Workbench::pickScenario(const fl::Scenario& scenario)
{
    m_document.load(scenario);
    m_document.setOpenView(QStringLiteral("simulation"));
}

void Workbench::shareCurves(const LocatedCurvesPtr& curves)
{
    forEachView([&curves](AnalysisView& view) { view.followLocatedCurves(curves); });
}

void Workbench::seek(double t)
{
    m_window.playback()->seek(t);
}

void Workbench::forEachView(const std::function<void(AnalysisView&)>& call) const
{
    for (const auto& [id, widget] : m_views)
        if (AnalysisView* view = analysisOf(widget))
            call(*view);
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

int Workbench::tabIndex(const char* id) const
{
    const auto tab = m_tabIndices.find(id);
    return tab == m_tabIndices.end() ? -1 : tab->second;
}

void Workbench::onScenario()
{
    const fl::Scenario& scenario = m_document.scenario();
    forEachView([&scenario](AnalysisView& view) { view.followScenario(scenario); });
    for (const fl::AnalysisInfo& analysis : fl::analyses())
        if (const auto tab = m_tabIndices.find(analysis.id); tab != m_tabIndices.end())
            m_window.tabs()->setTabVisible(tab->second, fl::analysisApplies(analysis, scenario));
    // The view in front computes what it shows only while shown (the comparison, the law lab).
    followShown(m_window.tabs()->currentIndex()); // the document takes the setups after this
}

void Workbench::onPreset(const QString& presetId)
{
    const fl::Preset* preset = fl::findPreset(presetId.toStdString());
    if (!preset)
        return;
    for (const auto& [id, widget] : m_views)
        if (AnalysisView* view = analysisOf(widget); view && view->openPreset(*preset))
            m_document.setOpenView(QString::fromStdString(id));
}

void Workbench::followShown(int index)
{
    if (AnalysisView* view = analysisOf(m_window.viewAt(index)))
        view->followShown();
}

} // namespace fl::ui
