// Registration of S7, the ABS wheel (review (2)-(3)), and its presets: Burckhardt's published
// road surfaces (dry and wet asphalt, snow) with and without the slip controller.
#include "systems/abs_wheel.h"
#include "systems/mechanism_drawings.h"
#include "systems/system_registry.h"

#include <cmath>
#include <utility>

namespace fl {
namespace {

ParameterSpecs absSpecs()
{
    return {
        {"m", "Quarter-vehicle mass", "m", "kg", "The mass one wheel brakes: a quarter of the vehicle.", 350.0, 1.0, 10000.0, true},
        {"J", "Wheel inertia", "J", "kg m²", "Moment of inertia of the wheel (with the brake disk and half-shaft).", 1.2, 0.01, 100.0, true},
        {"r", "Wheel radius", "r", "m", "Rolling radius of the tyre.", 0.3, 0.05, 2.0},
        {"g", "Gravity", "g", "m/s²", "The normal force is N = m g.", 9.81, 0.1, 30.0},
        {"v0", "Initial speed", "v₀", "m/s", "Vehicle speed when braking starts (27.78 m/s = 100 km/h).", 27.78, 0.5, 100.0},
        {"slip0", "Initial slip", "S(0)", "–", "Slip 1 − rΩ/v at t = 0: 0 free rolling, 1 the wheel already locked.", 0.0, 0.0, 1.0},
        {"T_b0", "Initial brake torque", "T_b(0)", "N m", "Brake torque at t = 0.", 0.0, 0.0, 100000.0},
        {"T_max", "Largest brake torque", "T_max", "N m", "What the brake can apply (the driver's full pedal).", 2000.0, 1.0, 100000.0},
        {"U", "Brake torque rate", "U", "N m/s", "Rate u = ±U at which the hydraulics raise or lower the brake torque.", 10000.0, 1.0, 1e6, true},
        {"abs", "ABS control", "ABS", "–", "1: the controller keeps the slip in [S_low, S_high]; 0: the brake is applied up to T_max.", 1.0, 0.0, 1.0},
        {"S_low", "Slip, lower bound", "S_low", "–", "The controller applies the brake again when the slip falls to S_low.", 0.08, 0.0, 1.0},
        {"S_high", "Slip, upper bound", "S_high", "–", "The controller releases the brake when the slip reaches S_high.", 0.2, 0.0, 1.0},
        {"v_off", "ABS off below", "v_off", "m/s", "Below this speed the controller switches off and the brake is applied fully.", 1.0, 0.0, 100.0},
    };
}

struct Road {
    const char* id;
    const char* name;
    double c1, c2, c3;
    double slipLow, slipHigh; ///< a band around the road's peak slip
    double tEnd;
};

// Burckhardt (1993), as in Kiencke & Nielsen, Automotive Control Systems (2nd ed., table 7.1).
constexpr Road kRoads[] = {
    {"dry", "dry asphalt", 1.2801, 23.99, 0.52, 0.08, 0.2, 5.0},
    {"wet", "wet asphalt", 0.857, 33.822, 0.347, 0.06, 0.16, 6.0},
    {"snow", "snow", 0.1946, 94.129, 0.0646, 0.03, 0.09, 25.0},
};

Preset roadPreset(const Road& road, bool control)
{
    const std::string id = std::string("abs-") + road.id + (control ? "" : "-no-control");
    const double peak = burckhardtPeakSlip(road.c1, road.c2, road.c3);
    const double muPeak = burckhardtMu(peak, road.c1, road.c2, road.c3), muLocked = burckhardtMu(1.0, road.c1, road.c2, road.c3);
    Preset p = teachingPreset(
        id, std::string("Braking from 100 km/h on ") + road.name + (control ? " with ABS" : " without ABS"), "burckhardt",
        {{"c1", road.c1}, {"c2", road.c2}, {"c3", road.c3}, {"abs", control ? 1.0 : 0.0}, {"S_low", road.slipLow},
         {"S_high", road.slipHigh}, {"t_end", road.tEnd}},
        control ? std::string("The controller keeps the slip near the peak of μ(S): the wheel never locks and the car stops sooner.")
                : std::string("Full brake: the wheel locks within a fraction of a second and the tyre skids with μ(1)."),
        std::string("Burckhardt's ") + road.name + ": c₁ = " + formatNumber(road.c1) + ", c₂ = " + formatNumber(road.c2) +
            ", c₃ = " + formatNumber(road.c3) + "; peak μ = " + formatNumber(std::round(muPeak * 1000) / 1000) + " at S = " +
            formatNumber(std::round(peak * 1000) / 1000) + ", locked μ(1) = " + formatNumber(std::round(muLocked * 1000) / 1000) + ".");
    p.group = "Braking (Burckhardt's roads)";
    return p;
}

std::vector<Preset> absPresets()
{
    std::vector<Preset> presets;
    for (const Road& road : kRoads) {
        presets.push_back(roadPreset(road, true));
        presets.push_back(roadPreset(road, false));
    }
    Preset locked = teachingPreset(
        "abs-locked", "A wheel locked from the start: the textbook stopping distance", "burckhardt",
        {{"slip0", 1.0}, {"T_b0", 2000.0}, {"abs", 0.0}},
        "Locked from t = 0, the car decelerates at μ(1) g: it stops after v₀²/(2 μ(1) g) = 51.76 m.",
        "Dry asphalt, μ(1) = c₁(1 − e^(−c₂)) − c₃ = 0.7601: stopping distance v₀²/(2μ(1)g) = 27.78²/(2 · 0.7601 · 9.81) "
        "= 51.76 m in 3.73 s, exactly (tests/core/test_abs.cpp).");
    presets.push_back(locked);
    return presets;
}

} // namespace

SystemInfo absSystemInfo()
{
    SystemInfo info;
    info.id = "abs";
    info.name = "ABS wheel (S7)";
    info.equation = "m v′ = −F,  J Ω′ = −(T_b − r F),  T_b′ = u,  F = μ(S) m g,  S = 1 − rΩ/v  (review (2)–(3))";
    info.specs = absSpecs();
    info.defaults = {{"t_end", 5.0}, {"dt", 0.001}, {"tol", 1e-10}};
    info.lawFamily = LawFamily::TyreRoad;
    info.eventsNote = "wheel and controller switches located exactly";
    info.methods = {Method::EventDriven};
    info.states = {"x", "v", "theta", "Omega", "T_b", "ctrl"};
    info.outputs = {"v_w", "S", "mu", "F"};
    info.presets = absPresets();
    info.plots.timeHistory = {"v", "v_w"};
    info.plots.phasePortraits = {{"S", "mu"}, {"v", "S"}};
    info.plots.characteristic = {"S", "mu"};
    // The brake torque crossing half its largest value upwards: once per control cycle.
    info.defaultSection = [](const Scenario& s) { return PoincareSection::hyperplane(4, 0.5 * s.params.value("T_max"), 1); };
    info.validate = [](const Scenario& s) {
        if (!(s.params.value("S_low") < s.params.value("S_high")))
            return Status::error("S_low must be below S_high (the controller's band)");
        return Status::success();
    };
    info.makeDynamics = [](const Scenario& scenario, const IntegrationSettings& settings) -> std::unique_ptr<Dynamics> {
        return std::make_unique<AbsWheelDynamics>(absParameters(scenario.params), settings);
    };
    info.lawCurve = [](const Scenario& s) {
        const AbsParameters p = absParameters(s.params);
        Polyline curve;
        for (int i = 0; i <= 200; ++i) {
            const double S = i / 200.0;
            curve.x.push_back(S);
            curve.y.push_back(burckhardtMu(S, p.c1, p.c2, p.c3));
        }
        return curve;
    };
    info.mechanism = drawAbsMechanism;
    info.variables = {{"t", "t", "s"},         {"x", "x", "m"},       {"v", "v", "m/s"},        {"theta", "θ", "rad"},
                      {"Omega", "Ω", "rad/s"}, {"T_b", "T_b", "N m"}, {"ctrl", "u/U", ""},      {"v_w", "rΩ", "m/s"},
                      {"S", "S", ""},          {"mu", "μ", ""},       {"F", "F", "N"}};
    return info;
}

} // namespace fl
