#include "plotdata/variable_text.h"
#include "systems/system_registry.h"

namespace fl::ui {

QString variableText(const std::string& systemId, const std::string& id)
{
    const fl::VariableLabel* label = fl::findVariableLabel(systemId, id);
    if (!label)
        return QString::fromStdString(id);
    const QString text = QString::fromStdString(label->label);
    return label->unit.empty() ? text : QStringLiteral("%1 [%2]").arg(text, QString::fromStdString(label->unit));
}

QString variableLabel(const std::string& systemId, const std::string& id)
{
    const fl::VariableLabel* label = fl::findVariableLabel(systemId, id);
    return QString::fromStdString(label ? label->label : id);
}

std::vector<std::string> variableLabels(const std::string& systemId, const std::vector<std::string>& ids)
{
    std::vector<std::string> labels;
    labels.reserve(ids.size());
    for (const std::string& id : ids)
        labels.push_back(variableLabel(systemId, id).toStdString());
    return labels;
}

} // namespace fl::ui
