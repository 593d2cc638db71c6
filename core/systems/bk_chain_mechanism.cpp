// S5 drawn as the textbook picture of Burridge and Knopoff, side view: the frame above, each block
// hanging from it on its spring k_p, neighbours coupled by k_c, the belt below moving at v_b. A
// sticking block sits on a contact patch. World unit = N/k, the unit of the x_i: displacements are
// drawn to scale, and the blocks' rest positions are spaced so that they cannot overlap. A long
// chain is wrapped into rows (read like text; each row on its own stretch of belt) so that the
// picture keeps a screen's proportions.
#include "friction/friction_law.h"
#include "scenario/scenario.h"
#include "scene/scene_builder.h"
#include "solvers/run_result.h"
#include "systems/bk_chain.h"
#include "systems/mechanism_drawings.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace fl {
namespace {

constexpr double kBlock = 1.0;        ///< block width
constexpr double kBlockHeight = 0.7;
constexpr double kFrame = 3.2;        ///< underside of the frame
constexpr double kBelt = 0.18;        ///< belt thickness
constexpr double kMaxReach = 20.0;
constexpr int kDetailedBlocks = 40;   ///< above this many blocks, springs are drawn as lines
constexpr int kOneRow = 12;           ///< up to this many blocks in a single row
constexpr double kRowHeight = kFrame + 0.3 + kBelt + 1.0;
constexpr double kAspect = 1.6;       ///< width over height the rows aim at

struct ChainLayout {
    int n = 1;
    int perRow = 1;
    int rows = 1;
    double spacing = 3.0; ///< distance between rest positions
    double reach = 1.0;   ///< |x_i| <= reach, about
    double unit = 1.0;    ///< the sizes above in world units: blocks, frame and belt grow with the spacing
    int stride = 2;       ///< state values per block (a law with memory adds its states)
};

ChainLayout layoutOf(const Scenario& s, const MechanismFrame& frame)
{
    const BkChainParameters p = bkChainParameters(s.params);
    ChainLayout l;
    l.n = std::max(1, p.n);
    l.stride = bkChainStride(s);
    const FrictionLawInfo* law = findFrictionLaw(s.lawId);
    const double limit = law ? law->create(s.params)->staticLimit() : 1.0;
    // A block sticks while its spring force is below the static limit: |x| of order F_s / k_p.
    l.reach = std::abs(p.x0) + p.dx0 + 2.0 * limit / std::max(p.kp, 0.05);
    if (frame.rangeLow && frame.rangeHigh) { // a computed run: fit its motion
        l.reach = 0.0;
        for (int i = 0; i < l.n; ++i)
            l.reach = std::max({l.reach, std::abs(frame.rangeLow[l.stride * i]), std::abs(frame.rangeHigh[l.stride * i])});
    }
    l.reach = std::clamp(l.reach, 0.2, kMaxReach);
    l.spacing = std::max(2.0 * kBlock, 2.0 * l.reach + 1.4 * kBlock);
    l.unit = std::max(1.0, l.spacing / 3.0);
    l.perRow = l.n <= kOneRow ? l.n
                              : std::min(l.n, static_cast<int>(std::ceil(std::sqrt(kAspect * l.n * kRowHeight * l.unit / l.spacing))));
    l.rows = (l.n + l.perRow - 1) / l.perRow;
    return l;
}

/// Rest position of block i's centre on the belt's top: x along its row, y of the row's belt.
Vec2 restPosition(const ChainLayout& l, int i) { return {(i % l.perRow) * l.spacing, -(i / l.perRow) * kRowHeight * l.unit}; }

} // namespace

NearStick bkChainNearStick(const Scenario& scenario, const MechanismFrame& frame)
{
    const double vb = scenario.params.value("v_b");
    return {std::abs(frame.y[1] - vb), scene::stickThreshold(vb, scenario.params.value("eps")), "|v_r,1|"};
}

MechanismScene drawBkChainMechanism(const Scenario& scenario, const MechanismFrame& frame)
{
    const ChainLayout l = layoutOf(scenario, frame);
    const double vb = scenario.params.value("v_b");
    // Smooth runs: a block sticks while its |v_r| is below the threshold; event-driven: v_r = 0 exactly.
    const double threshold = frame.mode < 0 && scenario.method != Method::EventDriven
                                 ? scene::stickThreshold(vb, scenario.params.value("eps"))
                                 : 0.0;
    const bool detailed = l.n <= kDetailedBlocks;
    const double bw = kBlock * l.unit, bh = kBlockHeight * l.unit, frameY = kFrame * l.unit, belt = kBelt * l.unit,
                 rowHeight = kRowHeight * l.unit;
    const double left = -0.5 * l.spacing, right = (l.perRow - 0.5) * l.spacing, middle = 0.5 * (left + right);

    MechanismScene scene;
    // Per row: the frame above and the belt below, with marks that travel with it.
    for (int r = 0; r < l.rows; ++r) {
        const double y = -r * rowHeight;
        scene.shapes.push_back(scene::box({middle, y + frameY + 0.15 * l.unit}, right - left, 0.3 * l.unit, SceneRole::Ground, true));
        scene.shapes.push_back(scene::box({middle, y - 0.5 * belt}, right - left, belt, SceneRole::Surface, true));
        for (double x : scene::movingMarks(left, right, 0.5 * l.spacing, vb * frame.t))
            scene.shapes.push_back(scene::line({x, y}, {x, y - belt}, SceneRole::Marker));
    }
    const double arrow = std::clamp(vb, -1.0, 1.0) * l.spacing, arrowY = -(l.rows - 1) * rowHeight - belt - 0.35 * l.unit;
    if (arrow != 0.0)
        scene.shapes.push_back(scene::arrow({middle - 0.5 * arrow, arrowY}, {middle + 0.5 * arrow, arrowY}, SceneRole::Surface, "v_b"));
    int slipping = 0;
    for (int i = 0; i < l.n; ++i) {
        const Vec2 rest = restPosition(l, i);
        const double c = rest.x + frame.y[l.stride * i], vr = frame.y[l.stride * i + 1] - vb;
        const bool stick = threshold > 0.0 ? std::abs(vr) < threshold : vr == 0.0;
        slipping += !stick;
        // k_p from the frame above the block's rest position to the block's top.
        const Vec2 anchor{rest.x, rest.y + frameY}, top{c, rest.y + bh};
        if (detailed)
            scene.shapes.push_back(scene::spring(anchor, top, 6, 0.25 * l.unit, i == 0 ? "k_p" : ""));
        else
            scene.shapes.push_back(scene::line(anchor, top, SceneRole::Spring));
        // k_c to the next block of the same row (a wrapped chain's row ends are coupled too, not drawn).
        if (i + 1 < l.n && (i + 1) % l.perRow != 0) {
            const double next = restPosition(l, i + 1).x + frame.y[l.stride * (i + 1)];
            const Vec2 a{c + 0.5 * bw, rest.y + 0.5 * bh}, b{next - 0.5 * bw, rest.y + 0.5 * bh};
            if (detailed)
                scene.shapes.push_back(scene::spring(a, b, 5, 0.22 * l.unit, i == 0 ? "k_c" : ""));
            else
                scene.shapes.push_back(scene::line(a, b, SceneRole::Spring));
        }
        if (stick)
            scene.shapes.push_back(scene::box({c, rest.y + 0.03 * l.unit}, 1.1 * bw, 0.06 * l.unit, SceneRole::Contact, true));
        scene.shapes.push_back(scene::box({c, rest.y + 0.5 * bh + 0.06 * l.unit}, bw, bh, SceneRole::Body, true));
    }
    // The phase shown is block 1's: exact for event-driven runs (v_r,1 = 0 is stick), else by the
    // rule the plots shade (bkChainNearStick).
    const NearStick near = bkChainNearStick(scenario, frame);
    const int mode1 = scenario.method == Method::EventDriven ? static_cast<int>(frame.y[1] == vb ? ContactMode::Stick : ContactMode::Slip)
                                                             : frame.mode;
    scene::setPhase(scene, mode1, near.speed, near.threshold, near.symbol);
    scene::Bounds b;
    b.include({left - l.reach, arrowY - 0.2 * l.unit}, {right + l.reach, frameY + 0.3 * l.unit});
    b.applyTo(scene, 0.4 * l.unit);
    scene.readouts = {{"t", frame.t, ""}, {"slipping", static_cast<double>(slipping), ""}};
    if (frame.outputs)
        scene.readouts.push_back({"E", frame.outputs[2], ""});
    return scene;
}

} // namespace fl
