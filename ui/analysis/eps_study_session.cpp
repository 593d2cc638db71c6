// The eps study's setup in a session file (view.setups.eps-study): the list of eps, the variable
// shown (by id) and the log scale of the difference plot. Restoring does not start a study.
#include "analysis/eps_study_data.h"
#include "analysis/eps_study_view.h"
#include "bridge/setup_reader.h"

#include "params/parameter_spec.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>

namespace fl::ui {

namespace {

/// More eps than a study plots legibly; each is one run.
constexpr int kMaxEps = 64;

fl::ParameterSpec epsSpec()
{
    for (const fl::ParameterSpec& spec : fl::numericsSpecs())
        if (spec.id == "eps")
            return spec;
    return {};
}

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
    QJsonObject setup{{QStringLiteral("logScale"), m_logScale->isChecked()}};
    // A list that does not parse is not kept: the field would refuse it at Run all the same.
    std::vector<double> eps;
    if (parseEpsList(m_epsField->text(), eps, nullptr)) {
        QJsonArray list;
        for (double e : eps)
            list.append(e);
        setup.insert(QStringLiteral("eps"), list);
    }
    if (m_variable->currentIndex() >= 0)
        setup.insert(QStringLiteral("variable"), m_variable->currentData().toString());
    return setup;
}

void EpsStudyView::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    SetupReader r(object, path, warnings);
    const fl::ParameterSpec spec = epsSpec();
    std::vector<double> eps;
    if (r.numbers(QStringLiteral("eps"), 1, kMaxEps, spec.min, spec.max, eps))
        m_epsField->setText(exactListText(eps));
    // The variables of the study on display, else of the scenario's system.
    QStringList variables;
    for (int i = 0; i < m_variable->count(); ++i)
        variables << m_variable->itemData(i).toString();
    QString variable;
    if (!variables.isEmpty() && r.oneOf(QStringLiteral("variable"), variables, variable)) {
        m_variable->setCurrentIndex(static_cast<int>(variables.indexOf(variable)));
        showVariable();
    }
    bool logScale = m_logScale->isChecked();
    if (r.boolean(QStringLiteral("logScale"), logScale))
        m_logScale->setChecked(logScale); // the difference plot follows the box
    r.finish();
}

} // namespace fl::ui
