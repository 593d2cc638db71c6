#pragma once
// The mechanism drawings of the systems (docs/architecture.md idea 11): each turns a scenario and one
// frame of a run into abstract shapes in world coordinates (y up); SystemInfo::mechanism holds them.
// The world box depends on the scenario's parameters only, so it stays fixed during a run.
// Precondition of each drawing: frame.y is set (drawMechanism checks it); frame.outputs may be null
// (then friction is not drawn).
#include "scene/mechanism_scene.h"
#include "scene/near_stick.h"

namespace fl {

/// S1, block on a moving belt, side view (state x, v; outputs v_r, F). World unit = the length
/// unit N/k of the state x; the block's centre is at beltBlockOrigin(scenario) + x.
MechanismScene drawBeltMechanism(const Scenario& scenario, const MechanismFrame& frame);
/// S1's near-stick rule: |v_r| against stickThreshold(v_b, eps).
NearStick beltNearStick(const Scenario& scenario, const MechanismFrame& frame);
/// World x of the block's centre at x = 0 (the relaxed spring) in drawBeltMechanism.
double beltBlockOrigin(const Scenario& scenario);

/// S2, disk on a moving belt, seen from above (state x, phi, x′, phi′; outputs v_s, ω_s, λ_s, Γ, Ω).
/// World unit = the disk's radius (the length unit of x): the disk's centre is at (x, 0), phi is
/// counter-clockwise.
MechanismScene drawDiskMechanism(const Scenario& scenario, const MechanismFrame& frame);
/// S2's near-stick rule: λ_s = |(v_s, ω_s)| (JTAM (5.2)) against stickThreshold(v_b, eps).
NearStick diskNearStick(const Scenario& scenario, const MechanismFrame& frame);

/// S3, pendulum driven by a rotating disk, front view in metres (Acta Mech (7)-(9)): X points down
/// and Y right, so a point (X, Y) is drawn at world (Y, −X); O (the static equilibrium of the
/// joint A) is the origin.
MechanismScene drawPendulumMechanism(const Scenario& scenario, const MechanismFrame& frame);
/// S3's near-stick rule: |(v_s, ω_s)| (1/s, Acta Mech (8)) against stickThreshold(ω₀(t), eps);
/// infinite speed (slip) without outputs.
NearStick pendulumNearStick(const Scenario& scenario, const MechanismFrame& frame);
/// Angle (rad) the driving disk has turned through by time t: ∫ω₀ dt = ω₀ t + (Δω₀/Ω) sin Ωt.
double pendulumDiskAngle(const Scenario& scenario, double t);

/// S6, vibration absorber with dry friction, side view (state x1, x2, x1′, x2′; outputs v_r, F).
/// World unit = N/k1, the length unit of the states.
MechanismScene drawAbsorberMechanism(const Scenario& scenario, const MechanismFrame& frame);
/// S6's near-stick rule: |v_r| (absorber relative to housing) against stickThreshold(A ω, eps).
NearStick absorberNearStick(const Scenario& scenario, const MechanismFrame& frame);

/// S7, the ABS wheel, side view in metres (state x, v, θ, Ω, T_b, ctrl; outputs v_w, S, μ, F): the
/// wheel stays in the middle, the road moves under it by x; the spokes turn by θ.
MechanismScene drawAbsMechanism(const Scenario& scenario, const MechanismFrame& frame);

/// S4, the two-DOF brake model, side view as the review's Fig. 16 (state x1, x2, y1, y2; outputs
/// v_r, F at unit normal load): block on the belt, k1 to the wall, the angle body on its pivot tied
/// to the block by k2 and pressing on it through k3. World unit = N0/k2, the unit of x1 and y1.
MechanismScene drawBrakeMechanism(const Scenario& scenario, const MechanismFrame& frame);
/// S4's near-stick rule: |v_r| against stickThreshold(v_d, eps).
NearStick brakeNearStick(const Scenario& scenario, const MechanismFrame& frame);

/// S5, the Burridge-Knopoff chain, side view (state x_1, v_1, ..., x_n, v_n, W): the blocks in a
/// row on the belt, each on its spring k_p to the frame above and coupled by k_c; a sticking block
/// sits on a contact patch. World unit = N/k, the unit of the x_i, drawn to scale.
MechanismScene drawBkChainMechanism(const Scenario& scenario, const MechanismFrame& frame);
/// S5's near-stick rule: block 1's |v_r| against stickThreshold(v_b, eps).
NearStick bkChainNearStick(const Scenario& scenario, const MechanismFrame& frame);

} // namespace fl
