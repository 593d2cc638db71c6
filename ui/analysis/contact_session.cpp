// The contact explorer's setup in a session file (view.setups.contact): the shape and pressure, the
// polygon's vertices ([[x, y], ...]) and every number of contactSpecs() by its id, read and checked
// by the analysis (contract/contact_analysis.h), so the explorer and `session run` take the same
// contact. A field the analysis refuses keeps its default with a warning; the rest applies.
#include "analysis/contact_controls.h"
#include "bridge/setup_json.h"

#include "contract/contact_analysis.h"
#include "scenario/scenario.h"

#include <QLabel>

namespace fl::ui {

namespace {

/// The contact's setup does not depend on the scenario; the contract's functions take one.
const fl::Scenario& anyScenario()
{
    static const fl::Scenario scenario;
    return scenario;
}

} // namespace

QJsonObject ContactControls::saveSetup() const
{
    return setupToJson(fl::ContactAnalysis::write(anyScenario(), m_settings));
}

bool ContactControls::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    std::vector<std::string> problems;
    const fl::ContactSettings candidate =
        fl::TypedAnalysis<fl::ContactAnalysis>::readTyped(anyScenario(), setupFromJson(object), path.toStdString(), problems);
    for (const std::string& problem : problems)
        warnings << QString::fromStdString(problem);
    if (candidate == m_settings)
        return false;
    // A fit's report belongs to the contact it was made for.
    if (!(candidate.contactShape() == m_settings.contactShape()))
        m_fitInfo->clear();
    setSettings(candidate);
    return true;
}

} // namespace fl::ui
