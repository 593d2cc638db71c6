// S7 drawn as a sketch, side view in metres: the road passing under the wheel (its marks move back
// by x), the wheel with spokes turning by θ under a quarter of the car body, the brake torque as an
// arc against the rotation and the road's friction force on the tyre.
#include "scenario/scenario.h"
#include "scene/scene_builder.h"
#include "systems/abs_wheel.h"
#include "systems/mechanism_drawings.h"

#include <algorithm>
#include <cmath>

namespace fl {

MechanismScene drawAbsMechanism(const Scenario& scenario, const MechanismFrame& frame)
{
    const AbsParameters p = absParameters(scenario.params);
    const double R = p.r, x = frame.y[0], v = frame.y[1], theta = frame.y[2], brake = frame.y[4];
    const double S = frame.outputs ? frame.outputs[1] : 0.0, mu = frame.outputs ? frame.outputs[2] : 0.0;
    const double F = frame.outputs ? frame.outputs[3] : 0.0;
    const double half = 4.0 * R; // the road shown from -half to half
    const Vec2 hub{0.0, R};

    MechanismScene scene;
    scene::Bounds b;
    b.include({-half, -0.25 * R}, {half, 3.2 * R});
    b.applyTo(scene, 0.3 * R);
    // The road, its marks moving back as the car drives on.
    scene.shapes.push_back(scene::box({0.0, -0.1 * R}, 2.0 * half, 0.2 * R, SceneRole::Surface, true));
    for (double m : scene::movingMarks(-half, half, 0.8 * R, -x))
        scene.shapes.push_back(scene::line({m, 0.0}, {m - 0.15 * R, -0.2 * R}, SceneRole::Marker));
    // A quarter of the body on its suspension, then the wheel and its spokes (turning clockwise as it rolls).
    scene.shapes.push_back(scene::box({0.0, 2.4 * R}, 5.0 * R, 0.9 * R, SceneRole::Body, true));
    scene.shapes.push_back(scene::spring({0.0, 1.95 * R}, hub, 4, 0.35 * R, ""));
    scene.shapes.push_back(scene::circle(hub, R, SceneRole::Body, true));
    for (int k = 0; k < 4; ++k) {
        const double a = -theta + k * 1.5707963267948966;
        scene.shapes.push_back(scene::line(hub, {hub.x + 0.85 * R * std::cos(a), hub.y + 0.85 * R * std::sin(a)}, SceneRole::Marker));
    }
    scene.shapes.push_back(scene::circle(hub, 0.12 * R, SceneRole::Ground, true));
    // The brake torque: an arc against the rolling (counter-clockwise), its sweep growing with T_b.
    const double sweep = 2.5 * std::clamp(brake / std::max(p.brakeMax, 1e-9), 0.0, 1.0);
    if (sweep > 0.05)
        scene.shapes.push_back(scene::arcArrow(hub, 0.6 * R, 0.5, sweep, SceneRole::Forcing, "T_b"));
    // The friction force of the road on the tyre, against the motion; full length at the peak of μ.
    const double muPeak = burckhardtMu(burckhardtPeakSlip(p.c1, p.c2, p.c3), p.c1, p.c2, p.c3);
    const double length = scene::arrowLength(F / std::max(muPeak * p.m * p.g, 1e-9), 2.0 * R, 2.5 * R);
    if (length != 0.0)
        scene.shapes.push_back(scene::arrow({0.0, 0.05 * R}, {-length, 0.05 * R}, SceneRole::Friction, "F"));
    // The car's speed.
    const double vLength = 2.5 * R * std::clamp(v / std::max(p.v0, 1e-9), 0.0, 1.0);
    if (vLength > 0.01 * R)
        scene.shapes.push_back(scene::arrow({-0.5 * vLength, 3.05 * R}, {0.5 * vLength, 3.05 * R}, SceneRole::Surface, "v"));
    scene.readouts = {{"t", frame.t, "s"}, {"v", v * 3.6, "km/h"}, {"S", S, ""}, {"μ", mu, ""}};
    return scene;
}

} // namespace fl
