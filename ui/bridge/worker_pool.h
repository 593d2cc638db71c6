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
/// still gets parallel copies when threads are free. A loop started on any other thread (a job's, a
/// test's) only waits: the threads computing its copies are always the pool's. Call once, before any run starts.
void installWorkerPool();
/// The threads of the analyses' jobs (JobRunner): one per running job, started at once. A job's own
/// computation (a law-lab experiment, a contact curve, the set-up between a map's loops) thus never
/// waits behind a loop that fills workerPool() for minutes, as it did not when each view had a
/// thread of its own. Its parallel loops run their copies on workerPool(), the job's thread only
/// waiting, so the loops of all analyses together never compute on more threads than cores. A job
/// computing outside its loops beside another analysis's loop is one thread more than the cores:
/// the price of answering at once (copies that gave their thread back between tasks would avoid
/// it, a change of the core's loops).
QThreadPool& jobPool();

/// The lanes a JobRunner runs its jobs in (bridge/job_runner.h). Each lane is a pool of its own, so
/// work in one never waits behind another's:
enum class JobLane {
    Analyses, ///< jobPool(): the analysis views' jobs (their loops on workerPool())
    Export    ///< the writers of exported files (2 threads; not Qt's global pool, on which QtGui's
              ///< raster painting waits)
};
QThreadPool& lanePool(JobLane lane);

/// Copies of core workers computing on the pool now, and the most at once since the last reset (a
/// job's own thread is not counted: it is not one of the pool's).
int busyWorkers();
int peakBusyWorkers();
void resetPeakBusyWorkers();

} // namespace fl::ui
