#pragma once
// Texts the fields, labels and the undo history share: a parameter value, a long name cut short.
#include "params/parameter_spec.h"

#include <QString>

namespace fl::ui {

/// A parameter value: the exact shortest text where it fits (10 characters), else 7 significant
/// digits (0.6666667).
inline QString valueText(double value)
{
    const QString exact = QString::fromStdString(fl::formatNumber(value));
    return exact.size() <= 10 ? exact : QString::number(value, 'g', 7);
}

/// The text cut to maxChars characters with "…" (a surrogate pair is never split).
inline QString elideChars(const QString& text, int maxChars = 40)
{
    if (text.size() <= maxChars || maxChars < 2)
        return text;
    qsizetype keep = maxChars - 1;
    if (text.at(keep - 1).isHighSurrogate())
        --keep;
    return text.left(keep) + QChar(0x2026);
}

} // namespace fl::ui
