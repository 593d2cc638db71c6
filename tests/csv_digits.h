#pragma once
// Do a CSV's numbers round-trip? The shortest text that reads back as the same double has 16 or
// 17 significant digits for most computed doubles (15 or fewer only for about one in ten); a
// column written with 6, 10, 12 or 15 digits (%.15g does not round-trip) never has more. So a
// computed column whose longest number has at least 16 digits was written exactly. Shared by the
// CLI and GUI export tests.
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <algorithm>

namespace csv_digits {

/// Significant digits of a number as written ("0.0402359" -> 6, "1.5e-05" -> 2).
inline int significantDigits(const QString& text)
{
    QString mantissa = text.section(QRegularExpression("[eE]"), 0, 0);
    mantissa.remove('-').remove('.');
    while (mantissa.startsWith('0'))
        mantissa.remove(0, 1);
    while (mantissa.endsWith('0'))
        mantissa.chop(1);
    return static_cast<int>(mantissa.size());
}

/// The most significant digits of any number in a CSV column ('#' lines skipped), -1 if none.
inline int mostDigits(const QStringList& lines, int column)
{
    int most = -1;
    for (const QString& line : lines) {
        if (line.startsWith('#'))
            continue;
        const QString field = line.section(',', column, column);
        bool ok = false;
        field.toDouble(&ok);
        if (ok)
            most = std::max(most, significantDigits(field));
    }
    return most;
}

inline int mostDigits(const QByteArray& csv, int column) { return mostDigits(QString::fromUtf8(csv).split('\n'), column); }

} // namespace csv_digits
