#pragma once
// Colours of a mechanism scene by role (docs/architecture.md idea 14): one table, so a theme recolours
// every drawing at once; sizes (pens, type) derive from one scale factor. paintShape strokes a
// primitive in its role's look.
#include "scene/mechanism_scene.h"

#include <QColor>

class QPainter;

namespace fl::ui {

class SceneMapping;

struct SceneStyle {
    QColor background = QColor(0xff, 0xff, 0xff);
    QColor text = QColor(0x20, 0x20, 0x20);
    QColor ground = QColor(0x55, 0x55, 0x55);
    QColor body = QColor(0x1f, 0x4e, 0x79);
    QColor bodyFill = QColor(0x9e, 0xc5, 0xe8);
    QColor surface = QColor(0x40, 0x40, 0x40);
    QColor surfaceFill = QColor(0xd9, 0xd9, 0xd9);
    QColor marker = QColor(0x20, 0x20, 0x20);
    QColor spring = QColor(0x2e, 0x7d, 0x32);
    QColor friction = QColor(0xc0, 0x39, 0x2b);
    QColor forcing = QColor(0x7d, 0x3c, 0x98);
    QColor trail = QColor(0xd3, 0x54, 0x00);
    QColor contact = QColor(0xd3, 0x54, 0x00);
    QColor stick = QColor(0xd3, 0x54, 0x00);  ///< STICK label and stick-coloured body outline
    QColor slip = QColor(0x21, 0x61, 0x9c);   ///< SLIP label
    double scale = 1.0;                        ///< fonts and line widths (presenter scale)

    /// Outline colour of a role.
    QColor stroke(fl::SceneRole role) const;
    /// Fill colour of a role (filled boxes and circles).
    QColor fill(fl::SceneRole role) const;
    /// The smallest type of any text of the view, pixels (subscripts too): 12 px at 100 %, times
    /// the presenter scale, so that the back rows of a hall can read it.
    int minTextPixels() const;
    /// Type of the labels beside springs, forces and bodies (k, F, v_b), pixels.
    int labelPixels() const;
};

/// Strokes and fills one shape (not its label: the painter places labels where they are free).
void paintShape(QPainter& painter, const fl::SceneShape& shape, const SceneMapping& mapping, const SceneStyle& style);

} // namespace fl::ui
