// A model's mechanism from its drawing hints (docs/model-files.md: draw block, spring, belt,
// pendulum, disk), side view in the model's length unit: each block at its `at` plus its coordinate,
// springs between block faces or to a wall on the left, a belt under the blocks with marks that
// travel at its speed, pendulums hanging from their pivots and disks turned by their angles.
// A model without hints draws each coordinate as a block, two units apart, so every model animates.
#include "systems/model_mechanism.h"
#include "systems/model_equations.h"

#include "expr/derivative.h"
#include "params/parameter_set.h"
#include "scenario/scenario.h"
#include "scene/scene_builder.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fl {
namespace {

struct Block {
    int coordinate;
    double at;
};

bool turned(const model::Drawing& d) { return d.kind == model::Drawing::Kind::Pendulum || d.kind == model::Drawing::Kind::Disk; }

std::vector<Block> blocksOf(const model::Model& m)
{
    std::vector<Block> blocks;
    bool bodies = false;
    for (const model::Drawing& d : m.drawings) {
        if (d.kind == model::Drawing::Kind::Block)
            blocks.push_back({d.coordinate, d.at});
        bodies = bodies || turned(d);
    }
    if (blocks.empty() && !bodies)
        for (size_t i = 0; i < m.coordinates.size() && i < 20; ++i)
            blocks.push_back({static_cast<int>(i), 2.0 * static_cast<double>(i)});
    return blocks;
}

std::string nameOf(const model::Model& m, int coordinate)
{
    const model::Coordinate& q = m.coordinates[static_cast<size_t>(coordinate)];
    return q.label.empty() ? q.id : q.label;
}

/// Pendulums and disks, turned by their angle coordinates: a pendulum hangs from its pivot at
/// (at, 0) (angle 0: straight down, positive counter-clockwise); a disk turns about (at, 0), a
/// radius marked. A disk without `at` goes right of everything drawn before it.
void drawTurnedBodies(const model::Model& m, const MechanismFrame& frame, double& right, scene::Bounds& bounds, MechanismScene& scene)
{
    for (const model::Drawing& d : m.drawings) {
        if (!turned(d))
            continue;
        const double angle = frame.y[2 * d.coordinate], size = d.size;
        if (d.kind == model::Drawing::Kind::Pendulum) {
            const Vec2 pivot{d.at, 0.0}, bob{d.at + size * std::sin(angle), -size * std::cos(angle)};
            scene.shapes.push_back(scene::box({pivot.x, 0.1 * size}, 0.4 * size, 0.08 * size, SceneRole::Ground, true));
            scene.shapes.push_back(scene::line(pivot, bob, SceneRole::Body));
            scene.shapes.push_back(scene::circle(pivot, 0.05 * size, SceneRole::Ground, true));
            scene.shapes.push_back(scene::circle(bob, 0.12 * size, SceneRole::Body, true));
            SceneShape label = scene::line({bob.x, bob.y - 0.15 * size}, {bob.x, bob.y - 0.15 * size}, SceneRole::Marker);
            label.label = nameOf(m, d.coordinate);
            scene.shapes.push_back(label);
            // The lower half-plane while the run's swing stays below the pivot (known for a computed
            // run), else the whole circle: the box does not move during the run.
            const int i = 2 * d.coordinate;
            const bool below = frame.rangeLow && frame.rangeHigh && frame.rangeLow[i] >= -0.5 * std::numbers::pi
                               && frame.rangeHigh[i] <= 0.5 * std::numbers::pi;
            bounds.include({pivot.x - 1.2 * size, -1.25 * size}, {pivot.x + 1.2 * size, below ? 0.2 * size : 1.2 * size});
            right = std::max(right, pivot.x + 1.2 * size);
        } else {
            const double x = d.atGiven || !std::isfinite(right) ? d.at : right + 1.3 * size;
            const Vec2 centre{x, 0.0};
            scene.shapes.push_back(scene::circle(centre, size, SceneRole::Body, true));
            scene.shapes.push_back(scene::line(centre, {x + size * std::cos(angle), size * std::sin(angle)}, SceneRole::Marker));
            scene.shapes.push_back(scene::circle(centre, 0.06 * size, SceneRole::Ground, true));
            SceneShape label = scene::line({x, 1.2 * size}, {x, 1.2 * size}, SceneRole::Marker);
            label.label = nameOf(m, d.coordinate);
            scene.shapes.push_back(label);
            bounds.include(centre, 1.35 * size);
            right = std::max(right, x + 1.2 * size);
        }
    }
}

} // namespace

MechanismScene drawModelMechanism(const model::Model& m, const Scenario& s, const MechanismFrame& frame)
{
    MechanismScene scene;
    const std::vector<Block> blocks = blocksOf(m);
    double turnedSize = 0.0; // the size of pendulums and disks: the scale when no block sets it
    for (const model::Drawing& d : m.drawings)
        if (turned(d))
            turnedSize = std::max(turnedSize, d.size);
    // Block size from the spacing of the blocks at rest.
    std::vector<double> ats;
    for (const Block& b : blocks)
        ats.push_back(b.at);
    std::sort(ats.begin(), ats.end());
    double gap = blocks.empty() && turnedSize > 0.0 ? turnedSize : 2.0;
    for (size_t i = 1; i < ats.size(); ++i)
        if (ats[i] - ats[i - 1] > 1e-9)
            gap = std::min(gap, ats[i] - ats[i - 1]);
    const double w = 0.4 * gap, h = 0.6 * w;
    // How far each block may move: the run's range when known, else one unit either way.
    auto low = [&](int i) { return frame.rangeLow ? std::min(0.0, frame.rangeLow[2 * i]) : -1.0; };
    auto high = [&](int i) { return frame.rangeHigh ? std::max(0.0, frame.rangeHigh[2 * i]) : 1.0; };
    double left = INFINITY, right = -INFINITY;
    for (const Block& b : blocks) {
        left = std::min(left, b.at + low(b.coordinate) - 0.5 * w);
        right = std::max(right, b.at + high(b.coordinate) + 0.5 * w);
    }
    if (blocks.empty()) { // pendulums and disks alone: the belt and the wall span theirs
        left = 0.0;
        right = 0.0;
        for (const model::Drawing& d : m.drawings)
            if (turned(d) && (d.atGiven || d.kind == model::Drawing::Kind::Pendulum)) {
                left = std::min(left, d.at - d.size);
                right = std::max(right, d.at + d.size);
            }
    }
    const double wallFace = left - 0.6 * gap;
    scene::Bounds bounds;
    if (!blocks.empty())
        bounds.include({wallFace - 0.2 * gap, -0.25 * gap}, {right + 0.3 * gap, h + 0.3 * gap});

    for (const model::Drawing& d : m.drawings)
        if (d.kind == model::Drawing::Kind::Belt) {
            const std::vector<double> v = modelParameterSlots(m, s.params, frame.t);
            const double speed = expr::evaluate(d.speed, v.data());
            const double from = wallFace, to = right + 0.2 * gap;
            scene.shapes.push_back(scene::box({0.5 * (from + to), -0.06 * gap}, to - from, 0.12 * gap, SceneRole::Surface, true));
            if (std::isfinite(speed))
                for (const double x : scene::movingMarks(from, to, 0.5 * gap, speed * frame.t))
                    scene.shapes.push_back(scene::line({x, -0.1 * gap}, {x, -0.02 * gap}, SceneRole::Marker));
            if (std::isfinite(speed) && speed != 0.0)
                scene.shapes.push_back(scene::arrow({to - 0.6 * gap, -0.2 * gap}, {to - 0.6 * gap + std::copysign(0.4 * gap, speed), -0.2 * gap},
                                                    SceneRole::Surface, "v_b"));
            break;
        }
    bool wall = false;
    for (const model::Drawing& d : m.drawings)
        wall = wall || (d.kind == model::Drawing::Kind::Spring && (d.coordinate < 0 || d.other < 0));
    if (wall)
        scene.shapes.push_back(scene::box({wallFace - 0.1 * gap, 0.5 * h}, 0.2 * gap, h + 0.4 * gap, SceneRole::Ground, true));

    auto centre = [&](int coordinate) -> double {
        for (const Block& b : blocks)
            if (b.coordinate == coordinate)
                return b.at + frame.y[2 * coordinate];
        return std::nan("");
    };
    for (const model::Drawing& d : m.drawings) {
        if (d.kind != model::Drawing::Kind::Spring)
            continue;
        const double a = d.coordinate < 0 ? wallFace : centre(d.coordinate), b = d.other < 0 ? wallFace : centre(d.other);
        if (!std::isfinite(a) || !std::isfinite(b))
            continue;
        const double lo = std::min(a, b), hi = std::max(a, b);
        const bool loIsWall = (a < b ? d.coordinate : d.other) < 0;
        const double from = loIsWall ? lo : lo + 0.5 * w, to = (a < b ? d.other : d.coordinate) < 0 ? hi : hi - 0.5 * w;
        if (to > from)
            scene.shapes.push_back(scene::spring({from, 0.5 * h}, {to, 0.5 * h}, 8, 0.5 * h, ""));
    }
    for (const Block& b : blocks) {
        const double x = b.at + frame.y[2 * b.coordinate];
        scene.shapes.push_back(scene::box({x, 0.5 * h}, w, h, SceneRole::Body, true));
        const model::Coordinate& q = m.coordinates[static_cast<size_t>(b.coordinate)];
        SceneShape label = scene::line({x, h}, {x, h}, SceneRole::Marker);
        label.label = q.label.empty() ? q.id : q.label;
        scene.shapes.push_back(label);
    }
    double bodiesRight = blocks.empty() ? -INFINITY : right;
    drawTurnedBodies(m, frame, bodiesRight, bounds, scene);
    bounds.applyTo(scene, 0.1 * gap);
    scene.readouts.push_back({"t", frame.t, ""});
    if (m.contacts.size() == 1 && frame.outputs) {
        const double vr = frame.outputs[0];
        scene.readouts.push_back({"v_r", vr, ""});
        const NearStick near = modelNearStick(m, s, frame);
        scene::setPhase(scene, frame.mode, near.speed, near.threshold, near.symbol);
    }
    return scene;
}

NearStick modelNearStick(const model::Model& m, const Scenario& s, const MechanismFrame& frame)
{
    // The first contact's |v_r| against the threshold of a surface moving at the belt's speed (or
    // of eps alone when the model has no belt).
    double speed = 0.0;
    for (const model::Drawing& d : m.drawings)
        if (d.kind == model::Drawing::Kind::Belt) {
            const std::vector<double> v = modelParameterSlots(m, s.params, frame.t);
            speed = expr::evaluate(d.speed, v.data());
        }
    const double vr = frame.outputs ? frame.outputs[0] : 0.0;
    return {std::abs(vr), scene::stickThreshold(std::isfinite(speed) ? speed : 0.0, s.params.value("eps")), "|v_r|"};
}

} // namespace fl
