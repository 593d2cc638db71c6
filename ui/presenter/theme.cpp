#include "presenter/theme.h"

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

double channel(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(const QColor& c)
{
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

Theme lightTheme()
{
    Theme t;
    t.id = QStringLiteral("light");
    t.name = QStringLiteral("Light");
    t.window = QColor(0xef, 0xef, 0xef);
    t.windowText = QColor(0x10, 0x10, 0x10);
    t.base = Qt::white;
    t.button = QColor(0xe6, 0xe6, 0xe6);
    t.highlight = QColor(0x30, 0x8c, 0xc6);
    t.plotBackground = Qt::white;
    t.axis = QColor(0x20, 0x20, 0x20);
    t.grid = QColor(0xc8, 0xc8, 0xc8);
    t.subGrid = QColor(0xe6, 0xe6, 0xe6);
    t.stickTint = QColor(0xff, 0xe4, 0xcb);
    t.stickStrip = QColor(0xc0, 0x5a, 0x00); // 4.5:1 on white
    return t;
}

Theme darkTheme()
{
    Theme t;
    t.id = QStringLiteral("dark");
    t.name = QStringLiteral("Dark");
    t.window = QColor(0x2b, 0x2b, 0x2b);
    t.windowText = QColor(0xee, 0xee, 0xee);
    t.base = QColor(0x1e, 0x1e, 0x1e);
    t.button = QColor(0x3a, 0x3a, 0x3a);
    t.highlight = QColor(0x4a, 0x9c, 0xe0);
    t.plotBackground = QColor(0x16, 0x16, 0x16);
    t.axis = QColor(0xdd, 0xdd, 0xdd);
    t.grid = QColor(0x4a, 0x4a, 0x4a);
    t.subGrid = QColor(0x30, 0x30, 0x30);
    t.stickTint = QColor(0x4a, 0x33, 0x1a);
    t.stickStrip = QColor(0xf5, 0xa6, 0x23); // 8.9:1 on #161616
    t.adaptCurves = true;
    SceneStyle& s = t.scene;
    s.background = t.plotBackground;
    s.text = t.windowText;
    s.ground = QColor(0xaa, 0xaa, 0xaa);
    s.body = QColor(0x9e, 0xc5, 0xe8);
    s.bodyFill = QColor(0x2f, 0x5f, 0x8f);
    s.surface = QColor(0xbb, 0xbb, 0xbb);
    s.surfaceFill = QColor(0x3c, 0x3c, 0x3c);
    s.marker = QColor(0xee, 0xee, 0xee);
    s.spring = QColor(0x7c, 0xd9, 0x7f);
    s.friction = QColor(0xff, 0x6b, 0x5b);
    s.forcing = QColor(0xd2, 0x9b, 0xf0);
    s.trail = s.contact = s.stick = QColor(0xf5, 0x8a, 0x23);
    s.slip = QColor(0x35, 0x86, 0xd4);
    return t;
}

Theme highContrastTheme()
{
    Theme t = lightTheme();
    t.id = QStringLiteral("high-contrast");
    t.name = QStringLiteral("High contrast");
    t.window = Qt::white;
    t.windowText = Qt::black;
    t.button = QColor(0xf0, 0xf0, 0xf0);
    t.highlight = QColor(0x00, 0x3c, 0xb4);
    t.axis = Qt::black;
    t.grid = QColor(0x90, 0x90, 0x90);
    t.subGrid = QColor(0xd0, 0xd0, 0xd0);
    t.stickTint = QColor(0xff, 0xd0, 0x9a);
    t.stickStrip = QColor(0x9a, 0x40, 0x00); // 6.8:1 on white
    t.lineScale = 1.6;
    SceneStyle& s = t.scene;
    s.text = Qt::black;
    s.ground = Qt::black;
    s.body = QColor(0x00, 0x2b, 0x66);
    s.surface = Qt::black;
    s.marker = Qt::black;
    s.spring = QColor(0x00, 0x5a, 0x12);
    s.friction = QColor(0xb0, 0x00, 0x00);
    s.stick = QColor(0xa8, 0x45, 0x00);
    s.slip = QColor(0x00, 0x3c, 0xb4);
    return t;
}

} // namespace

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor Theme::curve(const QColor& light) const
{
    if (!adaptCurves)
        return light;
    QColor c = light;
    // Lighten in HSL until the curve stands out from the dark plot background.
    for (int i = 0; i < 12 && contrastRatio(c, plotBackground) < 4.5; ++i)
        c = QColor::fromHslF(c.hslHueF(), c.hslSaturationF(), std::min(0.95f, c.lightnessF() + 0.06f), c.alphaF());
    return c;
}

const std::vector<Theme>& themes()
{
    static const std::vector<Theme> list = {lightTheme(), darkTheme(), highContrastTheme()};
    return list;
}

const Theme& findTheme(const QString& id)
{
    for (const Theme& t : themes())
        if (t.id == id)
            return t;
    return themes().front();
}

} // namespace fl::ui
