#pragma once
// Models written by users (docs/model-files.md) as systems of the catalog: a model's text, parsed
// and compiled, becomes a SystemInfo that findSystem() knows (systems/system_registry.h), so every
// method, analysis and tool takes it as it takes a built-in system. Its id is "model-" and a hash of
// the text, so the same text gets the same id in every process (a session that embeds the text
// finds its system again), and an edited text is a new system.
#include "model/model_spec.h"
#include "systems/system_registry.h"

#include <memory>
#include <string>
#include <string_view>

namespace fl {

struct CompiledModel;

/// A model text parsed, checked and prepared for its runs, without registering it: what `model
/// check` reports and what registerModel() registers, so that a text that checks also runs.
struct PreparedModel {
    std::shared_ptr<const CompiledModel> compiled; ///< null on an error
    model::ModelError error;
    bool ok() const { return compiled != nullptr; }
};
PreparedModel prepareModel(std::string_view text);

struct ModelRegistration {
    const SystemInfo* system = nullptr; ///< when ok(); lives as long as the program
    model::ModelError error;
    bool ok() const { return system != nullptr; }
};

/// Parses and registers a model text (thread-safe; registering a text again returns its system).
ModelRegistration registerModel(std::string_view text);
/// A registered model's system, or nullptr (findSystem falls back to it).
const SystemInfo* findModelSystem(std::string_view id);
/// The text of a registered model's system, or nullptr for any other id.
const std::string* modelText(std::string_view systemId);
/// The model of a registered model's system, or nullptr.
const model::Model* findModel(std::string_view systemId);
/// The system id a text gets: "model-" and 16 hex digits of its FNV-1a hash.
std::string modelSystemId(std::string_view text);

} // namespace fl
