#pragma once
#include "params/parameter_spec.h"

namespace fl::ui {

/// Maps a window of a parameter's range onto integer slider positions 0..kPositions: linearly,
/// or evenly in log10 for specs with logScale (and a positive minimum). The window is the whole
/// [min, max] of the spec unless narrowed around a value (narrow, widen, restoreFullRange) to
/// home in on a threshold. A coarse step (arrow key, plain drag) is kFine positions; Shift moves
/// one position. Values from positions are rounded to a short decimal so that the text field
/// shows "0.49", not "0.49000000000000021". Parameters of an integer or boolean kind
/// (fl::ParameterKind) take whole numbers only, and a key or wheel step moves them by at least 1.
class SliderScale {
public:
    static constexpr int kSteps = 1000;                 ///< coarse steps over the window
    static constexpr int kFine = 10;                    ///< fine positions per coarse step
    static constexpr int kPositions = kSteps * kFine;   ///< slider positions over the window
    static constexpr int kMaxNarrowing = 4;             ///< narrowings at most (window 10⁻⁴ of the range)
    static constexpr double kMinWholeSpan = 10.0;       ///< whole-number windows are not narrowed below this span

    explicit SliderScale(const fl::ParameterSpec& spec);

    bool isLog() const { return m_log; }
    /// The spec's kind is integer or boolean: every value is a whole number.
    bool isWhole() const { return m_whole; }
    /// The window the positions cover: [min, max] of the spec unless narrowed.
    double min() const { return m_min; }
    double max() const { return m_max; }
    /// Times narrowed (0: the spec's whole range).
    int narrowing() const { return m_level; }
    bool isNarrowed() const { return m_level > 0; }
    /// Narrows the window to a tenth of its span (in log10 for a log scale), centred on value and
    /// kept inside the spec's range; false when already narrowed kMaxNarrowing times, or when a
    /// whole-number window would span less than kMinWholeSpan.
    bool narrow(double value);
    /// Undoes one narrowing: ten times the span around value (the whole range at level 0);
    /// false when not narrowed.
    bool widen(double value);
    /// The spec's whole range again.
    void restoreFullRange();
    /// Moves a narrowed window, its span kept, so that it is centred on value if value lies outside it.
    void follow(double value);
    /// Copies the narrowing of another scale of the same spec, centred on value.
    void narrowLike(const SliderScale& other, double value);

    /// Nearest slider position of a value (clamped to the window).
    int position(double value) const;
    /// Value at a slider position, rounded, within the window: at multiples of kFine as before
    /// (a tenth of a coarse step, 3+ significant digits on a log scale), in between the coarse
    /// step divided evenly and rounded to a tenth of a fine step. Whole-number kinds: rounded to the
    /// nearest whole number in the window.
    double value(int position) const;
    /// The value a key or wheel step to position gives from the value `from`: value(position), but
    /// for whole-number kinds at least one whole number from `from` in the step's direction (within
    /// the window), since on a window of fewer whole numbers than coarse steps neighbouring
    /// positions round to the same number.
    double steppedValue(double from, int position) const;

private:
    /// Value at a coarse step 0..kSteps, rounded.
    double coarseValue(int step) const;
    /// Sets the window to span (log10 span for a log scale) centred on value, inside the range.
    void centre(double value, double span);
    double span() const;

    double m_fullMin;
    double m_fullMax;
    double m_min;
    double m_max;
    bool m_log;
    bool m_whole;
    int m_level = 0;
};

} // namespace fl::ui
