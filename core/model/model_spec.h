#pragma once
// A friction oscillator written by a user as a model file (*.flmodel, grammar in docs/model-files.md),
// as parsed and checked: its parameters (sliders, --set ids, CSV metadata, like a built-in system's),
// generalized coordinates with their masses and initial values, the forces on them, its contacts
// with their slip velocity, normal force and friction law, derived outputs and drawing hints. The
// expressions are parsed trees (expr/) over one slot layout, stateSlots(), so every later stage
// (the dynamics, the Jacobian, the contacts' gradients) evaluates them without parsing again.
#include "expr/node.h"
#include "expr/symbols.h"
#include "params/parameter_spec.h"

#include <string>
#include <utility>
#include <vector>

namespace fl::model {

/// Where something stands in the model file (1-based line and column, columns in bytes).
struct Where {
    int line = 0;
    int column = 0;
};

struct Coordinate {
    std::string id;    ///< its name in expressions (x1); its velocity is x1'
    std::string label; ///< for plots, e.g. "Block 1"; empty: the id
    std::string unit;  ///< of the coordinate, e.g. "m"; empty: "–"
    expr::Expr mass;   ///< of parameters only (parameterSlots())
    expr::Expr start;  ///< initial value, of parameters only
    expr::Expr velocity; ///< initial velocity, of parameters only
    Where where;
};

/// A state of first order, `state ID = START` with `rate ID = EXPR` (a law's state variable such as
/// rate-and-state friction's theta, a Maxwell element's force, a clock): z' = rate(q, q', z, t, p).
/// Every method integrates it beside the coordinates, through stick and slip alike.
struct State {
    std::string id;    ///< its name in expressions (theta)
    std::string label; ///< for plots; empty: the id
    std::string unit;  ///< empty: "–"
    expr::Expr start;  ///< its initial value, of parameters only (parameterSlots())
    expr::Expr rate;   ///< z', of coordinates, velocities, states, t and parameters (stateSlots())
    Where where;       ///< of its state line
    Where rateWhere;   ///< of its rate line
};

/// An off-diagonal entry of the mass matrix, M_ab = M_ba (the diagonal is each coordinate's mass).
struct MassCoupling {
    int first = 0;   ///< coordinate indices, first != second
    int second = 0;
    expr::Expr value; ///< of parameters only (parameterSlots())
    Where where;
};

/// A generalized force on one coordinate (several on one coordinate add up).
struct Force {
    int coordinate = 0; ///< index into Model::coordinates
    expr::Expr value;   ///< of coordinates, velocities, t and parameters (stateSlots())
    Where where;
};

struct Contact {
    std::string id;
    std::string label;
    /// The relative velocity, affine in the velocities: slipConstant + Σ slipGradient[i] * x_i'.
    expr::Expr slip;
    expr::Expr slipConstant;                ///< of coordinates, t and parameters
    std::vector<expr::Expr> slipGradient;   ///< one per coordinate (0 where it does not enter)
    expr::Expr normal;                      ///< of coordinates, t and parameters
    /// A 1-D law of the registry (friction/friction_law.h); with values of expressions the law bound
    /// to them ("coulomb@...", friction/bound_law.h).
    std::string lawId;
    /// The law's parameters as model parameters: their ids in Model::parameters, in the law's order
    /// (a bound law's: the values given as numbers, then the parameters its expressions read).
    std::vector<std::string> lawParameterIds;
    /// law = custom (friction/custom_law.h): g and F_s as written, slot 0 the speed and slot 1 + i the
    /// parameter lawParameterIds[i]; staticLimit null without `static`. Null for a registry law.
    /// lawId is then the registered law's id ("custom-..."), the same for the same law text.
    expr::Expr kinetic;
    expr::Expr staticLimit;
    /// law = custom reading the model's states: their indices in Model::states, in the law's slot order.
    std::vector<int> lawStates;
    Where where;
};

/// A derived quantity, `let ID = EXPR`: inlined (its tree shared) wherever its name is used, so the
/// equations hold no trace of it; kept for the summary.
struct Let {
    std::string id;
    expr::Expr value; ///< of coordinates, velocities, t and parameters (stateSlots())
    Where where;
};

struct Output {
    std::string id;
    std::string label;
    std::string unit;
    expr::Expr value; ///< of coordinates, velocities, t and parameters
    Where where;
};

/// Drawing hints for the generic mechanism view.
struct Drawing {
    enum class Kind { Block, Spring, Belt, Pendulum, Disk };
    Kind kind = Kind::Block;
    /// Block: the block it moves; Spring: one end (-1: the wall); Pendulum, Disk: the angle (rad)
    /// that turns it
    int coordinate = -1;
    int other = -1;      ///< Spring: the other end (-1: the wall)
    double at = 0.0;     ///< Block: its position at coordinate 0; Pendulum: its pivot's; Disk: its centre's
    bool atGiven = false; ///< `at X` was written (a disk without it goes after the other bodies)
    double size = 0.0;   ///< Pendulum: its length; Disk: its radius (> 0, in the drawing's length unit)
    expr::Expr speed;    ///< Belt: its speed, of t and parameters
    Where where;
};

/// The model's own Poincaré section (`section strobe = EXPR` or `section plane = EXPR direction +|-`),
/// which replaces its default one (stroboscopic at its fastest forcing, else the maxima of its first
/// coordinate) everywhere a section is used: the Poincaré view, sweeps' default observable, the map's
/// period, periodic orbits.
struct Section {
    enum class Kind { None, Strobe, Plane };
    Kind kind = Kind::None;
    /// Strobe: the period T (t = k T), of parameters only (parameterSlots()).
    expr::Expr period;
    /// Plane: EXPR = sum_k a_k s_k + c t + b, affine in the run's variables s_k (each coordinate, its
    /// velocity, then the first-order states: a run's state order) and t, with a_k, c and b of
    /// parameters only: the crossings of EXPR = 0, counted where it rises (+) or falls (-).
    expr::Expr plane;
    std::vector<expr::Expr> coefficients; ///< a_k, one per run variable (2 n + states)
    expr::Expr time;                      ///< c
    expr::Expr offset;                    ///< b
    int direction = 1;    ///< +1: EXPR rising through 0; -1: falling
    Where where;
};

/// Which stuck contact gives way where several cannot all hold (event-driven; `breakaway = RULE`).
enum class Breakaway {
    MostLoaded, ///< `most-loaded` (the default): the one furthest beyond its static limit, |F| / limit
    InOrder,    ///< `in-order`: the first in the file's order of those beyond their limits
};

struct Model {
    int version = 1;
    std::string name;
    std::string about;
    /// The model's own parameters, then each contact's law parameters (Contact::lawParameterIds).
    ParameterSpecs parameters;
    std::vector<Coordinate> coordinates;
    std::vector<State> states; ///< first-order states, after the coordinates in a run's state vector
    std::vector<Force> forces;
    std::vector<MassCoupling> couplings; ///< the mass matrix's off-diagonal entries (none: diagonal)
    std::vector<Contact> contacts;
    std::vector<Let> lets;
    std::vector<Output> outputs;
    std::vector<Drawing> drawings;
    /// numerics statements: settings the model's scenarios open with (t_end, dt, tol, eps, ...).
    std::vector<std::pair<std::string, double>> numerics;
    Section section; ///< Kind::None: the default section
    Breakaway breakaway = Breakaway::MostLoaded;
    bool breakawayGiven = false; ///< a `breakaway` statement was written

    /// The slots every state expression reads: coordinates 0..n-1, velocities n..2n-1, the first-order
    /// states 2n..2n+m-1, t at 2n+m, then the parameters in their order.
    int coordinateSlot(int i) const { return i; }
    int velocitySlot(int i) const { return static_cast<int>(coordinates.size()) + i; }
    int stateSlot(int j) const { return 2 * static_cast<int>(coordinates.size()) + j; }
    int timeSlot() const { return 2 * static_cast<int>(coordinates.size()) + static_cast<int>(states.size()); }
    int parameterSlot(int i) const { return timeSlot() + 1 + i; }
    expr::SymbolTable stateSlots() const;
    /// Mass and initial values read the parameters alone: slot i is parameter i.
    expr::SymbolTable parameterSlots() const;
};

/// A model file refused: where and why, as "FILE:LINE:COL: reason" prints it.
struct ModelError {
    Where where;
    std::string reason;
};

} // namespace fl::model
