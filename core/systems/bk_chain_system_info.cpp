// Registration of S5, the Burridge-Knopoff chain (systems/bk_chain.h), with its presets.
#include "systems/bk_chain.h"

#include "friction/friction_law.h"
#include "scenario/scenario.h"
#include "systems/mechanism_drawings.h"
#include "systems/system_registry.h"

#include <cmath>

namespace fl {
namespace {

ParameterSpecs bkChainSpecs()
{
    return {
        {"n", "Blocks", "n", "–", "Number of blocks in the chain (a whole number, 1 to 1000). With n = 1 and k_p = 1 the chain is "
         "the block on a belt (S1).", 10.0, 1.0, 1000.0, false, ParameterKind::Integer},
        {"k_c", "Neighbour stiffness", "k_c", "–", "Stiffness of the springs between neighbouring blocks, in units of the "
         "frame springs' unit stiffness k (the ends are free).", 4.0, 0.0, 1000.0},
        {"k_p", "Frame stiffness", "k_p", "–", "Stiffness of the spring that ties each block to the frame (the leaf "
         "springs of Burridge and Knopoff), in units of k.", 1.0, 0.0, 100.0},
        {"v_b", "Belt speed", "v_b", "–", "Speed of the belt under the blocks, in units of ω_n·(N/k). A block sticks while "
         "it moves with the belt.", 0.1, -5.0, 5.0},
        {"zeta", "Damping ratio", "ζ", "–", "Viscous damping of each block, 2ζx_i′ in its equation of motion.", 0.0, 0.0, 2.0},
        {"x0", "Initial position", "x_i(0)", "–", "Position of every block at t = 0, in units of N/k (springs relaxed at "
         "x = 0), before the random offsets.", 0.0, -10.0, 10.0},
        {"dx0", "Initial disorder", "Δx(0)", "–", "Each block starts at x0 plus a uniform random offset in [−Δx, Δx]; "
         "the seed fixes the offsets, so a run is reproducible.", 0.0, 0.0, 10.0},
        {"v0", "Initial velocity", "x_i′(0)", "–", "Velocity of every block at t = 0, in units of ω_n·(N/k).", 0.0, -10.0, 10.0},
        {"seed", "Disorder seed", "seed", "–", "Seed of the initial offsets (SplitMix64): the same seed, the same chain.",
         1.0, 0.0, 1e9, false, ParameterKind::Integer},
    };
}

/// "₁₂" for 12.
std::string subscript(int i)
{
    static const char* digits[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
    const std::string decimal = std::to_string(i);
    std::string out;
    for (char c : decimal)
        out += digits[c - '0'];
    return out;
}

/// Labels of t, the outputs and the states of the longest chain (x_i is "xᵢ", v_i is "xᵢ′").
std::vector<VariableLabel> bkChainLabels()
{
    std::vector<VariableLabel> labels = {{"t", "t", ""}, {"v_r", "v_r,1", ""}, {"F", "F₁", ""},
                                         {"E", "E", ""}, {"P", "P", ""},        {"slipping", "slipping blocks", ""}};
    for (int i = 1; i <= 1000; ++i) {
        labels.push_back({"x_" + std::to_string(i), "x" + subscript(i), ""});
        labels.push_back({"v_" + std::to_string(i), "x" + subscript(i) + "′", ""});
    }
    return labels;
}

std::vector<Preset> bkChainPresets()
{
    std::vector<Preset> presets;
    presets.push_back(teachingPreset(
        "bk-chain-single", "One block: the chain is S1", "coulomb",
        {{"n", 1.0}, {"k_p", 1.0}, {"mu_s", 2.0}, {"mu_k", 1.0}, {"v_b", 0.5}, {"t_end", 100.0}},
        "A chain of one block on its frame spring is the block on a belt: the same stick-slip cycle, period 8.0689.",
        "n = 1, k_p = 1, Coulomb μ_s = 2, μ_k = 1, v_b = 0.5, from rest: S1's preset belt-stick-slip. The trajectories "
        "agree to round-off (tests/core/test_bk_chain.cpp)."));
    presets.push_back(teachingPreset(
        "bk-chain-two", "Two blocks (the review's case N = 2)", "rational",
        {{"n", 2.0}, {"k_c", 1.0}, {"k_p", 1.0}, {"v_b", 0.2}, {"mu_0", 1.0}, {"delta", 1.5}, {"dx0", 0.5}, {"t_end", 300.0}},
        "Two blocks with the velocity-weakening law (1), γ = 1.5: they stick and slip at different times, now one, now both.",
        "Review (1): F = 1/(1 + γ|v_r|) is the rational decay with μ_0 = 1, δ = γ; the review takes γ in [0.4, 3.4] and "
        "studies N = 2. k_c = k_p = 1, v_b = 0.2, initial offsets ±0.5 (seed 1)."));
    Preset quakes = teachingPreset(
        "bk-chain-quakes", "A hundred blocks: slip events of every size", "rational",
        {{"n", 100.0}, {"k_c", 25.0}, {"k_p", 1.0}, {"v_b", 0.01}, {"mu_0", 1.0}, {"delta", 3.0}, {"dx0", 1.0},
         {"t_end", 1000.0}, {"dt", 0.1}},
        "Slow loading, velocity weakening (γ = 3), stiff neighbours: single blocks slip, and now and then a slip runs along the chain.",
        "Carlson and Langer's regime: k_c/k_p = 25, v_b = 0.01 (slow against the slip time ~1), initial offsets ±1 "
        "(seed 1). Event-driven: every block's stick and slip located exactly.");
    quakes.group = "Burridge–Knopoff";
    presets.push_back(quakes);
    return presets;
}

} // namespace

SystemInfo bkChainSystemInfo()
{
    SystemInfo info;
    info.id = "bk-chain";
    info.name = "Burridge–Knopoff chain (S5)";
    info.equation = "xᵢ″ + 2ζxᵢ′ + k_p xᵢ − k_c (xᵢ₋₁ − 2xᵢ + xᵢ₊₁) = F(v_r,ᵢ),  v_r,ᵢ = xᵢ′ − v_b,  i = 1 … n (free ends)";
    info.specs = bkChainSpecs();
    info.defaults = {{"t_end", 200.0}, {"dt", 0.05}, {"tol", 1e-9}, {"eps", 1e-4}, {"mu_0", 1.0}, {"delta", 1.5}};
    info.lawFamily = LawFamily::OneDimensional;
    // The static laws, and the laws with memory (each block with its own internal states; smooth
    // methods). Karnopp's window is single-contact for now.
    info.laws = {"rational",      "coulomb", "coulomb-viscous", "stribeck-exp", "rational-quadratic", "stribeck-gauss",
                 "dahl",          "lugre",   "bliman-sorine",   "ostermeyer",   "elasto-plastic"};
    info.methods = {Method::EventDriven, Method::Regularized, Method::Explicit};
    info.states = bkChainStateNames(1);
    info.blockChain = true;
    info.chainBeltSpeed = [](const Scenario& s) { return s.params.value("v_b"); };
    info.statesOf = [](const ParameterSet& p) { return bkChainStateNames(static_cast<int>(std::lround(p.value("n")))); };
    info.statesWithLaw = [](const ParameterSet& p, const std::vector<std::string>& lawStates) {
        return bkChainStateNames(static_cast<int>(std::lround(p.value("n"))), lawStates);
    };
    info.outputs = bkChainOutputNames();
    info.presets = bkChainPresets();
    info.plots.timeHistory = {"x_1", "slipping"};
    info.plots.phasePortraits = {{"x_1", "v_1"}};
    info.plots.characteristic = {"v_r", "F"};
    info.defaultSection = [](const Scenario&) { return PoincareSection::hyperplane(1, 0.0, -1); }; // maxima of x_1
    // n and seed are whole numbers by their specs' kind (checked by fl::validate).
    info.makeDynamics = makeBkChainDynamics;
    info.mechanism = drawBkChainMechanism;
    info.nearStick = bkChainNearStick;
    info.variables = bkChainLabels();
    return info;
}

} // namespace fl
