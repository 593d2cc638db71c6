#pragma once
// Colour themes (docs/architecture.md idea 14, after PhET's colour profiles): every colour of the
// window, the plots and the mechanism named once by role, with a value per theme, so a switch
// recolours everything at once. Light for the desk, dark for a dim hall, high contrast for a
// washed-out projector.
#include "mechanism/scene_style.h"

#include <QColor>
#include <QString>

#include <vector>

namespace fl::ui {

struct Theme {
    QString id;          ///< "light", "dark", "high-contrast"
    QString name;
    QColor window;       ///< panels and dialogs
    QColor windowText;
    QColor base;         ///< text fields
    QColor button;
    QColor highlight;
    QColor plotBackground;
    QColor axis;         ///< axes, ticks, tick labels, titles
    QColor grid;
    QColor subGrid;
    QColor stickTint;    ///< full-height stick shading (behind the curves)
    QColor stickStrip;   ///< the stick bar along the bottom of the time history: >= 3:1 on the plot background
    double lineScale = 1.0;   ///< extra width of curves (high contrast)
    bool adaptCurves = false; ///< lighten dark curve colours (dark theme)
    SceneStyle scene;    ///< the mechanism's colours

    /// A curve colour as this theme draws it (dark theme: raised to >= 3:1 on the plot background).
    QColor curve(const QColor& light) const;
};

/// The themes, light first.
const std::vector<Theme>& themes();
/// The theme with this id; the light one if there is none.
const Theme& findTheme(const QString& id);

/// WCAG 2 contrast ratio of two opaque colours (1 .. 21).
double contrastRatio(const QColor& a, const QColor& b);

} // namespace fl::ui
