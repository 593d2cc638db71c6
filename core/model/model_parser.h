#pragma once
// Parses and checks a model file (docs/model-files.md). Model files are untrusted input: the parser
// never throws and never runs anything; the sizes are bounded (kMaxFileBytes and the counts below,
// and each expression by expr::Limits); the first problem is reported with its line and column.
#include "model/model_spec.h"

#include <string_view>
#include <variant>

namespace fl::model {

inline constexpr std::size_t kMaxFileBytes = 256 * 1024;
inline constexpr int kMaxParameters = 500;
inline constexpr int kMaxCoordinates = 100;
inline constexpr int kMaxContacts = 100;
inline constexpr int kMaxStates = 100;
inline constexpr int kMaxLets = 500;
inline constexpr int kMaxStatements = 5000;

struct ParsedModel {
    Model model;
    ModelError error; ///< when !ok()
    bool valid = false;
    bool ok() const { return valid; }
};

/// The model in text, or the first error in it.
ParsedModel parseModel(std::string_view text);

} // namespace fl::model
