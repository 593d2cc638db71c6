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

/// The decimal exponent of a tenth of a step: values rounded to it keep each position distinct.
int tenthOfStepExponent(double step) { return static_cast<int>(std::floor(std::log10(step))) - 1; }

/// Rounds to the decimal digit of a tenth of a slider step, so each position has its own value.
double roundToStep(double value, double step) { return roundToPowerOfTen(value, tenthOfStepExponent(step)); }

/// Significant digits that tell apart values a factor ratio > 1 apart (at least 3).
int digitsFor(double ratio)
{
    const double relative = ratio - 1.0;
    if (!(relative > 0.0))
        return 15;
    return std::clamp(static_cast<int>(std::ceil(1.0 - std::log10(relative))), 3, 15);
}

} // namespace

SliderScale::SliderScale(const fl::ParameterSpec& spec)
    : m_fullMin(spec.min), m_fullMax(spec.max), m_min(spec.min), m_max(spec.max),
      m_log(spec.logScale && spec.min > 0.0 && spec.max > spec.min), m_whole(spec.kind != fl::ParameterKind::Real)
{
}

double SliderScale::span() const { return m_log ? std::log10(m_max / m_min) : m_max - m_min; }

bool SliderScale::narrow(double value)
{
    if (m_level >= kMaxNarrowing || !(m_fullMax > m_fullMin))
        return false;
    const double oldMin = m_min, oldMax = m_max;
    centre(value, span() / 10.0);
    if (m_whole && m_max - m_min < kMinWholeSpan) { // a handful of whole numbers: nothing to home in on
        m_min = oldMin;
        m_max = oldMax;
        return false;
    }
    ++m_level;
    return true;
}

bool SliderScale::widen(double value)
{
    if (m_level == 0)
        return false;
    if (--m_level == 0)
        restoreFullRange();
    else
        centre(value, span() * 10.0);
    return true;
}

void SliderScale::restoreFullRange()
{
    m_min = m_fullMin;
    m_max = m_fullMax;
    m_level = 0;
}

void SliderScale::follow(double value)
{
    if (m_level > 0 && (value < m_min || value > m_max))
        centre(value, span());
}

void SliderScale::narrowLike(const SliderScale& other, double value)
{
    if (other.m_level == 0 || m_log != other.m_log) {
        restoreFullRange();
        return;
    }
    m_level = other.m_level;
    centre(value, other.span());
}

void SliderScale::centre(double value, double span)
{
    value = std::clamp(value, m_fullMin, m_fullMax);
    if (m_log) {
        const double lowest = std::log10(m_fullMin), highest = std::log10(m_fullMax);
        const double low = std::clamp(std::log10(value) - 0.5 * span, lowest, std::max(lowest, highest - span));
        m_min = std::max(m_fullMin, std::pow(10.0, low));
        m_max = std::min(m_fullMax, std::pow(10.0, low + span));
        return;
    }
    // The lower end on the decimal digit of a coarse step: a short range text, short values.
    const int digit = static_cast<int>(std::floor(std::log10(span / kSteps)));
    double low = roundToPowerOfTen(value - 0.5 * span, digit);
    low = std::clamp(low, m_fullMin, std::max(m_fullMin, m_fullMax - span));
    m_min = low;
    m_max = std::min(m_fullMax, low + span);
}

int SliderScale::position(double value) const
{
    if (!(m_max > m_min))
        return 0;
    value = std::clamp(value, m_min, m_max);
    const double fraction = m_log ? std::log(value / m_min) / std::log(m_max / m_min)
                                  : (value - m_min) / (m_max - m_min);
    return static_cast<int>(std::lround(fraction * kPositions));
}

double SliderScale::value(int position) const
{
    const int p = std::clamp(position, 0, kPositions);
    const int coarse = p / kFine, rest = p % kFine;
    const double low = coarseValue(coarse);
    double v = low;
    if (rest != 0) {
        // Fine positions divide a coarse step evenly, a digit finer: increasing, whatever the rounding.
        const double high = coarseValue(coarse + 1);
        const double fineStep = (high - low) / kFine;
        v = std::clamp(roundToStep(low + rest * fineStep, fineStep), m_min, m_max);
    }
    return m_whole ? std::clamp(std::round(v), std::ceil(m_min), std::floor(m_max)) : v;
}

double SliderScale::steppedValue(double from, int position) const
{
    const double v = value(position);
    const int here = this->position(from);
    if (!m_whole || v != from || position == here)
        return v;
    return std::clamp(from + (position > here ? 1.0 : -1.0), std::ceil(m_min), std::floor(m_max));
}

double SliderScale::coarseValue(int step) const
{
    const double fraction = std::clamp(step, 0, kSteps) / static_cast<double>(kSteps);
    double v = 0.0;
    if (m_log)
        v = roundSignificant(m_min * std::pow(m_max / m_min, fraction), digitsFor(std::pow(m_max / m_min, 1.0 / kSteps)));
    else if (m_max > m_min)
        v = roundToStep(m_min + fraction * (m_max - m_min), (m_max - m_min) / kSteps);
    else
        v = m_min;
    return std::clamp(v, m_min, m_max);
}

} // namespace fl::ui
