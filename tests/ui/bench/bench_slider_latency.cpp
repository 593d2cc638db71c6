// Benchmark (prints, never asserts a time): latency from a slider value change to the end of the
// replot of all three plots, for the default scenario (block on a belt, event-driven, 20001
// samples) or the forced belt in chaotic stick-slip with the regularized method (Kudra, eps = 1e-3,
// zeta = 0.02, A = 1, w = 1.75, v_b = 0.2; t_end 200, dt 0.01, tol 1e-10) and either stiff
// integrator, or the default scenario written as a model file and run as a model (`model`).
// Usage: ui_bench_slider_latency [moves = 50] [default | model | forced [bdf | rosenbrock4]].
#include "bridge/simulation_controller.h"
#include "scenario/scenario.h"
#include "systems/model_export.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "widgets/characteristic_plot.h"
#include "widgets/main_window.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/time_history_plot.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "widgets/run_plot.h"
#include "widgets/slider_scale.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSlider>
#include <QTimer>

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace fl::ui;

namespace {

/// Moves the slider to position and returns the milliseconds until every plot has replotted the
/// run of that value; a negative number on timeout.
double measureMove(MainWindow& window, QSlider* slider, int position, double& simulationMs)
{
    QEventLoop loop;
    quint64 displayed = 0;
    int replotted = 0;
    QElapsedTimer timer;
    std::vector<QMetaObject::Connection> connections;
    connections.push_back(QObject::connect(&window, &MainWindow::runDisplayed, [&](quint64 id) {
        displayed = id;
        replotted = 0;
    }));
    for (RunPlot* plot : {static_cast<RunPlot*>(window.timeHistoryPlot()), static_cast<RunPlot*>(window.phasePortraitPlot()), static_cast<RunPlot*>(window.characteristicPlot())})
        connections.push_back(QObject::connect(plot, &QCustomPlot::afterReplot, [&] {
            if (displayed != 0 && displayed == window.controller()->latestRunId() && ++replotted == 3)
                loop.quit();
        }));
    QTimer::singleShot(10000, &loop, [&] { loop.exit(1); });
    timer.start();
    slider->setValue(position);
    const bool ok = loop.exec() == 0;
    const double ms = timer.nsecsElapsed() * 1e-6;
    for (const auto& c : connections)
        QObject::disconnect(c);
    simulationMs = window.currentRun() ? window.currentRun()->result.wallSeconds * 1e3 : 0.0;
    return ok ? ms : -1.0;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

/// The forced belt (regularized with Kudra's law, chaotic stick-slip) with the given stiff integrator.
fl::Scenario forcedBelt(fl::StiffIntegrator integrator)
{
    fl::Scenario s;
    fl::makeScenario("belt", "coulomb", fl::Method::Regularized, fl::Regularization::Kudra, s);
    s.stiffIntegrator = integrator;
    for (const auto& [id, value] : {std::pair<const char*, double>{"eps", 1e-3}, {"zeta", 0.02}, {"A", 1.0}, {"w", 1.75}, {"v_b", 0.2}})
        s.params.set(id, value);
    return s;
}

void waitForRun(MainWindow& window, quint64 newerThan)
{
    QElapsedTimer timer;
    timer.start();
    while ((!window.currentRun() || window.controller()->latestRunId() <= newerThan
            || window.currentRun()->runId != window.controller()->latestRunId())
           && timer.elapsed() < 20000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    QCoreApplication::processEvents();
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    const int moves = argc > 1 ? std::max(1, std::atoi(argv[1])) : 50;
    const bool forced = argc > 2 && std::strcmp(argv[2], "forced") == 0;
    const bool rosenbrock = argc > 3 && std::strcmp(argv[3], "rosenbrock4") == 0;
    const bool model = argc > 2 && std::strcmp(argv[2], "model") == 0;
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    waitForRun(window, 0);
    if (forced) {
        const quint64 before = window.controller()->latestRunId();
        window.loadScenario(forcedBelt(rosenbrock ? fl::StiffIntegrator::Rosenbrock4 : fl::StiffIntegrator::Bdf));
        waitForRun(window, before);
    }
    if (model) { // the default scenario as a model (model export), the same values
        std::string text;
        fl::exportModel(fl::defaultScenario(), text);
        const fl::ModelRegistration registration = fl::registerModel(text);
        fl::Scenario s;
        fl::makeScenario(registration.system->id, "coulomb", fl::Method::EventDriven, fl::Regularization::Kudra, s);
        const quint64 before = window.controller()->latestRunId();
        window.loadScenario(s);
        waitForRun(window, before);
    }
    QSlider* slider = window.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->slider();

    std::vector<double> latencies;
    std::vector<double> simulations;
    const int start = slider->value();
    for (int i = 1; i <= moves; ++i) {
        // v_b up and down in steps of 0.01 from the default 0.5 (triangle 0.5 .. 0.55): stick-slip.
        const int position = start + (5 - std::abs(5 - i % 10)) * fl::ui::SliderScale::kFine;
        double simulationMs = 0.0;
        const double ms = measureMove(window, slider, position, simulationMs);
        if (ms < 0.0) {
            std::fprintf(stderr, "move %d: no replot within 10 s\n", i);
            return 1;
        }
        latencies.push_back(ms);
        simulations.push_back(simulationMs);
    }
    std::printf("slider-to-redrawn-plot latency, %s (%zu samples, %ld steps), %d moves:\n",
                fl::describe(window.currentRun()->scenario).c_str(), window.currentRun()->result.size(),
                window.currentRun()->result.steps, moves);
    std::printf("  median %.1f ms, min %.1f ms, max %.1f ms (of which fl::simulate: median %.1f ms)\n",
                median(latencies), *std::min_element(latencies.begin(), latencies.end()),
                *std::max_element(latencies.begin(), latencies.end()), median(simulations));
    return 0;
}
