#include "playback/playback_controller.h"
#include "systems/run_variables.h"

#include "plotdata/plot_data_worker.h"

#include <QTimer>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

constexpr int kFrameMs = 16;           ///< display tick (~60 frames/s)
constexpr double kLookaheadWall = 0.5; ///< seconds of wall time computed ahead in live mode

} // namespace

PlaybackController::PlaybackController(QObject* parent)
    : QObject(parent), m_timer(new QTimer(this)), m_runner(new LiveRunner(this)), m_plotData(new PlotDataWorker(this))
{
    m_timer->setTimerType(Qt::PreciseTimer);
    m_timer->setInterval(kFrameMs);
    connect(m_timer, &QTimer::timeout, this, &PlaybackController::tick);
    connect(m_runner, &LiveRunner::chunkReady, this, &PlaybackController::onChunk);
    connect(m_plotData, &PlotDataWorker::ready, this, [this](const PlotDataPtr& data) {
        m_windowPending = false;
        if (m_source == Source::Live)
            emit liveDataReady(data);
    });
    m_clock.start();
}

PlaybackController::~PlaybackController() = default;

void PlaybackController::setRun(const RunOutputPtr& run)
{
    m_run = run;
    if (m_source != Source::Recorded || !run)
        return;
    m_stateNames = std::make_shared<const std::vector<std::string>>(run->result.stateNames);
    m_outputNames = std::make_shared<const std::vector<std::string>>(run->result.outputNames);
    stateRanges(run->result, m_rangeLow, m_rangeHigh);
    showTime(std::clamp(m_frame.valid() && !m_nextFromStart ? m_frame.t : begin(), begin(), end()));
    m_nextFromStart = false;
    anchor();
    emit stateChanged();
}

void PlaybackController::startLive(const fl::Scenario& scenario)
{
    m_source = Source::Live;
    m_liveScenario = scenario;
    m_buffer.clear();
    m_frame = PlaybackFrame{};
    m_runner->start(scenario);
    requestAhead();
    anchor();
    emit stateChanged();
}

void PlaybackController::changeLive(const fl::Scenario& scenario)
{
    if (m_source != Source::Live)
        return;
    // Another system, or another state vector (S5's n, a law with memory in place of a static one):
    // the live run starts again from the new scenario's initial state.
    if (scenario.systemId != m_liveScenario.systemId || m_buffer.empty()
        || fl::stateNames(scenario) != fl::stateNames(m_liveScenario)) {
        const bool playing = m_playing;
        startLive(scenario);
        m_playing = playing;
        return;
    }
    // Continue from the sample on screen; what the worker computed beyond it is discarded.
    const fl::RunResult& b = m_buffer.samples();
    const size_t i = sampleIndexAt(b.t, m_frame.t);
    const auto n = static_cast<size_t>(b.dimension());
    const std::vector<double> y(b.states.begin() + static_cast<std::ptrdiff_t>(i * n), b.states.begin() + static_cast<std::ptrdiff_t>((i + 1) * n));
    const int mode = i < b.mode.size() ? static_cast<int>(b.mode[i]) : -1;
    const double t = b.t[i];
    m_liveScenario = scenario;
    m_buffer.truncateAfter(t);
    m_runner->restartFrom(scenario, t, y, mode);
    requestAhead();
    showTime(t);
    anchor();
}

void PlaybackController::resetLive()
{
    if (m_source == Source::Live) {
        const bool playing = m_playing;
        startLive(m_liveScenario);
        m_playing = playing;
        emit stateChanged();
    }
}

void PlaybackController::stopLive()
{
    if (m_source != Source::Live)
        return;
    m_runner->stop();
    m_buffer.clear();
    m_source = Source::Recorded;
    m_playing = false;
    m_frame = PlaybackFrame{};
    setRun(m_run);
    emit stateChanged();
}

void PlaybackController::play()
{
    if (m_source == Source::Recorded && m_run && m_frame.t >= end() && !m_loop)
        showTime(begin());
    m_playing = true;
    anchor();
    m_timer->start();
    emit stateChanged();
}

void PlaybackController::pause()
{
    m_playing = false;
    emit stateChanged();
}

void PlaybackController::togglePlay()
{
    m_playing ? pause() : play();
}

void PlaybackController::setSpeed(double speed)
{
    m_speed = std::clamp(speed, 1.0 / 16.0, 16.0);
    anchor();
    emit stateChanged();
}

void PlaybackController::setLoop(bool loop)
{
    if (loop == m_loop)
        return;
    m_loop = loop;
    emit stateChanged();
}

void PlaybackController::setWindow(double window)
{
    if (!(window > 0.0 && std::isfinite(window)) || window == m_window)
        return;
    m_window = window;
    if (m_source == Source::Live)
        submitLiveWindow();
    emit stateChanged();
}

void PlaybackController::stepFrame(int direction)
{
    pause();
    static const std::vector<double> none;
    const std::vector<double>& t = m_source == Source::Live ? m_buffer.samples().t : (m_run ? m_run->result.t : none);
    if (t.empty())
        return;
    const size_t i = sampleIndexAt(t, m_frame.t);
    const size_t next = direction > 0 ? std::min(i + 1, t.size() - 1) : (i > 0 ? i - 1 : 0);
    showTime(t[next]);
    if (m_source == Source::Live)
        requestAhead();
}

void PlaybackController::seek(double t)
{
    showTime(std::clamp(t, begin(), end()));
    anchor();
}

double PlaybackController::begin() const
{
    if (m_source == Source::Live)
        return m_buffer.first();
    return m_run && m_run->result.size() ? m_run->result.t.front() : 0.0;
}

double PlaybackController::end() const
{
    if (m_source == Source::Live)
        return m_buffer.last();
    return m_run && m_run->result.size() ? m_run->result.t.back() : 0.0;
}

void PlaybackController::anchor()
{
    m_anchorTime = m_frame.valid() ? m_frame.t : 0.0;
    m_anchorWall = m_clock.nsecsElapsed();
}

void PlaybackController::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    if (m_lastTickNs > 0 && m_playing) {
        m_intervals.push_back((now - m_lastTickNs) * 1e-6);
        if (m_intervals.size() > 100'000)
            m_intervals.erase(m_intervals.begin(), m_intervals.begin() + 50'000);
    }
    m_lastTickNs = now;
    if (!m_playing) {
        m_timer->stop();
        return;
    }
    double t = m_anchorTime + m_speed * static_cast<double>(now - m_anchorWall) * 1e-9;
    if (m_source == Source::Recorded) {
        if (!m_run || m_run->result.size() == 0)
            return pause();
        if (t > end()) {
            if (!m_loop) {
                showTime(end());
                return pause();
            }
            t = begin();
            m_anchorTime = t;
            m_anchorWall = now;
        }
        return showTime(t);
    }
    requestAhead();
    if (m_buffer.empty())
        return;
    if (t > m_buffer.last()) {
        // The worker is behind: wait at the newest sample rather than skip ahead later.
        t = m_buffer.last();
        m_anchorTime = t;
        m_anchorWall = now;
    }
    showTime(t);
    m_buffer.trimBefore(t - m_window - 1.0);
    submitLiveWindow();
}

void PlaybackController::requestAhead()
{
    const double dt = m_liveScenario.params.has("dt") ? m_liveScenario.params.value("dt") : 0.01;
    const double lookahead = std::max(kLookaheadWall * m_speed, 4.0 * dt);
    const double now = m_frame.valid() ? m_frame.t : 0.0;
    // Right after a start or a change a short piece first (the changed motion shows within a
    // frame or two), then the full lookahead.
    const bool waiting = m_buffer.empty() || m_buffer.last() <= now;
    const double ahead = waiting ? std::max(2.0 * dt, 3.0 * kFrameMs * 1e-3 * m_speed) : lookahead;
    if (m_runner->requestedUntil() - now < 0.5 * ahead)
        m_runner->requestUntil(now + ahead);
}

void PlaybackController::onChunk(const LiveChunkPtr& chunk)
{
    if (m_source != Source::Live)
        return;
    if (chunk->samples.size() > 0) {
        m_buffer.append(chunk->samples);
        if (!m_stateNames || *m_stateNames != chunk->samples.stateNames || *m_outputNames != chunk->samples.outputNames) {
            m_stateNames = std::make_shared<const std::vector<std::string>>(chunk->samples.stateNames);
            m_outputNames = std::make_shared<const std::vector<std::string>>(chunk->samples.outputNames);
        }
        if (!m_frame.valid()) {
            showTime(m_buffer.first());
            anchor();
            submitLiveWindow();
        }
    }
    if (!chunk->status.ok()) {
        m_runner->stop();
        m_playing = false;
        emit stateChanged();
        emit liveFailed(QString::fromStdString(chunk->status.message()));
        return;
    }
    requestAhead();
}

void PlaybackController::showTime(double t)
{
    const fl::RunResult* run = m_source == Source::Live ? &m_buffer.samples() : (m_run ? &m_run->result : nullptr);
    if (!run || run->size() == 0)
        return;
    m_frame = frameAtTime(*run, t, m_stateNames, m_outputNames, kTrailSamples, trailStride(*run));
    if (m_source == Source::Recorded) {
        m_frame.rangeLow = m_rangeLow;
        m_frame.rangeHigh = m_rangeHigh;
    }
    emit frameChanged(m_frame);
}

void PlaybackController::submitLiveWindow()
{
    if (m_windowPending || m_buffer.empty() || !m_frame.valid())
        return;
    auto output = std::make_shared<RunOutput>();
    output->runId = ++m_windowId;
    output->scenario = m_liveScenario;
    output->result = m_buffer.window(m_frame.t - m_window, m_frame.t);
    if (output->result.size() == 0)
        return;
    m_windowPending = true;
    m_plotData->prepare(output);
}

} // namespace fl::ui
