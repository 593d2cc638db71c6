#pragma once
// Fit of the free constants (b, m) of the approximants to the integral model (Acta Mech sec. 2,
// JTAM sec. 3), and the fitted values FrictionLab uses by default.
#include "contact/approximants.h"
#include "contact/contact_shape.h"
#include "contact/integral_model.h"

#include <vector>

namespace fl::contact {

/// Integral-model values at theta_k = (pi/2) k/(N-1), k = 0..N-1, phi = 0 (the "representative
/// field" of Acta Mech sec. 2 for circularly symmetric pressure).
struct FitSamples {
    std::vector<double> theta;
    std::vector<double> tx; ///< T_sx(theta_k, 0)
    std::vector<double> m;  ///< M_s(theta_k, 0)
};
FitSamples sampleIntegralModel(const IntegralModel& model, int count = 91);

/// The objective: S(b, m) = sum_k [(T_sx^A - T_sx)^2 + (M_s^A - M_s)^2](theta_k, 0) over the N
/// samples, with the approximant's numerator coefficients from `moments`; returned as the rms
/// residual sqrt(S / (2N)).
double fitRms(ApproximantKind kind, const ContactMoments& moments, ApproximantParams params, const FitSamples& samples);

struct FitResult {
    ApproximantParams params;
    double rms = 0.0;
    int evaluations = 0;
    bool converged = false;
};

/// Least squares of S(b, m) by Nelder-Mead in (ln b, ln m) (so b, m > 0) from `start`, with
/// restarts; converged when the simplex shrank to 1e-11 in ln b and ln m.
FitResult fitApproximant(ApproximantKind kind, const ContactMoments& moments, const FitSamples& samples,
                         ApproximantParams start = {1.0, 1.0});

// Fitted defaults (91 samples, 1e-10 integral model; test_contact_fit reproduces them). The
// published values and their rms on the same objective are listed in the test and the report.
/// I(0,0), uniform circle.
inline constexpr ApproximantParams kFittedI00Uniform{0.0, 0.0};
/// I(1,1), uniform circle.
inline constexpr ApproximantParams kFittedI11Uniform{0.0, 0.0};
/// I(0,0), Hertz circle.
inline constexpr ApproximantParams kFittedI00Hertz{0.0, 0.0};
/// I(1,1), Hertz circle.
inline constexpr ApproximantParams kFittedI11Hertz{0.0, 0.0};

/// The fitted defaults above for a circular contact with the given pressure.
ApproximantParams defaultApproximantParams(ApproximantKind kind, PressureKind pressure);

} // namespace fl::contact
