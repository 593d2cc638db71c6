#pragma once
// The worker side of live mode: a fl::LiveSimulation on its own thread, computing ahead of the
// display in chunks the GUI asks for, and taking new parameters at the instant on screen
// (docs/architecture.md ideas 2 and 7). Each start or restart opens a new generation; chunks of older
// generations are dropped, so while a slider is dragged the newest value wins.
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <QMetaType>
#include <QObject>

#include <atomic>
#include <memory>
#include <vector>

class QThread;

namespace fl::ui {

/// Samples of a live run after the previous chunk of the same generation.
struct LiveChunk {
    quint64 generation = 0;
    fl::RunResult samples;          ///< samples on the scenario's dt grid, switches, stick intervals
    fl::Status status = fl::Status::success(); ///< an error stops the live run (cancel, solver failure)
    double reached = 0.0;           ///< simulated time reached
};
using LiveChunkPtr = std::shared_ptr<const LiveChunk>;

class LiveWorker;

class LiveRunner : public QObject {
    Q_OBJECT
public:
    explicit LiveRunner(QObject* parent = nullptr);
    /// Stops the worker thread (cancelling the chunk in flight).
    ~LiveRunner() override;

    /// Starts the scenario at its initial state, t = 0; returns the new generation.
    quint64 start(const fl::Scenario& scenario);
    /// Goes on from (t, y, mode) (a sample on screen) with the scenario; returns the new generation.
    quint64 restartFrom(const fl::Scenario& scenario, double t, const std::vector<double>& y, int mode);
    /// Asks for samples up to tEnd in the current generation (nothing if already asked).
    void requestUntil(double tEnd);
    /// Cancels the current generation's work; nothing more arrives until the next start/restart.
    void stop();

    quint64 generation() const { return m_generation; }
    /// The time up to which samples of the current generation have been asked for.
    double requestedUntil() const { return m_requested; }

signals:
    /// A chunk of the current generation (queued to the GUI thread).
    void chunkReady(fl::ui::LiveChunkPtr chunk);

private:
    quint64 newGeneration();

    QThread* m_thread;
    LiveWorker* m_worker;
    quint64 m_generation = 0;
    double m_requested = 0.0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<std::atomic<quint64>> m_latest;
};

} // namespace fl::ui

Q_DECLARE_METATYPE(fl::ui::LiveChunkPtr)
