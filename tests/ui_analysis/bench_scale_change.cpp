// Benchmark (prints, never asserts a time): the GUI thread's CPU for one presenter scale change
// (Ctrl+= / Ctrl+0), from the key until the window is idle again: restyled plots, the new font
// laid out in every tab, the panel placed beside or over the views, the mechanism and plots
// repainted. The random drive fails a GUI-thread stretch over 200 ms; this shows where a change
// stands, in the real window with its tabs and the shipped lecture's caption.
// Usage: QT_QPA_PLATFORM=offscreen bench_scale_change [repeats = 5] [WxH = 1280x720]
#include "analysis/lyapunov_panel.h"
#include "analysis/workbench.h"
#include "presenter/appearance.h"
#include "session/session_manager.h"
#include "widgets/main_window.h"

#include <QAbstractEventDispatcher>
#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThread>

#include <algorithm>
#include <functional>
#include <cstdio>
#include <ctime>
#include <vector>

namespace {

double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

/// Processes events until none arrive for 100 ms of wall time; the GUI thread's CPU up to the last
/// event processed (the idle polling after it is not counted).
double settle()
{
    const double start = threadCpuMs();
    double busyUntil = start;
    QElapsedTimer quiet;
    quiet.start();
    while (quiet.elapsed() < 100) {
        if (QCoreApplication::instance()->eventDispatcher()->processEvents(QEventLoop::AllEvents)) {
            busyUntil = threadCpuMs();
            quiet.restart();
        } else {
            QThread::msleep(1);
        }
    }
    return busyUntil - start;
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    const int repeats = argc > 1 ? std::max(1, atoi(argv[1])) : 5;
    const QStringList size = QString::fromLatin1(argc > 2 ? argv[2] : "1280x720").split(QLatin1Char('x'));
    fl::ui::MainWindow window;
    auto* bench = new fl::ui::Workbench(window);
    auto* sessions = new fl::ui::SessionManager(window, *bench);
    sessions->setConfirmDiscard(false);
    window.resize(size.value(0).toInt(), size.value(1).toInt());
    window.show();
    QSignalSpy shown(&window, &fl::ui::MainWindow::runDisplayed);
    shown.wait(60000);
    if (!sessions->open(QStringLiteral(":/lectures/stick-slip-in-ten-scenes.frictionlab")))
        return 1;
    shown.wait(60000);
    settle();
    std::printf("scale change in the real window at %sx%s with the lecture's caption (GUI-thread CPU, ms):\n",
                qPrintable(size.value(0)), qPrintable(size.value(1)));
    for (const double scale : {1.5, 2.0, 3.0}) {
        std::vector<double> up, down;
        for (int i = 0; i < repeats; ++i) {
            fl::ui::Appearance look;
            look.scale = scale;
            double start = threadCpuMs();
            window.setAppearance(look);
            up.push_back(threadCpuMs() - start + settle());
            start = threadCpuMs();
            window.setAppearance(fl::ui::Appearance{});
            down.push_back(threadCpuMs() - start + settle());
        }
        std::sort(up.begin(), up.end());
        std::sort(down.begin(), down.end());
        std::printf("  100 %% -> %3.0f %%: median %6.1f, max %6.1f   back: median %6.1f, max %6.1f\n", scale * 100,
                    up[up.size() / 2], up.back(), down[down.size() / 2], down.back());
    }
    // From a scale (after `prepare`) back to 100 %: the GUI thread's CPU, median and worst.
    const auto backToFull = [&](const char* what, double scale, const std::function<void()>& prepare) {
        std::vector<double> times;
        for (int i = 0; i < repeats; ++i) {
            fl::ui::Appearance look;
            look.scale = scale;
            window.setAppearance(look);
            settle();
            prepare();
            settle();
            const double start = threadCpuMs();
            window.setAppearance(fl::ui::Appearance{});
            times.push_back(threadCpuMs() - start + settle());
        }
        std::sort(times.begin(), times.end());
        std::printf("  %3.0f %% %s -> 100 %%: median %6.1f, max %6.1f\n", scale * 100, what, times[times.size() / 2], times.back());
    };
    window.showSideView(bench->viewAs<fl::ui::LyapunovPanel>("lyapunov"));
    backToFull("with the Lyapunov tab in front (Reset size)", 3.0, [] {});
    // The panel opened over the views, then back to 100 %, where it goes beside them.
    backToFull("with the panel open over the views", 2.0, [&window] { window.togglePanel(true); });
    return 0;
}
