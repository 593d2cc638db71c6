// Speed of the plane-contact models (run by hand, never a timed assertion):
//   ./build/tests/bench/contact_bench
// Integral-model evaluations per second at the default tolerance (1e-11; error < 1e-10, see
// test_contact_integral) for several directions, including centres of rotation on and near the
// rim; approximant and regularized evaluations per second.
#include "contact/approximant_fit.h"
#include "contact/integral_model.h"
#include "contact/regularized_models.h"
#include "contact/stick_solver.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

using namespace fl::contact;

namespace {

volatile double g_sink = 0.0;

/// Calls f() repeatedly for at least `seconds`; returns calls per second.
template <class F>
double rate(F f, double seconds = 0.3)
{
    using Clock = std::chrono::steady_clock;
    long calls = 0;
    const auto start = Clock::now();
    double elapsed = 0.0;
    while (elapsed < seconds) {
        for (int i = 0; i < 64; ++i)
            f();
        calls += 64;
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    }
    return calls / elapsed;
}

struct Direction {
    const char* what;
    double theta;
    double phi;
};

} // namespace

int main()
{
    constexpr double pi = std::numbers::pi;
    const std::vector<Direction> directions = {
        {"pure spin (theta = pi/2)", pi / 2, 0.0},
        {"centre inside (theta = 1.2)", 1.2, 0.3},
        {"centre on the rim (theta = pi/4)", pi / 4, 0.0},
        {"centre 1e-9 inside the rim", std::atan(1.0 / (1.0 - 1e-9)), 0.0},
        {"centre 1e-9 outside the rim", std::atan(1.0 / (1.0 + 1e-9)), 0.0},
        {"centre outside (theta = 0.3)", 0.3, -1.0},
        {"centre far (theta = 1e-6)", 1e-6, 0.0},
    };
    const ContactShape shapes[] = {ContactShape::uniformCircle(), ContactShape::hertzCircle(), ContactShape::ellipse(2.0, 1.0, PressureKind::Hertz),
                                   ContactShape::rectangle(2.0, 1.0, 0.3, 0.1)};
    std::printf("Integral model (JTAM (2.2)), default tolerance 1e-11:\n");
    for (const ContactShape& shape : shapes) {
        const IntegralModel model(shape);
        std::printf("  %s\n", shape.description().c_str());
        for (const Direction& d : directions) {
            const RelativeMotion q = motionFromAngles(d.theta, d.phi);
            const int rays = model.evaluate(q.vx, q.vy, q.omega).evaluations;
            const double r = rate([&] { g_sink = g_sink + model.load(q.vx, q.vy, q.omega).m; });
            std::printf("    %-34s %10.0f evaluations/s  (%d rays)\n", d.what, r, rays);
        }
    }
    const ApproximantI00 i00(I00Coefficients::circular(2.0 / 3.0), kFittedI00Uniform);
    const ApproximantI11 i11(I11Coefficients{}, kFittedI11Uniform);
    const RegularizedApproximant r00(I00Coefficients::circular(2.0 / 3.0), {1.0, 2.0}, {1e-5, 4.98});
    const RegularizedApproximant r11(I11Coefficients{}, kFittedI11Uniform, {1e-3, 2.5});
    double x = 0.1;
    auto next = [&x] { x = x > 1.0 ? 0.1 : x + 1e-3; return x; };
    std::printf("Approximants:\n");
    std::printf("  I(0,0) fitted                  %12.0f evaluations/s\n", rate([&] { g_sink = g_sink + i00.load(next(), 0.2, 0.3).m; }));
    std::printf("  I(1,1) fitted                  %12.0f evaluations/s\n", rate([&] { g_sink = g_sink + i11.load(next(), 0.2, 0.3).m; }));
    std::printf("  regularized I(0,0), m = 2      %12.0f evaluations/s\n", rate([&] { g_sink = g_sink + r00.load(next(), 0.2, 0.3).m; }));
    std::printf("  regularized I(1,1)             %12.0f evaluations/s\n", rate([&] { g_sink = g_sink + r11.load(next(), 0.2, 0.3).m; }));
    Eigen::Matrix3d j;
    std::printf("  regularized I(1,1) + Jacobian  %12.0f evaluations/s\n", rate([&] { g_sink = g_sink + r11.loadAndJacobian(next(), 0.2, 0.3, j).m; }));
    std::printf("Stick test (JTAM (2.5)):\n");
    const IntegralModel uniform(ContactShape::uniformCircle());
    std::printf("  integral model, uniform circle %12.0f solves/s\n", rate([&] { g_sink = g_sink + solveStick(uniform, {0.3, -0.2, next()}).xi; }));
    std::printf("  I(1,1)                         %12.0f solves/s\n", rate([&] { g_sink = g_sink + solveStick(i11, {0.3, -0.2, next()}).xi; }));
    return 0;
}
