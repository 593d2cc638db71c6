#pragma once
// A registry law whose values a model file gives as expressions of its parameters
// (`law = coulomb(mu_s = 2*k, mu_k = 0.3)`, docs/model-files.md): a law of its own, registered under
// an id of its content ("coulomb@" and 16 hex digits), whose parameters are the law's values given
// as numbers (each a model parameter, as always) and the model parameters the expressions read.
// Every run computes the base law's values from them and makes the base law: every method, analysis
// and file that names a law by id takes it unchanged, as for a custom law (friction/custom_law.h).
#include "expr/node.h"
#include "friction/friction_law.h"

#include <string>
#include <vector>

namespace fl {

struct BoundLawDefinition {
    std::string baseId;   ///< the registry law, e.g. "coulomb"
    std::string written;  ///< the values as the file writes them, e.g. "mu_s = 2*k"
    ParameterSpecs specs; ///< the bound law's parameters (model parameters: their ids and specs)
    /// One entry per parameter of the base law: the index in specs of the parameter that gives it,
    /// or -1 where `value` computes it.
    std::vector<int> fromSpec;
    /// Where fromSpec is -1: the value, an expression of specs (slot j = specs[j]); else null.
    std::vector<expr::Expr> value;
};

/// Registers the law (thread-safe; the same content again returns the same id) and returns its id.
/// The base law must be one-dimensional and without a stick window (whose method reads its values
/// from the scenario).
std::string registerBoundLaw(const BoundLawDefinition& definition);

} // namespace fl
