#pragma once
// Small helpers of the continuation tests (test_orbit_continuation, test_branch_switch): a setup,
// a located point by type, the located points printed.
#include "analysis/orbit_continuation.h"

#include <cstdio>
#include <string>

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
