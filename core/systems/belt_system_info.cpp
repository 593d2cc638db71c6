// Registration of S1, the block on a moving belt.
#include "solvers/contact_dynamics.h"
#include "systems/belt_presets.h"
#include "systems/belt_system.h"
#include "systems/mechanism_drawings.h"
#include "systems/system_registry.h"

namespace fl {

SystemInfo beltSystemInfo()
{
    SystemInfo info;
    info.id = "belt";
    info.name = "Block on a moving belt (S1)";
    info.equation = "x″ + 2ζx′ + x = A cos(ωt) + F(v_r),  v_r = x′ − v_b";
    info.specs = {
        {"v_b", "Belt speed", "v_b", "–", "Speed of the belt, in units of ω_n·(N/k). The block sticks while it moves with the belt.",
         0.5, -5.0, 5.0},
        {"zeta", "Damping ratio", "ζ", "–", "Viscous damping of the block's spring, 2ζx′ in the equation of motion.", 0.0, 0.0, 2.0},
        {"A", "Forcing amplitude", "A", "–", "Amplitude of the harmonic force A cos(ωt), in units of N (normal force).", 0.0, 0.0, 10.0},
        {"w", "Forcing frequency", "ω", "–", "Frequency of the harmonic force, in units of the natural frequency ω_n.", 1.0, 0.01, 10.0},
        {"x0", "Initial position", "x(0)", "–", "Position at t = 0, in units of N/k (spring relaxed at x = 0).", 0.0, -10.0, 10.0},
        {"v0", "Initial velocity", "x′(0)", "–", "Velocity at t = 0, in units of ω_n·(N/k).", 0.0, -10.0, 10.0},
    };
    info.lawFamily = LawFamily::OneDimensional;
    info.methods = {Method::EventDriven, Method::Regularized, Method::Explicit};
    info.states = {"x", "v"};
    info.outputs = {"v_r", "F"};
    info.presets = beltTeachingPresets();
    info.plots.timeHistory = {"x", "v_r", "F"};
    info.plots.phasePortraits = {{"x", "v"}};
    info.plots.characteristic = {"v_r", "F"};
    // Forced: stroboscopic at the forcing period; else x' = 0 downward (the maxima of x).
    info.defaultSection = [](const Scenario& s) {
        const double w = s.params.value("w");
        return s.params.value("A") != 0.0 ? PoincareSection::stroboscopic(2.0 * 3.14159265358979323846 / w)
                                          : PoincareSection::hyperplane(1, 0.0, -1);
    };
    info.makeDynamics = [](const Scenario& scenario, const IntegrationSettings& settings) -> std::unique_ptr<Dynamics> {
        const ParameterSet& p = scenario.params;
        BeltSystem::Parameters bp;
        bp.beltSpeed = p.value("v_b");
        bp.zeta = p.value("zeta");
        bp.amplitude = p.value("A");
        bp.frequency = p.value("w");
        bp.x0 = p.value("x0");
        bp.v0 = p.value("v0");
        return makeContactDynamics(std::make_unique<BeltSystem>(bp), scenario, settings);
    };
    info.mechanism = drawBeltMechanism;
    info.nearStick = beltNearStick;
    info.variables = {{"t", "t", ""}, {"x", "x", ""}, {"v", "x′", ""}, {"v_r", "v_r", ""}, {"F", "F", ""}};
    return info;
}

} // namespace fl
