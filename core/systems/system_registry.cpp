#include "systems/system_registry.h"
#include "systems/belt_system.h"

namespace fl {
namespace {

SystemInfo beltInfo()
{
    ParameterSpecs specs = {
        {"v_b", "Belt speed", "v_b", "–", "Speed of the belt, in units of ω_n·(N/k). The block sticks while it moves with the belt.",
         0.5, -5.0, 5.0},
        {"zeta", "Damping ratio", "ζ", "–", "Viscous damping of the block's spring, 2ζx′ in the equation of motion.", 0.0, 0.0, 2.0},
        {"A", "Forcing amplitude", "A", "–", "Amplitude of the harmonic force A cos(ωt), in units of N (normal force).", 0.0, 0.0, 10.0},
        {"w", "Forcing frequency", "ω", "–", "Frequency of the harmonic force, in units of the natural frequency ω_n.", 1.0, 0.01, 10.0},
        {"x0", "Initial position", "x(0)", "–", "Position at t = 0, in units of N/k (spring relaxed at x = 0).", 0.0, -10.0, 10.0},
        {"v0", "Initial velocity", "x′(0)", "–", "Velocity at t = 0, in units of ω_n·(N/k).", 0.0, -10.0, 10.0},
    };
    auto create = [](const ParameterSet& p) -> std::unique_ptr<ContactSystem> {
        BeltSystem::Parameters bp;
        bp.beltSpeed = p.value("v_b");
        bp.zeta = p.value("zeta");
        bp.amplitude = p.value("A");
        bp.frequency = p.value("w");
        bp.x0 = p.value("x0");
        bp.v0 = p.value("v0");
        return std::make_unique<BeltSystem>(bp);
    };
    return {"belt", "Block on a moving belt (S1)", "x″ + 2ζx′ + x = A cos(ωt) + F(v_r),  v_r = x′ − v_b", specs, create};
}

} // namespace

const std::vector<SystemInfo>& systems()
{
    static const std::vector<SystemInfo> list = {beltInfo()};
    return list;
}

const SystemInfo* findSystem(std::string_view id)
{
    for (const SystemInfo& info : systems())
        if (info.id == id)
            return &info;
    return nullptr;
}

} // namespace fl
