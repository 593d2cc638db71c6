#pragma once
// A user's model (model/model_spec.h) compiled for the integrators, and its equations evaluated at a
// state. The state of a model run is interleaved, q_1, q_1', q_2, q_2', ... (a chain's Jacobian is
// then banded), then the model's first-order states z_1 .. z_m (z_j' = rate_j), then a law with
// memory's states where it has them.
//
// The equations of motion (docs/model-files.md): m_i q_i'' = f_i(q, q', t) + sum_c g_ci N_c F_c, with
// f_i the sum of the forces on coordinate i, and for each contact c its slip velocity
// v_r,c = c0_c + sum_i g_ci q_i' (affine in the velocities, checked by the parser), its normal force
// N_c (0 where the expression is negative: a lifted contact holds nothing) and F_c the friction
// force at unit normal load of its law (the built-in systems' convention, friction/friction_law.h).
// The friction acts along g_c, the gradient of v_r,c in the velocities: the principle of virtual
// work (the generalized force of a force F along the contact's relative motion is F dv_r/dq').
//
// The compiled model is built once and shared by every run; a run's ModelEquations copies its
// tapes (their registers are per thread).
#include "common/status.h"
#include "expr/tape.h"
#include "model/model_spec.h"

#include <memory>
#include <string>
#include <vector>

namespace fl {

class FrictionLaw;
class ParameterSet;

struct CompiledModel {
    model::Model model;
    /// What a Jacobian entry is the derivative of.
    enum class Quantity { Force, Normal, Gradient, Slip, Rate };
    struct Partial {
        Quantity quantity;
        int index;  ///< coordinate (Force), contact (Normal, Slip), gradient entry (Gradient) or state (Rate)
        int column; ///< index in the run's state vector (interleaved coordinates, then states), or -1 for t
    };
    /// The entries of the slip gradients that are not the number 0: g_ci for (contact, coordinate).
    struct GradientEntry {
        int contact;
        int coordinate;
    };
    std::vector<GradientEntry> gradient;
    // The trees each run compiles to its tapes with its parameter values folded in (ModelEquations).
    std::vector<expr::Expr> motion;   ///< f_i (n), N_c raw (K), g of each gradient entry, then the states' rates (m)
    std::vector<expr::Expr> slip;     ///< v_r,c (K)
    /// dv_r,c/dt at zero accelerations: partial_t v_r + sum_j partial_qj v_r q_j' + sum_j partial_zj v_r z_j' (K)
    std::vector<expr::Expr> drift;
    std::vector<expr::Expr> outputs;  ///< the model's outputs
    /// Of the parameters alone: masses (n), starts (n), initial velocities (n), the states' starts (m).
    std::vector<expr::Expr> initial;
    std::vector<expr::Expr> partials; ///< one per entry of `partialList`
    std::vector<Partial> partialList;
    /// Half-bandwidth of df/dy in the interleaved order (-1: none narrower than the matrix).
    int halfBandwidth = -1;

    int coordinates() const { return static_cast<int>(model.coordinates.size()); }
    int contacts() const { return static_cast<int>(model.contacts.size()); }
    int states() const { return static_cast<int>(model.states.size()); }
    /// The model's own state vector: 2n interleaved coordinates and velocities, then m states.
    int dimension() const { return 2 * coordinates() + states(); }
};

/// The most expression nodes preparing one model may build (its partial derivatives and slip drifts,
/// with common subexpressions shared): about 100 MB. Work grows linearly with the text for any
/// nesting, but a file is untrusted, so the bound is stated rather than hoped for.
inline constexpr long kMaxPreparedNodes = 1'000'000;

struct ModelCompilation {
    std::shared_ptr<const CompiledModel> compiled; ///< null on an error
    model::ModelError error;                       ///< where the budget ran out, and why
    bool ok() const { return compiled != nullptr; }
};

/// The model prepared: its equations as lists of trees, the exact partial derivatives of every one,
/// equal subtrees shared. Refused, at the line of the quantity being prepared, when it would build
/// more than `budget` nodes.
ModelCompilation compileModel(model::Model model, long budget = kMaxPreparedNodes);

/// The masses (n), starts (n), initial velocities (n) and the states' starts (m) at the values: what validation needs of a
/// model, without specialising and compiling every tape of a run (a slider step on the GUI thread).
std::vector<double> modelInitialValues(const CompiledModel& compiled, const ParameterSet& values);
/// The slots of a model's state expressions (Model::stateSlots()) with the parameters at their values,
/// t at `t` and the coordinates and velocities at 0: what an expression of t and the parameters reads.
std::vector<double> modelParameterSlots(const model::Model& model, const ParameterSet& values, double t = 0.0);
/// The fastest angular frequency of the model's explicit time dependence at these parameter values:
/// the largest |d argument / dt| of a sin, cos or tan of t in its forces, normal forces and slips,
/// at t = 0 and the start (0 if none). Linear in the model's distinct nodes (model_forcing.cpp).
double modelForcingFrequency(const CompiledModel& compiled, const ParameterSet& values);

/// Where a run's equations first evaluated to inf or NaN or beyond kModelValueLimit (a division by zero, a logarithm of a
/// negative number): the message a failed run reports instead of the integrator's. Shared by the
/// run's equations and its Dynamics; one thread.
/// The largest magnitude a model's value may take: beyond it products of two such values (N F, the
/// Jacobian's entries) overflow, and a run would go on with garbage (a normal force of 1e308 moved a
/// block to 1e228 in one step); the run stops instead.
inline constexpr double kModelValueLimit = 1e100;

struct ModelFailure {
    std::string what; ///< e.g. "the force on x"; empty: none
    double t = 0.0;
    double value = 0.0; ///< the value: inf or NaN, or finite beyond kModelValueLimit
    /// Seen at an accepted state, not only in a trial step the integrator threw away: the run was
    /// stopped there (FiniteModelRun, model_dynamics.h).
    bool confirmed = false;
    std::string message() const;
};

/// A failed run's status with the model's own reason where its equations stopped being finite
/// (a cancelled run stays cancelled).
Status explainFailure(Status status, const ModelFailure& failure);

/// The equations of one run at the scenario's parameter values. Not thread-safe (a run is on one
/// thread); each run makes its own.
class ModelEquations {
public:
    ModelEquations(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values);

    const CompiledModel& compiled() const { return *m_c; }
    /// Records where the equations stop being finite (evaluateMotion(), slips()) into `sink`.
    void reportFailuresTo(std::shared_ptr<ModelFailure> sink) { m_failure = std::move(sink); }
    int coordinates() const { return m_n; }
    int contacts() const { return m_k; }
    int states() const { return m_m; }
    /// 2n + m: the coordinates, velocities and first-order states (a law's memory states come after).
    int dimension() const { return 2 * m_n + m_m; }
    double mass(int i) const { return m_mass[static_cast<size_t>(i)]; }
    /// Whether the mass matrix has off-diagonal entries (model `mass A B = ...` lines).
    bool coupledMass() const { return !m_inverse.empty(); }
    /// v (M^-1)_ij: v / m_i on the diagonal of a diagonal mass matrix (0 off it).
    double overMass(double v, int i, int j) const
    {
        if (m_inverse.empty())
            return i == j ? v / m_mass[static_cast<size_t>(i)] : 0.0;
        return v * m_inverse[static_cast<size_t>(i * m_n + j)];
    }
    /// q_1, q_1', ..., z_1, ... at t = 0.
    std::vector<double> initialState() const;

    /// The states z_1 .. z_m as last loaded: where a custom law that reads them is bound
    /// (friction/custom_law.h, bindLawToStates); valid as long as the equations live.
    const double* loadedStates() const { return m_variables.data() + 2 * m_n; }
    /// Binds contact c's law to the loaded states if it is a custom law that reads them (else nothing).
    void bindLawToStates(int c, FrictionLaw& law) const;
    /// Adds what contact c's force F (of a custom law that reads states, at slip velocity vr) owes
    /// to the states to df/dy: dF/dz = F (dg/dz) / g, the law's sign factor F/g being fixed by v_r
    /// (0 where g = 0). Nothing for another law. After evaluateMotion().
    void addLawStateColumns(int c, FrictionLaw& law, double vr, double F, double* dfdy) const;
    /// Reads the state (interleaved coordinates, then the states) and t for the evaluations below.
    void load(double t, const double* y);
    /// Evaluates f, N and g at the loaded state.
    void evaluateMotion();
    double force(int i) const { return m_motion[static_cast<size_t>(i)]; }
    /// N_c, at least 0.
    double normal(int c) const;
    bool lifted(int c) const { return !(m_motion[static_cast<size_t>(m_n + c)] > 0.0); }
    /// g of gradient entry e (CompiledModel::gradient).
    double gradient(int e) const { return m_motion[static_cast<size_t>(m_n + m_k + e)]; }
    /// z_j' at the loaded state (after evaluateMotion()).
    double rate(int j) const { return m_motion[m_motion.size() - static_cast<size_t>(m_m - j)]; }
    /// The model's own part of dy/dt, dimension() values: q_i' from y, the accelerations acc, the
    /// states' rates (after evaluateMotion()).
    void derivative(const double* y, const double* acc, double* d) const
    {
        for (int i = 0; i < m_n; ++i) {
            d[2 * i] = y[2 * i + 1];
            d[2 * i + 1] = acc[i];
        }
        for (int j = 0; j < m_m; ++j)
            d[2 * m_n + j] = rate(j);
    }
    /// v_r of every contact at the loaded state, to out[0 .. K).
    void slips(double* out);
    /// dv_r/dt at zero accelerations, to out[0 .. K).
    void drifts(double* out);
    /// The model's outputs at the loaded state, to out.
    void outputs(double* out);
    /// Whether every value of the model (forces, normal forces, slip gradients, slip velocities,
    /// outputs) is finite and within kModelValueLimit at (t, y); if not, the first non-finite one is recorded in the sink.
    bool finiteAt(double t, const double* y);
    /// df/dy (row-major, dimension()) and df/dt of the model's state at the loaded state with the
    /// friction forces F_c and their slopes dF_c/dv_r (after evaluateMotion()).
    void jacobian(const double* F, const double* dFdvr, double* dfdy, double* dfdt);
    /// dv_r,c/dy (dimension() values) and dv_r,c/dt at the loaded state.
    void slipGradient(int c, double* dvdy, double& dvdt);
    /// q'' of every coordinate with the friction forces F_c (after evaluateMotion()), to acc[0 .. n).
    void accelerations(const double* F, double* acc) const;
    /// Puts contact c at v_r = 0 by the smallest change of the velocities in the mass metric (an
    /// impulse along g_c); a contact on one coordinate gets v_r = 0 exactly (q_i' = -c0/g_ci). Loads
    /// and evaluates at (t, y).
    void projectToStick(int c, double t, double* y);

private:
    std::shared_ptr<const CompiledModel> m_c;
    int m_n, m_k, m_m;
    expr::Tape m_motionTape, m_slipTape, m_driftTape, m_outputTape, m_partialTape;
    std::vector<double> m_variables; ///< the model's slots: q, q', z, t, parameters
    std::vector<double> m_mass, m_start, m_velocity, m_stateStart;
    std::vector<double> m_inverse; ///< M^-1 (row-major n x n) when the mass matrix is not diagonal
    std::vector<double> m_scratch;
    void applyInverseMass(double* v) const; ///< v <- M^-1 v (coupled masses)
    std::vector<double> m_motion, m_partials, m_slip, m_drift;
    std::vector<double> m_outputsScratch; ///< finiteAt()
    /// Which tapes' results hold for the loaded state (load() of another state clears them).
    enum : unsigned { kMotion = 1, kSlip = 2, kDrift = 4 };
    unsigned m_cached = 0;
    std::shared_ptr<ModelFailure> m_failure;
    void noteFailure(const double* values, int count, int first, const char* kind);
};

/// Column ids of a model run's own state: q_1, dq_1, q_2, dq_2, ... ("x", "dx"), then the states' ids.
std::vector<std::string> modelStateNames(const model::Model& model);
/// "v_r" and "F" for one contact; "v_r.ID", "F.ID" and "mode.ID" for each of several (mode: 0 stuck,
/// +1 / -1 slipping with v_r > 0 / < 0; the smooth methods, which have no stick, give the sign of v_r).
std::vector<std::string> modelContactOutputNames(const model::Model& model);

} // namespace fl
