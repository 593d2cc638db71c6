#include "widgets/parameter_row.h"
#include "presenter/appearance.h"
#include "bridge/qs.h"
#include "widgets/precise_slider.h"

#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>

namespace fl::ui {
ParameterRow::ParameterRow(const fl::ParameterSpec& spec, QGridLayout* grid, int gridRow, QWidget* parent)
    : QObject(parent), m_spec(spec), m_scale(spec), m_value(spec.defaultValue),
      m_symbol(new QLabel(qs(spec.symbol), parent)), m_slider(new PreciseSlider(parent)),
      m_editor(new QLineEdit(parent)), m_unit(new QLabel(spec.unit == "–" ? QString() : qs(spec.unit), parent)),
      m_range(new QLabel(parent)), m_error(new QLabel(parent))
{
    m_slider->setObjectName(QStringLiteral("slider_") + id());
    m_editor->setObjectName(QStringLiteral("edit_") + id());
    m_editor->setMaxLength(24);
    fitEditorWidth();
    m_editor->setAlignment(Qt::AlignRight);
    m_range->setObjectName(QStringLiteral("range_") + id());
    m_range->setTextFormat(Qt::RichText);
    m_range->setToolTip(tr("The slider covers only this part of the allowed range %1. N (slider focused) narrows "
                           "further, W widens; \"full range\" or the slider's context menu restores it.")
                            .arg(qs(fl::rangeText(spec))));
    m_range->hide();
    m_error->setWordWrap(true);
    setScaledStyleSheet(m_error, QStringLiteral("color: #c0392b;"));
    m_error->hide();

    const QString tip = toolTip();
    for (QWidget* w : {static_cast<QWidget*>(m_symbol), static_cast<QWidget*>(m_slider),
                       static_cast<QWidget*>(m_editor), static_cast<QWidget*>(m_unit)})
        w->setToolTip(tip);

    grid->addWidget(m_symbol, gridRow, 0);
    grid->addWidget(m_slider, gridRow, 1);
    grid->addWidget(m_editor, gridRow, 2);
    grid->addWidget(m_unit, gridRow, 3);
    grid->addWidget(m_range, gridRow + 1, 1, 1, 3);
    grid->addWidget(m_error, gridRow + 2, 0, 1, 4);
    setValue(spec.defaultValue);
    connectWidgets();
}

void ParameterRow::connectWidgets()
{
    // valueChanged, not sliderReleased: dragging re-simulates live.
    connect(m_slider, &PreciseSlider::valueChanged, this, &ParameterRow::onSliderMoved);
    connect(m_editor, &QLineEdit::textEdited, this, &ParameterRow::onTextEdited);
    connect(m_editor, &QLineEdit::editingFinished, this, &ParameterRow::onEditingFinished);
    m_editor->installEventFilter(this);
    // One drag, one typed value, one spell of keys on the focused slider: one undo step each.
    connect(m_slider, &PreciseSlider::sliderPressed, this, &ParameterRow::endGesture);
    connect(m_slider, &PreciseSlider::sliderReleased, this, &ParameterRow::endGesture);
    connect(m_slider, &PreciseSlider::focusLost, this, &ParameterRow::endGesture);
    connect(m_slider, &PreciseSlider::narrowRequested, this, &ParameterRow::narrow);
    connect(m_slider, &PreciseSlider::widenRequested, this, &ParameterRow::widen);
    connect(m_slider, &PreciseSlider::fullRangeRequested, this, &ParameterRow::restoreFullRange);
    connect(m_range, &QLabel::linkActivated, this, &ParameterRow::restoreFullRange);
}

void ParameterRow::setValue(double value)
{
    m_value = value;
    m_scale.follow(value);
    showRange();
    m_editor->setText(valueText(value));
}

void ParameterRow::setError(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
    setScaledStyleSheet(m_editor, message.isEmpty() ? QString() : QStringLiteral("border: 1px solid #c0392b;"));
}

QString ParameterRow::error() const { return m_error->text(); }

void ParameterRow::setEnabled(bool enabled)
{
    for (QWidget* w : {static_cast<QWidget*>(m_symbol), static_cast<QWidget*>(m_slider),
                       static_cast<QWidget*>(m_editor), static_cast<QWidget*>(m_unit), static_cast<QWidget*>(m_range)})
        w->setEnabled(enabled);
}

void ParameterRow::narrowLike(const ParameterRow& other)
{
    m_scale.narrowLike(other.m_scale, m_value);
    showRange();
}

void ParameterRow::narrow()
{
    if (m_scale.narrow(m_value))
        showRange();
}

void ParameterRow::widen()
{
    if (m_scale.widen(m_value))
        showRange();
}

void ParameterRow::restoreFullRange()
{
    m_scale.restoreFullRange();
    showRange();
}

void ParameterRow::showRange()
{
    {
        const QSignalBlocker blockSlider(m_slider);
        m_slider->setValue(m_scale.position(m_value));
    }
    m_slider->setRangeActions(m_scale.narrowing() < SliderScale::kMaxNarrowing, m_scale.isNarrowed());
    if (!m_scale.isNarrowed()) {
        m_range->hide();
        return;
    }
    const QString times = m_scale.narrowing() > 1 ? QStringLiteral(" ×%1").arg(m_scale.narrowing()) : QString();
    m_range->setText(tr("<b>[%1, %2] (narrowed%3)</b> · <a href=\"full\">full range</a>")
                         .arg(valueText(m_scale.min()), valueText(m_scale.max()), times));
    m_range->show();
}

void ParameterRow::onSliderMoved(int position)
{
    // A key or wheel step moves a whole-number parameter by at least 1; the handle then sits on
    // the new value, so that the next step starts from it.
    const bool stepped = !m_slider->isSliderDown();
    m_value = stepped ? m_scale.steppedValue(m_value, position) : m_scale.value(position);
    if (stepped && m_scale.isWhole() && m_scale.position(m_value) != position)
        showRange();
    m_editor->setText(valueText(m_value));
    m_editKey = QStringLiteral("%1:%2:%3").arg(m_slider->isSliderDown() ? QStringLiteral("drag") : QStringLiteral("step"), id())
                    .arg(m_gesture);
    emit edited(id(), m_value);
}

void ParameterRow::onTextEdited(const QString& text)
{
    m_editKey = QStringLiteral("type:%1:%2").arg(id()).arg(m_gesture);
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
        m_scale.follow(value);
        showRange();
    }
    emit edited(id(), value);
}

void ParameterRow::onEditingFinished()
{
    endGesture();
    bool ok = false;
    const double value = QLocale::c().toDouble(m_editor->text().trimmed(), &ok);
    // Tidy an accepted entry ("2." -> "2"); this also ends the field's own undo history, so
    // Ctrl+Z now undoes the whole entry in the window. A rejected entry stays in place next to
    // its error, with its history (Ctrl+Z in the field undoes the typing).
    if (ok && value == m_value && m_error->text().isEmpty())
        m_editor->setText(valueText(value));
}

void ParameterRow::fitEditorWidth()
{
    // The longest value text, its frame and margins, in the font in force (a width fixed at
    // 100 % showed "0" of "0.5" at 200 %).
    const int text = m_editor->fontMetrics().horizontalAdvance(QStringLiteral("-0.000000e-00"));
    m_editor->setFixedWidth(text + m_editor->fontMetrics().averageCharWidth() + 8);
}

bool ParameterRow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_editor && event->type() == QEvent::FontChange)
        fitEditorWidth();
    // QLineEdit claims Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y even with nothing to undo or redo: then
    // leave them to the window's Undo and Redo.
    if (watched == m_editor && event->type() == QEvent::ShortcutOverride) {
        const auto* key = static_cast<QKeyEvent*>(event);
        const QKeyCombination combination = key->keyCombination();
        const bool undo = combination == QKeyCombination(Qt::ControlModifier, Qt::Key_Z);
        const bool redo = combination == QKeyCombination(Qt::ControlModifier | Qt::ShiftModifier, Qt::Key_Z)
                          || combination == QKeyCombination(Qt::ControlModifier, Qt::Key_Y);
        if ((undo && !m_editor->isUndoAvailable()) || (redo && !m_editor->isRedoAvailable())) {
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

QString ParameterRow::toolTip() const
{
    const QString unit = m_spec.unit == "–" ? QString() : QStringLiteral(" ") + qs(m_spec.unit);
    return tr("<b>%1</b> (%2)<br>%3<br>Allowed range: %4%5<br>Default: %6%5<br><br>"
              "Drag or arrow keys; hold <b>Shift</b> for 10× finer steps.<br>"
              "<b>N</b> narrows the slider's range around the value (again for finer), <b>W</b> widens it; "
              "right-click for the menu.<br>"
              "The wheel moves a slider only when it has the keyboard focus (click it first); "
              "otherwise it scrolls the panel.<br>Ctrl+Z undoes a change, Ctrl+Shift+Z redoes it.")
        .arg(qs(m_spec.label).toHtmlEscaped(), qs(m_spec.symbol).toHtmlEscaped(), qs(m_spec.help).toHtmlEscaped(),
             qs(fl::rangeText(m_spec)), unit, valueText(m_spec.defaultValue));
}

} // namespace fl::ui
