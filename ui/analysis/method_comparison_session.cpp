// The comparison's setup in a session file (view.setups.compare): the analysis's setup (contract/
// compare_analysis.h: eps of the regularized run, the law of the event-driven run, the log scale of
// the difference, the time history's variable), read and checked by the analysis, so the view and
// `session run` take the same values.
#include "analysis/method_comparison.h"
#include "analysis/method_comparison_overlay_plot.h"
#include "bridge/setup_json.h"
#include "systems/system_registry.h"
#include "widgets/parameter_row.h"

#include <QCheckBox>
#include <QComboBox>

namespace fl::ui {

namespace {

/// The time history's variables of the system, by id (the plot's selector lists those the run has).
QStringList timeHistoryIds(const fl::Scenario& scenario)
{
    QStringList ids;
    if (const fl::SystemInfo* system = fl::findSystem(scenario.systemId))
        for (const std::string& id : system->plots.timeHistory)
            ids << QString::fromStdString(id);
    return ids;
}

} // namespace

QJsonObject MethodComparison::saveSetup() const
{
    fl::CompareSetup setup{m_eps, m_eventLawId, m_logScale->isChecked(), {}};
    // The selector holds the series of the run shown (column ids); before a run, the system's list.
    const int variable = m_timeHistory->variable();
    const QComboBox* selector = m_timeHistory->variableSelector();
    const QStringList ids = timeHistoryIds(m_scenario);
    if (variable >= 0 && variable < selector->count())
        setup.variable = selector->itemText(variable).toStdString();
    else if (variable >= 0 && variable < ids.size())
        setup.variable = ids[variable].toStdString();
    return setupToJson(fl::CompareAnalysis::write(m_scenario, setup));
}

void MethodComparison::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    std::vector<std::string> problems;
    const fl::CompareSetup setup =
        fl::TypedAnalysis<fl::CompareAnalysis>::readTyped(m_scenario, setupFromJson(object), path.toStdString(), problems);
    for (const std::string& problem : problems)
        warnings << QString::fromStdString(problem);
    m_eps = setup.eps;
    m_epsRow->setValue(setup.eps);
    m_epsRow->setError(QString());
    if (m_eventLawBox->count() > 0 && !setup.eventLaw.empty()) {
        m_eventLawId = setup.eventLaw;
        m_eventLawBox->setCurrentIndex(m_eventLawBox->findData(QString::fromStdString(setup.eventLaw)));
    }
    m_logScale->setChecked(setup.logScale); // the difference plot follows the box
    const QStringList variables = timeHistoryIds(m_scenario);
    if (!setup.variable.empty()) {
        const QString variable = QString::fromStdString(setup.variable);
        if (variables.contains(variable)) {
            // Index into the selector's series when a run is shown, else into the system's list.
            const int shown = m_timeHistory->variableSelector()->findText(variable);
            m_timeHistory->setVariable(shown >= 0 ? shown : static_cast<int>(variables.indexOf(variable)));
        } else {
            warnings << QStringLiteral("%1.variable: '%2' is not one of %3").arg(path, variable.left(80), variables.join(QStringLiteral(", ")));
        }
    }
    // On screen the comparison follows its setup at once; hidden, it runs when its tab is shown.
    if (m_hasScenario && isVisible())
        startRuns(Rerun::Both);
}

} // namespace fl::ui
