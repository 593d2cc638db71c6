#include "systems/plane_contact_law.h"

namespace fl {

contact::RegularizedApproximant regularizedContactLaw(const Scenario& scenario)
{
    const ParameterSet& p = scenario.params;
    const contact::ApproximantParams approximant{p.value("b"), p.value("m_exp")};
    const contact::RegularizationParams reg{p.value("eps"), p.value("eta")};
    if (scenario.lawId == "I00")
        return contact::RegularizedApproximant(contact::I00Coefficients::circular(p.value("c00")), approximant, reg);
    return contact::RegularizedApproximant(contact::I11Coefficients{}, approximant, reg);
}

} // namespace fl
