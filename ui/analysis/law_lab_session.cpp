// The law lab's setup in a session file (view.setups.law-lab): the analysis's setup (contract/
// law_lab_analysis.h: the experiment by id and the values of its field), read and checked by the
// analysis against the experiments the scenario's law offers. Restoring runs nothing by itself:
// the lab runs when its tab is shown.
#include "analysis/law_lab.h"
#include "bridge/setup_json.h"

#include "params/parameter_spec.h"

#include <QComboBox>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace fl::ui {

QJsonObject LawLab::saveSetup() const
{
    // A law without internal states has no experiment: nothing to keep.
    if (!hasLaw() || m_experiment->count() == 0)
        return {};
    fl::LawLabSetup setup{fl::lawExperimentId(kind()), {}};
    // The field's numbers, when they all read as numbers > 0 (else the field is not kept).
    for (const QString& part : m_values->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = QLocale::c().toDouble(part, &ok);
        if (!ok || !std::isfinite(v) || v <= 0.0) {
            setup.values.clear();
            break;
        }
        setup.values.push_back(v);
    }
    return setupToJson(fl::LawLabAnalysis::write(m_scenario, setup));
}

void LawLab::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    if (!hasLaw() || m_experiment->count() == 0) {
        for (const QString& key : {QStringLiteral("experiment"), QStringLiteral("values")})
            if (object.contains(key))
                warnings << QStringLiteral("%1.%2: the law '%3' has no internal state to examine")
                                .arg(path, key, QString::fromStdString(m_scenario.lawId));
        return;
    }
    std::vector<std::string> problems;
    const fl::LawLabSetup setup =
        fl::TypedAnalysis<fl::LawLabAnalysis>::readTyped(m_scenario, setupFromJson(object), path.toStdString(), problems);
    for (const std::string& problem : problems)
        warnings << QString::fromStdString(problem);
    fl::LawExperimentKind kind = fl::LawExperimentKind::PreSliding;
    if (fl::parseLawExperiment(setup.experiment, kind)) {
        const QSignalBlocker block(m_experiment); // choosing in the box runs at once: not here
        m_experiment->setCurrentIndex(m_experiment->findData(static_cast<int>(kind)));
        resetFields();
    }
    // Values the analysis refused leave the experiment's defaults in the field (the warning says why).
    const std::string valuesPath = path.toStdString() + ".values";
    const bool refused = std::any_of(problems.begin(), problems.end(), [&](const std::string& p) { return p.rfind(valuesPath, 0) == 0; });
    if (object.contains(QStringLiteral("values")) && !refused) {
        QStringList texts;
        for (double v : setup.values)
            texts << QString::fromStdString(fl::formatNumber(v)); // reads back to the same double
        m_values->setText(texts.join(QStringLiteral(", ")));
    }
    // On screen the lab shows its experiment at once; hidden, it runs when its tab is shown.
    m_stale = true;
    if (isVisible())
        start();
}

} // namespace fl::ui
