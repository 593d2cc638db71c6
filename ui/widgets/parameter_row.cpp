#include "widgets/parameter_row.h"

#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>

namespace fl::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }
/// The exact shortest text where it fits the field, else 7 significant digits (0.6666667).
QString numberText(double value)
{
    const QString exact = qs(fl::formatNumber(value));
    return exact.size() <= 10 ? exact : QString::number(value, 'g', 7);
}

} // namespace

ParameterRow::ParameterRow(const fl::ParameterSpec& spec, QGridLayout* grid, int gridRow, QWidget* parent)
    : QObject(parent), m_spec(spec), m_scale(spec), m_value(spec.defaultValue),
      m_symbol(new QLabel(qs(spec.symbol), parent)), m_slider(new QSlider(Qt::Horizontal, parent)),
      m_editor(new QLineEdit(parent)), m_unit(new QLabel(spec.unit == "–" ? QString() : qs(spec.unit), parent)),
      m_error(new QLabel(parent))
{
    m_slider->setRange(0, SliderScale::kSteps);
    m_slider->setPageStep(SliderScale::kSteps / 20);
    m_slider->setObjectName(QStringLiteral("slider_") + id());
    m_editor->setObjectName(QStringLiteral("edit_") + id());
    m_editor->setMaxLength(24);
    m_editor->setFixedWidth(m_editor->fontMetrics().horizontalAdvance(QStringLiteral("-0.000000e-00")));
    m_editor->setAlignment(Qt::AlignRight);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_error->hide();

    const QString tip = toolTip();
    for (QWidget* w : {static_cast<QWidget*>(m_symbol), static_cast<QWidget*>(m_slider),
                       static_cast<QWidget*>(m_editor), static_cast<QWidget*>(m_unit)})
        w->setToolTip(tip);

    grid->addWidget(m_symbol, gridRow, 0);
    grid->addWidget(m_slider, gridRow, 1);
    grid->addWidget(m_editor, gridRow, 2);
    grid->addWidget(m_unit, gridRow, 3);
    grid->addWidget(m_error, gridRow + 1, 0, 1, 4);
    setValue(spec.defaultValue);

    // valueChanged, not sliderReleased: dragging re-simulates live.
    connect(m_slider, &QSlider::valueChanged, this, &ParameterRow::onSliderMoved);
    connect(m_editor, &QLineEdit::textEdited, this, &ParameterRow::onTextEdited);
    connect(m_editor, &QLineEdit::editingFinished, this, &ParameterRow::onEditingFinished);
}

void ParameterRow::setValue(double value)
{
    m_value = value;
    const QSignalBlocker blockSlider(m_slider);
    m_slider->setValue(m_scale.position(value));
    m_editor->setText(numberText(value));
}

void ParameterRow::setError(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
    m_editor->setStyleSheet(message.isEmpty() ? QString() : QStringLiteral("border: 1px solid #c0392b;"));
}

QString ParameterRow::error() const { return m_error->text(); }

void ParameterRow::setEnabled(bool enabled)
{
    for (QWidget* w : {static_cast<QWidget*>(m_symbol), static_cast<QWidget*>(m_slider),
                       static_cast<QWidget*>(m_editor), static_cast<QWidget*>(m_unit)})
        w->setEnabled(enabled);
}

void ParameterRow::onSliderMoved(int position)
{
    m_value = m_scale.value(position);
    m_editor->setText(numberText(m_value));
    emit edited(id(), m_value);
}

void ParameterRow::onTextEdited(const QString& text)
{
    bool ok = false;
    const double value = QLocale::c().toDouble(text.trimmed(), &ok);
    if (!ok) {
        emit invalidText(id(), QStringLiteral("%1: \"%2\" is not a number; allowed range %3")
                                   .arg(id(), text.trimmed(), qs(fl::rangeText(m_spec))));
        return;
    }
    // Follow with the slider only for values the spec accepts; the panel reports the others.
    if (value >= m_spec.min && value <= m_spec.max) {
        m_value = value;
        const QSignalBlocker blockSlider(m_slider);
        m_slider->setValue(m_scale.position(value));
    }
    emit edited(id(), value);
}

void ParameterRow::onEditingFinished()
{
    bool ok = false;
    const double value = QLocale::c().toDouble(m_editor->text().trimmed(), &ok);
    // Tidy an accepted entry ("2." -> "2"); leave a rejected one in place next to its error.
    if (ok && value == m_value)
        m_editor->setText(numberText(value));
}

QString ParameterRow::toolTip() const
{
    const QString unit = m_spec.unit == "–" ? QString() : QStringLiteral(" ") + qs(m_spec.unit);
    return QStringLiteral("<b>%1</b> (%2)<br>%3<br>Allowed range: %4%5<br>Default: %6%5")
        .arg(qs(m_spec.label).toHtmlEscaped(), qs(m_spec.symbol).toHtmlEscaped(), qs(m_spec.help).toHtmlEscaped(),
             qs(fl::rangeText(m_spec)), unit, numberText(m_spec.defaultValue));
}

} // namespace fl::ui
