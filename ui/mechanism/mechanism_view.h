#pragma once
// The mechanism of the scenario's system, drawn from one playback frame: the body, springs,
// belt or disk, friction arrows, a large STICK / SLIP badge and the quantities a lecturer points
// at. The view knows no system: each system supplies its drawing (SystemInfo::mechanism).
#include "bridge/playback_frame.h"
#include "mechanism/scene_painter.h"
#include "mechanism/scene_style.h"
#include "scenario/scenario.h"

#include <QWidget>

namespace fl::ui {

class MechanismView : public QWidget {
    Q_OBJECT
public:
    explicit MechanismView(QWidget* parent = nullptr);

    /// The scenario whose system and parameters the drawing reads.
    void setScenario(const fl::Scenario& scenario);
    const fl::Scenario& scenario() const { return m_scenario; }
    /// Shows one instant (recomputes the scene and schedules a repaint).
    void showFrame(const PlaybackFrame& frame);
    const PlaybackFrame& frame() const { return m_frame; }
    /// The scene on display (empty until the first frame).
    const fl::MechanismScene& scene() const { return m_scene; }

    /// What the view says while it has no scene to draw (no run shown yet): "Simulating…" while
    /// a run is on its way (the default), why there is none once it stopped or failed.
    void setPlaceholder(const QString& text);
    const QString& placeholder() const { return m_placeholder; }
    /// True while the view shows placeholder() instead of a mechanism.
    bool showsPlaceholder() const { return m_scene.shapes.empty(); }

    void setSceneStyle(const SceneStyle& style);
    const SceneStyle& sceneStyle() const { return m_style; }

    /// The view as it looks now, rendered at size (any size; used by exports and tests).
    QImage renderImage(QSize size) const;
    /// What the last paint or renderImage drew where: texts, bodies, the drawing's rectangle.
    const SceneLayout& lastLayout() const { return m_layout; }
    /// Writes the current frame as PNG (2x the on-screen size), SVG or PDF by suffix, atomically.
    bool exportTo(const QString& path, QString* error = nullptr) const;

    QSize sizeHint() const override { return {640, 300}; }
    QSize minimumSizeHint() const override { return {240, 140}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void rebuild();
    /// Paints the scene into a device of this size and records the layout.
    void paint(QPainter& painter, QSize size) const;

    fl::Scenario m_scenario;
    PlaybackFrame m_frame;
    fl::MechanismScene m_scene;
    SceneStyle m_style;
    QString m_placeholder;
    size_t m_dimension = 0;   ///< state size of the scenario's system (frames of others are not drawn)
    size_t m_outputCount = 0;
    mutable SceneLayout m_layout;
    /// The drawing's size relative to its room so far (SceneLayout::shrink): it only shrinks while
    /// one scenario plays at one size and style, so that the mechanism does not pulse as its labels move.
    mutable double m_shrink = 1.0;
    mutable QSize m_shrinkSize;
};

/// The scene of a scenario at a frame (fl::drawMechanism with the frame's vectors).
fl::MechanismScene sceneOf(const fl::Scenario& scenario, const PlaybackFrame& frame);

} // namespace fl::ui
