// The comparison's setup in a session file (view.setups.compare): eps of the regularized run, the
// law of the event-driven run, the log scale of the difference and the time history's variable.
// The law and the variable are ids checked against the system the view has.
#include "analysis/method_comparison.h"
#include "analysis/method_comparison_overlay_plot.h"
#include "bridge/setup_reader.h"
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
    QJsonObject setup{{QStringLiteral("eps"), m_eps}, {QStringLiteral("logScale"), m_logScale->isChecked()}};
    // A system without an event-driven method has no law to compare with.
    if (m_eventLawBox->findData(QString::fromStdString(m_eventLawId)) >= 0)
        setup.insert(QStringLiteral("eventLaw"), QString::fromStdString(m_eventLawId));
    // The selector holds the series of the run shown (column ids); before a run, the system's list.
    const int variable = m_timeHistory->variable();
    const QComboBox* selector = m_timeHistory->variableSelector();
    const QStringList ids = timeHistoryIds(m_scenario);
    if (variable >= 0 && variable < selector->count())
        setup.insert(QStringLiteral("variable"), selector->itemText(variable));
    else if (variable >= 0 && variable < ids.size())
        setup.insert(QStringLiteral("variable"), ids[variable]);
    return setup;
}

void MethodComparison::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    SetupReader r(object, path, warnings);
    const fl::ParameterSpec spec = m_epsRow->spec();
    double eps = m_eps;
    if (r.number(QStringLiteral("eps"), spec.min, spec.max, eps)) {
        m_eps = eps;
        m_epsRow->setValue(eps);
        m_epsRow->setError(QString());
    }
    QStringList laws;
    for (int i = 0; i < m_eventLawBox->count(); ++i)
        laws << m_eventLawBox->itemData(i).toString();
    QString law;
    if (laws.isEmpty()) {
        if (r.has(QStringLiteral("eventLaw")))
            r.warn(QStringLiteral("eventLaw"), QStringLiteral("system '%1' has no event-driven method")
                                                   .arg(QString::fromStdString(m_scenario.systemId)));
    } else if (r.oneOf(QStringLiteral("eventLaw"), laws, law)) {
        m_eventLawId = law.toStdString();
        m_eventLawBox->setCurrentIndex(m_eventLawBox->findData(law));
    }
    bool logScale = m_logScale->isChecked();
    if (r.boolean(QStringLiteral("logScale"), logScale))
        m_logScale->setChecked(logScale); // the difference plot follows the box
    const QStringList variables = timeHistoryIds(m_scenario);
    QString variable;
    if (!variables.isEmpty() && r.oneOf(QStringLiteral("variable"), variables, variable)) {
        // Index into the selector's series when a run is shown, else into the system's list.
        const int shown = m_timeHistory->variableSelector()->findText(variable);
        m_timeHistory->setVariable(shown >= 0 ? shown : static_cast<int>(variables.indexOf(variable)));
    }
    r.finish();
    // On screen the comparison follows its setup at once; hidden, it runs when its tab is shown.
    if (m_hasScenario && isVisible())
        startRuns(Rerun::Both);
}

} // namespace fl::ui
