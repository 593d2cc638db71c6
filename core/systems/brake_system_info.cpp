// Registration of S4, the two-DOF brake model of the review (sec. 4, Fig. 16; systems/brake_system.h),
// with its presets (systems/brake_presets.cpp).
#include "solvers/contact_dynamics.h"
#include "systems/brake_system.h"
#include "systems/mechanism_drawings.h"
#include "systems/system_registry.h"

#include <cmath>

namespace fl {
namespace {

ParameterSpecs brakeSpecs()
{
    return {
        {"alpha1", "Block stiffness ratio", "α₁", "–", "α₁ = ω²m/k₂ = (k₁ + k₂)/k₂ (time in 1/ω, ω² = (k₁ + k₂)/m): the springs on the "
         "block over the coupling spring k₂; the review's bifurcation parameter (Figs. 22-23; raising it stiffens k₁).", 3.0, 1.0, 50.0},
        {"alpha2", "Angle body inertia ratio", "α₂", "–", "α₂ = ω²J/(k₂r²): the angle body's moment of inertia J about its pivot over "
         "the coupling spring k₂ (r: leg length).", 1.159, 0.01, 50.0},
        {"beta3", "Angle body stiffness", "β₃", "–", "β₃ = (k₂ + k₃)/k₂: the springs on the angle body over k₂. The normal force is "
         "N = 1 + (β₃ − 1) y₁ + η_c₂ y₂ (units of the preload N₀): k₃/k₂ = β₃ − 1, and the review's β₂ = μ₀(β₃ − 1).", 1.825, 1.0, 50.0},
        {"eta1", "Coupling damping", "η₁", "–", "η₁ = c₁ω/k₂: the damper beside the coupling spring k₂.", 0.0, 0.0, 10.0},
        {"eta_c2", "Normal damping", "η_c₂", "–", "η_c₂ = c₂ω/k₂: the damper beside k₃, in the normal force and on the angle body "
         "(the review's η₂ = μ₀η_c₂, η₁₂ = η₁ + η_c₂).", 0.0, 0.0, 10.0},
        {"v_d", "Belt speed", "v_d", "–", "Speed of the belt under the block, in units of ωN₀/k₂. The block sticks while it moves "
         "with the belt.", 0.6, -5.0, 5.0},
        {"x1_0", "Initial block position", "x₁(0)", "–", "Block position at t = 0, in units of N₀/k₂ (springs relaxed at 0).", 0.0,
         -20.0, 20.0},
        {"x2_0", "Initial block velocity", "x₂(0)", "–", "Block velocity x₁′ at t = 0, in units of ωN₀/k₂.", 0.0, -20.0, 20.0},
        {"y1_0", "Initial leg position", "y₁(0)", "–", "Displacement rφ of the angle body's legs at t = 0, in units of N₀/k₂.", 0.0,
         -20.0, 20.0},
        {"y2_0", "Initial leg velocity", "y₂(0)", "–", "Velocity y₁′ of the angle body's legs at t = 0, in units of ωN₀/k₂.", 0.0,
         -20.0, 20.0},
    };
}

} // namespace

SystemInfo brakeSystemInfo()
{
    SystemInfo info;
    info.id = "brake";
    info.name = "Two-DOF brake model (S4)";
    info.equation = "x₁″ = −x₁ + [y₁ − η₁(x₁′ − y₁′) + N F(v_r)]/α₁,  α₂ y₁″ = x₁ − β₃y₁ − (η₁ + η_c₂) y₁′ + η₁x₁′,  "
                    "N = 1 + (β₃ − 1) y₁ + η_c₂ y₁′,  v_r = x₁′ − v_d";
    info.specs = brakeSpecs();
    info.defaults = brakeDefaults();
    info.lawFamily = LawFamily::OneDimensional;
    info.methods = {Method::EventDriven, Method::Regularized, Method::Explicit};
    info.states = {"x1", "x2", "y1", "y2"};
    info.outputs = {"v_r", "F"};
    info.presets = brakePresets();
    info.plots.timeHistory = {"x1", "y1"};
    info.plots.phasePortraits = {{"x1", "x2"}, {"y1", "y2"}};
    info.plots.characteristic = {"v_r", "F"};
    // Autonomous: the review's Poincaré points are x1 where the block's velocity x2 falls through 0
    // (the maxima of x1).
    info.defaultSection = [](const Scenario&) { return PoincareSection::hyperplane(1, 0.0, -1); };
    info.makeDynamics = [](const Scenario& scenario, const IntegrationSettings& settings) -> std::unique_ptr<Dynamics> {
        return makeContactDynamics(std::make_unique<BrakeSystem>(brakeParameters(scenario.params)), scenario, settings);
    };
    info.mechanism = drawBrakeMechanism;
    info.nearStick = brakeNearStick;
    info.variables = {{"t", "τ", ""},    {"x1", "x₁", ""}, {"x2", "x₂", ""}, {"y1", "y₁", ""},
                      {"y2", "y₂", ""}, {"v_r", "v_r", ""}, {"F", "F/N", ""}};
    return info;
}

} // namespace fl
