// Benchmark (prints, never asserts a time): live playback in the real main window at 1600x1000
// with the mechanism and every plot visible, for the belt, the disk and the pendulum:
//   frame time (median, 99th percentile), frames/s, CPU of the GUI thread and of the process,
//   latency from a parameter change during live play to the first frame of the changed motion,
//   RSS at start and at the end.
//   and with `large N`: the GUI thread's longest gap while a run of N samples arrives and is drawn;
//   with `soak S`: RSS over S seconds of continuous re-simulation (presets of every system, parameter
//   edits) and playback (recorded and live), sampled every minute.
// Usage: QT_QPA_PLATFORM=offscreen bench_playback [seconds per system = 10] [long belt seconds = 0]
//        QT_QPA_PLATFORM=offscreen bench_playback large 1000000
//        QT_QPA_PLATFORM=offscreen bench_playback soak 3600
//        QT_QPA_PLATFORM=offscreen heaptrack bench_playback soak 600 diagnose
//          (undo histories capped at 20 steps, so they are full within a minute, and the process
//           ends with _exit: every block still live is reported as leaked; heaptrack_print -d of a
//           short and a long run shows what grows)
#include "analysis/workbench.h"
#include "playback/playback_controller.h"
#include "systems/scenario_setup.h"
#include "widgets/main_window.h"
#include "bridge/memory_trimmer.h"
#include "bridge/simulation_controller.h"
#include "widgets/parameter_panel.h"

#include "systems/system_registry.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <cstdio>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <ctime>
#include <unistd.h>
#include <vector>

using namespace fl::ui;

namespace {

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

double processCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

double rssMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1.0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toDouble() / 1024.0;
    return -1.0;
}

/// The C heap as glibc sees it: bytes in use by the program, and bytes held from the system (in
/// use + free chunks not returned): a gap that grows is fragmentation, not a leak.
std::pair<double, double> heapMb()
{
#if defined(__GLIBC__)
    const struct mallinfo2 m = mallinfo2();
    return {double(m.uordblks + m.hblkhd) / 1048576.0, double(m.arena + m.hblkhd) / 1048576.0};
#else
    return {-1.0, -1.0};
#endif
}

void wait(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

/// Milliseconds from changeLive to the first frame past the restart instant, for n changes of id.
std::vector<double> changeLatencies(MainWindow& w, const char* id, double a, double b, int n)
{
    std::vector<double> out;
    for (int k = 0; k < n; ++k) {
        fl::Scenario s = w.playback()->liveScenario();
        if (!s.params.set(id, k % 2 ? a : b).ok())
            return out;
        QElapsedTimer timer;
        timer.start();
        w.loadScenario(s);
        const double restart = w.playback()->frame().t;
        double ms = -1.0;
        QEventLoop loop;
        auto c = QObject::connect(w.playback(), &PlaybackController::frameChanged, [&](const PlaybackFrame& f) {
            if (ms < 0.0 && f.t > restart) {
                ms = timer.nsecsElapsed() * 1e-6;
                loop.quit();
            }
        });
        QTimer::singleShot(2000, &loop, &QEventLoop::quit);
        loop.exec();
        QObject::disconnect(c);
        out.push_back(ms);
        wait(150);
    }
    return out;
}

void measure(MainWindow& w, const QString& label, double seconds, const char* id, double a, double b)
{
    w.setLive(true);
    wait(500);
    const size_t first = w.playback()->frameIntervals().size();
    const double gui0 = threadCpuSeconds(), proc0 = processCpuSeconds();
    QElapsedTimer wall;
    wall.start();
    wait(static_cast<int>(seconds * 1000));
    const double elapsed = wall.nsecsElapsed() * 1e-9;
    const double gui = threadCpuSeconds() - gui0, proc = processCpuSeconds() - proc0;
    const std::vector<double> all = w.playback()->frameIntervals();
    const std::vector<double> frames(all.begin() + static_cast<std::ptrdiff_t>(std::min(first, all.size())), all.end());
    std::printf("%-28s frames %5zu  %.1f frames/s  frame time median %.2f ms, p99 %.2f ms  GUI thread work %.1f ms/frame  "
                "CPU: GUI thread %.0f %%, whole process %.0f %% of one core  t reached %.1f\n",
                qPrintable(label), frames.size(), frames.size() / elapsed, percentile(frames, 0.5), percentile(frames, 0.99),
                frames.empty() ? 0.0 : 1e3 * gui / static_cast<double>(frames.size()), 100.0 * gui / elapsed, 100.0 * proc / elapsed,
                w.playback()->frame().t);
    const std::vector<double> lat = changeLatencies(w, id, a, b, 20);
    std::printf("%-28s change of %s during live play -> first changed frame: median %.1f ms, max %.1f ms (%zu changes)\n",
                qPrintable(label), id, percentile(lat, 0.5), percentile(lat, 1.0), lat.size());
    std::fflush(stdout);
    w.setLive(false);
    wait(300);
}

/// Large runs in the GUI: the default belt with N output samples (dt = 0.01, t_end =
/// (N - 1) dt), run and drawn in the window (time history, phase portrait, mechanism). A 1 ms timer
/// on the GUI thread records its longest interval between ticks from the request until 3 s after
/// the run has finished (the plots' decimation and redraw included).
void measureLargeRun(MainWindow& w, long samples)
{
    w.setLive(false);
    wait(500);
    fl::Scenario s = fl::defaultScenario();
    s.params.set("dt", 0.01);
    s.params.set("t_end", 0.01 * static_cast<double>(samples - 1));
    QElapsedTimer clock;
    clock.start();
    double last = 0.0, worst = 0.0, worstAt = 0.0;
    std::vector<double> gaps;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(1);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const double now = clock.nsecsElapsed() * 1e-6;
        gaps.push_back(now - last);
        if (now - last > worst) {
            worst = now - last;
            worstAt = now;
        }
        last = now;
    });
    double finishedMs = -1.0;
    size_t rows = 0;
    auto c = QObject::connect(w.controller(), &SimulationController::runFinished, [&](const RunOutputPtr& output) {
        finishedMs = clock.nsecsElapsed() * 1e-6;
        rows = output->result.size();
    });
    const double rss0 = rssMb();
    tick.start();
    w.loadScenario(s);
    while (finishedMs < 0.0 && clock.elapsed() < 600000)
        wait(50);
    wait(3000);
    tick.stop();
    QObject::disconnect(c);
    std::printf("large run: %zu samples (belt, event-driven) finished %.0f ms after the request; GUI thread's longest gap %.1f ms "
                "(at %.0f ms), 99th percentile %.1f ms over %zu ticks; RSS %.0f MB before, %.0f MB after\n",
                rows, finishedMs, worst, worstAt, percentile(gaps, 0.99), gaps.size(), rss0, rssMb());
}

/// Soak: cycles through cases of the belt, the disk and the pendulum; in each cycle the
/// preset is loaded (a new run), played back for a second, then played live while a parameter is
/// edited three times (re-simulation from the frame on screen), then stopped. RSS every 60 s.
void soak(MainWindow& w, double seconds, bool wholeRotations)
{
    const char* presets[] = {"belt-stick-slip", "jtam2016-fig4a", "acta2016-fig5a", "jtam2016-fig4c", "acta2016-fig8a"};
    QElapsedTimer clock;
    clock.start();
    std::vector<std::pair<double, double>> samples{{0.0, rssMb()}};
    std::printf("soak: RSS %.1f MB at 0 s\n", samples.back().second);
    std::fflush(stdout);
    long cycles = 0, edits = 0;
    // (wholeRotations: ends after a whole rotation of the presets, so that two runs end in the same state)
    while (clock.elapsed() < seconds * 1000.0 || (wholeRotations && cycles % long(std::size(presets)) != 0)) {
        const char* id = presets[cycles % std::size(presets)];
        if (!w.loadPreset(QString::fromLatin1(id)))
            w.loadScenario(fl::defaultScenario());
        wait(800);
        w.playback()->play();
        wait(1000);
        w.setLive(true);
        for (int k = 0; k < 3; ++k) {
            wait(400);
            fl::Scenario s = w.playback()->liveScenario();
            if (s.params.has("v_b") && s.params.set("v_b", s.params.value("v_b") * (k % 2 ? 1.05 : 0.95)).ok()) {
                w.loadScenario(s);
                ++edits;
            }
        }
        wait(400);
        w.setLive(false);
        ++cycles;
        const double t = clock.elapsed() * 1e-3;
        if (t - samples.back().first >= 60.0) {
            samples.emplace_back(t, rssMb());
            const auto [inUse, held] = heapMb();
            std::printf("soak: RSS %.1f MB at %.0f s (%ld cycles, %ld live edits); C heap in use %.1f MB, held %.1f MB; %d trims\n",
                        samples.back().second, t, cycles, edits, inUse, held, w.findChild<fl::ui::MemoryTrimmer*>()->trims());
            std::fflush(stdout);
        }
    }
    samples.emplace_back(clock.elapsed() * 1e-3, rssMb());
    // Least-squares slope over the second half (after the caches and pools have filled).
    const size_t from = samples.size() / 2;
    double st = 0, sr = 0, stt = 0, str = 0, n = 0;
    for (size_t k = from; k < samples.size(); ++k) {
        st += samples[k].first, sr += samples[k].second, stt += samples[k].first * samples[k].first;
        str += samples[k].first * samples[k].second, n += 1;
    }
    const double slope = n > 1 ? (n * str - st * sr) / (n * stt - st * st) : 0.0;
    std::printf("soak: %.0f s, %ld cycles, %ld live edits: RSS %.1f MB at start, %.1f MB at 60 s, %.1f MB at the end; "
                "slope over the second half %.3f MB/hour\n",
                samples.back().first, cycles, edits, samples.front().second, samples.size() > 1 ? samples[1].second : 0.0,
                samples.back().second, slope * 3600.0);
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    const QByteArray mode = argc > 2 ? QByteArray(argv[1]) : QByteArray();
    if (mode == "large" || mode == "soak") { // in a 1280x720 window (a projector's size)
        MainWindow window;
        new Workbench(window);
        window.resize(1280, 720);
        window.show();
        wait(1500);
        if (mode == "large")
            measureLargeRun(window, std::atol(argv[2]));
        else
        {
            const bool diagnose = argc > 3 && QByteArray(argv[3]) == "diagnose";
            if (diagnose)
                for (QUndoStack* stack : window.findChildren<QUndoStack*>()) {
                    stack->clear();
                    stack->setUndoLimit(20);
                }
            soak(window, std::atof(argv[2]), diagnose);
            std::fflush(stdout);
            if (diagnose)
                _exit(0);
        }
        return 0;
    }
    const double seconds = argc > 1 ? std::atof(argv[1]) : 10.0;
    const double longSeconds = argc > 2 ? std::atof(argv[2]) : 0.0;
    MainWindow window;
    new Workbench(window);
    window.resize(1600, 1000);
    window.show();
    wait(1500);
    std::printf("RSS at start: %.1f MB\n", rssMb());
    measure(window, QStringLiteral("belt (default, event)"), seconds, "v_b", 0.4, 0.6);
    window.loadPreset(QStringLiteral("jtam2016-fig4a"));
    wait(1500);
    measure(window, QStringLiteral("disk (jtam2016-fig4a, event)"), seconds, "v_b", 0.14, 0.16);
    fl::Scenario pendulum;
    fl::makeScenario("pendulum", fl::lawsOf(*fl::findSystem("pendulum")).front()->id, fl::Method::Explicit,
                     fl::Regularization::Kudra, pendulum);
    window.loadScenario(pendulum);
    wait(1500);
    measure(window, QStringLiteral("pendulum (default)"), seconds, "omega0", 39.0, 41.0);
    if (longSeconds > 0.0) {
        window.loadScenario(fl::defaultScenario());
        wait(1500);
        window.setLive(true);
        wait(2000);
        const double before = rssMb();
        wait(static_cast<int>(longSeconds * 1000));
        std::printf("belt live for %.0f s: RSS %.1f MB after 2 s, %.1f MB at the end, t reached %.1f\n", longSeconds, before,
                    rssMb(), window.playback()->frame().t);
    }
    std::printf("RSS at the end: %.1f MB\n", rssMb());
    return 0;
}
