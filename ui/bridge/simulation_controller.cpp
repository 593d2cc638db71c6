#include "bridge/simulation_controller.h"
#include "bridge/thread_handoff.h"
#include "simulation/simulate.h"

namespace fl::ui {

SimulationController::SimulationController(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<RunOutputPtr>();
    qRegisterMetaType<SectionChunkPtr>();
}

SimulationController::~SimulationController() = default; // m_jobs cancels the run and waits

quint64 SimulationController::request(const fl::Scenario& scenario)
{
    // The job owns its copy of the scenario; the result comes back as a new immutable value. A
    // superseded run is cancelled (a queued one never starts) and its result never delivered.
    const quint64 id = m_jobs.start(
        [this, scenario, maxEvents = m_maxEventRecords](JobContext& context) {
            auto output = std::make_shared<RunOutput>();
            output->runId = context.runId();
            output->scenario = scenario;
            // Every run records the system's Poincaré section; its points also stream out while the
            // run goes on (throttled in the core to one report per 50 ms).
            fl::RunOptions options;
            options.cancel = context.cancelFlag();
            options.section = fl::defaultSection(scenario);
            options.maxEventRecords = maxEvents; // the event lists stay bounded, however long the run
            options.progress = [this, id = context.runId()](const fl::RunResult& partial, size_t, size_t firstNewSection) {
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
                    if (shared->runId == m_jobs.runId())
                        emit sectionChunk(shared);
                });
            };
            output->result = fl::simulate(scenario, options);
            output->cancelled = context.cancelled() && !output->result.status.ok();
            return RunOutputPtr(std::move(output));
        },
        [this](const RunOutputPtr& output) { emit runFinished(output); });
    emit runStarted(id);
    return id;
}

void SimulationController::cancel()
{
    m_jobs.cancel();
}

} // namespace fl::ui
