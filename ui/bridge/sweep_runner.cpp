#include "sweep_runner.h"
#include "bridge/thread_handoff.h"

#include <atomic>

namespace fl::ui {

SweepRunner::SweepRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<fl::SweepColumn>();
    connect(&m_jobs, &JobRunner::progress, this, [this](long long done, long long total, double secondsLeft) {
        emit progress(static_cast<int>(done), static_cast<int>(total), secondsLeft);
    });
    connect(&m_jobs, &JobRunner::statusChanged, this, [this](JobStatus status) {
        // A failed sweep (an exception) ends as before: finished, not cancelled.
        if (status == JobStatus::Finished || status == JobStatus::Failed || status == JobStatus::Cancelled)
            emit finished(status == JobStatus::Cancelled);
    });
}

SweepRunner::~SweepRunner() = default; // m_jobs cancels and waits

bool SweepRunner::start(const fl::Scenario& scenario, const fl::SweepSpec& spec, int threads, QString* error)
{
    if (isRunning()) {
        if (error)
            *error = tr("a sweep is already running");
        return false;
    }
    const fl::Status status = fl::validateSweep(scenario, spec);
    if (!status.ok()) {
        if (error)
            *error = QString::fromStdString(status.message());
        return false;
    }
    m_total = spec.steps * (spec.direction == fl::SweepDirection::Both ? 2 : 1);
    emit progress(0, m_total, -1.0);
    const int total = m_total;
    m_jobs.start([this, scenario, spec, threads, total](JobContext& context) {
        std::atomic<int> done{0}; // the callback runs on every copy's thread
        fl::runSweep(scenario, spec, threads, context.cancelFlag(), [&](const fl::SweepColumn& column) {
            const quint64 id = context.runId();
            handoff::post(this, [this, column, id] {
                if (id == m_jobs.runId()) // columns of an older sweep are dropped
                    emit columnReady(column);
            });
            context.report(++done, total);
        });
    });
    return true;
}

void SweepRunner::cancel() { m_jobs.cancel(); }

} // namespace fl::ui
