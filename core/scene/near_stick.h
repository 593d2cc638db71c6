#pragma once
// The near-stick reading of smooth (regularized) runs: a regularized law never holds exactly, so an
// instant counts as "near-stick" while the relative contact speed is below
// scene::stickThreshold(surface speed, eps). Each system states its rule once
// (SystemInfo::nearStick); the mechanism view and the plots both read it.
#include "scene/mechanism_scene.h"

#include <functional>

namespace fl {

/// One instant as a system's near-stick rule reads it.
struct NearStick {
    double speed = 0.0;      ///< relative contact speed, e.g. |v_r| (the system's time and length units)
    double threshold = 0.0;  ///< near-stick below this (scene::stickThreshold)
    const char* symbol = ""; ///< how the speed is written, e.g. "|v_r|"
    /// True while the speed is below the threshold.
    bool stick() const { return speed < threshold; }
};

/// A system's rule: the relative speed and the threshold at a frame (frame.outputs may be null).
using NearStickRule = std::function<NearStick(const Scenario&, const MechanismFrame&)>;

} // namespace fl
