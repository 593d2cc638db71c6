#pragma once
// Two blocks on one belt (the shipped example's equations) with a section plane through both
// coordinates, x1 - x2 = 0 rising: where block 1 passes block 2's position. Block 1 sticks at every
// crossing, so its velocity there is the belt's (0.2).
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"

#include <QTest>

inline fl::Scenario twoBlocksWithAPlaneSection()
{
    const fl::ModelRegistration r = fl::registerModel(
        "flmodel 1\nname \"Two blocks, plane\"\nnumerics t_end = 60\nparam v_b = 0.2 range 0.05 .. 1\ncoord x1\ncoord x2\n    start = 0.05\n"
        "force x1 = -10*x1 - 5*(x1 - x2)\nforce x2 = -15*x2 - 5*(x2 - x1)\ncontact left\n    slip = x1' - v_b\n"
        "    normal = 9.81\n    law = coulomb(mu_s = 0.4, mu_k = 0.3)\ncontact right\n    slip = x2' - v_b\n    normal = 9.81\n"
        "    law = coulomb(mu_s = 0.5, mu_k = 0.3)\nsection plane = x1 - x2 direction +\n");
    if (!r.ok())
        qFatal("%s", r.error.reason.c_str());
    fl::Scenario s;
    if (!fl::makeScenario(r.system->id, r.system->laws.front(), fl::Method::EventDriven, fl::Regularization::Kudra, s).ok())
        qFatal("no scenario of the plane model");
    return s;
}
