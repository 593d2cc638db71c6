#pragma once
// A scenario's equations with its method, ready to integrate from any state: the one interface
// behind the time-history run, Poincaré sections, extrema and bifurcation sweeps. Every accepted
// step is handed to an observer with its dense output (and, for event-driven runs, the mode).
#include "common/status.h"
#include "solvers/ode_integrator.h"
#include "solvers/run_result.h"

#include <atomic>
#include <string>
#include <vector>

namespace fl {

/// Receives the steps and mode switches of an integration, in time order.
class DynamicsObserver {
public:
    virtual ~DynamicsObserver() = default;
    /// One accepted step; mode is -1 for smooth methods. Return false to stop.
    virtual bool onStep(const StepView& step, int mode) = 0;
    /// A located stick/slip switch (event-driven methods) of contact `contact` (its index in
    /// Dynamics::contactNames(); -1 for a system of one contact).
    virtual void onSwitch(double t, ContactMode entered, int contact) { (void)t, (void)entered, (void)contact; }
    /// A guard that touched its bound tangentially at t while in `mode`: a slip whose
    /// v_r touched 0, or a stick whose holding force touched the static limit. If the mode changes
    /// there, onSwitch follows.
    virtual void onGraze(double t, ContactMode mode) { (void)t; (void)mode; }
};

/// An observer that takes every step and keeps nothing: a transient integrated only to be left behind.
class IgnoreSteps final : public DynamicsObserver {
public:
    bool onStep(const StepView&, int) override { return true; }
};

struct IntegrationStats {
    long steps = 0;
};

class Dynamics {
public:
    virtual ~Dynamics() = default;
    virtual int dimension() const = 0;
    virtual std::vector<std::string> stateNames() const = 0;
    /// Derived output columns of a sample (e.g. "v_r", "F").
    virtual std::vector<std::string> outputNames() const = 0;
    virtual std::vector<double> initialState() const = 0;
    /// Integrates from (t, y) to tEnd (or until the observer stops it): y and t are updated to the
    /// last state reached. Stops with a status on cancel, step limit or a non-finite state.
    virtual Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                             IntegrationStats& stats) const = 0;
    /// Makes a state that a run reported with a mode (ContactMode as int, -1 for none) exact for
    /// integrate(), which decides the starting mode from the state alone: a live run that goes on
    /// from a stick sample (LiveSimulation) must start with the stick test. Default: no change.
    virtual void settleMode(double t, std::vector<double>& y, int mode) const
    {
        (void)t;
        (void)y;
        (void)mode;
    }
    /// The derived outputs at a state (mode as in onStep), written to out[0 .. outputNames().size()).
    virtual void outputs(double t, const double* y, int mode, double* out) const = 0;
    /// Non-fatal remark for the user (empty if none).
    virtual std::string warning() const { return {}; }
    /// The smooth ODE behind a regularized method (for Lyapunov exponents); nullptr when the
    /// method is event-driven.
    virtual const class SmoothOde* smoothOde() const { return nullptr; }
    /// The vector field of slip at a state with v_r != 0 (the direction its sign gives), for the
    /// equilibria of steady sliding; false where there is none to give (a smooth method has
    /// smoothOde(); multi-contact models).
    virtual bool slipField(double t, const double* y, double* dydt) const
    {
        (void)t, (void)y, (void)dydt;
        return false;
    }
    /// Several contacts switching on their own (the chain's blocks, a model's contacts): their
    /// names; empty for one contact or none.
    virtual std::vector<std::string> contactNames() const { return {}; }
    /// Where contactNames() is not empty: each contact's mode at a state of a run, read from the
    /// state as outputs() reads it (0 stick, +1 / -1 slip with v_r > 0 / < 0).
    virtual void contactModes(double t, const double* y, signed char* modes) const
    {
        (void)t, (void)y, (void)modes;
    }
    /// Event-driven methods: the two functions whose zeros are each contact's switches, at a state
    /// of a run (one contact, or contactNames().size()): vr[c], its relative velocity, and margin[c],
    /// its static limit minus |the force that would hold it| were it stuck there (v_r,c = 0 imposed;
    /// the other contacts in the modes contactModes() reads). Defining conditions of the changes of
    /// a mode sequence (analysis/sequence_change.h). False where a method has none to give.
    virtual bool switchConditions(double t, const double* y, double* vr, double* margin) const
    {
        (void)t, (void)y, (void)vr, (void)margin;
        return false;
    }
    /// Whether integrateVariational works: event-driven methods with saltation matrices.
    virtual bool hasSaltationVariational() const { return false; }
    /// Integrates the state from (t, y) to exactly tEnd together with k tangent vectors phi (n x k,
    /// column-major): inside a mode phi' = J_mode phi, at each mode switch phi -> S phi with the
    /// saltation matrix S (Müller 1995). Only where hasSaltationVariational().
    virtual Status integrateVariational(std::vector<double>& y, double& t, double tEnd, std::vector<double>& phi, int k,
                                        IntegrationStats& stats) const
    {
        (void)y, (void)t, (void)tEnd, (void)phi, (void)k, (void)stats;
        return Status::error("this method has no variational equations through its switches");
    }
};

} // namespace fl
