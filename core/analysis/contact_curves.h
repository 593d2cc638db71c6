#pragma once
// The curves of the contact explorer, computed away from the GUI thread (pure functions, safe on
// any thread): the integral model (JTAM (2.2)), the approximants I(0,0) and I(1,1) (JTAM (3.4),
// Acta Mech (2)-(3)), their regularized forms (JTAM (4.4), Acta Mech (6)) and the fit of (b, m).
#include "contact/contact_settings.h"
#include "contact/approximant_fit.h"
#include "contact/contact_model.h"

#include <memory>
#include <optional>
#include <vector>

namespace fl {

constexpr int kFig2Samples = 181;     ///< theta in [0, pi/2] (0.5 degree steps)
constexpr int kSectionSamples = 181;  ///< theta in [-pi/2, pi/2] at phi = 0 (1 degree steps)
constexpr int kTractionSamples = 145; ///< phi in [-pi, pi] on the section M = 0 (2.5 degree steps)
constexpr int kLawSamples = 801;      ///< lambda_s in [-kLawRange eps, kLawRange eps]
constexpr double kLawRange = 10.0;

/// The integral model's samples: they depend on the shape and phi only, and are the costly part
/// (each evaluation is an adaptive quadrature, IntegralModel), so they are kept while (b, m, eta,
/// eps, theta) change.
struct IntegralSamples {
    fl::contact::ContactShape shape = fl::contact::ContactShape::uniformCircle();
    double phi = 0.0;
    fl::contact::ContactMoments moments;
    std::vector<double> theta;                  ///< Fig. 2 grid, [0, pi/2]
    std::vector<fl::contact::FrictionLoad> fig2; ///< (T_sx, T_sy, M_s)(theta_k, phi)
    std::vector<double> sectionTheta;           ///< [-pi/2, pi/2]
    std::vector<fl::contact::FrictionLoad> section; ///< at (theta_k, 0): the (T, M) section
    std::vector<double> tractionPhi;            ///< [-pi, pi]
    std::vector<fl::contact::FrictionLoad> traction; ///< at (theta*(phi_k), phi_k) where M_s = 0
    /// Fit samples of Acta Mech sec. 2 (theta in [0, pi/2], phi = 0; the upper half of section);
    /// only for circularly symmetric pressure, which that field represents.
    std::optional<fl::contact::FitSamples> fitSamples;
    int evaluations = 0;  ///< integral-model evaluations
    double seconds = 0.0; ///< wall time of the sampling
};
using IntegralSamplesPtr = std::shared_ptr<const IntegralSamples>;

/// One approximant's curves on the grids of IntegralSamples.
struct ApproximantCurves {
    std::vector<fl::contact::FrictionLoad> fig2;
    std::vector<fl::contact::FrictionLoad> section;
    std::vector<fl::contact::FrictionLoad> traction;
    std::vector<fl::contact::FrictionLoad> law; ///< regularized, along the ray (theta, phi) at lambda_k
    fl::contact::FrictionLoad kinetic;          ///< the unregularized value in the direction (theta, phi)
    double rms = -1.0;                          ///< fitRms against the integral model; < 0 if not defined
};

/// Everything the explorer draws for one ContactSettings.
struct ContactCurves {
    ContactSettings settings;
    IntegralSamplesPtr integral;
    std::vector<double> lambda; ///< lambda_s of the regularized laws
    ApproximantCurves i00;
    std::optional<ApproximantCurves> i11; ///< circularly symmetric pressure only
    double seconds = 0.0;       ///< wall time of the whole computation (sampling included)
};
using ContactCurvesPtr = std::shared_ptr<const ContactCurves>;

/// Samples the integral model of a valid shape at the direction angle phi.
IntegralSamplesPtr sampleIntegral(const fl::contact::ContactShape& shape, double phi);

/// The curves of valid settings; reuses cached when it was sampled for the same shape and phi.
ContactCurvesPtr computeContactCurves(const ContactSettings& settings, const IntegralSamplesPtr& cached = nullptr);

/// theta in [-pi/2, pi/2] with M_s(theta, phi) = 0 (Illinois regula falsi on the bracket
/// M_s(-pi/2) = -c00m1 < 0 < M_s(pi/2) = c00m1), to 1e-13 in theta.
double zeroMomentTheta(const fl::contact::ContactModel& model, double phi, int* evaluations = nullptr);

/// Least-squares (b, m) of both approximants (fitApproximant) against 91 samples of the 1e-10
/// integral model of a circularly symmetric shape.
struct ContactFit {
    fl::contact::ContactShape shape = fl::contact::ContactShape::uniformCircle();
    fl::contact::FitResult i00;
    fl::contact::FitResult i11;
    double seconds = 0.0;
};
ContactFit fitContact(const fl::contact::ContactShape& shape);

} // namespace fl
