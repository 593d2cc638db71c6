#pragma once
#include "params/parameter_set.h"
#include "systems/contact_system.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fl {

/// A system as data: id, names, parameters and a factory.
struct SystemInfo {
    std::string id;       ///< e.g. "belt"
    std::string name;
    std::string equation; ///< the equation of motion in plain text
    ParameterSpecs specs;
    std::function<std::unique_ptr<ContactSystem>(const ParameterSet&)> create;
};

const std::vector<SystemInfo>& systems();
const SystemInfo* findSystem(std::string_view id);

} // namespace fl
