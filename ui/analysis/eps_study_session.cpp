// The eps study's setup in a session file (view.setups.eps-study): the analysis's setup
// (contract/eps_study_analysis.h: the widths, the variable shown, the log scale), read and checked
// by the analysis, so the view and `session run` take the same values. Restoring does not start a study.
#include "analysis/eps_study_data.h"
#include "analysis/eps_study_view.h"
#include "bridge/setup_json.h"

#include "params/parameter_spec.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>

#include <algorithm>

namespace fl::ui {

namespace {

/// The list as the field shows it ("1e-4, 1e-3"), each number in text that reads back to the same
/// double (epsText rounds other values to three digits).
QString exactListText(const std::vector<double>& eps)
{
    QStringList parts;
    for (double e : eps) {
        const QString text = epsText(e);
        parts << (text.toDouble() == e ? text : QString::fromStdString(fl::formatNumber(e)));
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

QJsonObject EpsStudyView::saveSetup() const
{
    fl::EpsStudySetup setup;
    setup.logScale = m_logScale->isChecked();
    // A list that does not parse is not kept: the field would refuse it at Run all the same.
    std::vector<double> eps;
    const bool parsed = parseEpsList(m_epsField->text(), eps, nullptr);
    if (parsed)
        setup.eps = eps;
    if (m_variable->currentIndex() >= 0)
        setup.variable = m_variable->currentData().toString().toStdString();
    QJsonObject object = setupToJson(fl::EpsStudyAnalysis::write(m_scenario, setup));
    if (!parsed)
        object.remove(QStringLiteral("eps"));
    return object;
}

void EpsStudyView::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    std::vector<std::string> problems;
    fl::EpsStudySetup setup =
        fl::TypedAnalysis<fl::EpsStudyAnalysis>::readTyped(m_scenario, setupFromJson(object), path.toStdString(), problems);
    for (const std::string& problem : problems)
        warnings << QString::fromStdString(problem);
    // A list the analysis refused leaves the field as it was (the warning says why).
    const std::string epsPath = path.toStdString() + ".eps";
    const bool refused = std::any_of(problems.begin(), problems.end(), [&](const std::string& p) { return p.rfind(epsPath, 0) == 0; });
    if (object.contains(QStringLiteral("eps")) && !refused)
        m_epsField->setText(exactListText(setup.eps));
    // The variables of the study on display, else of the scenario's system.
    QStringList variables;
    for (int i = 0; i < m_variable->count(); ++i)
        variables << m_variable->itemData(i).toString();
    if (!setup.variable.empty()) {
        const qsizetype index = variables.indexOf(QString::fromStdString(setup.variable));
        if (index >= 0) {
            m_variable->setCurrentIndex(static_cast<int>(index));
            showVariable();
        } else {
            warnings << QStringLiteral("%1.variable: '%2' is not one of %3")
                            .arg(path, QString::fromStdString(setup.variable).left(80), variables.join(QStringLiteral(", ")));
        }
    }
    m_logScale->setChecked(setup.logScale); // the difference plot follows the box
}

} // namespace fl::ui
