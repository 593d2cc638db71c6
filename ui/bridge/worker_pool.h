#pragma once
// The GUI's one pool for the core's parallel loops (common/workers.h): as many threads as cores.
// Installed as the core's worker backend when the application starts, so that two analyses running
// at once (a map and a sweep, say) share the cores instead of each starting a thread per core: the
// threads computing never outnumber the cores, and each analysis still finishes with the same result
// (every task writes its own slot).
class QThreadPool;

namespace fl::ui {

/// The pool (maxThreadCount = QThread::idealThreadCount()).
QThreadPool& workerPool();
/// Makes the core's runWorkers run its copies on workerPool(): the caller waits, the pool's threads
/// compute. A worker that itself starts a parallel loop runs that loop's copies in turn on its own
/// thread (a pool thread never waits for a task queued behind it). Call once, before any run starts.
void installWorkerPool();

/// Copies of core workers running on the pool now, and the most that ran at once since the last reset.
int busyWorkers();
int peakBusyWorkers();
void resetPeakBusyWorkers();

} // namespace fl::ui
