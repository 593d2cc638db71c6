#pragma once
// A session (.frictionlab file): everything a user set, as a versioned JSON document that the GUI
// and frictionlab-cli read and write through this one code (docs/architecture.md idea 13). A lecture
// is a session with an ordered list of scenes, each a full state with a title and a note.
//
// Reader: Qt's QJsonDocument (Qt Core, already linked by the CLI and the GUI; its parser limits
// nesting and rejects NaN/Infinity literals), then every field is validated here (type, range,
// finiteness) and the first problem is reported with its path in the document, e.g.
// "scenes[2].state.parameters.mu_s: 1e308 is outside 0 .. 100". Unknown fields (a newer version)
// are skipped with a warning each.
#include "common/status.h"
#include "scenario/scenario.h"
#include "systems/scenario_setup.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace fl::ui {

/// An axis range of a plot the user zoomed.
struct AxisRange {
    double lower = 0.0;
    double upper = 1.0;
};

/// A plot's view: locked (new runs keep the zoom) and the ranges on display when saved.
struct PlotViewState {
    bool locked = false;
    std::optional<AxisRange> x; ///< absent: fitted to the data
    std::optional<AxisRange> y;
};

/// What the window showed and how: open tab, side tab, layout, appearance, plots' settings and
/// zoom, playback settings, and every analysis view's setup.
struct ViewState {
    QString tab = QStringLiteral("simulation");         ///< a main tab's id in the catalog of analyses (kTabIds)
    QString sideTab = QStringLiteral("characteristic"); ///< a side tab's id (kSideTabIds)
    QString layout = QStringLiteral("all");             ///< PlotLayout id
    bool panelShown = true;
    bool fullScreen = false;                            ///< presenter mode (F11)
    QString theme = QStringLiteral("light");            ///< light | dark | high-contrast
    double scale = 1.0;                                 ///< 1 .. 3
    PlotViewState timeHistory;
    PlotViewState phasePortrait;
    PlotViewState characteristic;
    int phasePlane = 0;          ///< index into the system's phase portraits
    bool phaseAngleWrap = false; ///< angles mod 2π on the phase portrait
    double playbackSpeed = 1.0;         ///< 1/16 .. 16
    bool playbackLoop = true;           ///< the playback bar starts with Loop on
    double liveWindow = 50.0;           ///< time units the live plots show
    double playbackTime = 0.0;          ///< where the playback starts (clamped to the run)
    /// Every analysis view's own setup (the bifurcation sweep, a map's grid, the Poincaré plane, the
    /// law lab's experiment, ...) by its catalog id, as the analysis of the contract writes it
    /// (core/contract/; bridge/session_setups.h); the analysis checks it when a view restores it.
    QMap<QString, QJsonObject> setups;
};


/// One full state of the application: the active scenario, what every other system was left at
/// (each system remembers its own values), the preset it came from and the view.
struct SessionState {
    fl::Scenario scenario = fl::defaultScenario();
    std::vector<fl::Scenario> otherSystems; ///< at most one per system id, never the active one
    QString presetId;                       ///< empty when not opened from a preset
    ViewState view;
};

/// A scene of a lecture: a full state, a title and a short note for the audience.
struct Scene {
    QString title;
    QString note;
    SessionState state;
    /// Stepping to the scene also sets its saved look (scale, theme, full screen, panel); without
    /// it the projector set-up the lecturer made stays.
    bool keepLook = false;
};

struct Session {
    /// 2: any tab of the catalog may be open, and the views' setups are kept (view.setups).
    /// 3: every setup is in view.setups: the bifurcation sweep (was view.sweep, view.sweepThreads)
    ///    and the Poincaré plane by variable names (was view.poincare, by indices) too. Older
    ///    files are read into that form (session_read.cpp).
    static constexpr int kVersion = 3;
    QString title;        ///< a lecture's title (may be empty)
    QString description;  ///< what the session or lecture is for (may be empty)
    SessionState state;   ///< the state on screen when saved
    std::vector<Scene> scenes;
    int currentScene = -1; ///< -1: not in a scene
};

/// Largest session file read (bytes); larger files are refused before parsing.
constexpr qint64 kMaxSessionBytes = 8 * 1024 * 1024;

/// The ids a file may hold (anything else is an error naming the list): the catalog of analyses'
/// main tabs and side tabs (analysis/analysis_catalog.h).
const QStringList& tabIds();
const QStringList& sideTabIds();
/// In the order of enum class PlotLayout (ui/presenter/presenter_bar.h).
inline const QStringList kLayoutIds = {QStringLiteral("all"), QStringLiteral("mechanism-time"),
                                       QStringLiteral("mechanism-phase"), QStringLiteral("mechanism-characteristic"),
                                       QStringLiteral("time"), QStringLiteral("phase"),
                                       QStringLiteral("characteristic"), QStringLiteral("mechanism")};
/// Theme::id of ui/presenter/theme.cpp.
inline const QStringList kThemeIds = {QStringLiteral("light"), QStringLiteral("dark"), QStringLiteral("high-contrast")};
/// Limits of the document (checked by readSession).
constexpr int kMaxScenes = 200;
/// Models (besides the built-in systems) whose last values a state keeps: each holds its text.
constexpr int kMaxRememberedModels = 8;
/// Expression nodes that preparing all the models of one session may build together (each model
/// also within its own kMaxPreparedNodes).
constexpr long kMaxSessionPreparedNodes = 2'000'000;
constexpr int kMaxTitleChars = 200;
constexpr int kMaxNoteChars = 4000; ///< note and description
constexpr int kMaxWarnings = 100;   ///< then one line saying how many more were skipped
/// Levels of objects and arrays in a view's setup (the setup object is one; the views write at
/// most 3). Setups are kept as written and written back indented, a level deeper each: the text
/// of a nesting grows with the square of its depth (1000 levels, 2 KB compact, are 4 MB written).
constexpr int kMaxSetupDepth = 8;
/// Values of a scenario's state to start from (the chain's 1000 blocks have 2000 state variables).
constexpr int kMaxInitialState = 10000;
/// The playback bar's live window, time units (ui/playback/playback_bar.cpp, m_window's range).
constexpr double kMinLiveWindow = 0.5;
constexpr double kMaxLiveWindow = 1000.0;
/// Largest playback start time a file may hold (any run's end is below it; the start is clamped to the run).
constexpr double kMaxPlaybackTime = 1e9;

/// The document as JSON text (UTF-8, indented).
QByteArray writeSession(const Session& session);
/// Parses and validates a document. On error `out` is untouched and the message names the first
/// problem with its path. Unknown fields append one warning each to `warnings` (may be null).
fl::Status readSession(const QByteArray& json, Session& out, QStringList* warnings = nullptr);

/// Reads a file (refuses files over kMaxSessionBytes, unreadable files, bad documents).
fl::Status loadSessionFile(const QString& path, Session& out, QStringList* warnings = nullptr);
/// Writes a file atomically (QSaveFile): an existing file is replaced only on success. A document
/// larger than kMaxSessionBytes is refused before writing (it could not be read back).
fl::Status saveSessionFile(const QString& path, const Session& session);

/// The state scene `index` (0-based; the CLI's --scene N and the GUI count from 1) runs; an
/// error naming the valid range otherwise.
fl::Status sceneState(const Session& session, int index, SessionState& out);

} // namespace fl::ui
