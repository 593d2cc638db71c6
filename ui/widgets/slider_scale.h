#pragma once
#include "params/parameter_spec.h"

namespace fl::ui {

/// Maps a parameter's range onto integer slider positions 0..kSteps: linearly, or evenly in
/// log10 for specs with logScale (and a positive minimum). Values from positions are rounded to
/// a short decimal so that the text field shows "0.49", not "0.49000000000000021".
class SliderScale {
public:
    static constexpr int kSteps = 1000;

    explicit SliderScale(const fl::ParameterSpec& spec);

    bool isLog() const { return m_log; }
    /// Nearest slider position of a value (clamped to the range).
    int position(double value) const;
    /// Value at a slider position, rounded, within [min, max].
    double value(int position) const;

private:
    double m_min;
    double m_max;
    bool m_log;
};

} // namespace fl::ui
