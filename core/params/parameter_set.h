#pragma once
#include "common/status.h"
#include "params/parameter_spec.h"

#include <string_view>
#include <vector>

namespace fl {

/// Values of a list of ParameterSpec, in spec order; every value is always within its range.
class ParameterSet {
public:
    ParameterSet() = default;
    /// All parameters at their defaults.
    explicit ParameterSet(ParameterSpecs specs);

    const ParameterSpecs& specs() const { return m_specs; }
    const std::vector<double>& values() const { return m_values; }
    bool has(std::string_view id) const { return index(id) >= 0; }
    /// Index of the parameter or -1.
    int index(std::string_view id) const;
    /// Value of a parameter that exists (precondition: has(id)).
    double value(std::string_view id) const;
    /// Sets a value after checking it is finite and within [min, max]; else an error naming the
    /// parameter and its allowed range, and the set is unchanged.
    Status set(std::string_view id, double value);
    /// Checks a value without storing it.
    Status check(std::string_view id, double value) const;
    /// Checks every value against its spec's kind (fl::checkKind): the first error, or success.
    /// Not part of set(): like the relations between parameters, whole numbers are checked with
    /// the scenario (fl::validate), so that an entry such as n = 2.5 stays where it was typed,
    /// next to its message, as a relation's error does.
    Status checkKinds() const;

private:
    ParameterSpecs m_specs;
    std::vector<double> m_values;
};

} // namespace fl
