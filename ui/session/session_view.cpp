#include "session/session_view.h"
#include "analysis/analysis_view.h"
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/bifurcation_view.h"
#include "analysis/contact_explorer.h"
#include "analysis/eps_study_view.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/method_comparison.h"
#include "analysis/poincare_view.h"
#include "analysis/workbench.h"
#include "document/document.h"
#include "playback/playback_bar.h"
#include "playback/playback_controller.h"
#include "presenter/appearance.h"
#include "presenter/presenter_bar.h"
#include "widgets/characteristic_plot.h"
#include "widgets/main_window.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/time_history_plot.h"

#include "systems/system_registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPointer>
#include <QSpinBox>
#include <QThread>

#include <cmath>
#include <memory>

namespace fl::ui {

namespace {

PlotViewState plotView(const RunPlot* plot)
{
    PlotViewState state;
    state.locked = plot->isViewLocked();
    const QCPRange x = plot->xAxis->range(), y = plot->yAxis->range();
    if (std::isfinite(x.lower) && std::isfinite(x.upper) && x.lower < x.upper)
        state.x = AxisRange{x.lower, x.upper};
    if (std::isfinite(y.lower) && std::isfinite(y.upper) && y.lower < y.upper)
        state.y = AxisRange{y.lower, y.upper};
    return state;
}

void showRanges(RunPlot* plot, const PlotViewState& state)
{
    if (state.x)
        plot->xAxis->setRange(state.x->lower, state.x->upper);
    if (state.y)
        plot->yAxis->setRange(state.y->lower, state.y->upper);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace

QString plotLayoutId(int layout)
{
    return layout >= 0 && layout < kLayoutIds.size() ? kLayoutIds.at(layout) : kLayoutIds.first();
}

int plotLayoutFromId(const QString& id)
{
    return static_cast<int>(kLayoutIds.indexOf(id));
}

SessionState captureState(const MainWindow& window)
{
    SessionState state;
    const Document& document = *window.document();
    state.scenario = document.scenario();
    state.otherSystems = document.rememberedScenarios();
    state.presetId = document.presetId();
    ViewState& view = state.view;
    if (tabIds().contains(document.openView()))
        view.tab = document.openView();
    if (sideTabIds().contains(document.openSideView()))
        view.sideTab = document.openSideView();
    view.layout = plotLayoutId(static_cast<int>(window.plotLayout()));
    view.panelShown = window.isPanelShown();
    view.fullScreen = window.isPresenterMode();
    view.theme = currentAppearance().themeId;
    view.scale = currentAppearance().scale;
    view.timeHistory = plotView(window.timeHistoryPlot());
    view.phasePortrait = plotView(window.phasePortraitPlot());
    view.characteristic = plotView(window.characteristicPlot());
    view.phasePlane = std::max(0, window.phasePortraitPlot()->plane());
    view.phaseAngleWrap = window.phasePortraitPlot()->angleWrap();
    view.playbackSpeed = window.playback()->speed();
    view.playbackLoop = window.playback()->loop();
    view.liveWindow = window.playback()->window();
    view.playbackTime = window.isLive() ? 0.0 : std::max(0.0, window.playback()->time());
    view.setups = window.document()->setups(); // the document's copies, with an edit still waiting recorded
    return state;
}

void applyLook(MainWindow& window, const ViewState& view)
{
    Appearance appearance;
    appearance.themeId = view.theme;
    appearance.scale = view.scale;
    window.setAppearance(appearance);
    window.setPanelShown(view.panelShown);
    window.setPresenterMode(view.fullScreen);
}

QStringList applyState(MainWindow& window, Workbench& workbench, const SessionState& state, const QString& undoText,
                       bool withLook)
{
    const ViewState& view = state.view;
    // What the last state's views were computing belongs to it (the lecturer moved on).
    for (const auto& [id, widget] : workbench.analysisViews())
        if (auto* analysis = dynamic_cast<AnalysisView*>(widget))
            analysis->stopWork();
    if (withLook)
        applyLook(window, view);
    const int layout = plotLayoutFromId(view.layout);
    window.setPlotLayout(static_cast<PlotLayout>(std::max(0, layout)));

    // Zoom: plots that follow the data are fitted to the new run, so the saved ranges are
    // shown once that run is on screen (locked plots keep them from then on).
    const std::array<std::pair<RunPlot*, PlotViewState>, 3> plots = {
        std::pair<RunPlot*, PlotViewState>{window.timeHistoryPlot(), view.timeHistory},
        {window.phasePortraitPlot(), view.phasePortrait},
        {window.characteristicPlot(), view.characteristic}};
    for (const auto& [plot, plotState] : plots)
        plot->setViewLocked(plotState.locked);

    Document& document = *window.document();
    document.setRememberedScenarios({});
    document.load(state.scenario, undoText);
    document.setRememberedScenarios(state.otherSystems);
    document.setPresetId(state.presetId);

    window.phasePortraitPlot()->setPlane(view.phasePlane);
    window.phasePortraitPlot()->setAngleWrap(view.phaseAngleWrap);

    // The playback bar shows what its controller has.
    window.playback()->setSpeed(view.playbackSpeed);
    window.playback()->setLoop(view.playbackLoop);
    window.playback()->setWindow(view.liveWindow);

    // Every view's setup, after the scenario (a view fits its fields to the system first).
    const QStringList warnings = document.restoreSetups(view.setups);

    if (!view.sideTab.isEmpty())
        document.setOpenSideView(view.sideTab);
    if (!view.tab.isEmpty())
        document.setOpenView(view.tab);

    // Once, at the next run shown. The handle is shared with the slot, so it goes with the slot also
    // when the window closes before that run (a raw new leaked then: LeakSanitizer).
    auto connection = std::make_shared<QMetaObject::Connection>();
    QPointer<MainWindow> guard(&window);
    const double startTime = view.playbackTime;
    *connection = QObject::connect(&window, &MainWindow::runDisplayed, &window, [guard, plots, connection, startTime] {
        QObject::disconnect(*connection);
        if (!guard)
            return;
        for (const auto& [plot, plotState] : plots)
            showRanges(plot, plotState);
        // The state starts at its own time (t = 0 unless saved elsewhere), playing or paused as before.
        if (!guard->isLive())
            guard->playback()->seek(startTime);
        // An analysis in front (a bifurcation diagram, a map) is computed again from its setup:
        // a session keeps setups, not results.
        if (auto* analysis = dynamic_cast<AnalysisView*>(guard->currentView()))
            analysis->computeOnEntry();
    });
    if (window.isLive())
        window.playback()->resetLive(); // a live run starts the new state at t = 0
    return warnings;
}

} // namespace fl::ui
