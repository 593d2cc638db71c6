// The law lab's setup in a session file (view.setups.law-lab): the experiment (an id) and the
// values of its field (amplitudes, frequencies or the two speeds), checked against the experiments
// the scenario's law offers. Restoring runs nothing by itself: the lab runs when its tab is shown.
#include "analysis/law_lab.h"
#include "bridge/setup_reader.h"

#include "params/parameter_spec.h"

#include <QComboBox>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>

#include <cmath>
#include <limits>
#include <utility>

namespace fl::ui {

namespace {

const std::pair<fl::LawExperimentKind, const char*> kExperiments[] = {{fl::LawExperimentKind::PreSliding, "pre-sliding"},
                                                                      {fl::LawExperimentKind::FrictionalLag, "frictional-lag"},
                                                                      {fl::LawExperimentKind::SpeedSteps, "speed-steps"}};
/// At most this many amplitudes or frequencies (as the field takes them).
constexpr int kMaxValues = 8;

QString experimentId(fl::LawExperimentKind kind)
{
    for (const auto& [k, id] : kExperiments)
        if (k == kind)
            return QString::fromLatin1(id);
    return {};
}

/// The field's numbers (positive, finite); false for text the field would refuse at Run.
bool parseValues(const QString& text, std::vector<double>& out)
{
    std::vector<double> values;
    for (const QString& part : text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = QLocale::c().toDouble(part, &ok);
        if (!ok || !std::isfinite(v) || v <= 0.0)
            return false;
        values.push_back(v);
    }
    out = std::move(values);
    return !out.empty();
}

} // namespace

QJsonObject LawLab::saveSetup() const
{
    // A law without internal states has no experiment: nothing to keep.
    if (!hasLaw() || m_experiment->count() == 0)
        return {};
    QJsonObject setup{{QStringLiteral("experiment"), experimentId(kind())}};
    std::vector<double> values;
    if (parseValues(m_values->text(), values)) {
        QJsonArray list;
        for (double v : values)
            list.append(v);
        setup.insert(QStringLiteral("values"), list);
    }
    return setup;
}

void LawLab::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    SetupReader r(object, path, warnings);
    if (!hasLaw() || m_experiment->count() == 0) {
        for (const QString& key : {QStringLiteral("experiment"), QStringLiteral("values")})
            if (r.has(key))
                r.warn(key, QStringLiteral("the law '%1' has no internal state to examine").arg(QString::fromStdString(m_scenario.lawId)));
        return;
    }
    QStringList offered;
    for (int i = 0; i < m_experiment->count(); ++i)
        offered << experimentId(static_cast<fl::LawExperimentKind>(m_experiment->itemData(i).toInt()));
    QString experiment;
    if (r.oneOf(QStringLiteral("experiment"), offered, experiment)) {
        const QSignalBlocker block(m_experiment); // choosing in the box runs at once: not here
        m_experiment->setCurrentIndex(static_cast<int>(offered.indexOf(experiment)));
        resetFields();
    }
    std::vector<double> values;
    if (r.numbers(QStringLiteral("values"), 1, kMaxValues, 0.0, std::numeric_limits<double>::max(), values)) {
        const bool steps = kind() == fl::LawExperimentKind::SpeedSteps;
        bool positive = true;
        for (double v : values)
            positive = positive && v > 0.0;
        if (!positive)
            r.warn(QStringLiteral("values"), QStringLiteral("each value must be > 0"));
        else if (steps && (values.size() != 2 || values[0] == values[1]))
            r.warn(QStringLiteral("values"), QStringLiteral("speed steps take two different speeds v1, v2"));
        else {
            QStringList texts;
            for (double v : values)
                texts << QString::fromStdString(fl::formatNumber(v)); // reads back to the same double
            m_values->setText(texts.join(QStringLiteral(", ")));
        }
    }
    r.finish();
    // On screen the lab shows its experiment at once; hidden, it runs when its tab is shown.
    m_stale = true;
    if (isVisible())
        start();
}

} // namespace fl::ui
