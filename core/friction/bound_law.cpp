#include "friction/bound_law.h"

#include "expr/derivative.h"
#include "friction/custom_law.h"
#include "friction/state_law.h"
#include "params/parameter_set.h"

#include <memory>

namespace fl {
namespace {

/// The base law's values at the bound law's: those given as numbers copied, the others computed.
/// An error names an expression whose value is outside the base parameter's range.
Status baseValues(const BoundLawDefinition& d, const FrictionLawInfo& base, const ParameterSet& values, ParameterSet& out)
{
    out = ParameterSet(base.specs);
    std::vector<double> slots = values.values(); // slot j is specs[j]
    slots.push_back(0.0);                         // a tree of numbers reads nothing, but wants a pointer
    for (std::size_t i = 0; i < base.specs.size(); ++i) {
        const ParameterSpec& spec = base.specs[i];
        const double v = d.fromSpec[i] >= 0 ? values.value(d.specs[static_cast<std::size_t>(d.fromSpec[i])].id)
                                            : expr::evaluate(d.value[i], slots.data());
        if (!(v >= spec.min && v <= spec.max))
            return Status::error(spec.id + " of law " + d.baseId + " is " + formatNumber(v) + " at these values, outside its range "
                                 + rangeText(spec) + " (" + d.written + ")");
        if (const Status status = out.set(spec.id, v); !status.ok())
            return status;
    }
    if (base.validate)
        if (const Status status = base.validate(out); !status.ok())
            return Status::error(status.message() + " (" + d.written + ")");
    return Status::success();
}

ParameterSet baseOrDefaults(const BoundLawDefinition& d, const FrictionLawInfo& base, const ParameterSet& values)
{
    ParameterSet out;
    if (!baseValues(d, base, values, out).ok()) // a run validates first (validate below); kept in range here
        out = ParameterSet(base.specs);
    return out;
}

std::string contentId(const BoundLawDefinition& d)
{
    detail::LawContentHash h;
    h.text(d.baseId);
    h.text(d.written);
    h.specs(d.specs);
    for (std::size_t i = 0; i < d.fromSpec.size(); ++i) {
        h.number(d.fromSpec[i]);
        h.roots({h.tree(d.value[i])});
    }
    return d.baseId + "@" + h.hex();
}

} // namespace

std::string registerBoundLaw(const BoundLawDefinition& definition)
{
    std::string id = contentId(definition);
    if (findCustomLaw(id))
        return id;
    const FrictionLawInfo* base = findFrictionLaw(definition.baseId);
    auto d = std::make_shared<const BoundLawDefinition>(definition);
    auto info = std::make_unique<FrictionLawInfo>(*base); // its capabilities: states, methods, scales
    info->id = id;
    info->name = base->name + " with " + definition.written;
    info->formula = base->formula + "; " + definition.written;
    info->specs = d->specs;
    info->create = [d, base](const ParameterSet& values) { return base->create(baseOrDefaults(*d, *base, values)); };
    info->validate = [d, base](const ParameterSet& values) {
        ParameterSet own;
        return baseValues(*d, *base, values, own);
    };
    if (base->createWithState)
        info->createWithState = [d, base](const ParameterSet& values, Regularization r) {
            return base->createWithState(baseOrDefaults(*d, *base, values), r);
        };
    if (base->memoryScales)
        info->memoryScales = [d, base](const ParameterSet& values) { return base->memoryScales(baseOrDefaults(*d, *base, values)); };
    info->custom = true;
    detail::registerModelLaw(std::move(info));
    return id;
}

} // namespace fl
