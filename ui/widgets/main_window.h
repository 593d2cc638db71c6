#pragma once
#include "widgets/export_items.h"
#include "plotdata/plot_data.h"

#include <QMainWindow>
#include <QTabWidget>

#include <array>
#include <functional>
#include <map>

class QAction;
class QLabel;
class QMenu;
class QScrollArea;
class QSplitter;
class QTimer;

namespace fl::ui {

class ElidedLabel;
class LectureKeys;
class MemoryTrimmer;
class CharacteristicPlot;
class Document;
enum class ScenarioChange;
class MechanismView;
class PanelStrip;
class PlaybackBar;
class PlaybackController;
class PresenterBar;
struct Appearance;
enum class PlotLayout;
struct PlaybackFrame;
class ViewExporter;
class ParameterPanel;
class PhasePortraitPlot;
class PlotDataWorker;
class RunPlot;
class SimulationController;
class TimeHistoryPlot;

/// FrictionLab's window: the ParameterPanel on the left, the time history, phase portrait and
/// friction characteristic on the right, a status line with the run's method, steps, switches,
/// wall time, warning and errors. Edits re-simulate on the SimulationController's worker
/// threads; a rejected edit or a failed run leaves the last good plots in place.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// Opens with fl::defaultScenario() already simulating.
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;
    bool eventFilter(QObject* watched, QEvent* event) override;

    /// The document the window shows and edits (scenario, remembered systems, undo, preset, open
    /// views, the views' setups): the panel, the views and sessions observe it.
    Document* document() const { return m_document; }
    SimulationController* controller() const { return m_controller; }
    TimeHistoryPlot* timeHistoryPlot() const { return m_timeHistory; }
    PhasePortraitPlot* phasePortraitPlot() const { return m_phasePortrait; }
    CharacteristicPlot* characteristicPlot() const { return m_characteristic; }
    /// The run on display (null until the first run has finished successfully).
    RunOutputPtr currentRun() const { return m_run; }
    /// Adds a view as a tab of the central area, after the "Simulation" tab; returns its index.
    /// The tab holds the view in a scroll area: a view larger than the window (a high presenter
    /// scale on a projector) scrolls instead of making the window outgrow the screen.
    int addTab(QWidget* view, const QString& title);
    /// The view of the tab in front (the Simulation tab: its splitter), and of tab index.
    QWidget* currentView() const;
    QWidget* viewAt(int index) const;
    /// The simulation's own exports: the selected plot, the run's data and its mode switches.
    QList<ExportItem> exportItems();
    /// Brings the tab holding view to the front.
    void showView(QWidget* view);
    /// Adds a view as a tab beside the friction characteristic (below the time history), in a
    /// scroll area as the main tabs' views.
    void addSideView(QWidget* view, const QString& title);
    /// The side view in front; brings the side tab holding view to the front.
    QWidget* currentSideView() const;
    void showSideView(QWidget* view);
    /// What Stop (Esc) does while the tab showing view is in front: stop() returns true when it
    /// stopped something (e.g. a sweep); otherwise the run is cancelled as in any other tab.
    void setTabStop(QWidget* view, std::function<bool()> stop);
    QTabWidget* tabs() const { return m_tabs; }
    /// The tabs beside the friction characteristic (Poincaré section, Lyapunov).
    QTabWidget* sideTabs() const { return m_sideTabs; }
    PlaybackController* playback() const { return m_playback; }
    /// Lets the mechanism view fill the simulation area (the plots hidden), or shows all again.
    void setMechanismOnly(bool only);
    bool isMechanismOnly() const;
    /// Actions that keep working while the lecture has the keys (LectureKeys: Space, PageUp /
    /// PageDown, Home / End, F11 and the scale keys), e.g. the lecture's next and previous scene.
    void addLectureActions(const QList<QAction*>& actions);
    /// Gives the keys back to the lecture: the mechanism (or the selected plot, or the tab in front).
    void focusLecture();
    /// Applies a theme and scale to the whole window: panels, every plot, the mechanism.
    void setAppearance(const Appearance& appearance);
    /// Which views the simulation area shows.
    void setPlotLayout(PlotLayout layout);
    PlotLayout plotLayout() const { return m_plotLayout; }
    /// Presenter mode: full screen (F11).
    void setPresenterMode(bool on);
    bool isPresenterMode() const { return isFullScreen(); }
    /// Shows or collapses the parameter panel (beside the views: the user's choice, kept in
    /// sessions). Where the scale leaves no room beside the views it is overlaid instead.
    void setPanelShown(bool shown);
    bool isPanelShown() const;
    /// The scale leaves no room for the panel beside the views: it folds to a strip and opens
    /// over them (togglePanel, Ctrl+Shift+P).
    bool isPanelOverlaid() const;
    /// The panel is on screen (beside the views or over them).
    bool isPanelOpen() const;
    /// Ctrl+Shift+P and the strip: opens or closes the overlaid panel, else setPanelShown.
    void togglePanel(bool shown);
    /// The views the plot layout in force shows (each at least minimumPaneSize()).
    QList<QWidget*> layoutWidgets() const;
    /// The smallest a view of the layout is given, at every scale.
    static QSize minimumPaneSize();
    /// Status line texts: the last error or note, and the run summary.
    QString statusMessage() const;
    /// Shows a note (or, with error, a red message) in the status line.
    void showNote(const QString& text, bool error = false);
    QString runSummary() const;

public slots:
    /// Simulates the document's scenario again.
    void rerun();
    /// Document::load: the document's observers show the scenario and simulate it (presets, a
    /// clicked bifurcation column), one undoable step named undoText (empty: what changed).
    void loadScenario(const fl::Scenario& scenario, const QString& undoText = QString());
    /// Loads a published case by preset id (e.g. "jtam2016-fig4a"); false if unknown.
    bool loadPreset(const QString& presetId);
    /// The document's preset (Document::presetId); the title adds "(changed)" after edits.
    QString currentPresetId() const;
    /// The open session's file name, shown in the title with the modified mark [*] (empty: none).
    void setDocumentName(const QString& name);
    /// Stop (Esc): cancels what the visible tab runs (setTabStop), else the run in flight.
    void stop();
    /// Live mode on (the panel's scenario runs on indefinitely from its initial state, changes
    /// take effect at the instant on screen) or off (back to the computed run).
    void setLive(bool live);
public:
    bool isLive() const;

signals:
    /// A successful run's data was handed to the plots (their replots are queued).
    void runDisplayed(quint64 runId);
    /// The document loaded a scenario (a preset, a clicked bifurcation column), emitted before it
    /// is simulated.
    void scenarioLoaded(const fl::Scenario& scenario);
    /// Theme or scale changed (views outside the main window's children restyle themselves).
    void appearanceChanged();
    /// The playback shows a new instant (the analysis views place their cursors).
    void playbackFrame(const fl::ui::PlaybackFrame& frame);
    /// A run ended: displayed (after runDisplayed), failed or cancelled.
    void runEnded();

private:
    void buildLayout();
    /// The parameter panel in its scroll area, and the strip that stands for it (main_window_hall.cpp).
    void buildPanel();
    void buildMenus();
    void onRunFinished(const RunOutputPtr& output);
    void onPlotDataReady(const PlotDataPtr& data);
    void onScenarioChanged(const fl::Scenario& scenario);
    void onDocumentChanged(const fl::Scenario& scenario, ScenarioChange how);
    void onScenarioRejected(const QString& message);
    void setActivePlot(RunPlot* plot);
    void showMessage(const QString& text, const QString& color = QString());
    void updateActions();
    void showAbout();
    QWidget* buildPlayback(QWidget* plots);
    void buildPresenter();
    /// Opens inside the available screen: never larger than it, 1400x900 where there is room.
    void fitToScreen();
    /// A tab's page: view in a frameless scroll area (main_window_views.cpp).
    static QScrollArea* scrollingPage(QWidget* view);
    struct Views {
        bool mechanism = false, history = false, phase = false, side = false;
    };
    static Views layoutViews(PlotLayout layout);
    /// Shows every view of the layout (main_window_hall.cpp), then places the panel.
    void fitPanes();
    /// The views' splitters share their room evenly (a new layout or scale).
    void shareViewsEvenly();
    /// Beside the views while both fit at the scale in force, else a strip and an overlay.
    void placePanel();
    /// The panel's width with its rows whole at the type size in force.
    int panelNaturalWidth() const;
    QString m_panelNote; ///< the status note on the overlaid panel
    PanelStrip* m_panelStrip = nullptr;
    QSplitter* m_mainSplitter = nullptr;
    bool m_panelWanted = true;  ///< setPanelShown: the panel beside the views
    bool m_panelOverlay = false; ///< placePanel: no room beside the views
    bool m_panelOpen = false;   ///< the overlaid panel is open
    void buildPlaybackMenu();
    void onFrame(const PlaybackFrame& frame);
    void onLiveData(const PlotDataPtr& data);
    void onLiveFailed(const QString& message);
    /// File → Export from This Tab: the tab in front's exports (the simulation's own and its side
    /// tab's on the first tab).
    void fillTabExportMenu(QMenu* menu);
    /// The status line tells where a view's export was saved.
    void showSavedFiles(QWidget* view);
    void exportMechanism();
    void exportAnimation();

    QTabWidget* m_tabs = nullptr;
    QTabWidget* m_sideTabs = nullptr;
    Document* m_document;
    SimulationController* m_controller;
    PlotDataWorker* m_plotData;
    MemoryTrimmer* m_trimmer;
    ViewExporter* m_export;
    ParameterPanel* m_panel = nullptr;
    TimeHistoryPlot* m_timeHistory = nullptr;
    PhasePortraitPlot* m_phasePortrait = nullptr;
    CharacteristicPlot* m_characteristic = nullptr;
    std::array<RunPlot*, 3> m_plots{};
    std::map<QWidget*, std::function<bool()>> m_tabStops; ///< setTabStop
    RunPlot* m_activePlot = nullptr;
    PlaybackController* m_playback = nullptr;
    MechanismView* m_mechanism = nullptr;
    PlaybackBar* m_playbackBar = nullptr;
    QWidget* m_plotRows = nullptr;      ///< time history row and bottom row (hidden in mechanism-only)
    QWidget* m_bottomRow = nullptr;
    QAction* m_mechanismOnlyAction = nullptr;
    PresenterBar* m_presenterBar = nullptr;
    LectureKeys* m_lectureKeys = nullptr;
    QScrollArea* m_panelArea = nullptr;
    PlotLayout m_plotLayout{};
    RunOutputPtr m_run;
    QString m_documentName;       ///< setDocumentName
    void updateWindowTitle();
    bool m_rejected = false; ///< the panel holds an edit that was not run
    ElidedLabel* m_message = nullptr;
    ElidedLabel* m_summary = nullptr;
    QTimer* m_busyTimer = nullptr;
    QString m_runWarning; ///< the warning of the run in progress (e.g. its events no longer kept), shown at once
    QAction* m_exportPlotAction = nullptr;
    QAction* m_exportCsvAction = nullptr;
    QAction* m_exportEventsAction = nullptr;
    QMenu* m_exportTabMenu = nullptr;
};

} // namespace fl::ui
