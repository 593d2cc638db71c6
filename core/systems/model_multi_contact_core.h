#pragma once
// What the methods of a model with several contacts share (model_multi_contact*.cpp only): the
// run's equations, the contacts' laws, scratch space and the outputs of a state.
#include "systems/model_dynamics.h"

#include <Eigen/Core>

#include <memory>
#include <string>
#include <vector>

namespace fl::detail {

/// What both methods share: the equations, the laws, scratch space and the outputs of a state.
struct MultiContactCore {
    MultiContactCore(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values, std::vector<std::unique_ptr<FrictionLaw>> l)
        : eq(std::move(compiled), values), laws(std::move(l)), vr(static_cast<size_t>(eq.contacts())), F(static_cast<size_t>(eq.contacts())),
          acc(static_cast<size_t>(eq.coordinates())), drift(static_cast<size_t>(eq.contacts())), contactEntries(static_cast<size_t>(eq.contacts()))
    {
        const CompiledModel& c = eq.compiled();
        std::vector<int> touching(static_cast<size_t>(eq.coordinates()), 0);
        for (size_t e = 0; e < c.gradient.size(); ++e) {
            contactEntries[static_cast<size_t>(c.gradient[e].contact)].push_back(static_cast<int>(e));
            coupled = coupled || ++touching[static_cast<size_t>(c.gradient[e].coordinate)] > 1;
        }
        coupled = coupled || eq.coupledMass(); // coupled masses couple every pair of contacts
        eq.reportFailuresTo(failure);
        for (int k = 0; k < eq.contacts(); ++k) // custom laws that read the model's states read the run's
            eq.bindLawToStates(k, *laws[static_cast<size_t>(k)]);
    }
    /// A run of the equations: the model's reason if it fails on a non-finite value.
    template <class Run>
    Status run(Run body)
    {
        failure->what.clear();
        failure->confirmed = false;
        return explainFailure(body(), *failure);
    }
    /// A run with an observer: it also stops at the first accepted state where a value of the model
    /// is not finite (FiniteModelObserver), with the model's reason. body(observer) runs it.
    template <class Run>
    Status run(DynamicsObserver& observer, Run body)
    {
        FiniteModelObserver guard(observer, eq, *failure);
        return explainFailure(body(guard), *failure);
    }

    std::vector<std::string> outputNames() const
    {
        std::vector<std::string> names = modelContactOutputNames(eq.compiled().model);
        for (const model::Output& o : eq.compiled().model.outputs)
            names.push_back(o.id);
        return names;
    }
    /// v_r, F and the mode of every contact (F given; modes: the event-driven method's, or null for
    /// the sign of v_r), then the model's outputs; eq loaded at the state.
    void writeOutputs(const double* force, const signed char* modes, double* out)
    {
        for (int c = 0; c < eq.contacts(); ++c) {
            const double v = vr[static_cast<size_t>(c)];
            out[3 * c] = v;
            out[3 * c + 1] = force[c];
            out[3 * c + 2] = modes ? modes[c] : (v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0));
        }
        eq.outputs(out + 3 * eq.contacts());
    }

    /// The forces of the stuck contacts that keep their slip velocities at zero, with the F of the
    /// others set: A lambda = -a over the stuck set, A_cd = sum_i g_ci g_di N_d / m_i and a_c = v_r,c'
    /// with the stuck forces at 0 (separately where no two share a coordinate); into F. eq loaded.
    void solveHolding(const std::vector<int>& stuck);
    /// -a / A, and for a lifted contact (A = 0) nothing to hold (a = 0) or more than any limit.
    static double held(double a, double diagonal);
    /// Puts every contact of `stuck` at v_r = 0 together, by the smallest change of the velocities
    /// in the mass metric (model_multi_contact_stuck.cpp); leaves eq loaded at (t, y).
    void projectStuck(const std::vector<int>& stuck, double t, double* y);
    /// The velocity change (2n values, velocity slots) per unit of v_r,c that projectStuck makes
    /// when only c of `stuck` is off its surface: M^-1 G^T (G M^-1 G^T)^+ e_c. eq loaded.
    std::vector<double> stickDirection(const std::vector<int>& stuck, int c) const;

    mutable ModelEquations eq;
    std::vector<std::unique_ptr<FrictionLaw>> laws;
    std::vector<double> vr, F, acc;
    std::vector<double> drift; ///< dv_r/dt at zero accelerations (solveHolding)
    std::vector<std::vector<int>> contactEntries; ///< each contact's gradient entries
    bool coupled = false; ///< two contacts move one coordinate: their holding forces are solved together
    std::shared_ptr<ModelFailure> failure = std::make_shared<ModelFailure>();

private:
    /// G (stuck x n, dv_r/dq') and M^-1 G^T at the loaded state.
    void stuckGradients(const std::vector<int>& stuck, Eigen::MatrixXd& G, Eigen::MatrixXd& overMassGt) const;
};

} // namespace fl::detail
