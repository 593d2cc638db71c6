#include "friction/custom_law.h"

#include "common/number_text.h"
#include "expr/derivative.h"
#include "expr/tape.h"
#include "params/parameter_set.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <unordered_map>

namespace fl {
namespace {

/// g(s) and dg/ds (and dg/dz of each state it reads) from the law's expressions with its
/// parameters folded in: one tape of all. Not thread-safe (its tape's registers): a law belongs to
/// one run, as every FrictionLaw.
class CustomLaw final : public FrictionLaw, public StateReadingLaw {
public:
    CustomLaw(const CustomLawDefinition& d, const ParameterSet& values)
        : m_parameters(static_cast<int>(d.specs.size())), m_states(d.stateDefaults)
    {
        std::vector<int> slots;
        std::vector<double> numbers(1 + d.specs.size(), 0.0);
        for (std::size_t i = 0; i < d.specs.size(); ++i) {
            slots.push_back(customParameterSlot(static_cast<int>(i)));
            numbers[1 + i] = values.value(d.specs[i].id);
        }
        const std::vector<double> folded(numbers.begin() + 1, numbers.end());
        std::vector<expr::Expr> all = {d.kinetic, d.kineticSlope};
        all.insert(all.end(), d.kineticStateSlopes.begin(), d.kineticStateSlopes.end());
        m_tape = expr::Tape::compile(expr::substitute(std::span<const expr::Expr>(all), slots, folded));
        m_results.assign(all.size(), 0.0);
        m_variables.assign(static_cast<std::size_t>(customStateSlot(m_parameters, static_cast<int>(m_states.size()))), 0.0);
        m_static = d.staticLimit ? expr::evaluate(d.staticLimit, numbers.data()) : slipMagnitude(0.0);
    }
    double slipMagnitude(double speed) const override { return at(speed)[0]; }
    double slipMagnitudeSlope(double speed) const override { return at(speed)[1]; }
    double staticLimit() const override { return m_static; }

    void bindStates(const double* modelStates, const std::vector<int>& modelIndices) override
    {
        m_bound = modelStates;
        m_indices = modelIndices;
        m_speed = std::numeric_limits<double>::quiet_NaN();
    }
    int statesRead() const override { return static_cast<int>(m_states.size()); }
    double stateSlope(double speed, int k) const override { return at(speed)[2 + k]; }

private:
    const double* at(double speed) const
    {
        bool same = speed == m_speed;
        double* v = m_variables.data();
        for (std::size_t k = 0; k < m_states.size(); ++k) {
            const double z = m_bound ? m_bound[m_indices[k]] : m_states[k];
            double& slot = v[customStateSlot(m_parameters, static_cast<int>(k))];
            same = same && slot == z;
            slot = z;
        }
        if (!same) {
            v[kCustomSpeedSlot] = speed;
            m_tape.evaluate(v, m_results.data());
            m_speed = speed;
        }
        return m_results.data();
    }
    int m_parameters;
    std::vector<double> m_states;    ///< at the model's defaults: what an unbound law reads
    const double* m_bound = nullptr; ///< a run's states (bindStates)
    std::vector<int> m_indices;
    mutable expr::Tape m_tape;
    mutable std::vector<double> m_variables, m_results;
    mutable double m_speed = std::numeric_limits<double>::quiet_NaN();
    double m_static = 0.0;
};

/// g(0) finite and at least 0; F_s finite, at least g(0).
Status validateCustom(const CustomLawDefinition& d, const ParameterSet& values)
{
    const CustomLaw law(d, values);
    const double g0 = law.slipMagnitude(0.0);
    if (!std::isfinite(g0) || g0 < 0.0)
        return Status::error("the kinetic friction at speed 0 is " + formatNumber(g0) + " at these values; it must be a finite number >= 0");
    if (d.staticLimit) {
        const double fs = law.staticLimit();
        if (!std::isfinite(fs) || fs < 0.0)
            return Status::error("the static limit is " + formatNumber(fs) + " at these values; it must be a finite number >= 0");
        if (fs < g0)
            return Status::error("the static limit " + formatNumber(fs) + " is below the kinetic friction at speed 0, "
                                 + formatNumber(g0) + " (a contact that holds less than it slides with)");
    }
    return Status::success();
}

std::string contentId(const CustomLawDefinition& d)
{
    detail::LawContentHash h;
    h.text(d.name);
    h.text(d.formula);
    h.specs(d.specs);
    const std::int64_t kinetic = h.tree(d.kinetic), slope = h.tree(d.kineticSlope), staticLimit = h.tree(d.staticLimit);
    h.roots({kinetic, slope, staticLimit});
    for (std::size_t k = 0; k < d.states.size(); ++k) { // the states it reads, by name, slope and start
        h.text(d.states[k]);
        h.roots({h.tree(d.kineticStateSlopes[k])});
        h.number(d.stateDefaults[k]);
    }
    return "custom-" + h.hex();
}

struct Registry {
    std::mutex mutex;
    std::map<std::string, std::unique_ptr<FrictionLawInfo>, std::less<>> laws; // map nodes never move
};

Registry& registry()
{
    static Registry r;
    return r;
}

} // namespace

namespace detail {

void LawContentHash::bytes(const void* data, std::size_t size)
{
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
        m_h ^= p[i];
        m_h *= 0x100000001b3ull;
    }
}

void LawContentHash::text(const std::string& s)
{
    const std::uint64_t n = s.size();
    bytes(&n, sizeof n);
    bytes(s.data(), s.size());
}

void LawContentHash::number(double v) { bytes(&v, sizeof v); }

void LawContentHash::specs(const ParameterSpecs& specs)
{
    for (const ParameterSpec& s : specs) {
        for (const std::string* t : {&s.id, &s.label, &s.symbol, &s.unit, &s.help})
            text(*t);
        for (const double v : {s.defaultValue, s.min, s.max})
            number(v);
    }
}

void LawContentHash::roots(std::initializer_list<std::int64_t> indices)
{
    for (const std::int64_t index : indices)
        bytes(&index, sizeof index);
}

/// The node's index in the walk (post-order); a shared node is hashed once.
std::int64_t LawContentHash::tree(const expr::Expr& e)
{
    if (!e)
        return -1;
    if (const auto seen = m_index.find(e.get()); seen != m_index.end())
        return seen->second;
    const std::int64_t a = tree(e->a), b = tree(e->b); // height is bounded by the parser
    const std::uint8_t head[3] = {static_cast<std::uint8_t>(e->kind), static_cast<std::uint8_t>(e->function), e->arity};
    bytes(head, sizeof head);
    bytes(&e->slot, sizeof e->slot);
    number(e->value);
    bytes(&a, sizeof a);
    bytes(&b, sizeof b);
    const auto index = static_cast<std::int64_t>(m_index.size());
    m_index.emplace(e.get(), index);
    return index;
}

std::string LawContentHash::hex() const
{
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(m_h));
    return buffer;
}

void registerModelLaw(std::unique_ptr<FrictionLawInfo> info)
{
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    if (!r.laws.count(info->id))
        r.laws.emplace(info->id, std::move(info));
}

} // namespace detail

std::string registerCustomLaw(const CustomLawDefinition& definition)
{
    std::string id = contentId(definition);
    if (findCustomLaw(id))
        return id;
    auto d = std::make_shared<const CustomLawDefinition>(definition);
    auto info = std::make_unique<FrictionLawInfo>();
    info->id = id;
    info->name = d->name;
    info->formula = d->formula;
    info->specs = d->specs;
    info->create = [d](const ParameterSet& values) -> std::unique_ptr<FrictionLaw> { return std::make_unique<CustomLaw>(*d, values); };
    info->validate = [d](const ParameterSet& values) { return validateCustom(*d, values); };
    info->eventDriven = d->staticLimit != nullptr;
    info->family = LawFamily::OneDimensional;
    info->custom = true;
    detail::registerModelLaw(std::move(info));
    return id;
}

StateReadingLaw* stateReading(FrictionLaw& law)
{
    auto* reading = dynamic_cast<StateReadingLaw*>(&law);
    return reading && reading->statesRead() > 0 ? reading : nullptr;
}

const FrictionLawInfo* findCustomLaw(std::string_view id)
{
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    const auto found = r.laws.find(id);
    return found == r.laws.end() ? nullptr : found->second.get();
}

} // namespace fl
