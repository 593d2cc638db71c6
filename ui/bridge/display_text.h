#pragma once
// Texts the fields, labels and the undo history share: a parameter value, a long name cut short, a state.
#include "params/parameter_spec.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

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

/// A state by its variables: "x = 1.09482, v = 0", the first `most` of them (then ", …").
inline QString stateText(const std::vector<std::string>& names, const std::vector<double>& values, size_t most)
{
    QStringList parts;
    for (size_t i = 0; i < values.size() && i < names.size() && i < most; ++i)
        parts << QStringLiteral("%1 = %2").arg(QString::fromStdString(names[i]), QString::number(values[i], 'g', 6));
    return parts.join(QStringLiteral(", ")) + (values.size() > most ? QStringLiteral(", …") : QString());
}

} // namespace fl::ui
