// The Poincaré view's setup in a session file (view.setups.poincare): the plane shown, by the
// state variables' names, and each axis' angle wrap (contract/poincare_analysis.h), read and
// checked by the analysis. Version 1 and 2 files kept the plane as indices (view.poincare); the
// session reader turns those into this setup.
#include "analysis/poincare_view.h"
#include "bridge/setup_json.h"

#include "contract/poincare_analysis.h"

#include <QCheckBox>

#include <algorithm>

namespace fl::ui {

QJsonObject PoincareView::saveSetup() const
{
    const int h = horizontalVariable(), v = verticalVariable();
    if (h < 0 || v < 0 || h >= int(m_names.size()) || v >= int(m_names.size()))
        return {}; // no variables (an invalid scenario): nothing chosen
    const fl::PoincareSetup setup{m_names[size_t(h)], m_names[size_t(v)], m_wrapHorizontal->isChecked(), m_wrapVertical->isChecked()};
    return setupToJson(fl::PoincareAnalysis::write(m_scenario, setup));
}

void PoincareView::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    std::vector<std::string> problems;
    const fl::PoincareSetup setup =
        fl::TypedAnalysis<fl::PoincareAnalysis>::readTyped(m_scenario, setupFromJson(object), path.toStdString(), problems);
    for (const std::string& problem : problems)
        warnings << QString::fromStdString(problem);
    const auto index = [this](const std::string& name) {
        const auto it = std::find(m_names.begin(), m_names.end(), name);
        return it == m_names.end() ? -1 : static_cast<int>(it - m_names.begin());
    };
    setAngleWrap(setup.wrapHorizontal, setup.wrapVertical);
    setPlane(index(setup.horizontal), index(setup.vertical));
}

} // namespace fl::ui
