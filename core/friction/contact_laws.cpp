// Plane-contact (Coulomb-Contensou) laws as data: the regularized approximants of JTAM (4.4)-(4.5)
// and Acta Mech (6). Their parameters are shared by every system with a plane contact; the system
// builds the law itself (FrictionLawInfo::create is empty for this family).
#include "friction/friction_law.h"
#include "friction/plane_contact_fit.h"

namespace fl {
namespace {

ParameterSpecs commonSpecs(double b, double m)
{
    return {
        {"mu", "Kinetic friction coefficient", "μ", "–",
         "Scales the friction force μN T and moment μN R M (dimensionless μ of JTAM (5.2) for the disk).", 1.0, 0.0, 100.0},
        {"eta", "Static/kinetic ratio", "η", "–",
         "Peak of the resultant friction near zero relative motion, η = μ_0/μ; η′ is computed exactly from it.", 1.0, 1.0, 20.0},
        {"b", "Approximant constant b", "b", "–", "Weight of the spin against the sliding velocity in the approximant.", b, 0.01, 10.0},
        {"m_exp", "Approximant exponent m", "m", "–", "Exponent of the approximant's denominator.", m, 0.1, 10.0},
    };
}

std::vector<FrictionLawInfo> makeContactLaws()
{
    auto noRelation = [](const ParameterSet&) { return Status::success(); };
    std::vector<FrictionLawInfo> laws;
    // Defaults: the (b, m) fitted to the integral model for uniform pressure (friction/plane_contact_fit.h;
    // Acta Mech prints both pairs with b and m swapped). Presets use the papers' own values.
    ParameterSpecs i00 = commonSpecs(plane_contact_fit::kI00Uniform.b, plane_contact_fit::kI00Uniform.m);
    i00.push_back({"c00", "Pressure moment c₀,₀,₋₁", "c", "–",
                   "∬ r σ dF of the pressure distribution: 2/3 uniform circle, 3π/16 Hertz.", 2.0 / 3.0, 0.01, 1.0});
    laws.push_back({"I00", "I(0,0) approximant (JTAM 3.5; regularized 4.4)",
                    "T = v (1/√(D²+ε²) + η′ε³/(D²+ε²)²), M = b c ω (…), D = (|v|^m + b^m|ω|^m)^(1/m)", i00, {}, noRelation});
    laws.push_back({"I11", "I(1,1) approximant (Acta Mech 3; regularized 6)",
                    "T = (v² + bω²) v λ, M = (2/3 b ω³ + ¼ ω v²) λ, λ = 1/√(D²+ε⁶) + η′ε⁹/(D²+ε⁶)², D = (v^{3m} + b^m|ω|^{3m})^{1/m}",
                    commonSpecs(plane_contact_fit::kI11Uniform.b, plane_contact_fit::kI11Uniform.m), {}, noRelation});
    ParameterSpecs integral = commonSpecs(1.0, 1.0);
    integral.resize(2); // mu and eta: the integral model has no free constants
    laws.push_back({"integral", "Integral model (JTAM 2.2), uniform circle",
                    "T = ∬ σ v_P/|v_P| dF, M = ∬ σ (x, y) × v_P/|v_P| dF; set-valued: event-driven only",
                    integral, {}, noRelation});
    laws.back().smoothForm = false; // set-valued: the event-driven method only
    for (FrictionLawInfo& law : laws)
        law.family = LawFamily::PlaneContact;
    return laws;
}

} // namespace

const std::vector<FrictionLawInfo>& contactLaws()
{
    static const std::vector<FrictionLawInfo> laws = makeContactLaws();
    return laws;
}

} // namespace fl
