#pragma once
// A scenario is everything one run needs: the system, the friction law, the method and every
// parameter value (system + law + numerics), validated before it is simulated.
#include "common/status.h"
#include "friction/regularization.h"
#include "params/parameter_set.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fl {

enum class Method {
    EventDriven,  ///< exact stick/slip switching, Dormand-Prince 5(4) inside each mode
    Regularized,  ///< smooth law, stiff implicit integrator with dense output (Scenario::stiffIntegrator)
    Explicit,     ///< smooth law, explicit Dormand-Prince 8(5,3) with dense output
};

struct MethodInfo {
    Method method;
    std::string id;   ///< "event", "regularized", "explicit"
    std::string name;
    std::string description;
    bool smooth;      ///< uses a regularized law (and eps)
};

const std::vector<MethodInfo>& methods();
std::optional<Method> findMethod(std::string_view id);
const MethodInfo& methodInfo(Method method);

/// The stiff integrator of the regularized method (a numerics choice, not a parameter).
enum class StiffIntegrator {
    Bdf,         ///< SUNDIALS CVODE: variable-order BDF 1-5 (default: keeps its order on the
                 ///< moving stick manifold of forced runs, where Rosenbrock4's stage order 1 does not)
    Rosenbrock4, ///< odeint's rosenbrock4: L-stable, order 4
};

struct StiffIntegratorInfo {
    StiffIntegrator kind;
    std::string id;   ///< "rosenbrock4", "bdf"
    std::string name;
};

const std::vector<StiffIntegratorInfo>& stiffIntegrators();
std::optional<StiffIntegrator> findStiffIntegrator(std::string_view id);
const StiffIntegratorInfo& stiffIntegratorInfo(StiffIntegrator kind);

/// Numerical settings, described as parameters too: t_end, dt (output interval), tol, eps.
ParameterSpecs numericsSpecs();
/// A parameter of the run's length and accuracy, not of the model (t_end, dt, tol, max_steps;
/// not eps, which shapes the regularized law): the views' sweeps and maps offer the others. The
/// command line and the analyses' checks accept them too.
bool isRunControlParameter(std::string_view id);

/// Most output samples a run may produce (t_end / dt): held in memory (plots, the GUI), or
/// streamed to a file as they are computed (RunOptions::drain: memory stays bounded).
/// In memory the bound is also on the values: samples x (state variables + outputs + 1), so that
/// a chain of 1000 blocks cannot ask for 5e6 samples of 2000 states (80 GB).
constexpr double kMaxOutputSamples = 5e6;
constexpr double kMaxOutputValues = 1e8;
constexpr double kMaxStreamedOutputSamples = 1e10;
/// Events a run holds in memory (RunOptions::maxEventRecords), unpredictable before it starts:
/// of each list the first kMaxEventRecords switches, grazes and stick intervals (16 bytes each) and
/// the section points that fit 2 kMaxEventRecords values (d + 1 values per point, d state variables);
/// later ones are counted, not kept, and the run's warning says so. So a run in memory holds at most
/// 8 kMaxOutputValues bytes of samples and 4 x 16 kMaxEventRecords bytes of events (800 + 128 MB).
constexpr double kMaxEventRecords = 2e6;
enum class SampleStorage { InMemory, Streamed };

struct Scenario {
    std::string systemId = "belt";
    std::string lawId = "coulomb";
    Method method = Method::EventDriven;
    Regularization regularization = Regularization::Kudra;
    ParameterSet params; ///< system specs, then law specs, then numericsSpecs()
    /// Integrator of the regularized method (the explicit method is always Dormand-Prince).
    StiffIntegrator stiffIntegrator = StiffIntegrator::Bdf;
    /// A state to start from instead of the system's own (its initial-condition parameters), one
    /// value per state variable: an orbit loaded from a continued branch. Empty: the system's.
    std::vector<double> initialState;
};

} // namespace fl
