#pragma once
// Found by the one-hour soak: Qt's Fusion style caches the pixmaps of sliders, combo boxes, spin boxes and
// buttons under string keys that contain the palette's cacheKey(). Every widget gets its own
// palette instance when it is created (resolved from its parent's), so a parameter panel that
// rebuilds its rows paints under ever new keys; the pixmaps are evicted, the keys pile up (a
// 25-minute soak made 21 929 distinct keys, 14 256 of them slider grooves). This proxy paints
// those controls with one shared instance per distinct palette, so the keys repeat.
#include <QProxyStyle>

namespace fl::ui {

class PaletteSharingStyle : public QProxyStyle {
    Q_OBJECT
public:
    /// Wraps a new instance of the style called `baseKey` (e.g. "Fusion").
    explicit PaletteSharingStyle(const QString& baseKey);
    /// Wraps `base` (and takes it).
    explicit PaletteSharingStyle(QStyle* base);

    void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option, QPainter* painter,
                            const QWidget* widget = nullptr) const override;
    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;

    /// The shared instance equal to `palette` (same colours, same cacheKey() on every call).
    static QPalette shared(const QPalette& palette);
    /// Makes the application's style a PaletteSharingStyle around the current one (once).
    static void install();
};

} // namespace fl::ui
