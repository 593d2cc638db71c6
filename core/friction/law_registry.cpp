// The law registry: the families, each with its list of laws (friction_laws.cpp, contact_laws.cpp,
// tyre_laws.cpp), and the searches by id. A family is listed here once; every site that walks the
// families (the CLI's catalogue, the about box, the help's links) iterates lawFamilies().
#include "friction/friction_law.h"
#include "friction/custom_law.h"

namespace fl {

const std::vector<LawFamilyInfo>& lawFamilies()
{
    static const std::vector<LawFamilyInfo> families = {
        {LawFamily::OneDimensional, "one-dimensional", "Friction laws along a line",
         "Friction laws (--law) of the belt, the absorber, the brake and the chain:", "laws-1d.html", frictionLaws},
        {LawFamily::PlaneContact, "plane-contact", "Plane-contact laws (Coulomb–Contensou)",
         "Plane-contact laws (--law) of the disk (I00, I11, integral) and the pendulum (I11, I00):", "contact-models.html",
         contactLaws},
        // The tyre curves are described with the ABS wheel, their one system.
        {LawFamily::TyreRoad, "tyre-road", "Tyre–road laws (μ over slip)", "Tyre-road laws (--law) of the ABS wheel:",
         "system-abs.html", tyreLaws},
    };
    return families;
}

const LawFamilyInfo& lawFamilyInfo(LawFamily family)
{
    for (const LawFamilyInfo& info : lawFamilies())
        if (info.family == family)
            return info;
    return lawFamilies().front();
}

const std::vector<FrictionLawInfo>& lawsOf(LawFamily family) { return lawFamilyInfo(family).laws(); }

const char* lawFamilyId(LawFamily family) { return lawFamilyInfo(family).id.c_str(); }

const FrictionLawInfo* findLaw(LawFamily family, std::string_view id)
{
    for (const FrictionLawInfo& law : lawsOf(family))
        if (law.id == id)
            return &law;
    return family == LawFamily::OneDimensional ? findCustomLaw(id) : nullptr; // a model file's own law
}

const FrictionLawInfo* findFrictionLaw(std::string_view id) { return findLaw(LawFamily::OneDimensional, id); }

const FrictionLawInfo* findAnyLaw(std::string_view id)
{
    for (const LawFamilyInfo& family : lawFamilies())
        if (const FrictionLawInfo* law = findLaw(family.family, id))
            return law;
    return nullptr;
}

std::string lawHelpAnchor(const FrictionLawInfo& law) { return law.custom ? "custom-law" : law.id; }

std::string lawHelpPage(const FrictionLawInfo& law)
{
    if (law.custom)
        return "model-files.html";
    // The 1-D laws without a set-valued form (memory, Karnopp's window) have a page of their own.
    if (law.family == LawFamily::OneDimensional && (law.hasMemory() || !law.eventDriven))
        return "laws-memory.html";
    return lawFamilyInfo(law.family).helpPage;
}

} // namespace fl
