// The map's setup in a session file (view.setups.map): the analysis's setup (contract/
// map_analysis.h: x and y, observable, variable, times, longest period, threads), read and checked
// by the analysis, so the Map view, `session run` and the command line take the same values.
#include "analysis/map_setup_panel.h"
#include "bridge/setup_json.h"

#include "contract/map_analysis.h"

#include <QSpinBox>

namespace fl::ui {

QJsonObject MapSetupPanel::saveSetup() const
{
    return setupToJson(fl::MapAnalysis::write(m_scenario, fl::MapSetup{m_spec, threads()}));
}

void MapSetupPanel::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    std::vector<std::string> problems;
    const fl::MapSetup setup =
        fl::TypedAnalysis<fl::MapAnalysis>::readTyped(m_scenario, setupFromJson(object), path.toStdString(), problems);
    for (const std::string& problem : problems)
        warnings << QString::fromStdString(problem);
    if (setup.threads > 0)
        m_threads->setValue(setup.threads);
    setSpec(setup.spec); // shows the fields, then checks the whole (a message in red if the map cannot run)
}

} // namespace fl::ui
