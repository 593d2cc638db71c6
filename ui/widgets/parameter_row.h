#pragma once
#include "params/parameter_spec.h"
#include "widgets/slider_scale.h"

#include <QObject>
#include <QString>

class QGridLayout;
class QLabel;
class QLineEdit;
class QSlider;

namespace fl::ui {

/// The widgets of one parameter, generated from its ParameterSpec and placed on two rows of a
/// grid: symbol | slider | value field | unit, and below them a red error line (hidden when
/// empty). Every widget's tooltip gives label, help, allowed range and default.
class ParameterRow : public QObject {
    Q_OBJECT
public:
    /// Creates the widgets as children of parent, on grid rows gridRow and gridRow + 1.
    ParameterRow(const fl::ParameterSpec& spec, QGridLayout* grid, int gridRow, QWidget* parent);

    const fl::ParameterSpec& spec() const { return m_spec; }
    QString id() const { return QString::fromStdString(m_spec.id); }
    /// Shows a value in the slider and the field without emitting edited.
    void setValue(double value);
    /// Shows a message on the error line; an empty message hides it.
    void setError(const QString& message);
    QString error() const;
    void setEnabled(bool enabled);

    QSlider* slider() const { return m_slider; }
    QLineEdit* editor() const { return m_editor; }

signals:
    /// The user moved the slider or typed a number (not yet checked against the range).
    void edited(const QString& id, double value);
    /// The user typed text that is not a number; message names the allowed range.
    void invalidText(const QString& id, const QString& message);

private:
    void onSliderMoved(int position);
    void onTextEdited(const QString& text);
    void onEditingFinished();
    QString toolTip() const;

    fl::ParameterSpec m_spec;
    SliderScale m_scale;
    double m_value;
    QLabel* m_symbol;
    QSlider* m_slider;
    QLineEdit* m_editor;
    QLabel* m_unit;
    QLabel* m_error;
};

} // namespace fl::ui
