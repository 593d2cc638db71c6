#include "contact/approximant_fit.h"

#include "contact/nelder_mead.h"

#include <cmath>
#include <numbers>

namespace fl::contact {

FitSamples sampleIntegralModel(const IntegralModel& model, int count)
{
    FitSamples s;
    for (int k = 0; k < count; ++k) {
        const double theta = 0.5 * std::numbers::pi * k / (count - 1);
        const FrictionLoad f = model.loadAt(theta, 0.0);
        s.theta.push_back(theta);
        s.tx.push_back(f.tx);
        s.m.push_back(f.m);
    }
    return s;
}

double fitRms(ApproximantKind kind, const ContactMoments& moments, ApproximantParams params, const FitSamples& samples)
{
    const ApproximantI00 i00(I00Coefficients::fromMoments(moments), params);
    const ApproximantI11 i11(I11Coefficients::fromMoments(moments), params);
    const ContactModel& model = kind == ApproximantKind::I00 ? static_cast<const ContactModel&>(i00) : i11;
    double sum = 0.0;
    for (std::size_t k = 0; k < samples.theta.size(); ++k) {
        const FrictionLoad f = model.loadAt(samples.theta[k], 0.0);
        sum += (f.tx - samples.tx[k]) * (f.tx - samples.tx[k]) + (f.m - samples.m[k]) * (f.m - samples.m[k]);
    }
    return std::sqrt(sum / (2.0 * double(samples.theta.size())));
}

FitResult fitApproximant(ApproximantKind kind, const ContactMoments& moments, const FitSamples& samples,
                         ApproximantParams start)
{
    auto objective = [&](const Eigen::VectorXd& x) {
        const double r = fitRms(kind, moments, {std::exp(x[0]), std::exp(x[1])}, samples);
        return std::isfinite(r) ? r * r : 1e300;
    };
    const NelderMeadResult nm = nelderMead(objective, Eigen::Vector2d(std::log(start.b), std::log(start.m)));
    FitResult r;
    r.params = {std::exp(nm.x[0]), std::exp(nm.x[1])};
    r.rms = std::sqrt(nm.value);
    r.evaluations = nm.evaluations;
    r.converged = nm.converged;
    return r;
}

ApproximantParams defaultApproximantParams(ApproximantKind kind, PressureKind pressure)
{
    if (pressure == PressureKind::Uniform)
        return kind == ApproximantKind::I00 ? kFittedI00Uniform : kFittedI11Uniform;
    return kind == ApproximantKind::I00 ? kFittedI00Hertz : kFittedI11Hertz;
}

} // namespace fl::contact
