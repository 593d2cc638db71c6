#include "analysis/analysis_text.h"
#include "params/parameter_spec.h"

#include <QObject>

namespace fl::ui {

QString parameterAxisLabel(const fl::Scenario& scenario, const std::string& id)
{
    const int index = scenario.params.index(id);
    if (index < 0)
        return QString::fromStdString(id);
    const fl::ParameterSpec& spec = scenario.params.specs()[size_t(index)];
    const QString symbol = QString::fromStdString(spec.symbol);
    return spec.unit == "–" ? symbol : QStringLiteral("%1 [%2]").arg(symbol, QString::fromStdString(spec.unit));
}

QString durationText(double seconds)
{
    if (seconds < 60.0)
        return QObject::tr("%1 s").arg(seconds, 0, 'f', seconds < 10.0 ? 1 : 0);
    return QObject::tr("%1 min %2 s").arg(int(seconds) / 60).arg(int(seconds) % 60);
}

} // namespace fl::ui
