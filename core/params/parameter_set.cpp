#include "params/parameter_set.h"

#include <algorithm>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace fl {

std::string rangeText(const ParameterSpec& spec)
{
    // Appends rather than chained operator+ (GCC 12 warns falsely, -Wrestrict, PR 105329).
    std::string text = "[";
    text.append(formatNumber(spec.min)).append(", ").append(formatNumber(spec.max)).append("]");
    return text;
}

const char* parameterKindId(ParameterKind kind)
{
    switch (kind) {
    case ParameterKind::Real: return "real";
    case ParameterKind::Integer: return "integer";
    case ParameterKind::Boolean: return "boolean";
    }
    return "real";
}

Status checkKind(const ParameterSpec& spec, double value)
{
    switch (spec.kind) {
    case ParameterKind::Real:
        break;
    case ParameterKind::Integer:
        if (std::floor(value) != value) {
            std::string message = spec.id;
            message += " must be a whole number (";
            message.append(formatNumber(spec.min)).append(" to ").append(formatNumber(spec.max)).append(")");
            return Status::error(message);
        }
        break;
    case ParameterKind::Boolean:
        if (value != 0.0 && value != 1.0) {
            std::string message = spec.id;
            message += " must be 0 or 1";
            return Status::error(message);
        }
        break;
    }
    return Status::success();
}

ParameterSet::ParameterSet(ParameterSpecs specs) : m_specs(std::move(specs))
{
    m_values.reserve(m_specs.size());
    for (const ParameterSpec& spec : m_specs)
        m_values.push_back(spec.defaultValue);
}

int ParameterSet::index(std::string_view id) const
{
    for (size_t i = 0; i < m_specs.size(); ++i)
        if (m_specs[i].id == id)
            return static_cast<int>(i);
    return -1;
}

double ParameterSet::value(std::string_view id) const
{
    const int i = index(id);
    return i >= 0 ? m_values[static_cast<size_t>(i)] : std::nan("");
}

Status ParameterSet::check(std::string_view id, double value) const
{
    const int i = index(id);
    if (i < 0)
        return Status::error("unknown parameter '" + std::string(id) + "'");
    const ParameterSpec& spec = m_specs[static_cast<size_t>(i)];
    if (!std::isfinite(value) || value < spec.min || value > spec.max)
        return Status::error(spec.id + " = " + formatNumber(value) + " is outside its allowed range "
                             + rangeText(spec) + (spec.unit == "–" ? "" : " " + spec.unit));
    return Status::success();
}

int firstValueNotOfKind(const ParameterSpec& spec, int steps, const std::function<double(int)>& value, Status& status)
{
    status = Status::success();
    if (spec.kind == ParameterKind::Real)
        return -1;
    const int last = std::max(steps, 1) - 1;
    std::vector<int> order{0, last};
    for (int k = 1; k < last; ++k)
        order.push_back(k);
    for (const int k : order)
        if ((status = checkKind(spec, value(k))); !status.ok())
            return k;
    return -1;
}

Status ParameterSet::checkKinds() const
{
    for (size_t i = 0; i < m_specs.size(); ++i)
        if (Status status = checkKind(m_specs[i], m_values[i]); !status.ok())
            return status;
    return Status::success();
}

Status ParameterSet::set(std::string_view id, double value)
{
    Status status = check(id, value);
    if (status.ok())
        m_values[static_cast<size_t>(index(id))] = value;
    return status;
}

} // namespace fl
