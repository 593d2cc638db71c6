#include "widgets/elided_label.h"

#include <QEvent>

namespace fl::ui {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ElidedLabel::setFullText(const QString& text, const QString& color)
{
    m_text = text;
    m_measured = elideChars(text, kElidedLabelMaxChars);
    m_color = color;
    relabel();
    updateGeometry();
}

QString ElidedLabel::html(const QString& text) const
{
    return m_color.isEmpty() || text.isEmpty() ? text.toHtmlEscaped()
                                               : QStringLiteral("<span style=\"color:%1\">%2</span>").arg(m_color, text.toHtmlEscaped());
}

QString ElidedLabel::fullHtml() const
{
    return html(m_text);
}

QSize ElidedLabel::sizeHint() const
{
    const QMargins m = contentsMargins();
    return {fontMetrics().horizontalAdvance(m_measured) + m.left() + m.right() + 2 * margin(), QLabel::minimumSizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    return {fontMetrics().horizontalAdvance(QStringLiteral("…")) * 2, QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    relabel();
}

void ElidedLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        relabel();
}

void ElidedLabel::relabel()
{
    const QMargins m = contentsMargins();
    const int room = std::max(0, width() - m.left() - m.right() - 2 * margin());
    const QString shown = fontMetrics().elidedText(m_measured, Qt::ElideRight, room);
    setText(html(shown));
    setToolTip(shown == m_text ? QString() : m_measured);
}

} // namespace fl::ui
