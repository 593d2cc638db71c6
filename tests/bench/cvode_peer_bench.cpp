// cvode_peer_bench: a native "peer" of FrictionLab. Two FrictionLab cases written
// as a competent SUNDIALS user would, with plain CVODE 6.4 and the C++ standard library only (no
// FrictionLab code is linked), writing the same CSV, to judge FrictionLab's speed against them.
//   belt      S1, Coulomb mu_s = 2, mu_k = 1, v_b = 0.5, zeta = 0, t_end = 1000, dt = 0.01, tol 1e-10:
//             stick-slip, event-driven by CVODE root finding on the switching function of the mode
//             (slip: dir v_r; stick: mu_s - |x|), CVodeReInit after each switch.
//             As `frictionlab-cli run --t-end 1000 --dt 0.01`.
//   pendulum  S3, acta2016-fig5a at omega0 = 40 (regularized I(1,1), n = 3, kT = 1, c = 2/3, c2 = 1/4,
//             b = 0.452, m = 0.765, eps = 1e-3, eta' = 0), t_end = 45, ported from core/systems/
//             pendulum_on_disk.cpp, core/contact/regularized_models.cpp, core/contact/approximants.cpp.
//             As `frictionlab-cli run --preset acta2016-fig5a --set omega0=40 --t-end 45 --dt D --tol T`.
// Build (Debian's libsundials_cvode.so also holds N_Vector serial, the dense matrix and linear solver
// and the fixed-point solver; the other -l are for SUNDIALS builds that split them):
//   g++ -O3 -std=c++20 tests/bench/cvode_peer_bench.cpp -o cvode_peer_bench -lsundials_cvode
//       -lsundials_nvecserial -lsundials_sunmatrixdense -lsundials_sunlinsoldense -lsundials_sunnonlinsolfixedpoint
// Usage: cvode_peer_bench [belt|pendulum|all] [--out DIR] [--repeat N] [--method adams|bdf|both]
//          [--belt-tol T] [--tol T] [--dt D] [--fl-belt FL.csv] [--fl-pendulum FL.csv]
//   --method, --belt-tol: the belt's CVODE method(s) (default both) and tolerance (default 1e-10);
//   --tol, --dt: one pendulum setting (default all of tol 1e-8, 1e-10 x dt 1e-3, 1e-2);
//   --fl-belt, --fl-pendulum: compare with a FrictionLab CSV on the same grid.
// Prints CVODE's counters and the median over N repeats (default 5) of the in-process wall time of
// the integration alone (set-up until all samples are in memory) and with the CSV written to DIR.
//
// How it differs from FrictionLab: FrictionLab integrates each mode of the belt with Boost.Odeint's
// Dormand-Prince 5(4), locates events by TOMS 748 on its dense output and restarts the stepper; the
// pendulum preset also runs Dormand-Prince 5(4). Here both cases use CVODE's variable-order (1-12)
// Adams-Moulton method with fixed-point iteration (neither problem is stiff; the belt also BDF +
// Newton with an analytic dense Jacobian), CVODE's root finder (sign change over a step, Illinois
// secant on the interpolant) and CVodeReInit after a switch (restart at order 1). Samples come from
// CVODE's interpolant (CV_ONE_STEP + CVodeGetDky, as FrictionLab; CV_NORMAL with one tout per sample
// measured 40% slower on the belt).
#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what); }

/// Every SUNDIALS call goes through here: a negative flag is a failure (named; main exits 1).
void check(int flag, const char* what)
{
    if (flag >= 0)
        return;
    char* name = CVodeGetReturnFlagName(flag);
    const std::string message = std::string(what) + " failed, flag " + std::to_string(flag) + " (" + (name ? name : "?") + ")";
    std::free(name);
    fail(message);
}

struct Stats { long steps = 0, rhs = 0, roots = 0, nonlinIters = 0, errFails = 0, jacs = 0, reinits = 0; };

/// Every SUNDIALS object of one integration; freed on scope exit, also after a failure.
struct Handles {
    SUNContext ctx = nullptr;
    N_Vector y = nullptr, tmp = nullptr;
    SUNMatrix A = nullptr;
    SUNLinearSolver ls = nullptr;
    SUNNonlinearSolver nls = nullptr;
    void* mem = nullptr;
    ~Handles()
    {
        if (mem) CVodeFree(&mem);
        if (nls) SUNNonlinSolFree(nls);
        if (ls) SUNLinSolFree(ls);
        if (A) SUNMatDestroy(A);
        if (y) N_VDestroy(y);
        if (tmp) N_VDestroy(tmp);
        if (ctx) SUNContext_Free(&ctx);
    }
};

/// CVODE from t = 0 to tEnd: Adams + fixed point, or BDF + Newton with a dense analytic Jacobian.
class Cvode {
public:
    Cvode(int n, int lmm, CVRhsFn f, CVLsJacFn jac, CVRootFn g, void* user, double tol, double tEnd, const double* y0)
        : m_tEnd(tEnd), m_bdf(lmm == CV_BDF)
    {
        if (SUNContext_Create(nullptr, &h.ctx) != 0 || !h.ctx) fail("SUNContext_Create failed");
        h.y = N_VNew_Serial(n, h.ctx);
        h.tmp = N_VNew_Serial(n, h.ctx);
        if (!h.y || !h.tmp) fail("N_VNew_Serial failed");
        std::copy(y0, y0 + n, N_VGetArrayPointer(h.y));
        if (!(h.mem = CVodeCreate(lmm, h.ctx))) fail("CVodeCreate failed");
        check(CVodeInit(h.mem, f, 0.0, h.y), "CVodeInit");
        check(CVodeSetUserData(h.mem, user), "CVodeSetUserData");
        check(CVodeSStolerances(h.mem, tol, tol), "CVodeSStolerances");
        check(CVodeSetMaxStep(h.mem, 0.25), "CVodeSetMaxStep");
        check(CVodeSetStopTime(h.mem, tEnd), "CVodeSetStopTime");
        if (m_bdf) {
            h.A = SUNDenseMatrix(n, n, h.ctx);
            if (!h.A || !(h.ls = SUNLinSol_Dense(h.y, h.A, h.ctx))) fail("SUNDenseMatrix / SUNLinSol_Dense failed");
            check(CVodeSetLinearSolver(h.mem, h.ls, h.A), "CVodeSetLinearSolver");
            check(CVodeSetJacFn(h.mem, jac), "CVodeSetJacFn");
        } else {
            if (!(h.nls = SUNNonlinSol_FixedPoint(h.y, 0, h.ctx))) fail("SUNNonlinSol_FixedPoint failed");
            check(CVodeSetNonlinearSolver(h.mem, h.nls), "CVodeSetNonlinearSolver");
        }
        if (g) check(CVodeRootInit(h.mem, 1, g), "CVodeRootInit");
    }
    /// One internal step, or up to a root or tEnd; the state at the returned t is in y().
    int step(double& t)
    {
        const int flag = CVode(h.mem, m_tEnd, h.y, &t, CV_ONE_STEP);
        return check(flag, "CVode"), flag;
    }
    double* y() { return N_VGetArrayPointer(h.y); }
    /// CVODE's interpolant at t within the last step.
    const double* dky(double t) { return check(CVodeGetDky(h.mem, t, 0, h.tmp), "CVodeGetDky"), N_VGetArrayPointer(h.tmp); }
    /// Restart at (t, y()) after a switch (ReInit zeroes the counters: add them up first).
    void reinit(double t)
    {
        addStats();
        check(CVodeReInit(h.mem, t, h.y), "CVodeReInit");
        check(CVodeSetStopTime(h.mem, m_tEnd), "CVodeSetStopTime");
        ++m_total.reinits;
    }
    Stats finish() { return addStats(), m_total; }

private:
    void addStats()
    {
        const std::pair<int (*)(void*, long*), long*> counters[] = {
            {CVodeGetNumSteps, &m_total.steps},           {CVodeGetNumRhsEvals, &m_total.rhs},
            {CVodeGetNumGEvals, &m_total.roots},          {CVodeGetNumNonlinSolvIters, &m_total.nonlinIters},
            {CVodeGetNumErrTestFails, &m_total.errFails}, {m_bdf ? CVodeGetNumJacEvals : nullptr, &m_total.jacs}};
        for (const auto& [get, sum] : counters) {
            long v = 0;
            if (get) check(get(h.mem, &v), "CVodeGetNum...");
            *sum += v;
        }
    }
    Handles h;
    double m_tEnd;
    bool m_bdf;
    Stats m_total;
};

long gridCount(double tEnd, double dt) { return static_cast<long>(std::floor(tEnd / dt + 1e-9)) + 1; }

/// Runs CVODE to tEnd and calls record(k, y(t_k)) for every grid point t_k = k dt, in the mode of
/// the step that holds it; at a root, onRoot(y) switches the mode and CVODE restarts there.
template <class Record, class OnRoot>
Stats integrate(Cvode& cv, double tEnd, double dt, const double* y0, Record&& record, OnRoot&& onRoot)
{
    const long count = gridCount(tEnd, dt);
    record(0, y0);
    long k = 1;
    double t = 0.0;
    for (;;) {
        const int flag = cv.step(t);
        const bool last = flag == CV_TSTOP_RETURN || t >= tEnd;
        for (double tk; k < count && ((tk = static_cast<double>(k) * dt) <= t || last); ++k)
            record(k, tk >= t ? cv.y() : cv.dky(tk));
        if (last)
            return cv.finish();
        if (flag == CV_ROOT_RETURN) {
            onRoot(cv.y());
            cv.reinit(t);
        }
    }
}

struct Run {
    int cols = 0;
    std::vector<double> rows; ///< count x cols, row-major (t is k dt)
    std::vector<char> stick;  ///< belt only
    long switches = 0;
    Stats stats;
    long count() const { return static_cast<long>(rows.size()) / cols; }
    double* row(long k) { return &rows[static_cast<size_t>(k * cols)]; }
    double at(long k, int j) const { return rows[static_cast<size_t>(k * cols + j)]; }
};

// ------------------------------------------------------------------- S1: the belt, event-driven
struct Belt {
    double vb = 0.5, muS = 2.0, muK = 1.0;
    bool stick = false;
    double dir = -1.0; ///< sign of v_r while slipping
    /// The force written to the CSV, as FrictionLab: in stick the holding force (x'' = -x + F = 0
    /// needs F = x), in slip -mu_k sign(v_r), at v_r = 0 against the holding force.
    double force(const double* y) const
    {
        const double vr = y[1] - vb;
        return stick ? y[0] : -muK * (vr > 0.0 ? 1.0 : vr < 0.0 ? -1.0 : (y[0] > 0.0 ? -1.0 : 1.0));
    }
    /// Where v_r = 0: stick if the holding force |x| <= mu_s, else slip against it.
    void atZeroRelativeVelocity(double* y)
    {
        y[1] = vb;
        stick = std::abs(y[0]) <= muS;
        if (!stick) dir = y[0] > 0.0 ? -1.0 : 1.0;
    }
};

int beltRhs(double, N_Vector yv, N_Vector dv, void* user)
{
    const Belt& b = *static_cast<const Belt*>(user);
    const double* y = N_VGetArrayPointer(yv);
    double* d = N_VGetArrayPointer(dv);
    d[0] = b.stick ? b.vb : y[1];
    d[1] = b.stick ? 0.0 : -y[0] - b.dir * b.muK;
    return 0;
}

/// Positive inside the current mode. A slip that starts at v_r = 0 (breakaway) starts at g = 0
/// exactly: CVODE ignores such a g until it moves away from 0.
int beltRoot(double, N_Vector yv, double* g, void* user)
{
    const Belt& b = *static_cast<const Belt*>(user);
    const double* y = N_VGetArrayPointer(yv);
    g[0] = b.stick ? b.muS - std::abs(y[0]) : b.dir * (y[1] - b.vb);
    return 0;
}

int beltJac(double, N_Vector, N_Vector, SUNMatrix J, void* user, N_Vector, N_Vector, N_Vector)
{
    const bool stick = static_cast<const Belt*>(user)->stick;
    SM_ELEMENT_D(J, 0, 0) = SM_ELEMENT_D(J, 1, 1) = 0.0;
    SM_ELEMENT_D(J, 0, 1) = stick ? 0.0 : 1.0;
    SM_ELEMENT_D(J, 1, 0) = stick ? 0.0 : -1.0;
    return 0;
}

Run runBelt(int lmm, double tol, double tEnd, double dt)
{
    Run r;
    r.cols = 4; // x, v, v_r, F
    r.rows.resize(static_cast<size_t>(gridCount(tEnd, dt) * r.cols));
    r.stick.resize(static_cast<size_t>(gridCount(tEnd, dt)));
    Belt b;
    double y0[2] = {0.0, 0.0};
    if (y0[1] != b.vb) b.dir = y0[1] > b.vb ? 1.0 : -1.0; // the initial mode: slip, or decided at v_r = 0
    else b.atZeroRelativeVelocity(y0);
    Cvode cv(2, lmm, beltRhs, beltJac, beltRoot, &b, tol, tEnd, y0);
    auto record = [&](long k, const double* y) {
        double* row = r.row(k);
        row[0] = y[0], row[1] = y[1], row[2] = y[1] - b.vb, row[3] = b.force(y);
        r.stick[static_cast<size_t>(k)] = b.stick;
    };
    auto onRoot = [&](double* y) {
        const bool wasStick = b.stick;
        if (b.stick) // breakaway at |x| = mu_s: slip against the holding force x
            b.stick = false, b.dir = y[0] > 0.0 ? -1.0 : 1.0;
        else
            b.atZeroRelativeVelocity(y);
        r.switches += wasStick != b.stick;
    };
    r.stats = integrate(cv, tEnd, dt, y0, record, onRoot);
    return r;
}

// ------------------------------------------------------------------- S3: the pendulum on the disk
struct Pendulum {
    double M = 1.2, B = 0.01, e = 0.1, kX = 1000.0, kY = 1000.0, cX = 0.1, cY = 0.1, cPhi = 0.1;
    double XS = 0.0, YS = 0.0, R = 0.02, N = 25.0, mu = 1.0, g = 9.81, omega0 = 40.0;
    double b = 0.452, m = 0.765, eps = 1e-3, etaPrime = 0.0; // eta = 1 -> eta' = 0
    double kT = 1.0, cI = 2.0 / 3.0, c2 = 0.25;              // I11Coefficients{}: uniform pressure
    double eps6 = std::pow(eps, 6), eps9 = std::pow(eps, 9), bRoot = std::pow(b, 1.0 / 3.0);

    /// Acta Mech (8): q = (v_sx, v_sy, omega_s), the motion of A relative to the disk (units of R).
    void relative(const double* y, double s, double c, double* q) const
    {
        q[0] = (y[3] + e * y[5] * s + omega0 * (y[1] - e * s - YS)) / R;
        q[1] = (y[4] - e * y[5] * c - omega0 * (y[0] - e * c - XS)) / R;
        q[2] = y[5] - omega0;
    }
    /// (T_sx, T_sy, M_s) of the regularized I(1,1), n = 3: RegularizedApproximant::load with
    /// D^2 = s^6 (1 + r^(3m))^(2/m), s = max(|v|, b^(1/3)|w|), r = min/max (denominatorSquared).
    void load(const double* q, double* f) const
    {
        const double v2 = q[0] * q[0] + q[1] * q[1], v = std::sqrt(v2), w = q[2], w2 = w * w;
        const double aw = bRoot * std::abs(w), s = std::max(v, aw), small = std::min(v, aw);
        const double r = small > 0.0 ? std::pow(small / s, 3.0 * m) : 0.0, s2 = s * s, s6 = s2 * s2 * s2;
        const double d2 = s == 0.0 ? 0.0 : (r == 0.0 ? s6 : s6 * std::pow(1.0 + r, 2.0 / m)), qq = d2 + eps6;
        const double lambda = 1.0 / std::sqrt(qq) + etaPrime * eps9 / (qq * qq), k = v2 + b * kT * w2;
        f[0] = lambda * (k * q[0]);
        f[1] = lambda * (k * q[1]);
        f[2] = lambda * (w * (cI * b * w2 + c2 * v2));
    }
    /// Acta Mech (7), PendulumOnDisk::rhs.
    void rhs(const double* y, double* d) const
    {
        const double s = std::sin(y[2]), c = std::cos(y[2]), muN = mu * N;
        double q[3], f[3];
        relative(y, s, c, q);
        load(q, f);
        const double fx = kX * (y[0] - e * c) + cX * (y[3] + e * y[5] * s) + muN * f[0];
        const double fy = kY * (y[1] - e * s) + cY * (y[4] - e * y[5] * c) + muN * f[1];
        d[0] = y[3], d[1] = y[4], d[2] = y[5];
        d[3] = -fx / M;
        d[4] = -fy / M;
        d[5] = -(e * (M * g + fx) * s - e * fy * c + cPhi * y[5] + muN * R * f[2]) / B;
    }
    /// X_A, Y_A, v_sx, v_sy, omega_s, T_sx, T_sy, M_s (PendulumOnDisk::outputs).
    void outputs(const double* y, double* out) const
    {
        const double s = std::sin(y[2]), c = std::cos(y[2]);
        out[0] = y[0] - e * c;
        out[1] = y[1] - e * s;
        relative(y, s, c, out + 2);
        load(out + 2, out + 5);
    }
};

int pendulumRhs(double, N_Vector y, N_Vector d, void* user)
{
    static_cast<const Pendulum*>(user)->rhs(N_VGetArrayPointer(y), N_VGetArrayPointer(d));
    return 0;
}

Run runPendulum(double tol, double tEnd, double dt)
{
    Run r;
    r.cols = 14;
    r.rows.resize(static_cast<size_t>(gridCount(tEnd, dt) * r.cols));
    Pendulum p;
    const double phi0 = 0.0, y0[6] = {p.e * std::cos(phi0), p.e * std::sin(phi0), phi0, 0.0, 0.0, 0.0};
    Cvode cv(6, CV_ADAMS, pendulumRhs, nullptr, nullptr, &p, tol, tEnd, y0);
    auto record = [&](long k, const double* y) {
        std::copy(y, y + 6, r.row(k));
        p.outputs(y, r.row(k) + 6);
    };
    r.stats = integrate(cv, tEnd, dt, y0, record, [](double*) {});
    return r;
}

// ------------------------------------------------------------------- CSV, timing, checks
/// The CSV, formatted row by row (std::to_chars, shortest round trip) into a 256 KiB buffer that
/// is written out whenever it fills: a few pages touched, whatever the number of rows.
void writeCsv(const std::string& path, const std::string& head, const Run& r, double dt)
{
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) fail("cannot open " + path);
    std::vector<char> buffer(size_t{1} << 18);
    char* const begin = buffer.data();
    char* p = std::copy(head.begin(), head.end(), begin);
    bool ok = true;
    for (long k = 0; k < r.count(); ++k) {
        if (p - begin > static_cast<long>(buffer.size()) - 33 * 16 - 16) { // room for the widest row
            ok = ok && std::fwrite(begin, 1, static_cast<size_t>(p - begin), f) == static_cast<size_t>(p - begin);
            p = begin;
        }
        p = std::to_chars(p, p + 32, static_cast<double>(k) * dt).ptr;
        for (int j = 0; j < r.cols; ++j) {
            *p++ = ',';
            p = std::to_chars(p, p + 32, r.at(k, j)).ptr;
        }
        if (!r.stick.empty())
            for (const char* mode = r.stick[static_cast<size_t>(k)] ? ",stick" : ",slip"; *mode;)
                *p++ = *mode++;
        *p++ = '\n';
    }
    ok = ok && std::fwrite(begin, 1, static_cast<size_t>(p - begin), f) == static_cast<size_t>(p - begin);
    if (std::fclose(f) != 0 || !ok) fail("cannot write " + path);
}

/// make() and the CSV, repeat times; prints CVODE's counters and the median times.
template <class Make>
Run timed(const std::string& name, int repeat, const std::string& path, const std::string& head, double dt, Make&& make)
{
    using Clock = std::chrono::steady_clock;
    std::vector<double> integration, withCsv;
    Run r;
    for (int i = 0; i < repeat; ++i) {
        const auto t0 = Clock::now();
        r = make();
        const auto t1 = Clock::now();
        writeCsv(path, head, r, dt);
        integration.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        withCsv.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    auto median = [](std::vector<double> v) { return std::sort(v.begin(), v.end()), v[v.size() / 2]; };
    const Stats& s = r.stats;
    std::printf("%s\n  %ld samples; CVODE: %ld steps, %ld RHS evals, %ld root-fn evals, %ld nonlinear iters, %ld error-test "
                "fails, %ld Jacobians, %ld reinits\n  median of %d: integration %.2f ms, with CSV %.2f ms (%s)\n",
                name.c_str(), r.count(), s.steps, s.rhs, s.roots, s.nonlinIters, s.errFails, s.jacs, s.reinits, repeat,
                median(integration), median(withCsv), path.c_str());
    return r;
}

/// The numbers of a CSV after its '#' lines and header ("stick" reads as 1, "slip" as 0).
std::vector<std::vector<double>> readCsv(const std::string& path)
{
    std::ifstream in(path);
    if (!in) fail("cannot read " + path);
    std::vector<std::vector<double>> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#' || line[0] == 't')
            continue;
        std::vector<double> row;
        for (const char *p = line.data(), *end = p + line.size(); p < end; p += p < end) {
            double x = 0.0;
            if (std::from_chars(p, end, x).ec != std::errc())
                x = line.compare(static_cast<size_t>(p - line.data()), 5, "stick") == 0 ? 1.0 : 0.0;
            row.push_back(x);
            p = std::find(p, end, ',');
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

/// max |FrictionLab's column flCol - our column col| over the rows with t <= tMax.
double maxDiff(const std::vector<std::vector<double>>& fl, const Run& r, int flCol, int col, double tMax)
{
    double d = 0.0;
    for (long k = 0; k < r.count() && fl[static_cast<size_t>(k)][0] <= tMax; ++k)
        d = std::max(d, std::abs(fl[static_cast<size_t>(k)][static_cast<size_t>(flCol)] - r.at(k, col)));
    return d;
}

/// The largest x sampled after t = 20, and the worst relative error of the maxima refined by a
/// parabola through three samples (FrictionLab's xMaxError), against the closed form 1 + sqrt(1.25).
void xMaxCheck(const char* who, long count, double dt, const auto& x)
{
    const double exact = 1.0 + std::sqrt(1.25);
    double largest = -1e300, worst = 0.0;
    for (long k = static_cast<long>(std::ceil(20.0 / dt)); k + 1 < count; ++k) {
        const double a = x(k - 1), b = x(k), c = x(k + 1);
        largest = std::max(largest, b);
        if (b > a && b >= c)
            worst = std::max(worst, std::abs(b - 0.125 * (a - c) * (a - c) / (a - 2.0 * b + c) - exact) / exact);
    }
    std::printf("  %s: largest x sampled after t = 20: %.12f (error %.3g, limited by the grid); maxima refined by "
                "parabolas: worst relative error %.3g\n", who, largest, largest - exact, worst);
}

} // namespace

int main(int argc, char** argv)
{
    try {
        std::string which = "all", dir = "/tmp", method = "both", flBelt, flPendulum;
        int repeat = 5;
        double beltTol = 1e-10;
        std::vector<double> tols = {1e-8, 1e-10}, dts = {1e-3, 1e-2};
        for (int i = 1; i < argc; ++i) {
            const std::string a = argv[i];
            auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : (fail(a + " needs a value"), ""); };
            if (a == "belt" || a == "pendulum" || a == "all") which = a;
            else if (a == "--out") dir = value();
            else if (a == "--repeat") repeat = std::max(1, std::atoi(value().c_str()));
            else if (a == "--method") method = value();
            else if (a == "--belt-tol") beltTol = std::atof(value().c_str());
            else if (a == "--tol") tols = {std::atof(value().c_str())};
            else if (a == "--dt") dts = {std::atof(value().c_str())};
            else if (a == "--fl-belt") flBelt = value();
            else if (a == "--fl-pendulum") flPendulum = value();
            else fail("unknown argument '" + a + "' (see the header of cvode_peer_bench.cpp)");
        }
        if (which != "pendulum") {
            const double tEnd = 1000.0, dt = 0.01;
            const auto fl = flBelt.empty() ? std::vector<std::vector<double>>() : readCsv(flBelt);
            for (const int lmm : {CV_ADAMS, CV_BDF}) {
                const std::string id = lmm == CV_ADAMS ? "adams" : "bdf";
                if (method != "both" && method != id)
                    continue;
                char name[160];
                std::snprintf(name, sizeof name, "belt (S1, Coulomb, event-driven), CVODE %s, tol %g", lmm == CV_ADAMS ?
                              "Adams + fixed point" : "BDF + Newton (dense, analytic Jacobian)", beltTol);
                const std::string head = std::string("# CVODE peer of FrictionLab: ") + name + ", max step 0.25\n"
                                         "# v_b = 0.5, mu_s = 2, mu_k = 1, t_end = 1000, dt = 0.01\nt,x,v,v_r,F,mode\n";
                const Run r = timed(name, repeat, dir + "/belt_" + id + ".csv", head, dt, [&] { return runBelt(lmm, beltTol, tEnd, dt); });
                std::printf("  stick/slip switches: %ld\n", r.switches);
                xMaxCheck("peer", r.count(), dt, [&](long k) { return r.at(k, 0); });
                if (fl.size() != static_cast<size_t>(r.count()) || fl[0].size() < 6)
                    continue;
                long modes = 0;
                for (long k = 0; k < r.count(); ++k)
                    modes += (fl[k][5] != 0.0) != (r.stick[static_cast<size_t>(k)] != 0);
                std::printf("  vs FrictionLab (%s): max |dx| %.3g, max |dv| %.3g, rows in another mode %ld\n", flBelt.c_str(),
                            maxDiff(fl, r, 1, 0, tEnd), maxDiff(fl, r, 2, 1, tEnd), modes);
                xMaxCheck("FrictionLab", r.count(), dt, [&](long k) { return fl[k][1]; });
            }
        }
        if (which != "belt") {
            const double tEnd = 45.0;
            const auto fl = flPendulum.empty() ? std::vector<std::vector<double>>() : readCsv(flPendulum);
            for (const double tol : tols)
                for (const double dt : dts) {
                    char name[160], file[64];
                    std::snprintf(name, sizeof name, "pendulum (S3, acta2016-fig5a, omega0 = 40), CVODE Adams + fixed point, tol %g, dt %g", tol, dt);
                    std::snprintf(file, sizeof file, "/pendulum_tol%g_dt%g.csv", tol, dt);
                    const std::string head = std::string("# CVODE peer of FrictionLab: ") + name + ", t_end = 45, max step 0.25\n"
                                             "t,X_C,Y_C,phi,dX_C,dY_C,dphi,X_A,Y_A,v_sx,v_sy,omega_s,T_sx,T_sy,M_s\n";
                    const Run r = timed(name, repeat, dir + file, head, dt, [&] { return runPendulum(tol, tEnd, dt); });
                    std::printf("  %.1f steps per simulated second\n", static_cast<double>(r.stats.steps) / tEnd);
                    if (fl.size() != static_cast<size_t>(r.count()) || fl[0].size() < 15)
                        continue;
                    std::printf("  vs FrictionLab (%s): t <= 5: max |dX_C| %.3g m, max |dphi| %.3g rad; t <= 45: %.3g m, %.3g rad\n",
                                flPendulum.c_str(), maxDiff(fl, r, 1, 0, 5.0), maxDiff(fl, r, 3, 2, 5.0), maxDiff(fl, r, 1, 0, tEnd),
                                maxDiff(fl, r, 3, 2, tEnd));
                }
        }
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "cvode_peer_bench: %s\n", e.what());
        return 1;
    }
}
