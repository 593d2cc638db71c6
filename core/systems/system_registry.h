#pragma once
// Every mechanical system as data (docs/architecture.md idea 3): parameters, which laws and methods it
// takes, its published presets, what its plots show, and a factory for its dynamics.
#include "common/polyline.h"
#include "friction/friction_law.h"
#include "params/parameter_set.h"
#include "scenario/law_experiment_kind.h"
#include "scenario/scenario.h"
#include "scenario/sweep_spec.h"
#include "scene/mechanism_scene.h"
#include "scene/near_stick.h"
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"
#include "solvers/poincare_section.h"

#include <functional>
#include <optional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fl {

/// A named case: a published figure ("jtam2016-fig4a") or a teaching case with a plain name
/// ("belt-stick-slip").
struct Preset {
    std::string id;
    std::string title;     ///< what the case shows (plain words for teaching cases)
    std::string lawId;
    Method method = Method::EventDriven;
    std::vector<std::pair<std::string, double>> values; ///< parameters that differ from the defaults
    std::string note;      ///< decisions taken where the paper is unclear
    std::optional<SweepSpec> sweep; ///< the figure's bifurcation diagram, if it is one
    /// Menu group within the system's Presets submenu, e.g. "Teaching", "JTAM 2016 (Fig. 4)";
    /// empty: "Published cases".
    std::string group;
    /// One line for the menu's tooltip and the status bar: what to watch (empty: the title).
    std::string summary;
    /// The regularization the case needs (e.g. tanh for "why tanh loses the static peak");
    /// absent: the scenario keeps the one it had.
    std::optional<Regularization> regularization;
    /// A study of the regularization width: runs at each of these eps overlaid, with their
    /// differences (e.g. Acta Fig. 9); empty for a single run.
    std::vector<double> epsStudy;
    /// An experiment of the law lab (the law with memory under a prescribed motion) that the case
    /// opens: pre-sliding, frictional lag or speed steps; absent for the other cases.
    std::optional<LawExperimentKind> lawExperiment;
    /// A comparison the case opens ("Compare methods"): the scenario's law (e.g. LuGre, run by the
    /// stiff method) against this law run event-driven (e.g. stribeck-gauss); empty for the other cases.
    std::string comparisonLaw;
};

/// What the application plots for a system (names of state variables or output columns).
struct PlotHints {
    std::vector<std::string> timeHistory;                           ///< curves of the time-history plot
    std::vector<std::pair<std::string, std::string>> phasePortraits; ///< (horizontal, vertical)
    std::pair<std::string, std::string> characteristic;             ///< (v_r, F) loop; empty if none
};

/// How the application shows a state variable or output column: the column id (as in the CSV
/// headers and the command line, which never change) with its display label and unit.
struct VariableLabel {
    std::string id;    ///< column id, e.g. "dphi"
    std::string label; ///< display label, e.g. "φ′"
    std::string unit;  ///< e.g. "rad/s"; empty for nondimensional quantities
};

struct SystemInfo {
    std::string id;       ///< e.g. "belt"
    std::string name;
    std::string equation; ///< the equation of motion in plain text
    /// A paragraph on what the system shows (a model file's `about`); empty for the built-in
    /// systems, whose help pages say it.
    std::string about;
    ParameterSpecs specs;
    /// System-specific defaults of law and numerics parameters (t_end, dt, tol, eps, mu, ...), so that
    /// a new scenario of the system opens on its published case.
    std::vector<std::pair<std::string, double>> defaults;
    LawFamily lawFamily = LawFamily::OneDimensional;
    /// Ids of the family's laws this system takes, in menu order (empty: all of the family).
    std::vector<std::string> laws;
    std::vector<Method> methods;
    /// Ids of the mechanical state variables and of the derived outputs, in the order of every
    /// Dynamics of the system whatever the method (a law with memory appends its states; see
    /// fl::stateNames, which needs no Dynamics).
    std::vector<std::string> states;
    /// The state ids when they depend on the parameters (S5: n blocks); empty: `states`.
    std::function<std::vector<std::string>(const ParameterSet&)> statesOf;
    /// The state ids with a law with memory's states placed by the system (S5: after each block's
    /// velocity); empty: the law's states follow the system's.
    std::function<std::vector<std::string>(const ParameterSet&, const std::vector<std::string>& lawStates)> statesWithLaw;
    std::vector<std::string> outputs;
    std::vector<Preset> presets;
    PlotHints plots;
    /// Display labels of the time "t", the state variables and the outputs.
    std::vector<VariableLabel> variables;
    /// The Poincaré section shown for a scenario of this system.
    std::function<PoincareSection(const Scenario&)> defaultSection;
    /// A model's declared section as written over its state ids, t and parameters: a strobe's period
    /// (2*pi/w) or a plane (x1 - x2 - d). A default sweep carries it, to evaluate at each value.
    std::string sectionText;
    int sectionDirection = 1; ///< a declared plane's: +1 where its text rises, -1 where it falls
    /// Checks combinations the tables cannot express (e.g. law and method); may be empty.
    std::function<Status(const Scenario&)> validate;
    /// The scenario's dynamics (precondition: the scenario is valid and names this system).
    std::function<std::unique_ptr<Dynamics>(const Scenario&, const IntegrationSettings&)> makeDynamics;
    /// How the mechanism view draws a state of this system (docs/architecture.md idea 11); may be empty.
    MechanismDrawing mechanism;
    /// The curve drawn under the friction characteristic's trajectory when the law is not a 1-D law
    /// of v_r (S7: μ over the slip S); empty: fl::frictionCharacteristic of the scenario's law.
    std::function<Polyline(const Scenario&)> lawCurve;
    /// The scenario whose law fl::frictionCharacteristic draws there when the contacts have laws of
    /// their own (a model with several contacts: its first contact's law at the model's values of
    /// that law's parameters); empty: the scenario itself.
    std::function<Scenario(const Scenario&)> characteristicLaw;
    /// How a smooth run of this system reads as near-stick at one instant (relative contact speed
    /// against scene::stickThreshold); used by the mechanism view and the plots alike.
    NearStickRule nearStick;
    /// What the located events of the system are when they are not stick/slip switches of a contact
    /// (S7: "wheel and controller switches located exactly"); empty: stick/slip switches, counted.
    std::string eventsNote;
    /// A chain of blocks on one belt (state x_i, v_i per block, v_b the belt speed): its runs have
    /// slip events ("earthquakes") spread over the blocks (analysis/slip_events.h).
    bool blockChain = false;
    /// A chain's belt speed at a scenario's values (blockChain systems; empty: the parameter v_b).
    std::function<double(const Scenario&)> chainBeltSpeed;
    /// The laws' parameters are the system's own specs (a model with several contacts: each contact's
    /// law under CONTACT.ID), so a scenario carries no parameters of its law id, and the system's
    /// validate checks every law.
    bool ownLaws = false;
};

/// The built-in systems.
const std::vector<SystemInfo>& systems();
/// A built-in system or a registered model (systems/model_registry.h), or nullptr.
const SystemInfo* findSystem(std::string_view id);
/// The drawing of the scenario's system (its SystemInfo::mechanism); an empty scene if it has none.
MechanismScene drawMechanism(const Scenario& scenario, const MechanismFrame& frame);
/// The laws a system takes, in menu order.
std::vector<const FrictionLawInfo*> lawsOf(const SystemInfo& system);
/// The preset with this id in any system, with its system; nullptr if none.
const Preset* findPreset(std::string_view presetId, const SystemInfo** system = nullptr);
/// The display label of a column id of a system; nullptr if the system does not name it.
const VariableLabel* findVariableLabel(std::string_view systemId, std::string_view id);
/// The recording part of the sweep a scenario opens with: the first state variable on the
/// system's Poincaré section (defaultSection), e.g. x at the downward crossings of x′ = 0 (the
/// maxima of x) for the unforced belt; transient, samples and recording time at SweepSpec's
/// defaults. The swept parameter and range are left at their defaults.
SweepSpec defaultSweep(const Scenario& scenario);
/// Applies a preset: its system, law, method and values (the rest at defaults).
Status applyPreset(std::string_view presetId, Scenario& scenario);
/// A preset of the "Teaching" group, event-driven: plain id, title, law, the values that differ
/// from the defaults, the status-bar summary and the note with what was measured.
Preset teachingPreset(std::string id, std::string title, std::string lawId, std::vector<std::pair<std::string, double>> values,
                      std::string summary, std::string note);

/// Registrations, one per system file.
SystemInfo beltSystemInfo();
SystemInfo diskSystemInfo();
SystemInfo pendulumSystemInfo();
SystemInfo absorberSystemInfo();
SystemInfo absSystemInfo();
SystemInfo bkChainSystemInfo();
SystemInfo brakeSystemInfo();
/// S6's presets (systems/absorber_presets.cpp).
std::vector<Preset> absorberPresets();
/// S4's presets and system defaults (systems/brake_presets.cpp).
std::vector<Preset> brakePresets();
std::vector<std::pair<std::string, double>> brakeDefaults();

} // namespace fl
