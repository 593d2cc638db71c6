// The map's setup in a session file (view.setups.map): the fields of MapSetupPanel, by id.
#include "analysis/map_setup_panel.h"
#include "bridge/setup_reader.h"

#include <QComboBox>
#include <QSpinBox>

namespace fl::ui {

namespace {

QStringList observableIds()
{
    QStringList ids;
    for (fl::MapObservable o : {fl::MapObservable::Amplitude, fl::MapObservable::Period, fl::MapObservable::Lyapunov,
                                fl::MapObservable::StickFraction, fl::MapObservable::StickPhases})
        ids << QString::fromLatin1(fl::mapObservableId(o));
    return ids;
}

QJsonObject axisJson(const fl::MapAxis& axis)
{
    return {{QStringLiteral("parameter"), QString::fromStdString(axis.parameter)},
            {QStringLiteral("from"), axis.from},
            {QStringLiteral("to"), axis.to},
            {QStringLiteral("steps"), axis.steps}};
}

/// An axis over a parameter of the scenario, inside that parameter's allowed range.
void readAxis(SetupReader& setup, const QString& key, const fl::ParameterSet& params, fl::MapAxis& axis, QStringList& warnings)
{
    QJsonObject object;
    if (!setup.object(key, object))
        return;
    SetupReader r(object, setup.pathOf(key), warnings);
    QString parameter = QString::fromStdString(axis.parameter);
    QStringList ids;
    for (const fl::ParameterSpec& spec : params.specs())
        ids << QString::fromStdString(spec.id);
    if (r.oneOf(QStringLiteral("parameter"), ids, parameter))
        axis.parameter = parameter.toStdString();
    double lo = -1e300, hi = 1e300;
    for (const fl::ParameterSpec& spec : params.specs())
        if (spec.id == axis.parameter) {
            lo = spec.min;
            hi = spec.max;
        }
    r.number(QStringLiteral("from"), lo, hi, axis.from);
    r.number(QStringLiteral("to"), lo, hi, axis.to);
    r.integer(QStringLiteral("steps"), 2, 2000, axis.steps);
}

} // namespace

QJsonObject MapSetupPanel::saveSetup() const
{
    QJsonObject setup{{QStringLiteral("x"), axisJson(m_spec.x)},
                      {QStringLiteral("y"), axisJson(m_spec.y)},
                      {QStringLiteral("observable"), QString::fromLatin1(fl::mapObservableId(m_spec.observable))},
                      {QStringLiteral("transient"), m_spec.transient},
                      {QStringLiteral("record"), m_spec.record},
                      {QStringLiteral("maxPeriod"), m_spec.maxPeriod},
                      {QStringLiteral("threads"), threads()}};
    if (m_spec.variable >= 0 && m_spec.variable < static_cast<int>(m_stateNames.size()))
        setup.insert(QStringLiteral("variable"), QString::fromStdString(m_stateNames[static_cast<size_t>(m_spec.variable)]));
    return setup;
}

void MapSetupPanel::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    fl::MapSpec spec = m_spec;
    SetupReader r(object, path, warnings);
    readAxis(r, QStringLiteral("x"), m_scenario.params, spec.x, warnings);
    readAxis(r, QStringLiteral("y"), m_scenario.params, spec.y, warnings);
    QString observable = QString::fromLatin1(fl::mapObservableId(spec.observable));
    if (r.oneOf(QStringLiteral("observable"), observableIds(), observable))
        fl::parseMapObservable(observable.toStdString(), spec.observable);
    QStringList variables;
    for (const std::string& name : m_stateNames)
        variables << QString::fromStdString(name);
    QString variable;
    if (!variables.isEmpty() && r.oneOf(QStringLiteral("variable"), variables, variable))
        spec.variable = static_cast<int>(variables.indexOf(variable));
    r.number(QStringLiteral("transient"), 0.0, fl::kMaxMapPointTime, spec.transient);
    r.number(QStringLiteral("record"), 0.0, fl::kMaxMapPointTime, spec.record);
    r.integer(QStringLiteral("maxPeriod"), m_maxPeriod->minimum(), m_maxPeriod->maximum(), spec.maxPeriod);
    int threadCount = threads();
    if (r.integer(QStringLiteral("threads"), m_threads->minimum(), m_threads->maximum(), threadCount))
        m_threads->setValue(threadCount);
    r.finish();
    setSpec(spec); // shows the fields, then checks the whole (a message in red if the map cannot run)
}

} // namespace fl::ui
