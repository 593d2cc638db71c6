// The Lyapunov panel's setup in a session file (view.setups.lyapunov): the analysis's setup
// (contract/lyapunov_analysis.h: mode, transient, duration, interval), read and checked by the
// analysis, so the panel, `session run` and the command line take the same values. Restoring
// computes nothing: the mode's button is shown as the default one.
#include "analysis/lyapunov_panel.h"
#include "bridge/setup_json.h"

#include "params/parameter_spec.h"

#include <QLineEdit>
#include <QLocale>

#include <cmath>
#include <utility>

namespace fl::ui {

QJsonObject LyapunovPanel::saveSetup() const
{
    // The fields as typed (a field that is not a number keeps the default); restoring checks them.
    fl::LyapunovSetup setup;
    const std::pair<const QLineEdit*, double*> fields[] = {
        {m_transient, &setup.transient}, {m_duration, &setup.duration}, {m_interval, &setup.interval}};
    for (const auto& [field, target] : fields) {
        bool ok = false;
        const double value = QLocale::c().toDouble(field->text().trimmed(), &ok);
        if (ok && std::isfinite(value))
            *target = value;
    }
    setup.spectrum = m_mode == 0;
    return setupToJson(fl::LyapunovAnalysis::write(m_scenario, setup));
}

void LyapunovPanel::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    std::vector<std::string> problems;
    const fl::LyapunovSetup setup =
        fl::TypedAnalysis<fl::LyapunovAnalysis>::readTyped(m_scenario, setupFromJson(object), path.toStdString(), problems);
    for (const std::string& problem : problems)
        warnings << QString::fromStdString(problem);
    setOptions(setup.transient, setup.duration, setup.interval);
    setMode(setup.spectrum ? 0 : 1);
}

} // namespace fl::ui
