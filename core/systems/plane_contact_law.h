#pragma once
// The plane-contact laws' models as data: for each law id of friction/contact_laws.cpp, the
// set-valued model the event-driven method uses and the regularized approximant of the smooth
// methods. The systems with a plane contact (the disk, the pendulum) build their law from this table
// instead of testing ids; core.test_law_capabilities checks it against each law's declared forms.
#include "contact/contact_model.h"
#include "contact/regularized_models.h"
#include "params/parameter_set.h"
#include "scenario/scenario.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fl {

struct PlaneContactModels {
    std::string lawId; ///< as in contactLaws()
    /// The set-valued model of the event-driven method (FrictionLawInfo::eventDriven).
    std::function<std::shared_ptr<const contact::ContactModel>(const ParameterSet&)> eventModel;
    /// The regularized approximant of the smooth methods; empty for a law without a smooth form
    /// (FrictionLawInfo::smoothForm false: the integral model).
    std::function<contact::RegularizedApproximant(const ParameterSet&)> regularized;
    /// The model is JTAM (3.5) with the pressure moment c00, whose closed form the event-driven disk
    /// uses for its stick condition.
    bool closedFormI00 = false;
};

/// Every plane-contact law's models, in the order of contactLaws().
const std::vector<PlaneContactModels>& planeContactModels();
/// The models of a law id; nullptr for an id that is not a plane-contact law.
const PlaneContactModels* findPlaneContactModels(std::string_view lawId);

/// The regularized law a scenario names: JTAM (4.4) for "I00" (circular pressure, moment c00) or
/// Acta Mech (6) for "I11" (uniform), with the scenario's b, m, eps, eta. Throws std::invalid_argument
/// for a law without a regularized form (validation refuses such a scenario before).
contact::RegularizedApproximant regularizedContactLaw(const Scenario& scenario);

} // namespace fl
