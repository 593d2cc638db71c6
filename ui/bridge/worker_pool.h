#pragma once
// The GUI's one pool for the core's parallel loops (common/workers.h): as many threads as cores.
// Installed as the core's worker backend when the application starts, so that two analyses running
// at once (a map and a sweep, say) share the cores instead of each starting a thread per core: the
// threads computing never outnumber the cores, and each analysis still finishes with the same result
// (every task writes its own slot).
#include <functional>

class QThreadPool;

namespace fl::ui {

/// The pool (maxThreadCount = QThread::idealThreadCount()).
QThreadPool& workerPool();
/// Makes the core's runWorkers run its copies on workerPool(). A loop started on a pool thread (a
/// job's body, or a copy that starts a loop of its own) claims and runs copies itself while tasks
/// queued on the pool claim the rest from the same counter; a task that finds none left returns at
/// once, and the caller waits only for copies another thread has claimed and is running. So no pool
/// thread ever waits for a task queued behind it (no deadlock, however deep the nesting), and a job
/// still gets parallel copies when threads are free. A loop started on any other thread only
/// waits: the threads computing are always the pool's. Call once, before any run starts.
void installWorkerPool();
/// Runs a job's body on the calling pool thread (JobRunner): counted busy while it computes (not
/// while it waits in a loop for copies on other threads), and its loops run as described above.
void runAsPoolJob(const std::function<void()>& body);

/// Copies of core workers running on the pool now, and the most that ran at once since the last reset.
int busyWorkers();
int peakBusyWorkers();
void resetPeakBusyWorkers();

} // namespace fl::ui
