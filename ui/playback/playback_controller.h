#pragma once
// The clock of the mechanism view and of every plot cursor. Plays a computed run (play/pause,
// speed 1/16x..16x, step, scrub, loop) or runs live: the simulation streams from a LiveRunner
// ahead of the display and any change takes effect at the instant on screen. A monotonic clock
// drives simulated time: at 1x one time unit per second (1 s per second for the SI systems), so a
// dropped frame does not slow the physics. The GUI thread only looks samples up and draws.
#include "bridge/live_runner.h"
#include "bridge/playback_frame.h"
#include "bridge/run_output.h"
#include "playback/live_buffer.h"
#include "plotdata/plot_data.h"

#include <QElapsedTimer>
#include <QObject>

class QTimer;

namespace fl::ui {

class PlotDataWorker;

class PlaybackController : public QObject {
    Q_OBJECT
public:
    enum class Source { Recorded, Live };

    explicit PlaybackController(QObject* parent = nullptr);
    ~PlaybackController() override;

    /// The computed run to play (keeps the current time, clamped to the run).
    void setRun(const RunOutputPtr& run);
    /// The next run set starts at its beginning, not at the time on screen (a loaded preset or
    /// session is another experiment; an edit keeps the time).
    void startNextRunAtBeginning() { m_nextFromStart = true; }
    RunOutputPtr run() const { return m_run; }

    /// Live mode from the scenario's initial state at t = 0.
    void startLive(const fl::Scenario& scenario);
    /// Applies new parameters in live mode at the instant on screen (another system restarts at 0).
    void changeLive(const fl::Scenario& scenario);
    /// Live mode: back to the initial state, t = 0, with the current parameters.
    void resetLive();
    /// Leaves live mode (shows the computed run again).
    void stopLive();
    Source source() const { return m_source; }
    const fl::Scenario& liveScenario() const { return m_liveScenario; }

    bool isPlaying() const { return m_playing; }
    void play();
    void pause();
    void togglePlay();
    /// Simulated time units per second of wall time, 1/16 .. 16.
    void setSpeed(double speed);
    double speed() const { return m_speed; }
    void setLoop(bool loop);
    bool loop() const { return m_loop; }
    /// Moves one output sample forward (+1) or back (-1) and pauses.
    void stepFrame(int direction);
    /// Shows time t (clamped to what is available).
    void seek(double t);
    /// Time span of live plots (the last `window` time units), > 0.
    void setWindow(double window);
    double window() const { return m_window; }

    double time() const { return m_frame.t; }
    /// Earliest and latest time that can be shown now.
    double begin() const;
    double end() const;
    const PlaybackFrame& frame() const { return m_frame; }
    /// Time of the newest sample in the live buffer (what the worker has delivered).
    double liveReached() const { return m_buffer.last(); }
    /// Wall-clock durations between the last frames (ms), for the benchmark.
    const std::vector<double>& frameIntervals() const { return m_intervals; }

signals:
    /// A new instant to show (every view and cursor uses the same frame).
    void frameChanged(const fl::ui::PlaybackFrame& frame);
    /// Play/pause, source, speed, loop, window or range changed (for the controls, which show them).
    void stateChanged();
    /// Live mode: the plot data of the last `window` time units, prepared off the GUI thread.
    void liveDataReady(fl::ui::PlotDataPtr data);
    /// Live mode stopped: the solver failed (the last frame stays on screen).
    void liveFailed(const QString& message);

private:
    void tick();
    void onChunk(const LiveChunkPtr& chunk);
    void showTime(double t);
    void anchor();
    void requestAhead();
    void submitLiveWindow();

    QTimer* m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastTickNs = 0;
    std::vector<double> m_intervals;
    LiveRunner* m_runner;
    PlotDataWorker* m_plotData;
    Source m_source = Source::Recorded;
    RunOutputPtr m_run;
    fl::Scenario m_liveScenario;
    LiveBuffer m_buffer;
    std::shared_ptr<const std::vector<std::string>> m_stateNames;
    std::shared_ptr<const std::vector<std::string>> m_outputNames;
    std::shared_ptr<const std::vector<double>> m_rangeLow;   ///< of the computed run
    std::shared_ptr<const std::vector<double>> m_rangeHigh;
    PlaybackFrame m_frame;
    bool m_nextFromStart = false; ///< startNextRunAtBeginning
    bool m_playing = false;
    bool m_loop = true;
    bool m_windowPending = false;
    double m_speed = 1.0;
    double m_window = 20.0;
    double m_anchorTime = 0.0;   ///< simulated time at m_anchorWall
    qint64 m_anchorWall = 0;     ///< ns on m_clock
    quint64 m_windowId = 0;
};

} // namespace fl::ui
