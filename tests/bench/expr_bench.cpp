// The expression engine's speed (core/expr): ns per evaluation of a typical friction-oscillator
// force and of the force with its Jacobian entries, compiled to a tape, against the same
// expressions written in C++; and the time to parse a 50-line block of expressions.
//   ./build/tests/bench/expr_bench [evaluations]
// Not a test (timings vary with the machine); the figures go in reviews and the report.
#include "expr/expression.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using namespace fl::expr;

enum Slot { X, V, T, K, C, F0, Omega, Mu, N, Eps, Slots };

const char* kForce = "-k*x - c*v + F0*cos(Omega*t) - mu*N*tanh(v/eps)";

void initial(double* q)
{
    q[X] = 0.1, q[V] = 0.02, q[T] = 0.0, q[K] = 1.0, q[C] = 0.05, q[F0] = 0.3, q[Omega] = 1.2, q[Mu] = 0.4, q[N] = 1.0, q[Eps] = 1e-3;
}

/// The state moves a little every evaluation, so that nothing is hoisted out of the loop.
inline void advance(double* q)
{
    q[T] += 1e-3;
    q[V] = 0.02 * std::sin(q[T]);
    q[X] += 1e-5;
}

/// ns per call of body(q, out), best of 5 runs of n calls; checksum to keep the work.
template <class Body>
double timePerCall(long n, Body body, double* checksum)
{
    double best = 1e300;
    for (int run = 0; run < 5; ++run) {
        double q[Slots], out[3] = {0, 0, 0}, sum = 0.0;
        initial(q);
        const auto start = Clock::now();
        for (long i = 0; i < n; ++i) {
            advance(q);
            body(q, out);
            sum += out[0] + out[1] + out[2];
        }
        best = std::min(best, std::chrono::duration<double, std::nano>(Clock::now() - start).count() / static_cast<double>(n));
        *checksum += sum;
    }
    return best;
}

/// Also times the moving of the state alone, which every figure includes and is subtracted.
double baseline(long n, double* checksum)
{
    return timePerCall(n, [](const double* q, double* out) { out[0] = q[X]; }, checksum);
}

} // namespace

int main(int argc, char** argv)
{
    const long n = argc > 1 ? std::atol(argv[1]) : 2'000'000;
    SymbolTable symbols{"x", "v", "t", "k", "c", "F0", "Omega", "mu", "N", "eps"};
    const ParseResult parsed = parse(kForce, symbols);
    if (!parsed.ok()) {
        std::fprintf(stderr, "error: %s\n", parsed.error.text().c_str());
        return 1;
    }
    const Expr force = parsed.expr;
    const Expr outputs[] = {force, derivative(force, X), derivative(force, V)};
    Tape forceTape = Tape::compile(std::span(outputs, 1));
    Tape jacobianTape = Tape::compile(outputs);

    double checksum = 0.0;
    const double base = baseline(n, &checksum);
    const double handForce = timePerCall(n, [](const double* q, double* out) {
        out[0] = -q[K] * q[X] - q[C] * q[V] + q[F0] * std::cos(q[Omega] * q[T]) - q[Mu] * q[N] * std::tanh(q[V] / q[Eps]);
    }, &checksum) - base;
    const double tapeForce = timePerCall(n, [&](const double* q, double* out) { forceTape.evaluate(q, out); }, &checksum) - base;
    const double handJacobian = timePerCall(n, [](const double* q, double* out) {
        const double th = std::tanh(q[V] / q[Eps]);
        out[0] = -q[K] * q[X] - q[C] * q[V] + q[F0] * std::cos(q[Omega] * q[T]) - q[Mu] * q[N] * th;
        out[1] = -q[K];
        out[2] = -q[C] - q[Mu] * q[N] * ((1.0 - th * th) / q[Eps]);
    }, &checksum) - base;
    const double tapeJacobian = timePerCall(n, [&](const double* q, double* out) { jacobianTape.evaluate(q, out); }, &checksum) - base;

    std::printf("force: %s\n", kForce);
    std::printf("  d/dx: %s\n  d/dv: %s\n", print(outputs[1], symbols).c_str(), print(outputs[2], symbols).c_str());
    std::printf("force alone:          tape %6.1f ns (%d instructions), C++ %6.1f ns, ratio %.2f\n", tapeForce,
                forceTape.instructionCount(), handForce, tapeForce / handForce);
    std::printf("force + d/dx + d/dv:  tape %6.1f ns (%d instructions), C++ %6.1f ns, ratio %.2f\n", tapeJacobian,
                jacobianTape.instructionCount(), handJacobian, tapeJacobian / handJacobian);

    // A 50-line block: the kind of text a model file holds (forces, a normal force, contacts).
    std::vector<std::string> lines;
    for (int i = 0; i < 50; ++i)
        lines.push_back(i % 5 == 0   ? "-k*x - c*v + F0*cos(Omega*t) - mu*N*tanh(v/eps)"
                        : i % 5 == 1 ? "N*(1 + 0.1*sin(" + std::to_string(i) + "*Omega*t))^2 - sqrt(abs(x))/(1 + exp(-v/eps))"
                        : i % 5 == 2 ? "v - Omega*x + 0.5*atan2(x, v + 1e-3)"
                        : i % 5 == 3 ? "max(0, k*(x - 0.25)) + min(c*v, mu*N) - hypot(x, v)^3"
                                     : "-(k + " + std::to_string(i) + ".5)*x^2 + c*log10(1 + v*v) - pow(eps, 0.5)*cosh(t/10)");
    std::size_t bytes = 0;
    for (const std::string& line : lines)
        bytes += line.size() + 1;
    double bestUs = 1e300;
    for (int run = 0; run < 20; ++run) {
        const auto start = Clock::now();
        long nodes = 0;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const ParseResult r = parse(lines[i], symbols, {}, {static_cast<int>(i) + 1, 1});
            nodes += r.ok() ? nodeCount(r.expr) : -1000000;
        }
        bestUs = std::min(bestUs, std::chrono::duration<double, std::micro>(Clock::now() - start).count());
        if (nodes < 0) {
            std::fprintf(stderr, "error: a line of the block does not parse\n");
            return 1;
        }
    }
    std::printf("parse of a 50-line block (%zu bytes): %.1f us\n", bytes, bestUs);
    std::printf("(checksum %g)\n", checksum);
    return 0;
}
