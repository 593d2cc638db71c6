#pragma once
// Stick test of a plane contact (JTAM (2.4)-(2.5)): where a holding load lies relative to the
// limit surface, and in which direction slip would begin.
#include "contact/contact_model.h"

namespace fl::contact {

/// Starting point of Newton's method (see solveStick).
enum class StickStart {
    Ellipsoid,    ///< exact solution for the ellipsoidal limit surface; sphere search if that fails
    SphereSearch, ///< best of 402 directions on the sphere (costs 402 model evaluations)
};

struct StickOptions {
    /// Converged when |u + xi F(theta', phi')| <= tolerance |u| (Euclidean norm of the 3-vector).
    double tolerance = 1e-13;
    int maxIterations = 60;
    /// Central-difference step of the Jacobian, relative to xi.
    double fdStep = 1e-6;
    StickStart start = StickStart::Ellipsoid;
};

struct StickResult {
    double xi = 0.0;    ///< xi_s'(u) >= 0: the load's gauge relative to the kinetic limit surface
    double theta = 0.0; ///< theta_s' in [-pi/2, pi/2]: direction in which slip begins
    double phi = 0.0;   ///< phi_s' (0 when theta' = +-pi/2, where it is undefined)
    bool converged = false;
    int iterations = 0;
    double residual = 0.0; ///< |u + xi F(theta', phi')| / |u|
    /// JTAM (2.4): the contact sticks while xi <= eta = mu_s / mu_k.
    bool sticks(double eta) const { return xi <= eta; }
};

/// Solves JTAM (2.5), u = -xi (T_sx, T_sy, M_s)(theta', phi'), for any model of fully developed
/// sliding (integral model, I(0,0), I(1,1)). u = (T_x, T_y, M) is the load the friction must hold.
///
/// Method: the unknowns are q = xi (v_sx, v_sy, omega_s)(theta', phi'), a point of R^3 with |q| = xi,
/// so the equations H(q) = |q| F(q) = -u (H homogeneous of degree 1) have no coordinate
/// singularity at theta' = +-pi/2. Newton's method with a central-difference Jacobian and
/// backtracking on |H(q) + u|, started from the exact solution for the ellipsoidal limit surface
/// T^2 + (M/c)^2 = 1 (c = |M_s| at pure spin): q0 = xi0 unit(-u_T, -u_M/c^2), xi0 = sqrt(u_T^2 + (u_M/c)^2).
/// If that fails, it restarts from the best of 402 directions on the sphere (the one whose F is
/// most nearly opposite to u). A pure moment (u_T = 0) on a contact whose pure spin gives no force
/// (circular symmetry) is solved exactly: theta' = -sgn(M) pi/2, xi = |M| / c.
StickResult solveStick(const ContactModel& model, const FrictionLoad& u, const StickOptions& options = {});

} // namespace fl::contact
