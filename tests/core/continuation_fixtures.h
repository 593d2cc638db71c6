#pragma once
// Small helpers of the continuation tests (test_orbit_continuation, test_branch_switch, test_periodic_orbit,
// test_multiple_shooting): the belt, a setup,
// a located point by type, the located points printed.
#include "analysis/orbit_continuation.h"
#include "analysis/periodic_orbit.h"
#include "scenario/scenario.h"
#include "systems/scenario_setup.h"

#include <QtGlobal>

#include <cstdio>
#include <string>

/// A system on Coulomb's law (mu_s = 2, mu_k = 1) by a method, with these values, checked.
inline fl::Scenario scenarioOf(const char* system, fl::Method method, std::initializer_list<std::pair<const char*, double>> values)
{
    fl::Scenario s;
    if (!fl::makeScenario(system, "coulomb", method, fl::Regularization::Kudra, s).ok())
        qFatal("no scenario of %s", system);
    for (const auto& [id, v] : values)
        if (!s.params.set(id, v).ok())
            qFatal("cannot set %s", id);
    if (!fl::validate(s).ok())
        qFatal("invalid scenario");
    return s;
}

/// The belt (Coulomb mu_s = 2, mu_k = 1) by a method, with these values.
inline fl::Scenario belt(std::initializer_list<std::pair<const char*, double>> values, fl::Method method = fl::Method::EventDriven)
{
    return scenarioOf("belt", method, values);
}

inline fl::ContinuationSetup setupOf(const char* parameter, double start, double from, double to, bool equilibrium = false)
{
    fl::ContinuationSetup setup;
    setup.parameter = parameter;
    setup.start = start;
    setup.from = from;
    setup.to = to;
    setup.equilibrium = equilibrium;
    return setup;
}

inline const fl::LocatedPoint* findLocated(const fl::Branch& branch, const std::string& type)
{
    for (const fl::LocatedPoint& p : branch.located)
        if (p.type == type)
            return &p;
    return nullptr;
}

inline void printLocated(const fl::Branch& branch)
{
    for (const fl::LocatedPoint& p : branch.located)
        std::printf("  %s at %.12g: %s\n", p.type.c_str(), p.parameter, p.condition.c_str());
}

/// The unforced Coulomb belt (mu_s = 2, mu_k = 1, unit mass, spring and load) as a model file
/// with `section` as its section line: its cycle is a circle of radius sqrt(1 + v_b^2) about
/// (x, x') = (1, 0) in slip and a stick at x' = v_b from x = 0 to 2, period
/// 2/v_b + pi + 2 atan(v_b).
inline std::string beltModelWith(const std::string& section)
{
    return "flmodel 1\nname \"Belt\"\nnumerics t_end = 60, tol = 1e-12\nparam v_b = 0.5 range 0.1 .. 2\ncoord x\nforce x = -x\n"
           "contact belt\n    slip = x' - v_b\n    law = coulomb(mu_s = 2, mu_k = 1)\n"
           + section + "\n";
}

/// DP by central differences of the return map in the section coordinates u (step h); a return
/// that fails ends the test program with its reason.
inline Eigen::MatrixXd returnMapDifferences(const fl::Dynamics& d, const fl::OrbitClosure& c, const Eigen::VectorXd& u, double h)
{
    Eigen::MatrixXd fd(u.size(), u.size());
    for (Eigen::Index j = 0; j < u.size(); ++j) {
        Eigen::VectorXd up = u, down = u;
        up(j) += h;
        down(j) -= h;
        const fl::OrbitReturn a = fl::orbitReturn(d, c, fl::sectionState(c, up), false);
        const fl::OrbitReturn b = fl::orbitReturn(d, c, fl::sectionState(c, down), false);
        if (!a.status.ok() || !b.status.ok())
            qFatal("a return failed: %s", (a.status.ok() ? b.status : a.status).message().c_str());
        fd.col(j) = (fl::sectionCoordinates(c, a.y) - fl::sectionCoordinates(c, b.y)) / (2.0 * h);
    }
    return fd;
}
