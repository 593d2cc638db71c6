#include "analysis/law_response.h"

#include <algorithm>
#include <cmath>

namespace fl {

PrescribedMotion PrescribedMotion::constantVelocity(double v)
{
    return {[v](double t, double& x, double& vr, double& a) {
        x = v * t;
        vr = v;
        a = 0.0;
    }};
}

PrescribedMotion PrescribedMotion::sinusoid(double amplitude, double omega)
{
    return {[amplitude, omega](double t, double& x, double& v, double& a) {
        x = amplitude * std::sin(omega * t);
        v = amplitude * omega * std::cos(omega * t);
        a = -amplitude * omega * omega * std::sin(omega * t);
    }};
}

PrescribedMotion PrescribedMotion::oscillatingVelocity(double v0, double dv, double omega)
{
    return {[v0, dv, omega](double t, double& x, double& v, double& a) {
        x = v0 * t + dv * (1.0 - std::cos(omega * t)) / omega;
        v = v0 + dv * std::sin(omega * t);
        a = dv * omega * std::cos(omega * t);
    }};
}

namespace {

/// (z, W)' = (R(v_r(t), z), F_res v_r).
class DrivenLawOde final : public SmoothOde {
public:
    DrivenLawOde(const StateFrictionLaw& law, const PrescribedMotion& motion) : m_law(law), m_motion(motion) {}
    int dimension() const override { return m_law.stateCount() + 1; }
    double stateScale(int i) const override { return i < m_law.stateCount() ? m_law.stateScale(i) : 1.0; }
    void rhs(double t, const double* y, double* dydt) const override
    {
        double x, v, a;
        m_motion.at(t, x, v, a);
        const double F = m_law.evaluate(v, y, dydt);
        dydt[m_law.stateCount()] = -F * v;
    }
    void jacobian(double t, const double* y, double* dfdy, double* dfdt) const override
    {
        const int m = m_law.stateCount();
        const int n = m + 1;
        double x, v, a;
        m_motion.at(t, x, v, a);
        std::vector<double> work(static_cast<size_t>(m + m + m * m + m));
        StateLawJacobian J{0.0, work.data(), work.data() + m, work.data() + 2 * m};
        m_law.jacobian(v, y, J);
        const double F = m_law.evaluate(v, y, work.data() + 2 * m + m * m);
        for (int k = 0; k < m; ++k) {
            for (int l = 0; l < m; ++l)
                dfdy[k * n + l] = J.dRdz[k * m + l];
            dfdy[k * n + m] = 0.0;
            dfdt[k] = J.dRdv[k] * a;
        }
        for (int l = 0; l < m; ++l)
            dfdy[m * n + l] = -J.dFdz[l] * v;
        dfdy[m * n + m] = 0.0;
        dfdt[m] = -(J.dFdv * v + F) * a;
    }

private:
    const StateFrictionLaw& m_law;
    const PrescribedMotion& m_motion;
};

} // namespace

LawResponse lawResponse(const StateFrictionLaw& law, const PrescribedMotion& motion, const LawResponseOptions& options,
                        const std::vector<double>& z0)
{
    const int m = law.stateCount();
    const DrivenLawOde ode(law, motion);
    std::vector<double> y(static_cast<size_t>(m + 1), 0.0);
    if (z0.size() == static_cast<size_t>(m))
        std::copy(z0.begin(), z0.end(), y.begin());
    else
        law.initialState(y.data());
    LawResponse out;
    out.z.assign(static_cast<size_t>(m), {});
    std::vector<double> rates(static_cast<size_t>(m));
    auto record = [&](double t, const double* state) {
        double x, v, a;
        motion.at(t, x, v, a);
        out.t.push_back(t);
        out.x.push_back(x);
        out.v.push_back(v);
        out.force.push_back(-law.evaluate(v, state, rates.data()));
        out.work.push_back(state[m]);
        for (int k = 0; k < m; ++k)
            out.z[static_cast<size_t>(k)].push_back(state[k]);
    };
    record(0.0, y.data());
    long next = 1;
    std::vector<double> sample(y.size());
    OdeIntegrationOptions odeOptions;
    odeOptions.integrator = options.integrator;
    odeOptions.tol = options.tol;
    odeOptions.maxStep = options.maxStep;
    odeOptions.firstStep = std::min(1e-6, options.dt);
    odeOptions.cancel = options.cancel;
    std::vector<double> ends;
    for (double b : options.breakpoints)
        if (b > 0.0 && b < options.tEnd)
            ends.push_back(b);
    std::sort(ends.begin(), ends.end());
    ends.push_back(options.tEnd);
    OdeIntegrationStats stats;
    double t0 = 0.0;
    for (double t1 : ends) {
        if (t1 <= t0)
            continue;
        odeOptions.maxStep = std::min(options.maxStep, (t1 - t0) / 50.0);
        odeOptions.firstStep = std::min(odeOptions.firstStep, odeOptions.maxStep);
        std::vector<double> atEnd = y;
        out.status = integrateOde(ode, y, t0, t1, odeOptions,
                                  [&](const StepView& step) {
                                      for (double t = next * options.dt; t <= std::min(step.t1, t1 * (1.0 + 1e-12));
                                           t = ++next * options.dt) {
                                          step.stateAt(t, sample.data());
                                          record(t, sample.data());
                                      }
                                      if (step.t1 >= t1) // the last step may end past the breakpoint
                                          step.stateAt(t1, atEnd.data());
                                      return true;
                                  },
                                  &stats);
        if (!out.status.ok())
            break;
        y = atEnd; // restart exactly at the breakpoint
        t0 = t1;
    }
    out.steps = stats.steps;
    return out;
}

} // namespace fl
