#pragma once
// A friction law written in a model file (`law = custom`, docs/model-files.md): the slip magnitude
// g(s) as an expression of the speed s = |v_r|, the model's parameters and its first-order states
// (`kinetic = EXPR`; rate-and-state friction reads its state theta), and
// optionally the static limit F_s, of the parameters alone (`static = EXPR`). With F_s the law has a
// set-valued stick branch, |F| <= F_s, and runs event-driven with exact stick like the registry's
// laws; without it only the smooth methods take it, sgn(v_r) regularized as for them.
//
// A custom law becomes a law of the registry (findFrictionLaw finds it), under an id made from its
// content ("custom-" and 16 hex digits), so every method, analysis and file that names a law by its
// id takes it unchanged, and the same law text gets the same id in every process (a session that
// embeds its model finds its law again).
#include "expr/node.h"
#include "friction/friction_law.h"
#include "params/parameter_spec.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fl {

struct CustomLawDefinition {
    std::string name;        ///< e.g. "Custom law of belt"
    std::string formula;     ///< e.g. "g = mu0 - alpha*speed + beta*speed^3; F_s = mu0"
    ParameterSpecs specs;    ///< the model's parameters the law reads, in the model's order
    expr::Expr kinetic;      ///< g: slot 0 the speed, slot 1 + i specs[i], slot 1 + P + k states[k]
    expr::Expr kineticSlope; ///< dg/ds, same slots (built where the model is prepared, inside its node budget)
    expr::Expr staticLimit;  ///< F_s, slot 1 + i specs[i]; null: no set-valued form
    /// The model's first-order states g reads, in the model's order (their ids), with dg/dz of each
    /// and the value each starts with at the model's defaults: what a law not bound to a run (the
    /// law's plot, its checks) reads.
    std::vector<std::string> states{};
    std::vector<expr::Expr> kineticStateSlopes{};
    std::vector<double> stateDefaults{};
};

/// The slot of the speed in a custom law's expressions, of its parameter i, and of the k-th state it
/// reads when it has `parameters` parameters.
inline constexpr int kCustomSpeedSlot = 0;
inline int customParameterSlot(int i) { return 1 + i; }
inline int customStateSlot(int parameters, int k) { return 1 + parameters + k; }

/// The run-time face of a custom law that reads the model's states (FrictionLaw::create makes one
/// for such a law): bound to a run's state vector, it reads the states there at each evaluation.
class StateReadingLaw {
public:
    virtual ~StateReadingLaw() = default;
    /// From now on the law reads z_j at modelStates[j] (the run's equations keep their loaded
    /// states there; the law is evaluated after they load the state its speed belongs to).
    virtual void bindStates(const double* modelStates, const std::vector<int>& modelIndices) = 0;
    /// How many states it reads, and dg/dz of the k-th at the speed and the bound states.
    virtual int statesRead() const = 0;
    virtual double stateSlope(double speed, int k) const = 0;
};
/// The law's state-reading face, or nullptr for a law of the speed alone.
StateReadingLaw* stateReading(FrictionLaw& law);

/// Registers the law (thread-safe; the same content again returns the same id) and returns its id.
std::string registerCustomLaw(const CustomLawDefinition& definition);
/// A law a model file made (a custom law, or a registry law with values of expressions,
/// friction/bound_law.h), or nullptr (findLaw falls back to it for the 1-D family).
const FrictionLawInfo* findCustomLaw(std::string_view id);

namespace detail {
/// Registers a law a model file made under its info's id (thread-safe; an id already registered
/// keeps its first law, of the same content).
void registerModelLaw(std::unique_ptr<FrictionLawInfo> info);
/// 16 hex digits of FNV-1a over a law's content: texts, numbers and trees (node by node, each
/// distinct node once), so the same content gets the same id in every process.
class LawContentHash {
public:
    void text(const std::string& s);
    void number(double v);
    /// Hashes the tree's nodes not seen yet; returns its root's index in the walk (-1: null).
    std::int64_t tree(const expr::Expr& e);
    /// Hashes root indices (tree()'s), in order.
    void roots(std::initializer_list<std::int64_t> indices);
    void specs(const ParameterSpecs& specs);
    std::string hex() const;

private:
    void bytes(const void* data, std::size_t size);
    std::uint64_t m_h = 0xcbf29ce484222325ull;
    std::unordered_map<const expr::Node*, std::int64_t> m_index;
};
} // namespace detail

} // namespace fl
