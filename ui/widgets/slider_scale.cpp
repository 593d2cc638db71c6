#include "widgets/slider_scale.h"

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

/// Rounds to a multiple of 10^exponent, dividing by an exact power of ten where it is < 1.
double roundToPowerOfTen(double value, int exponent)
{
    if (exponent < 0) {
        const double scale = std::pow(10.0, -exponent);
        return std::round(value * scale) / scale;
    }
    const double unit = std::pow(10.0, exponent);
    return std::round(value / unit) * unit;
}

/// Rounds to the given number of significant digits.
double roundSignificant(double value, int digits)
{
    if (value == 0.0 || !std::isfinite(value))
        return value;
    return roundToPowerOfTen(value, static_cast<int>(std::floor(std::log10(std::abs(value)))) - digits + 1);
}

/// Rounds to the decimal digit of a tenth of a slider step, so each position has its own value.
double roundToStep(double value, double step)
{
    return roundToPowerOfTen(value, static_cast<int>(std::floor(std::log10(step))) - 1);
}

} // namespace

SliderScale::SliderScale(const fl::ParameterSpec& spec)
    : m_min(spec.min), m_max(spec.max), m_log(spec.logScale && spec.min > 0.0 && spec.max > spec.min)
{
}

int SliderScale::position(double value) const
{
    if (!(m_max > m_min))
        return 0;
    value = std::clamp(value, m_min, m_max);
    const double fraction = m_log ? std::log(value / m_min) / std::log(m_max / m_min)
                                  : (value - m_min) / (m_max - m_min);
    return static_cast<int>(std::lround(fraction * kSteps));
}

double SliderScale::value(int position) const
{
    const double fraction = std::clamp(position, 0, kSteps) / static_cast<double>(kSteps);
    double v = 0.0;
    if (m_log)
        v = roundSignificant(m_min * std::pow(m_max / m_min, fraction), 3);
    else if (m_max > m_min)
        v = roundToStep(m_min + fraction * (m_max - m_min), (m_max - m_min) / kSteps);
    else
        v = m_min;
    return std::clamp(v, m_min, m_max);
}

} // namespace fl::ui
