#pragma once
// Number fields of the bifurcation form: C-locale text, a label for messages, the allowed values
// in the tooltip, a red border while the text is not a number.
#include <QString>
#include <QVariant>

class QComboBox;
class QLabel;
class QLineEdit;
class QWidget;

namespace fl {
struct ParameterSpec;
}

namespace fl::ui {

/// A right-aligned field named `name` (object name); `label` names it in messages; `tip` says
/// what it means and which values are allowed.
QLineEdit* makeNumberField(const QString& name, const QString& label, const QString& tip, QWidget* parent);
/// Reads a finite C-locale number. On failure error (if given) names the field, the text and the
/// allowed values (the tooltip).
bool readNumberField(const QLineEdit* field, double& value, QString* error = nullptr);
/// Selects the combo's item with this data (none found: the selection stays).
void selectData(QComboBox* combo, const QVariant& data);
/// Marks a field invalid (red border) or valid.
void markNumberField(QLineEdit* field, bool valid);
/// The exact shortest text of a value where it is short, else 7 significant digits.
QString numberFieldText(double value);
/// Shows a value (numberFieldText) and keeps it: readNumberField gives the value itself, not its
/// shown digits, while the text is unchanged (a forcing period 2 pi / w shown as 7.853982 was
/// swept at that, and the window's diagram differed from the session's).
void setNumberField(QLineEdit* field, double value);

/// A parameter's unit as a field shows it (empty for a dimensionless one).
QString unitText(const fl::ParameterSpec& spec);
/// A field with its unit label on the right.
QWidget* withUnit(QWidget* field, QLabel* unit, QWidget* parent);
/// A parameter as an item of a parameter choice: "v_b  Belt speed [m/s]", its id as the data, its
/// help and allowed range as the tooltip.
void addParameterItem(QComboBox* combo, const fl::ParameterSpec& spec);

} // namespace fl::ui
