#include "bridge/simulation_controller.h"
#include "bridge/thread_handoff.h"
#include "simulation/simulate.h"


namespace fl::ui {

SimulationController::SimulationController(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<RunOutputPtr>();
    qRegisterMetaType<SectionChunkPtr>();
    // Two threads: a cancelled run may wind down while its successor already integrates.
    m_pool.setMaxThreadCount(2);
    m_pool.setObjectName(QStringLiteral("FrictionLab simulation"));
}

SimulationController::~SimulationController()
{
    m_pool.clear();
    if (m_cancel)
        m_cancel->store(true);
    m_pool.waitForDone();
}

quint64 SimulationController::request(const fl::Scenario& scenario)
{
    if (m_cancel)
        m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const quint64 id = ++m_latestId;
    m_running = true;
    emit runStarted(id);

    auto cancel = m_cancel;
    // The worker owns its copy of the scenario; the result comes back as a new immutable value.
    auto work = [this, id, scenario, cancel, maxEvents = m_maxEventRecords] {
        auto output = std::make_shared<RunOutput>();
        output->runId = id;
        output->scenario = scenario;
        if (cancel->load()) {
            output->result.status = fl::Status::error("cancelled");
        } else {
            // Every run records the system's Poincaré section; its points also stream out while the
            // run goes on (throttled in the core to one report per 50 ms).
            fl::RunOptions options;
            options.cancel = cancel.get();
            options.section = fl::defaultSection(scenario);
            options.maxEventRecords = maxEvents; // the event lists stay bounded, however long the run
            options.progress = [this, id](const fl::RunResult& partial, size_t, size_t firstNewSection) {
                auto chunk = std::make_shared<SectionChunk>();
                chunk->runId = id;
                chunk->dimension = partial.dimension();
                chunk->times.assign(partial.sectionTimes.begin() + static_cast<std::ptrdiff_t>(firstNewSection), partial.sectionTimes.end());
                chunk->states.assign(partial.sectionStates.begin() + static_cast<std::ptrdiff_t>(firstNewSection * chunk->dimension),
                                     partial.sectionStates.end());
                chunk->simulatedTime = partial.t.empty() ? 0.0 : partial.t.back();
                chunk->switchCount = partial.switchCount;
                chunk->warning = partial.warning;
                SectionChunkPtr shared = std::move(chunk);
                handoff::post(this, [this, shared] {
                    if (shared->runId == m_latestId)
                        emit sectionChunk(shared);
                });
            };
            output->result = fl::simulate(scenario, options);
        }
        output->cancelled = cancel->load() && !output->result.status.ok();
        RunOutputPtr result = std::move(output);
        handoff::post(this, [this, result] { deliver(result); });
    };
    // Queued tasks of superseded runs would only report "cancelled": drop them unstarted.
    m_pool.clear();
    handoff::start(&m_pool, std::move(work));
    return id;
}

void SimulationController::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void SimulationController::deliver(const RunOutputPtr& output)
{
    if (output->runId != m_latestId) {
        ++m_dropped;
        return;
    }
    m_running = false;
    emit runFinished(output);
}

} // namespace fl::ui
