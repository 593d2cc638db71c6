#include "widgets/palette_sharing_style.h"

#include <QApplication>
#include <QStyleFactory>
#include <QStyleOption>

#include <array>

namespace fl::ui {
namespace {

/// Paints `option` through `draw` with its palette replaced by the shared one, when it is an `Option`.
template <class Option, class Base, class Draw>
bool drawShared(const Base* option, Draw&& draw)
{
    const auto* typed = qstyleoption_cast<const Option*>(option);
    if (!typed)
        return false;
    Option copy(*typed);
    copy.palette = PaletteSharingStyle::shared(copy.palette);
    draw(&copy);
    return true;
}

} // namespace

PaletteSharingStyle::PaletteSharingStyle(const QString& baseKey) : QProxyStyle(QStyleFactory::create(baseKey)) {}

PaletteSharingStyle::PaletteSharingStyle(QStyle* base) : QProxyStyle(base) {}

QPalette PaletteSharingStyle::shared(const QPalette& palette)
{
    // A handful of distinct palettes exist (light, dark, a few overrides); a full table is
    // refilled round robin, which only costs new keys, never a wrong colour.
    static std::array<QPalette, 16> table;
    static std::array<bool, 16> used{};
    static size_t next = 0;
    for (size_t k = 0; k < table.size(); ++k)
        if (used[k] && table[k] == palette && table[k].resolveMask() == palette.resolveMask())
            return table[k];
    table[next] = palette;
    used[next] = true;
    const QPalette result = table[next];
    next = (next + 1) % table.size();
    return result;
}

void PaletteSharingStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                                             QPainter* painter, const QWidget* widget) const
{
    const auto draw = [&](const QStyleOptionComplex* copy) {
        QProxyStyle::drawComplexControl(control, copy, painter, widget);
    };
    if (drawShared<QStyleOptionSlider>(option, draw) || drawShared<QStyleOptionComboBox>(option, draw)
        || drawShared<QStyleOptionSpinBox>(option, draw))
        return;
    QProxyStyle::drawComplexControl(control, option, painter, widget);
}

void PaletteSharingStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                                        const QWidget* widget) const
{
    const auto draw = [&](const QStyleOption* copy) { QProxyStyle::drawPrimitive(element, copy, painter, widget); };
    if (element == PE_PanelButtonCommand && drawShared<QStyleOptionButton>(option, draw))
        return;
    QProxyStyle::drawPrimitive(element, option, painter, widget);
}

void PaletteSharingStyle::install()
{
    if (qobject_cast<PaletteSharingStyle*>(QApplication::style()))
        return;
    QApplication::setStyle(new PaletteSharingStyle(QApplication::style()->name()));
}

} // namespace fl::ui
