#include "analysis/contact_curves.h"
#include "contact/integral_model.h"

#include <chrono>
#include <cmath>
#include <numbers>

namespace fl {
namespace {

using fl::contact::FrictionLoad;
constexpr double kPi = std::numbers::pi;

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// n points evenly spaced over [a, b], ends included.
std::vector<double> grid(double a, double b, int n)
{
    std::vector<double> x(static_cast<size_t>(n));
    for (int k = 0; k < n; ++k)
        x[static_cast<size_t>(k)] = a + (b - a) * k / (n - 1);
    return x;
}

/// (T_sx, T_sy, M_s) on the section M_s = 0 of the limit surface, one point per phi.
std::vector<FrictionLoad> tractionSection(const fl::contact::ContactModel& model, const std::vector<double>& phis,
                                          int* evaluations)
{
    std::vector<FrictionLoad> out;
    out.reserve(phis.size());
    for (double phi : phis) {
        const double theta = zeroMomentTheta(model, phi, evaluations);
        out.push_back(model.loadAt(theta, phi));
        if (evaluations)
            ++*evaluations;
    }
    return out;
}

/// The approximant's fully-developed-sliding curves on the integral model's grids, and its
/// regularized form along the ray (theta, phi).
ApproximantCurves approximantCurves(const fl::contact::ContactModel& model, const fl::contact::RegularizedApproximant& law,
                                    const IntegralSamples& integral, const ContactSettings& settings,
                                    const std::vector<double>& lambda)
{
    ApproximantCurves c;
    for (double theta : integral.theta)
        c.fig2.push_back(model.loadAt(theta, integral.phi));
    for (double theta : integral.sectionTheta)
        c.section.push_back(model.loadAt(theta, 0.0));
    c.traction = tractionSection(model, integral.tractionPhi, nullptr);
    c.kinetic = model.loadAt(settings.theta(), settings.phi());
    for (double l : lambda) {
        const fl::contact::RelativeMotion q = fl::contact::motionFromAngles(settings.theta(), settings.phi(), l);
        c.law.push_back(law.load(q.vx, q.vy, q.omega));
    }
    return c;
}

} // namespace

double zeroMomentTheta(const fl::contact::ContactModel& model, double phi, int* evaluations)
{
    double a = -0.5 * kPi, b = 0.5 * kPi;
    double fa = model.loadAt(a, phi).m, fb = model.loadAt(b, phi).m;
    int count = 2;
    int side = 0;
    double c = 0.0;
    // Illinois: regula falsi that halves the value kept twice in a row, superlinear on a bracket.
    for (int iteration = 0; iteration < 200 && b - a > 1e-13; ++iteration) {
        c = fb != fa ? (a * fb - b * fa) / (fb - fa) : 0.5 * (a + b);
        if (!(c > a && c < b))
            c = 0.5 * (a + b);
        const double fc = model.loadAt(c, phi).m;
        ++count;
        if (fc == 0.0) {
            a = b = c;
            break;
        }
        if ((fc < 0.0) == (fa < 0.0)) {
            a = c;
            fa = fc;
            if (side == -1)
                fb *= 0.5;
            side = -1;
        } else {
            b = c;
            fb = fc;
            if (side == 1)
                fa *= 0.5;
            side = 1;
        }
        if (std::abs(fc) < 1e-15)
            break;
    }
    if (evaluations)
        *evaluations += count;
    return c;
}

IntegralSamplesPtr sampleIntegral(const fl::contact::ContactShape& shape, double phi)
{
    const auto start = std::chrono::steady_clock::now();
    const fl::contact::IntegralModel model(shape);
    auto s = std::make_shared<IntegralSamples>();
    s->shape = shape;
    s->phi = phi;
    s->moments = model.moments();
    s->theta = grid(0.0, 0.5 * kPi, kFig2Samples);
    for (double theta : s->theta)
        s->fig2.push_back(model.loadAt(theta, phi));
    s->sectionTheta = grid(-0.5 * kPi, 0.5 * kPi, kSectionSamples);
    for (double theta : s->sectionTheta)
        s->section.push_back(model.loadAt(theta, 0.0));
    s->evaluations = kFig2Samples + kSectionSamples;
    s->tractionPhi = grid(-kPi, kPi, kTractionSamples);
    s->traction = tractionSection(model, s->tractionPhi, &s->evaluations);
    if (shape.isCircularlySymmetric()) {
        // The section's upper half is sampleIntegralModel's grid (pi/2) k/90, k = 0..90.
        fl::contact::FitSamples fit;
        for (size_t k = kSectionSamples / 2; k < s->section.size(); ++k) {
            fit.theta.push_back(s->sectionTheta[k]);
            fit.tx.push_back(s->section[k].tx);
            fit.m.push_back(s->section[k].m);
        }
        s->fitSamples = std::move(fit);
    }
    s->seconds = secondsSince(start);
    return s;
}

ContactCurvesPtr computeContactCurves(const ContactSettings& settings, const IntegralSamplesPtr& cached)
{
    const auto start = std::chrono::steady_clock::now();
    const fl::contact::ContactShape shape = settings.contactShape();
    auto curves = std::make_shared<ContactCurves>();
    curves->settings = settings;
    curves->integral = cached && cached->shape == shape && cached->phi == settings.phi() ? cached
                                                                                          : sampleIntegral(shape, settings.phi());
    const IntegralSamples& integral = *curves->integral;
    const double eps = settings.regularization().eps;
    curves->lambda = grid(-kLawRange * eps, kLawRange * eps, kLawSamples);

    using namespace fl::contact;
    const I00Coefficients c00 = I00Coefficients::fromMoments(integral.moments);
    const ApproximantI00 i00(c00, settings.i00());
    curves->i00 = approximantCurves(i00, RegularizedApproximant(c00, settings.i00(), settings.regularization()), integral,
                                    settings, curves->lambda);
    if (integral.fitSamples)
        curves->i00.rms = fitRms(ApproximantKind::I00, integral.moments, settings.i00(), *integral.fitSamples);
    if (settings.supportsI11()) {
        const I11Coefficients c11 = I11Coefficients::fromMoments(integral.moments);
        const ApproximantI11 i11(c11, settings.i11());
        curves->i11 = approximantCurves(i11, RegularizedApproximant(c11, settings.i11(), settings.regularization()), integral,
                                        settings, curves->lambda);
        if (integral.fitSamples)
            curves->i11->rms = fitRms(ApproximantKind::I11, integral.moments, settings.i11(), *integral.fitSamples);
    }
    curves->seconds = secondsSince(start);
    return curves;
}

ContactFit fitContact(const fl::contact::ContactShape& shape)
{
    const auto start = std::chrono::steady_clock::now();
    using namespace fl::contact;
    ContactFit fit;
    fit.shape = shape;
    const IntegralModel model(shape, 1e-10);
    const FitSamples samples = sampleIntegralModel(model, 91);
    fit.i00 = fitApproximant(ApproximantKind::I00, model.moments(), samples);
    fit.i11 = fitApproximant(ApproximantKind::I11, model.moments(), samples);
    fit.seconds = secondsSince(start);
    return fit;
}

} // namespace fl
