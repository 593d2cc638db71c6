#include "analysis/bifurcation_number_field.h"
#include "presenter/appearance.h"
#include "params/parameter_spec.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QObject>

#include <cmath>

namespace fl::ui {

QLineEdit* makeNumberField(const QString& name, const QString& label, const QString& tip, QWidget* parent)
{
    auto* edit = new QLineEdit(parent);
    edit->setObjectName(name);
    edit->setProperty("fieldLabel", label);
    edit->setToolTip(tip);
    edit->setAlignment(Qt::AlignRight);
    edit->setMaxLength(24);
    return edit;
}

void setNumberField(QLineEdit* field, double value)
{
    const QString text = numberFieldText(value);
    field->setProperty("exactValue", value);
    field->setProperty("exactText", text);
    field->setText(text);
}

bool readNumberField(const QLineEdit* field, double& value, QString* error)
{
    if (const QVariant shown = field->property("exactText"); shown.isValid() && shown.toString() == field->text().trimmed()) {
        value = field->property("exactValue").toDouble();
        return true;
    }
    bool ok = false;
    const double parsed = QLocale::c().toDouble(field->text().trimmed(), &ok);
    if (ok && std::isfinite(parsed)) {
        value = parsed;
        return true;
    }
    if (error)
        *error = QObject::tr("%1: \"%2\" is not a number. %3")
                     .arg(field->property("fieldLabel").toString(), field->text().trimmed(), field->toolTip());
    return false;
}

void selectData(QComboBox* combo, const QVariant& data)
{
    const int index = combo->findData(data);
    if (index >= 0)
        combo->setCurrentIndex(index);
}

void markNumberField(QLineEdit* field, bool valid)
{
    setScaledStyleSheet(field, valid ? QString() : QStringLiteral("border: 1px solid #c0392b;"));
}

QString numberFieldText(double value)
{
    const QString exact = QString::fromStdString(fl::formatNumber(value));
    return exact.size() <= 10 ? exact : QString::number(value, 'g', 7);
}

QString unitText(const fl::ParameterSpec& spec) { return spec.unit == "–" ? QString() : QString::fromStdString(spec.unit); }

QWidget* withUnit(QWidget* field, QLabel* unit, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(field, 1);
    unit->setMinimumWidth(unit->fontMetrics().horizontalAdvance(QStringLiteral("kg m²")));
    row->addWidget(unit);
    return box;
}

void addParameterItem(QComboBox* combo, const fl::ParameterSpec& spec)
{
    const QString unit = unitText(spec);
    const auto text = [](const std::string& s) { return QString::fromStdString(s); };
    combo->addItem(QStringLiteral("%1  %2%3").arg(text(spec.symbol), text(spec.label), unit.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(unit)),
                   text(spec.id));
    combo->setItemData(combo->count() - 1,
                       QStringLiteral("%1 (%2): %3\nAllowed range %4").arg(text(spec.id), text(spec.label), text(spec.help), text(fl::rangeText(spec))),
                       Qt::ToolTipRole);
}

} // namespace fl::ui
