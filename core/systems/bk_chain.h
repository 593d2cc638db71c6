#pragma once
// S5: the Burridge-Knopoff chain (docs/physics.md S5; review (1)): n blocks of unit mass on a belt moving
// at v_b, each tied to the frame by a spring k_p and to its neighbours by springs k_c (free ends),
// with viscous damping 2 zeta x_i' and dry friction F(v_r,i), v_r,i = x_i' - v_b, of any static 1-D
// law (the velocity-weakening law (1) is the rational decay with mu_0 = 1, delta = gamma):
//   x_i'' + 2 zeta x_i' + k_p x_i - k_c (x_{i-1} - 2 x_i + x_{i+1}) = F(v_r,i)          (S5)
// (the missing neighbour of an end block is left out). With n = 1 and k_p = 1 this is S1 unforced.
// State, interleaved so that the Jacobian is banded: x_1, v_1, ..., x_n, v_n (a law with memory adds
// each block's internal states after its v_i: stride 2 + m). Outputs: v_r and F of
// block 1 (S1's columns when n = 1); the mechanical energy E = sum_i (v_i^2 + k_p x_i^2)/2
// + k_c sum_i (x_{i+1} - x_i)^2 / 2; the power of friction and damping on the blocks,
// P = sum_i (F_i - 2 zeta v_i) v_i = dE/dt (the belt's work enters through F_i); the number of
// blocks slipping.
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"

#include <memory>
#include <string>
#include <vector>

namespace fl {

class ParameterSet;
class FrictionLaw;

struct BkChainParameters {
    int n = 1;            ///< blocks
    double kc = 1.0;      ///< neighbour springs
    double kp = 1.0;      ///< springs to the frame
    double vb = 0.5;      ///< belt speed
    double zeta = 0.0;    ///< damping ratio of each block
    double x0 = 0.0;      ///< initial displacement of every block...
    double dx0 = 0.0;     ///< ...plus a uniform random offset in [-dx0, dx0] (fixed by seed)
    double v0 = 0.0;      ///< initial velocity of every block
    unsigned seed = 1;    ///< seed of the initial offsets (the same seed gives the same chain)
    int stride = 2;       ///< state values per block: x_i, v_i and a law with memory's states
};

BkChainParameters bkChainParameters(const ParameterSet& p);

namespace bkchain {
/// Where block i's x and v are in a state of stride 2 (a chain without internal law states).
constexpr int xIndex(int i) { return 2 * i; }
constexpr int vIndex(int i) { return 2 * i + 1; }
} // namespace bkchain

/// "x_1", "v_1", ..., "x_n", "v_n"; with a law with memory each block's own states follow its
/// velocity, named by the law's state ids: "x_1", "v_1", "z_1", "x_2", ... (the band stays narrow).
std::vector<std::string> bkChainStateNames(int n, const std::vector<std::string>& lawStates = {});
/// State values per block of a chain scenario: 2 plus its law's internal states.
int bkChainStride(const struct Scenario& scenario);
/// "v_r", "F", "E", "P", "slipping".
std::vector<std::string> bkChainOutputNames();
/// x_i = x0 + dx0 u_i with u_i in [-1, 1] from SplitMix64(seed) (the same on every platform); a law
/// with memory's states 0 (its initial state is set by the dynamics).
std::vector<double> bkChainInitialState(const BkChainParameters& p);
/// Acceleration of block i without friction: -2 zeta v_i - k_p x_i + k_c ((x_{i-1} + x_{i+1}) - 2 x_i),
/// the neighbours summed first so that a mirror-symmetric chain gives bitwise mirrored values.
double bkChainSpringForce(const BkChainParameters& p, const double* y, int i);
/// The mechanical energy E of a state.
double bkChainEnergy(const BkChainParameters& p, const double* y);

/// The chain with the scenario's law by the scenario's method (event-driven: every block switches
/// on its own, each switch located exactly; regularized: the stiff integrator with a band Jacobian
/// of half-width 3; explicit: Dormand-Prince 8(5,3) on the regularized equations).
std::unique_ptr<Dynamics> makeBkChainDynamics(const struct Scenario& scenario, const IntegrationSettings& settings);
/// The event-driven chain of a static law (bk_chain_event_driven.cpp).
std::unique_ptr<Dynamics> makeEventDrivenBkChain(const BkChainParameters& p, std::unique_ptr<FrictionLaw> law,
                                                 const IntegrationSettings& settings);

} // namespace fl
