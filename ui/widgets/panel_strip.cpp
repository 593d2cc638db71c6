#include "widgets/panel_strip.h"

#include <QPainter>
#include <QStyleOptionButton>

namespace fl::ui {

PanelStrip::PanelStrip(QWidget* parent) : QAbstractButton(parent)
{
    setObjectName(QStringLiteral("panelStrip"));
    setText(tr("Parameters"));
    setToolTip(tr("Show the parameters over the views (Ctrl+Shift+P)"));
    setAccessibleName(tr("Parameters"));
    setCheckable(true);
    setFocusPolicy(Qt::TabFocus);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
}

QSize PanelStrip::sizeHint() const
{
    const QFontMetrics metrics = fontMetrics();
    return {metrics.height() + 10, metrics.horizontalAdvance(text()) + 24};
}

QSize PanelStrip::minimumSizeHint() const
{
    // As tall as the text allows; a short area elides it.
    return {fontMetrics().height() + 10, fontMetrics().height() * 3};
}

void PanelStrip::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    QStyleOptionButton option;
    option.initFrom(this);
    option.state |= isDown() || isChecked() ? QStyle::State_Sunken : QStyle::State_Raised;
    style()->drawControl(QStyle::CE_PushButtonBevel, &option, &painter, this);
    // The name runs upwards, read with the head tilted left, as on a book's spine.
    painter.translate(0, height());
    painter.rotate(-90);
    const QRect box(8, 0, height() - 16, width());
    const QString shown = fontMetrics().elidedText(text(), Qt::ElideRight, box.width());
    painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::ButtonText));
    painter.drawText(box, Qt::AlignCenter, shown);
}

} // namespace fl::ui
