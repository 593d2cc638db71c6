#pragma once
// Syntax highlighting of model files (docs/model-files.md) in the model editor: statements and
// their options, function names, numbers, strings, comments, and the primes of velocities.
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace fl::ui {

class ModelHighlighter final : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit ModelHighlighter(QTextDocument* document);
    /// Colours for a dark background (the dark theme) or a light one.
    void setDark(bool dark);

protected:
    void highlightBlock(const QString& text) override;

private:
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
    };
    std::vector<Rule> m_rules;
    QTextCharFormat m_string, m_comment;
};

} // namespace fl::ui
