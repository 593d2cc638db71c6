#include "bridge/escape_controls.h"

namespace fl::ui {

QString escapeControls(const QString& text)
{
    QString line;
    line.reserve(text.size());
    for (const QChar c : text) {
        if (c == '\n')
            line += QLatin1String("\\n");
        else if (c == '\r')
            line += QLatin1String("\\r");
        else if (c == '\t')
            line += QLatin1String("\\t");
        else if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            line += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            line += c;
    }
    return line;
}

} // namespace fl::ui
