// Integrator::Bdf: the variable-order, variable-step BDF method of SUNDIALS CVODE (orders 1-5,
// fixed-leading-coefficient form, Nordsieck history array), with a modified Newton iteration on
// the analytic dense Jacobian of the SmoothOde and CVODE's own local error test.
//
// References: A. C. Hindmarsh et al., "SUNDIALS: Suite of nonlinear and differential/algebraic
// equation solvers", ACM TOMS 31 (2005) 363-396, and the CVODE user guide (SUNDIALS 6.4);
// E. Hairer, G. Wanner, "Solving Ordinary Differential Equations II", 2nd ed., Springer 1996,
// §III.1 (BDF), §V.2 (their stability: A(alpha)-stable up to order 6, A-stable up to order 2).
//
// The linear solver is dense (SUNLinSol_Dense), or banded (SUNLinSol_Band) when the SmoothOde
// declares a half-bandwidth b with 2b + 1 < n: the Newton matrices of a chain of n/2 masses
// coupled to their neighbours cost O(n b^2) to factorize instead of O(n^3).
//
// One StepView per internal CVODE step: CVode runs in CV_ONE_STEP mode towards t1 with t1 as its
// stop time (no step goes past t1), and the dense output is CVODE's interpolating polynomial
// (CVodeGetDky, valid on [tcur - hlast, tcur]). Every CVODE failure (error test, convergence,
// a non-finite right-hand side, bad input) comes back as a Status with the CVODE flag named; the
// error handler only records CVODE's message, it never prints. Single-threaded and without any
// global state (one SUNContext per call): the same run twice gives identical numbers.
#include "solvers/ode_integrator_loop.h"

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>

namespace fl {
namespace {

struct CvodeUserData {
    const SmoothOde* ode = nullptr;
    int n = 0;
    int band = -1;             ///< half-bandwidth of a band matrix, -1: dense
    std::vector<double> jac;   ///< row-major df/dy from SmoothOde::jacobian
    std::vector<double> dfdt;
    std::string lastError;     ///< CVODE's last error message (the handler does not print)
};

bool allFinite(const double* v, int n)
{
    for (int i = 0; i < n; ++i)
        if (!std::isfinite(v[i]))
            return false;
    return true;
}

/// f(t, y); a non-finite value is a recoverable failure (CVODE retries with a smaller step and
/// reports CV_REPTD_RHSFUNC_ERR / CV_FIRST_RHSFUNC_ERR if that does not help).
int cvRhs(sunrealtype t, N_Vector y, N_Vector ydot, void* userData)
{
    auto* data = static_cast<CvodeUserData*>(userData);
    double* out = N_VGetArrayPointer(ydot);
    data->ode->rhs(t, N_VGetArrayPointer(y), out);
    return allFinite(out, data->n) ? 0 : 1;
}

/// SmoothOde::bandJacobian's entries straight into CVODE's band matrix.
class BandSink final : public JacobianSink {
public:
    BandSink(SUNMatrix J, int band) : m_J(J), m_band(band) {}
    void set(int row, int column, double value) override
    {
        if (std::abs(row - column) > m_band || !std::isfinite(value)) {
            ok = false;
            return;
        }
        SM_ELEMENT_B(m_J, row, column) = value;
    }
    bool ok = true;

private:
    SUNMatrix m_J;
    int m_band;
};

/// The analytic df/dy of the SmoothOde into CVODE's column-major dense matrix, or the entries
/// inside the band into its band matrix (from bandJacobian when the ODE gives it: no n x n matrix).
int cvJacobian(sunrealtype t, N_Vector y, N_Vector, SUNMatrix J, void* userData, N_Vector, N_Vector, N_Vector)
{
    auto* data = static_cast<CvodeUserData*>(userData);
    const int n = data->n;
    if (data->band >= 0) {
        SUNMatZero(J);
        BandSink sink(J, data->band);
        if (data->ode->bandJacobian(t, N_VGetArrayPointer(y), sink))
            return sink.ok ? 0 : 1;
    }
    if (data->jac.empty()) {
        data->jac.assign(static_cast<size_t>(n) * static_cast<size_t>(n), 0.0);
        data->dfdt.assign(static_cast<size_t>(n), 0.0);
    }
    data->ode->jacobian(t, N_VGetArrayPointer(y), data->jac.data(), data->dfdt.data());
    if (!allFinite(data->jac.data(), n * n))
        return 1;
    if (data->band >= 0) {
        for (int c = 0; c < n; ++c) {
            double* column = SM_COLUMN_B(J, c);
            for (int r = std::max(0, c - data->band); r <= std::min(n - 1, c + data->band); ++r)
                SM_COLUMN_ELEMENT_B(column, r, c) = data->jac[static_cast<size_t>(r * n + c)];
        }
        return 0;
    }
    for (int c = 0; c < n; ++c) {
        double* column = SM_COLUMN_D(J, c);
        for (int r = 0; r < n; ++r)
            column[r] = data->jac[static_cast<size_t>(r * n + c)];
    }
    return 0;
}

void cvErrorHandler(int errorCode, const char* module, const char* function, char* message, void* handlerData)
{
    if (errorCode >= 0) // warnings (e.g. t + h = t) are not failures
        return;
    auto* data = static_cast<CvodeUserData*>(handlerData);
    data->lastError = std::string(module ? module : "CVODE") + "/" + (function ? function : "") + ": " + (message ? message : "");
    std::replace(data->lastError.begin(), data->lastError.end(), '\n', ' ');
}

std::string flagName(int flag)
{
    char* name = CVodeGetReturnFlagName(flag);
    std::string result = name ? name : ("CVODE flag " + std::to_string(flag));
    std::free(name);
    return result;
}

std::string number(double x)
{
    std::ostringstream s;
    s.precision(10);
    s << x;
    return s.str();
}

/// Owns every SUNDIALS object of one integration.
class CvodeRun {
public:
    ~CvodeRun()
    {
        if (mem)
            CVodeFree(&mem);
        if (solver)
            SUNLinSolFree(solver);
        if (matrix)
            SUNMatDestroy(matrix);
        for (N_Vector v : {y, yOut, dense})
            if (v)
                N_VDestroy(v);
        if (context)
            SUNContext_Free(&context);
    }
    SUNContext context = nullptr;
    N_Vector y = nullptr, yOut = nullptr, dense = nullptr;
    SUNMatrix matrix = nullptr;
    SUNLinearSolver solver = nullptr;
    void* mem = nullptr;
};

} // namespace

Status integrateBdf(const SmoothOde& ode, std::vector<double>& y, double t0, double t1, const OdeIntegrationOptions& o,
                    const StepCallback& onStep, OdeIntegrationStats& stats, double& tFinal)
{
    tFinal = t0;
    if (!(t1 > t0))
        return Status::success();
    const int n = ode.dimension();
    CvodeUserData data;
    data.ode = &ode;
    data.n = n;
    data.band = ode.halfBandwidth() >= 0 && 2 * ode.halfBandwidth() + 1 < n ? ode.halfBandwidth() : -1;
    // data.jac (n x n) is allocated at the first Jacobian that needs it: none for a band ODE with bandJacobian.

    CvodeRun run;
    auto setupFailed = [&](const char* what, int flag) {
        std::string message = std::string("CVODE set-up failed (") + what + "): " + flagName(flag);
        if (!data.lastError.empty())
            message += " — " + data.lastError;
        return Status::error(message);
    };
    if (SUNContext_Create(nullptr, &run.context) != 0 || !run.context)
        return Status::error("CVODE set-up failed: no SUNContext");
    run.y = N_VNew_Serial(n, run.context);
    run.yOut = N_VNew_Serial(n, run.context);
    run.dense = N_VNew_Serial(n, run.context);
    run.matrix = data.band >= 0 ? SUNBandMatrix(n, data.band, data.band, run.context) : SUNDenseMatrix(n, n, run.context);
    if (!run.y || !run.yOut || !run.dense || !run.matrix)
        return Status::error("CVODE set-up failed: out of memory");
    std::copy(y.begin(), y.end(), N_VGetArrayPointer(run.y));
    run.solver = data.band >= 0 ? SUNLinSol_Band(run.y, run.matrix, run.context) : SUNLinSol_Dense(run.y, run.matrix, run.context);
    run.mem = CVodeCreate(CV_BDF, run.context);
    if (!run.solver || !run.mem)
        return Status::error("CVODE set-up failed: out of memory");
    int flag = CVodeSetErrHandlerFn(run.mem, cvErrorHandler, &data);
    if (flag == CV_SUCCESS)
        flag = CVodeInit(run.mem, cvRhs, t0, run.y);
    if (flag != CV_SUCCESS)
        return setupFailed("CVodeInit", flag);
    const double maxStep = o.maxStep > 0.0 ? o.maxStep : 0.0;
    struct Setting {
        const char* name;
        int flag;
    };
    const Setting settings[] = {
        {"CVodeSetUserData", CVodeSetUserData(run.mem, &data)},
        {"CVodeSStolerances", CVodeSStolerances(run.mem, o.tol, o.tol)},
        {"CVodeSetLinearSolver", CVodeSetLinearSolver(run.mem, run.solver, run.matrix)},
        {"CVodeSetJacFn", CVodeSetJacFn(run.mem, cvJacobian)},
        {"CVodeSetMaxStep", CVodeSetMaxStep(run.mem, maxStep)},
        // firstStep <= 0: CVODE estimates the first step from the ODE (0 is its "estimate" value).
        {"CVodeSetInitStep", CVodeSetInitStep(run.mem, o.firstStep <= 0.0 ? 0.0 : maxStep > 0.0 ? std::min(o.firstStep, maxStep) : o.firstStep)},
        {"CVodeSetStopTime", CVodeSetStopTime(run.mem, t1)},
        // The first step (1e-3) can be 10^5 times too long for a state that settles at once (stiff
        // bristles: sigma0 |v_r| / mu = 1e6 per time unit); CVODE's default of 7 error-test failures
        // in one step (each cutting h by at most 10) then gives up at t = 0. 20 reach 1e-20.
        {"CVodeSetMaxErrTestFails", CVodeSetMaxErrTestFails(run.mem, 20)},
    };
    for (const Setting& s : settings)
        if (s.flag != CV_SUCCESS)
            return setupFailed(s.name, s.flag);

    Status status = Status::success();
    StepView view;
    double* yOut = N_VGetArrayPointer(run.yOut);
    double* dense = N_VGetArrayPointer(run.dense);
    double tStepEnd = t0;
    view.stateAt = [&](double t, double* out) {
        // CVODE's interpolant lives on [tcur - hlast, tcur]; the step handed out is a part of it.
        if (t >= tStepEnd) {
            std::copy(yOut, yOut + n, out);
            return;
        }
        double tcur = tStepEnd, hlast = 0.0;
        CVodeGetCurrentTime(run.mem, &tcur);
        CVodeGetLastStep(run.mem, &hlast);
        t = std::clamp(t, tcur - hlast, tcur);
        if (CVodeGetDky(run.mem, t, 0, run.dense) == CV_SUCCESS)
            std::copy(dense, dense + n, out);
        else
            std::copy(yOut, yOut + n, out);
    };
    double t = t0;
    while (t < t1) {
        if (o.cancel && o.cancel->load(std::memory_order_relaxed)) {
            status = Status::error("cancelled");
            break;
        }
        if (stats.steps >= o.maxSteps) {
            status = Status::error("step limit of " + std::to_string(o.maxSteps) + " reached at t = " + std::to_string(t));
            break;
        }
        double tReturned = t;
        data.lastError.clear();
        flag = CVode(run.mem, t1, run.yOut, &tReturned, CV_ONE_STEP);
        if (flag < 0) {
            std::string message = "BDF (CVODE) failed at t = " + number(tReturned) + ": " + flagName(flag);
            if (!data.lastError.empty())
                message += " — " + data.lastError;
            status = Status::error(message);
            break;
        }
        ++stats.steps;
        if (!(tReturned > t) || !allFinite(yOut, n)) {
            status = Status::error("BDF (CVODE) stalled at t = " + number(t) + ": the step size vanished (t + h = t) or the state is not finite");
            break;
        }
        view.t0 = t;
        view.t1 = tStepEnd = tReturned;
        view.y1 = yOut;
        t = tReturned;
        tFinal = t;
        if (onStep && !onStep(view))
            break;
    }
    // The final state: the last step's end (t0's state when no step was taken).
    if (t > t0)
        std::copy(yOut, yOut + n, y.begin());
    return status;
}

} // namespace fl
