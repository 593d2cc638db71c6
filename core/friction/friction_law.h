#pragma once
// One-dimensional static friction laws, docs/physics.md section 1, normalised with N = 1.
// A law gives the slip force magnitude g(|v_r|) (friction on the body is F = -g(|v_r|) sgn(v_r))
// and the limit of its set-valued stick branch, |F| <= staticLimit().
#include "common/status.h"
#include "friction/regularization.h"
#include "params/parameter_set.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fl {

class FrictionLaw {
public:
    virtual ~FrictionLaw() = default;
    /// g(s): friction force magnitude while slipping at speed s = |v_r| >= 0.
    virtual double slipMagnitude(double speed) const = 0;
    /// dg/ds at speed s >= 0.
    virtual double slipMagnitudeSlope(double speed) const = 0;
    /// Largest |F| the contact can hold in stick (mu_s, or g(0) for laws without a separate mu_s).
    virtual double staticLimit() const = 0;

    /// Laws whose slip branches differ with the direction of slip (the review's brake law (21)-(23):
    /// F+ for v_r > 0, F- for v_r < 0) override these; d = sgn(v_r) = +1 or -1. Symmetric laws keep
    /// the defaults, so every solver may call them.
    virtual bool symmetric() const { return true; }
    /// g_d(s): friction force magnitude while slipping in direction d at speed s >= 0.
    virtual double branchMagnitude(double speed, double /*direction*/) const { return slipMagnitude(speed); }
    /// dg_d/ds.
    virtual double branchSlope(double speed, double /*direction*/) const { return slipMagnitudeSlope(speed); }
    /// Largest |F| the contact holds against a slip that would start in direction d.
    virtual double branchStaticLimit(double /*direction*/) const { return staticLimit(); }
};

/// Which contact a law describes: a 1-D friction force F(v_r), or the coupled force and moment
/// (T_sx, T_sy, M_s) of a plane contact (Coulomb-Contensou, docs/physics.md sec. 3).
/// OneDimensional: F(v_r) on a line; PlaneContact: force and moment on a plane contact; TyreRoad: a
/// tyre's friction coefficient over its braking slip, mu(S) (S7, the ABS wheel).
enum class LawFamily { OneDimensional, PlaneContact, TyreRoad };

class StateFrictionLaw;

/// One internal state of a law with memory, as data: the CSV column id, display label and unit.
struct LawStateSpec {
    std::string id;     ///< column id (CSV header, CLI), e.g. "z"
    std::string label;  ///< display label, e.g. "z"
    std::string unit;   ///< empty for nondimensional states
    std::string help;   ///< one sentence: what the state is
};

/// The scales of a law with memory at given parameter values. The law declares them
/// (FrictionLawInfo::memoryScales) and what depends on them reads them here rather than
/// recognizing the law by its id: the law lab's default experiments (analysis/law_experiments.h)
/// and the bristles the mechanism view draws.
struct LawMemoryScales {
    /// Stiffness sigma0 of the bristles whose deflection is the law's first state z (the force holds
    /// sigma0 z): Dahl, LuGre, elasto-plastic. 0: the law has no bristles.
    double bristleStiffness = 0.0;
    /// Displacement over which a contact at rest passes into sliding: the bristle reach mu_k/sigma0,
    /// Bliman-Sorine's memory path eps_f. 0: no pre-sliding regime (Ostermeyer's memory is of the
    /// sliding power), so the law lab offers no pre-sliding experiment.
    double preslidingReach = 0.0;
    /// Mean sliding speed of the frictional-lag experiment (LuGre: 2 v_s, where its Stribeck curve falls).
    double lagSpeed = 0.01;
    /// The two speeds of the speed-step experiment.
    double stepLow = 0.2, stepHigh = 1.0;
    /// Rate (1/time) at which the states settle while sliding at a speed v > 0, the slowest if
    /// there are several (bristles: sigma0 v / mu_k; Bliman-Sorine: v / eps_f; Ostermeyer: min(c, a v)).
    std::function<double(double speed)> relaxationRate;
};

/// A law as data: id, names, its parameters, a factory and cross-parameter validation, and what it
/// can do as fields (states, set-valued form, counterpart, scales...): code that depends on a
/// capability reads the field, never the law's id, so a new law declares its own.
struct FrictionLawInfo {
    std::string id;          ///< e.g. "coulomb"
    std::string name;        ///< e.g. "Coulomb (μ_s, μ_k)"
    std::string formula;     ///< slip magnitude in plain text, with the source equation
    ParameterSpecs specs;
    /// The 1-D law (OneDimensional family; plane-contact laws are built by their system).
    std::function<std::unique_ptr<FrictionLaw>(const ParameterSet&)> create;
    /// Checks relations between parameters (e.g. mu_s >= mu_k); ranges are checked by ParameterSet.
    std::function<Status(const ParameterSet&)> validate;
    /// Laws with memory (docs/physics.md sec. 2, friction/state_law.h): their internal states in
    /// state-vector order, and the factory of the law with its state equations (the regularization
    /// replaces sgn(v_r) where the law's force still carries one). Empty for laws of v_r alone.
    std::vector<LawStateSpec> states{};
    std::function<std::unique_ptr<StateFrictionLaw>(const ParameterSet&, Regularization)> createWithState{};
    /// false: the law has no set-valued stick branch, so the event-driven method does not take it.
    bool eventDriven = true;
    /// false: the law has only its set-valued form (the plane-contact integral model), so the smooth
    /// methods do not take it.
    bool smoothForm = true;
    /// false: the law is smooth (or windowed) as it stands; eps and the regularization do not enter.
    bool regularized = true;
    /// Karnopp's stick window: the system's holding force enters the law (solvers/contact_dynamics.h).
    bool stickWindow = false;
    /// The family whose list holds the law (set by that list, e.g. friction/contact_laws.cpp).
    LawFamily family = LawFamily::OneDimensional;
    /// Laws with memory: their scales at given parameter values; empty for the other laws.
    std::function<LawMemoryScales(const ParameterSet&)> memoryScales{};
    /// A law without a set-valued form: the event-driven law of the same family with its steady-state
    /// force (LuGre, elasto-plastic: stribeck-gauss; Dahl, Karnopp: coulomb), which Compare methods
    /// runs against it (systems/law_counterpart.h). Empty: the event-driven law sharing the most
    /// parameter ids with it is taken.
    std::string counterpart{};
    /// A law written in a model file (friction/custom_law.h): its help is the model files' page.
    bool custom = false;

    bool hasMemory() const { return !states.empty(); }
};

/// A law family as data (friction/law_registry.cpp): every list of families (the CLI's catalogue,
/// the about box, the search for a law by id) iterates lawFamilies().
struct LawFamilyInfo {
    LawFamily family;
    std::string id;       ///< as the CLI's JSON writes it, e.g. "one-dimensional"
    std::string name;     ///< e.g. "Friction laws along a line" (the about box)
    std::string heading;  ///< the CLI list's heading, e.g. "Tyre-road laws (--law) of the ABS wheel:"
    std::string helpPage; ///< the help page with a section per law (anchored by the law's id)
    const std::vector<FrictionLawInfo>& (*laws)(); ///< the family's laws, in menu order
};

/// Every law family, in catalogue order: one-dimensional, plane-contact, tyre-road.
const std::vector<LawFamilyInfo>& lawFamilies();
const LawFamilyInfo& lawFamilyInfo(LawFamily family);
/// Every 1-D law FrictionLab offers, in menu order.
const std::vector<FrictionLawInfo>& frictionLaws();
/// Every plane-contact law (regularized I(0,0) and I(1,1)), in menu order.
const std::vector<FrictionLawInfo>& contactLaws();
/// Every tyre-road law mu(S) (Burckhardt's), in menu order (friction/tyre_laws.cpp).
const std::vector<FrictionLawInfo>& tyreLaws();
/// The family's name as the CLI's JSON writes it: "one-dimensional", "plane-contact", "tyre-road".
const char* lawFamilyId(LawFamily family);
/// The law with this id in any family, or nullptr.
const FrictionLawInfo* findAnyLaw(std::string_view id);
/// The laws of a family.
const std::vector<FrictionLawInfo>& lawsOf(LawFamily family);
/// The help page of a law (its section's anchor is lawHelpAnchor()): its family's page, or
/// "laws-memory.html" for the 1-D laws with memory and the stick window, or "model-files.html" for a
/// law written in a model file.
std::string lawHelpPage(const FrictionLawInfo& law);
/// The anchor of the law's section on its help page: its id, or "custom-law" for a law written in a
/// model file.
std::string lawHelpAnchor(const FrictionLawInfo& law);
/// The 1-D law with this id, or nullptr.
const FrictionLawInfo* findFrictionLaw(std::string_view id);
/// The law of a family with this id, or nullptr.
const FrictionLawInfo* findLaw(LawFamily family, std::string_view id);

} // namespace fl
