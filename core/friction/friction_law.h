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

/// A law as data: id, names, its parameters, a factory and cross-parameter validation.
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
    /// false: the law is smooth (or windowed) as it stands; eps and the regularization do not enter.
    bool regularized = true;
    /// Karnopp's stick window: the system's holding force enters the law (solvers/contact_dynamics.h).
    bool stickWindow = false;

    bool hasMemory() const { return !states.empty(); }
};

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
/// The help page of a 1-D law (its section's anchor is the law's id): "laws-1d.html", or
/// "laws-memory.html" for the laws with memory and the stick window.
std::string lawHelpPage(const FrictionLawInfo& law);
/// The 1-D law with this id, or nullptr.
const FrictionLawInfo* findFrictionLaw(std::string_view id);
/// The law of a family with this id, or nullptr.
const FrictionLawInfo* findLaw(LawFamily family, std::string_view id);

} // namespace fl
