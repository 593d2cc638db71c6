// Dormand-Prince 8(5,3) with its dense output of order 7 (Hairer, Nørsett, Wanner, Solving ODE I,
// sec. II.10, code DOP853; coefficients as in SciPy's dop853_coefficients.py, step control as in
// SciPy's RungeKutta: error norm of the 5th- and 3rd-order estimators combined, safety 0.9,
// factors 0.2..10, exponent -1/8). Boost.Odeint has no DOP853 and its Fehlberg 7(8) no dense
// output; SUNDIALS' ARKODE offers 8th-order tables but only Hermite interpolation of order <= 5.
// At the default tol = 1e-10 it takes ~6x fewer steps than Dormand-Prince 5(4) on the
// pendulum (tests/bench: frictionlab_bench pendulum) and the dense output costs 3 extra stages
// only for steps that are sampled.
#include "solvers/ode_integrator_loop.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace fl {
namespace {

constexpr int kStages = 12;
constexpr int kExtended = 16;

constexpr std::array<double, kExtended> kC = {0.0,
                                              0.526001519587677318785587544488e-01,
                                              0.789002279381515978178381316732e-01,
                                              0.118350341907227396726757197510,
                                              0.281649658092772603273242802490,
                                              0.333333333333333333333333333333,
                                              0.25,
                                              0.307692307692307692307692307692,
                                              0.651282051282051282051282051282,
                                              0.6,
                                              0.857142857142857142857142857142,
                                              1.0,
                                              1.0,
                                              0.1,
                                              0.2,
                                              0.777777777777777777777777777778};

/// The Butcher matrix, rows 1..15 (row 12 is the weights B of the 8th-order solution).
constexpr std::array<std::array<double, kExtended>, kExtended> makeA()
{
    std::array<std::array<double, kExtended>, kExtended> A{};
    A[1][0] = 5.26001519587677318785587544488e-2;
    A[2][0] = 1.97250569845378994544595329183e-2;
    A[2][1] = 5.91751709536136983633785987549e-2;
    A[3][0] = 2.95875854768068491816892993775e-2;
    A[3][2] = 8.87627564304205475450678981324e-2;
    A[4][0] = 2.41365134159266685502369798665e-1;
    A[4][2] = -8.84549479328286085344864962717e-1;
    A[4][3] = 9.24834003261792003115737966543e-1;
    A[5][0] = 3.7037037037037037037037037037e-2;
    A[5][3] = 1.70828608729473871279604482173e-1;
    A[5][4] = 1.25467687566822425016691814123e-1;
    A[6][0] = 3.7109375e-2;
    A[6][3] = 1.70252211019544039314978060272e-1;
    A[6][4] = 6.02165389804559606850219397283e-2;
    A[6][5] = -1.7578125e-2;
    A[7][0] = 3.70920001185047927108779319836e-2;
    A[7][3] = 1.70383925712239993810214054705e-1;
    A[7][4] = 1.07262030446373284651809199168e-1;
    A[7][5] = -1.53194377486244017527936158236e-2;
    A[7][6] = 8.27378916381402288758473766002e-3;
    A[8][0] = 6.24110958716075717114429577812e-1;
    A[8][3] = -3.36089262944694129406857109825;
    A[8][4] = -8.68219346841726006818189891453e-1;
    A[8][5] = 2.75920996994467083049415600797e1;
    A[8][6] = 2.01540675504778934086186788979e1;
    A[8][7] = -4.34898841810699588477366255144e1;
    A[9][0] = 4.77662536438264365890433908527e-1;
    A[9][3] = -2.48811461997166764192642586468;
    A[9][4] = -5.90290826836842996371446475743e-1;
    A[9][5] = 2.12300514481811942347288949897e1;
    A[9][6] = 1.52792336328824235832596922938e1;
    A[9][7] = -3.32882109689848629194453265587e1;
    A[9][8] = -2.03312017085086261358222928593e-2;
    A[10][0] = -9.3714243008598732571704021658e-1;
    A[10][3] = 5.18637242884406370830023853209;
    A[10][4] = 1.09143734899672957818500254654;
    A[10][5] = -8.14978701074692612513997267357;
    A[10][6] = -1.85200656599969598641566180701e1;
    A[10][7] = 2.27394870993505042818970056734e1;
    A[10][8] = 2.49360555267965238987089396762;
    A[10][9] = -3.0467644718982195003823669022;
    A[11][0] = 2.27331014751653820792359768449;
    A[11][3] = -1.05344954667372501984066689879e1;
    A[11][4] = -2.00087205822486249909675718444;
    A[11][5] = -1.79589318631187989172765950534e1;
    A[11][6] = 2.79488845294199600508499808837e1;
    A[11][7] = -2.85899827713502369474065508674;
    A[11][8] = -8.87285693353062954433549289258;
    A[11][9] = 1.23605671757943030647266201528e1;
    A[11][10] = 6.43392746015763530355970484046e-1;
    A[12][0] = 5.42937341165687622380535766363e-2;
    A[12][5] = 4.45031289275240888144113950566;
    A[12][6] = 1.89151789931450038304281599044;
    A[12][7] = -5.8012039600105847814672114227;
    A[12][8] = 3.1116436695781989440891606237e-1;
    A[12][9] = -1.52160949662516078556178806805e-1;
    A[12][10] = 2.01365400804030348374776537501e-1;
    A[12][11] = 4.47106157277725905176885569043e-2;
    A[13][0] = 5.61675022830479523392909219681e-2;
    A[13][6] = 2.53500210216624811088794765333e-1;
    A[13][7] = -2.46239037470802489917441475441e-1;
    A[13][8] = -1.24191423263816360469010140626e-1;
    A[13][9] = 1.5329179827876569731206322685e-1;
    A[13][10] = 8.20105229563468988491666602057e-3;
    A[13][11] = 7.56789766054569976138603589584e-3;
    A[13][12] = -8.298e-3;
    A[14][0] = 3.18346481635021405060768473261e-2;
    A[14][5] = 2.83009096723667755288322961402e-2;
    A[14][6] = 5.35419883074385676223797384372e-2;
    A[14][7] = -5.49237485713909884646569340306e-2;
    A[14][10] = -1.08347328697249322858509316994e-4;
    A[14][11] = 3.82571090835658412954920192323e-4;
    A[14][12] = -3.40465008687404560802977114492e-4;
    A[14][13] = 1.41312443674632500278074618366e-1;
    A[15][0] = -4.28896301583791923408573538692e-1;
    A[15][5] = -4.69762141536116384314449447206;
    A[15][6] = 7.68342119606259904184240953878;
    A[15][7] = 4.06898981839711007970213554331;
    A[15][8] = 3.56727187455281109270669543021e-1;
    A[15][12] = -1.39902416515901462129418009734e-3;
    A[15][13] = 2.9475147891527723389556272149;
    A[15][14] = -9.15095847217987001081870187138;
    return A;
}
constexpr auto kA = makeA();

/// Error estimators on the 12 stages and f(t + h, y_new): 5th order (E5) and 3rd order (E3).
constexpr std::array<double, kStages + 1> makeE3()
{
    std::array<double, kStages + 1> e{};
    for (int j = 0; j < kStages; ++j)
        e[j] = kA[kStages][j];
    e[0] -= 0.244094488188976377952755905512;
    e[8] -= 0.733846688281611857341361741547;
    e[11] -= 0.220588235294117647058823529412e-1;
    return e;
}
constexpr auto kE3 = makeE3();
constexpr std::array<double, kStages + 1> kE5 = {0.1312004499419488073250102996e-1,
                                                 0.0,
                                                 0.0,
                                                 0.0,
                                                 0.0,
                                                 -0.1225156446376204440720569753e+1,
                                                 -0.4957589496572501915214079952,
                                                 0.1664377182454986536961530415e+1,
                                                 -0.3503288487499736816886487290,
                                                 0.3341791187130174790297318841,
                                                 0.8192320648511571246570742613e-1,
                                                 -0.2235530786388629525884427845e-1,
                                                 0.0};

/// Coefficients of the dense output's terms 4..7 on the 16 extended stages.
constexpr std::array<std::array<double, kExtended>, 4> kD = {{
    {-0.84289382761090128651353491142e+1, 0, 0, 0, 0, 0.56671495351937776962531783590,
     -0.30689499459498916912797304727e+1, 0.23846676565120698287728149680e+1, 0.21170345824450282767155149946e+1,
     -0.87139158377797299206789907490, 0.22404374302607882758541771650e+1, 0.63157877876946881815570249290,
     -0.88990336451333310820698117400e-1, 0.18148505520854727256656404962e+2, -0.91946323924783554000451984436e+1,
     -0.44360363875948939664310572000e+1},
    {0.10427508642579134603413151009e+2, 0, 0, 0, 0, 0.24228349177525818288430175319e+3,
     0.16520045171727028198505394887e+3, -0.37454675472269020279518312152e+3, -0.22113666853125306036270938578e+2,
     0.77334326684722638389603898808e+1, -0.30674084731089398182061213626e+2, -0.93321305264302278729567221706e+1,
     0.15697238121770843886131091075e+2, -0.31139403219565177677282850411e+2, -0.93529243588444783865713862664e+1,
     0.35816841486394083752465898540e+2},
    {0.19985053242002433820987653617e+2, 0, 0, 0, 0, -0.38703730874935176555105901742e+3,
     -0.18917813819516756882830838328e+3, 0.52780815920542364900561016686e+3, -0.11573902539959630126141871134e+2,
     0.68812326946963000169666922661e+1, -0.10006050966910838403183860980e+1, 0.77771377980534432092869265740,
     -0.27782057523535084065932004339e+1, -0.60196695231264120758267380846e+2, 0.84320405506677161018159903784e+2,
     0.11992291136182789328035130030e+2},
    {-0.25693933462703749003312586129e+2, 0, 0, 0, 0, -0.15418974869023643374053993627e+3,
     -0.23152937917604549567536039109e+3, 0.35763911791061412378285349910e+3, 0.93405324183624310003907691704e+2,
     -0.37458323136451633156875139351e+2, 0.10409964950896230045147246184e+3, 0.29840293426660503123344363579e+2,
     -0.43533456590011143754432175058e+2, 0.96324553959188282948394950600e+2, -0.39177261675615439165231486172e+2,
     -0.14972683625798562581422125276e+3},
}};

/// A dense-output stepper with the interface detail::stepLoop uses (that of odeint's
/// dense_output_runge_kutta): do_step advances by one accepted step, calc_state evaluates the
/// interpolant on the last step. The 3 extra stages of the interpolant are computed on the first
/// calc_state after a step, so steps that are not sampled (a sweep's transient) do not pay them.
template <class State, class Rhs>
class Dop853Dense {
public:
    Dop853Dense(double rtol, double atol, double maxStep) : m_rtol(rtol), m_atol(atol), m_maxStep(maxStep) {}

    void initialize(const State& x, double t0, double dt0)
    {
        m_y = x;
        m_yOld = x;
        m_tmp = x;
        for (State& k : m_k)
            k = x;
        for (State& f : m_f)
            f = x;
        m_f0 = x;
        m_t = m_tOld = t0;
        m_h = dt0;
        m_initialized = false;
        m_denseReady = false;
    }

    void do_step(Rhs& rhs)
    {
        m_rhs = &rhs;
        if (!m_initialized) {
            rhs(m_y, m_f0, m_t);
            m_initialized = true;
        }
        const size_t n = m_y.size();
        const double minStep = 10.0 * std::abs(std::nextafter(m_t, std::numeric_limits<double>::infinity()) - m_t);
        double h = std::min(m_h, m_maxStep);
        bool rejected = false;
        for (;;) {
            if (!(h >= minStep)) { // the step size vanished: stepLoop reports it (no progress)
                m_tOld = m_t;
                return;
            }
            m_k[0] = m_f0;
            for (int s = 1; s <= kStages; ++s) { // stages 1..11 and, with the weights B, y_new
                stageState(m_y, s, h);
                rhs(m_tmp, m_k[s], m_t + kC[s] * h); // s = 12: f(t + h, y_new), for the error and FSAL
            }
            double err5 = 0.0, err3 = 0.0;
            for (size_t i = 0; i < n; ++i) {
                const double scale = m_atol + m_rtol * std::max(std::abs(m_y[i]), std::abs(m_tmp[i]));
                double e5 = 0.0, e3 = 0.0;
                for (int j = 0; j <= kStages; ++j) {
                    e5 += kE5[j] * m_k[j][i];
                    e3 += kE3[j] * m_k[j][i];
                }
                e5 /= scale;
                e3 /= scale;
                err5 += e5 * e5;
                err3 += e3 * e3;
            }
            const double error =
                err5 == 0.0 && err3 == 0.0 ? 0.0 : h * err5 / std::sqrt((err5 + 0.01 * err3) * static_cast<double>(n));
            if (error < 1.0) {
                double factor = error == 0.0 ? kMaxFactor : std::min(kMaxFactor, kSafety * std::pow(error, -1.0 / 8.0));
                if (rejected)
                    factor = std::min(1.0, factor);
                m_yOld = m_y;
                m_y = m_tmp;
                m_tOld = m_t;
                m_t += h;
                m_hDone = h;
                m_f0 = m_k[kStages];
                m_h = h * factor;
                m_denseReady = false;
                return;
            }
            // Rejected (a NaN error too: the step shrinks until it succeeds or vanishes).
            const double shrink = std::isfinite(error) ? std::max(kMinFactor, kSafety * std::pow(error, -1.0 / 8.0)) : kMinFactor;
            h *= shrink;
            rejected = true;
        }
    }

    const State& current_state() const { return m_y; }
    double current_time() const { return m_t; }
    double previous_time() const { return m_tOld; }

    /// The 7th-order interpolant on [previous_time, current_time] (SciPy's Dop853DenseOutput).
    void calc_state(double t, State& x)
    {
        if (!m_denseReady)
            prepareDense();
        const size_t n = m_y.size();
        const double s = (t - m_tOld) / m_hDone, r = 1.0 - s;
        for (size_t i = 0; i < n; ++i) {
            double v = m_f[6][i] * s;
            v = (v + m_f[5][i]) * r;
            v = (v + m_f[4][i]) * s;
            v = (v + m_f[3][i]) * r;
            v = (v + m_f[2][i]) * s;
            v = (v + m_f[1][i]) * r;
            v = (v + m_f[0][i]) * s;
            x[i] = m_yOld[i] + v;
        }
    }

private:
    static constexpr double kSafety = 0.9, kMinFactor = 0.2, kMaxFactor = 10.0;

    /// m_tmp = base + h sum_{j<s} A[s][j] k_j: the state at which stage s is evaluated.
    void stageState(const State& base, int s, double h)
    {
        for (size_t i = 0; i < base.size(); ++i) {
            double sum = 0.0;
            for (int j = 0; j < s; ++j)
                sum += kA[s][j] * m_k[j][i];
            m_tmp[i] = base[i] + h * sum;
        }
    }

    void prepareDense()
    {
        const size_t n = m_y.size();
        const double h = m_hDone;
        for (int s = kStages + 1; s < kExtended; ++s) {
            stageState(m_yOld, s, h);
            (*m_rhs)(m_tmp, m_k[s], m_tOld + kC[s] * h);
        }
        for (size_t i = 0; i < n; ++i) {
            const double dy = m_y[i] - m_yOld[i], fOld = m_k[0][i], fNew = m_k[kStages][i];
            m_f[0][i] = dy;
            m_f[1][i] = h * fOld - dy;
            m_f[2][i] = 2.0 * dy - h * (fNew + fOld);
            for (int r = 0; r < 4; ++r) {
                double sum = 0.0;
                for (int j = 0; j < kExtended; ++j)
                    sum += kD[r][j] * m_k[j][i];
                m_f[3 + r][i] = h * sum;
            }
        }
        m_denseReady = true;
    }

    double m_rtol, m_atol, m_maxStep;
    Rhs* m_rhs = nullptr;
    State m_y{}, m_yOld{}, m_tmp{}, m_f0{};
    std::array<State, kExtended> m_k{};
    std::array<State, 7> m_f{}; ///< the interpolant's coefficient vectors
    double m_t = 0.0, m_tOld = 0.0, m_h = 0.0, m_hDone = 0.0;
    bool m_initialized = false;
    bool m_denseReady = false;
};

} // namespace

Status integrateDop853(const SmoothOde& ode, std::vector<double>& y, double t0, double t1, const OdeIntegrationOptions& o,
                       const StepCallback& onStep, OdeIntegrationStats& stats, double& tFinal)
{
    return detail::withStateType(y.size(), [&]<class State>() {
        auto rhs = [&ode](const State& x, State& dxdt, double t) { ode.rhs(t, x.data(), dxdt.data()); };
        Dop853Dense<State, decltype(rhs)> stepper(o.tol, o.tol, o.maxStep);
        return detail::runStepLoop<State>(stepper, rhs, y, t0, t1, o, onStep, stats, tFinal);
    });
}

} // namespace fl
