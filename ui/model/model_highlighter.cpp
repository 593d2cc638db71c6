#include "model/model_highlighter.h"

namespace fl::ui {

ModelHighlighter::ModelHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) { setDark(false); }

void ModelHighlighter::setDark(bool dark)
{
    auto format = [](const QColor& colour, bool bold = false, bool italic = false) {
        QTextCharFormat f;
        f.setForeground(colour);
        if (bold)
            f.setFontWeight(QFont::Bold);
        f.setFontItalic(italic);
        return f;
    };
    const QColor keyword = dark ? QColor(0x8a, 0xb4, 0xf8) : QColor(0x1a, 0x4d, 0x9c);
    const QColor option = dark ? QColor(0xc5, 0x9c, 0xf0) : QColor(0x7b, 0x2c, 0x9e);
    const QColor function = dark ? QColor(0x7d, 0xd3, 0xc0) : QColor(0x0b, 0x6e, 0x5a);
    const QColor number = dark ? QColor(0xf2, 0xb8, 0x6b) : QColor(0xa6, 0x4b, 0x00);
    m_rules = {
        {QRegularExpression(QStringLiteral("^\\s*(flmodel|name|about|numerics|breakaway|param|let|coord|state|rate|force|contact|output|draw|section)\\b")),
         format(keyword, true)},
        {QRegularExpression(QStringLiteral("^\\s*(mass|start|velocity|slip|normal|law|kinetic|static)\\b")), format(keyword, true)},
        {QRegularExpression(QStringLiteral("\\b(range|unit|symbol|label|help|at|wall|block|spring|belt|pendulum|disk|length|radius|strobe|plane|direction|custom|speed)\\b")), format(option)},
        {QRegularExpression(QStringLiteral("\\b(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|exp|log|log10|sqrt|abs|sign|min|max|pow|"
                                           "hypot|pi|t)\\b")),
         format(function)},
        {QRegularExpression(QStringLiteral("(?<![A-Za-z_0-9.])(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")), format(number)},
        {QRegularExpression(QStringLiteral("'+")), format(number, true)},
    };
    m_string = format(dark ? QColor(0xa8, 0xd9, 0x8a) : QColor(0x2f, 0x7a, 0x1f));
    m_comment = format(dark ? QColor(0x90, 0x90, 0x90) : QColor(0x70, 0x70, 0x70), false, true);
    rehighlight();
}

void ModelHighlighter::highlightBlock(const QString& text)
{
    for (const Rule& rule : m_rules)
        for (auto it = rule.pattern.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const int group = m.lastCapturedIndex() >= 1 && rule.pattern.pattern().startsWith('^') ? 1 : 0;
            setFormat(static_cast<int>(m.capturedStart(group)), static_cast<int>(m.capturedLength(group)), rule.format);
        }
    // Strings and comments last: nothing inside them is code ('#' inside a string is text).
    bool inString = false;
    int stringStart = 0;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('"')) {
            if (inString)
                setFormat(stringStart, i - stringStart + 1, m_string);
            else
                stringStart = i;
            inString = !inString;
        } else if (c == QLatin1Char('#') && !inString) {
            setFormat(i, static_cast<int>(text.size()) - i, m_comment);
            return;
        }
    }
    if (inString)
        setFormat(stringStart, static_cast<int>(text.size()) - stringStart, m_string);
}

} // namespace fl::ui
