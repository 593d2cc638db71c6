#include "systems/plane_contact_law.h"
#include "contact/approximants.h"
#include "contact/integral_model.h"

#include <stdexcept>

namespace fl {
namespace {

contact::ApproximantParams approximantOf(const ParameterSet& p) { return {p.value("b"), p.value("m_exp")}; }
contact::RegularizationParams regularizationOf(const ParameterSet& p) { return {p.value("eps"), p.value("eta")}; }

std::vector<PlaneContactModels> makeModels()
{
    std::vector<PlaneContactModels> models;
    // JTAM (3.5), regularized (4.4): circular pressure with moment c00.
    models.push_back({"I00",
                      [](const ParameterSet& p) -> std::shared_ptr<const contact::ContactModel> {
                          return std::make_shared<contact::ApproximantI00>(contact::I00Coefficients::circular(p.value("c00")),
                                                                           approximantOf(p));
                      },
                      [](const ParameterSet& p) {
                          return contact::RegularizedApproximant(contact::I00Coefficients::circular(p.value("c00")),
                                                                 approximantOf(p), regularizationOf(p));
                      },
                      true});
    // Acta Mech (3), regularized (6): uniform pressure.
    models.push_back({"I11",
                      [](const ParameterSet& p) -> std::shared_ptr<const contact::ContactModel> {
                          return std::make_shared<contact::ApproximantI11>(contact::I11Coefficients{}, approximantOf(p));
                      },
                      [](const ParameterSet& p) {
                          return contact::RegularizedApproximant(contact::I11Coefficients{}, approximantOf(p), regularizationOf(p));
                      },
                      false});
    // JTAM (2.2): the integral over a uniform circle; set-valued only.
    models.push_back({"integral",
                      [](const ParameterSet&) -> std::shared_ptr<const contact::ContactModel> {
                          return std::make_shared<contact::IntegralModel>(contact::ContactShape::uniformCircle());
                      },
                      {},
                      false});
    return models;
}

} // namespace

const std::vector<PlaneContactModels>& planeContactModels()
{
    static const std::vector<PlaneContactModels> models = makeModels();
    return models;
}

const PlaneContactModels* findPlaneContactModels(std::string_view lawId)
{
    for (const PlaneContactModels& models : planeContactModels())
        if (models.lawId == lawId)
            return &models;
    return nullptr;
}

contact::RegularizedApproximant regularizedContactLaw(const Scenario& scenario)
{
    const PlaneContactModels* models = findPlaneContactModels(scenario.lawId);
    if (!models || !models->regularized)
        throw std::invalid_argument("the plane-contact law '" + scenario.lawId + "' has no regularized form");
    return models->regularized(scenario.params);
}

} // namespace fl
