#include "sweep_runner.h"
#include "bridge/thread_handoff.h"

#include <QMetaObject>

namespace fl::ui {

SweepRunner::SweepRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<fl::SweepColumn>();
    m_pool.setMaxThreadCount(1);
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] {
        // finished() also fires after a cancel (Qt's primecounter example).
        handoff::acquire(&m_watcher);
        m_running = false;
        emit finished(m_cancel && m_cancel->load());
    });
}

SweepRunner::~SweepRunner()
{
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
    // Its threads' work happens before what follows (the finished handler is not run now): the
    // application may be exiting, and static data they read is destroyed next.
    handoff::acquire(&m_watcher);
}

bool SweepRunner::start(const fl::Scenario& scenario, const fl::SweepSpec& spec, int threads, QString* error)
{
    if (m_running) {
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
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_total = spec.steps * (spec.direction == fl::SweepDirection::Both ? 2 : 1);
    m_done = 0;
    m_running = true;
    const quint64 generation = ++m_generation;
    m_clock.start();
    emit progress(0, m_total, -1.0);
    auto cancel = m_cancel;
    m_watcher.setFuture(handoff::run(&m_pool, [this, scenario, spec, threads, cancel, generation] {
        fl::runSweep(scenario, spec, threads, cancel.get(), [this, generation](const fl::SweepColumn& column) {
            handoff::post(this, [this, column, generation] {
                if (generation == m_generation)
                    onColumn(column);
            });
        });
    }, &m_watcher));
    return true;
}

void SweepRunner::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void SweepRunner::onColumn(const fl::SweepColumn& column)
{
    ++m_done;
    emit columnReady(column);
    const double elapsed = static_cast<double>(m_clock.elapsed()) / 1000.0;
    emit progress(m_done, m_total, elapsed / m_done * (m_total - m_done));
}

} // namespace fl::ui
