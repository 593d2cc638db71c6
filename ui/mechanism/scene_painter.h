#pragma once
// Paints a fl::MechanismScene with QPainter (the only place that knows how roles and primitives
// look). Used by the on-screen MechanismView and by image, SVG and animation exports alike.
//
// Texts never overlap: the overlay (readouts, STICK/SLIP badge, the method note) is laid out
// first, the drawing goes below it, and each label (k, F, v_b, ...) takes the first free place
// beside its shape. When a label has none, the drawing shrinks (never the text); a label with no
// place even then is left out. SceneLayout records where everything went.
#include "mechanism/scene_style.h"

#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QStringList>

#include <vector>

class QPainter;

namespace fl::ui {

/// World (y up) to device (y down) mapping that fits the scene's box into a rectangle with a
/// uniform scale, centred.
class SceneMapping {
public:
    SceneMapping(const fl::MechanismScene& scene, const QRectF& target);
    QPointF map(fl::Vec2 p) const;
    /// Device pixels per world unit.
    double scale() const { return m_scale; }

private:
    double m_scale = 1.0;
    double m_x0 = 0.0, m_y0 = 0.0;
    fl::Vec2 m_min;
};

/// One text paintScene drew: its box in device pixels and its smallest type (subscripts included).
struct DrawnText {
    enum class Kind : unsigned char { Label, Readout, Badge, Note };
    Kind kind = Kind::Label;
    QString text;
    QRectF rect;
    int pixelSize = 0;
};

/// What paintScene drew where (device pixels): the record that lets tests check that no text
/// overlaps another text or a body.
struct SceneLayout {
    QRectF drawing;               ///< the rectangle the world box was fitted into
    double shrink = 1.0;          ///< the drawing's size relative to the room it had (labels needed the rest)
    std::vector<QRectF> bodies;   ///< boxes of the bodies, blocks, belts and walls
    std::vector<DrawnText> texts; ///< readouts, badge, note and labels as drawn
    int labelsLeftOut = 0;        ///< labels that found no free place even in the smallest drawing
    int readoutsLeftOut = 0;      ///< readouts beyond the first ones that fit
};

/// Why a layout breaks the rules in a view of this size and style (texts overlapping each other,
/// a label on a body, type under style.minTextPixels(), a text outside the view); empty if none.
QStringList layoutProblems(const SceneLayout& layout, const QRectF& view, const SceneStyle& style);

/// Draws the shapes of scene below the overlay, their labels, then the overlay: the STICK/SLIP
/// badge and the readouts along the top of `whole`. maxShrink caps the drawing's size (a view
/// passes the shrink of its previous frame so that the drawing does not pulse while it plays);
/// layout, when given, receives what was drawn where.
void paintScene(QPainter& painter, const fl::MechanismScene& scene, const QRectF& whole, const SceneStyle& style,
                SceneLayout* layout = nullptr, double maxShrink = 1.0);

/// Height of the overlay band at the top (labels, readouts) for a view of this size.
double overlayHeight(const QRectF& whole, const SceneStyle& style);

/// Lays out text with "_x" parts as subscripts (e.g. "v_r", "k_X") with its baseline-left at pos,
/// and draws it when painter is given; returns its box. font must have a pixel size; subscripts
/// take 70 % of it, never less than minPx.
QRectF layoutSubscripted(QPainter* painter, const QFont& font, QPointF pos, const QString& text, int minPx);
/// The type of the subscripts of a text in a font of basePx pixels.
int subscriptPixels(int basePx, int minPx);

/// The overlay laid out before anything is drawn: where the badge, the note and the readouts go.
struct OverlayLayout {
    QRectF band;
    QRectF badge;                 ///< empty when the scene has no contact phase
    QString badgeText;            ///< STICK or SLIP
    QFont badgeFont;
    QStringList noteLines;        ///< the method note, wrapped; empty when it has no room
    QRectF note;
    QFont noteFont;
    QFont readoutFont;
    QStringList readouts;         ///< the readouts shown, in order
    std::vector<QPointF> readoutBaselines;
    std::vector<QRectF> readoutRects;
    int readoutsLeftOut = 0;
    double bottom = 0.0;          ///< lowest y of the overlay's texts (the drawing starts below)
    /// The overlay's texts as records (badge, note, readouts).
    std::vector<DrawnText> texts(int minPx) const;
};

/// Lays out the overlay of scene in whole; base gives the font family.
OverlayLayout layoutOverlay(const fl::MechanismScene& scene, const QRectF& whole, const SceneStyle& style, const QFont& base);
/// Paints the overlay as laid out.
void paintOverlay(QPainter& painter, const fl::MechanismScene& scene, const OverlayLayout& overlay, const SceneStyle& style);

} // namespace fl::ui
