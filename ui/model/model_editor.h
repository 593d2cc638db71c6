#pragma once
// The model editor: a window with the model file's text (syntax highlighting, a monospace font that
// scales with the window), checked as it is typed (a quarter second after the last key: the parse
// of a 50-line model takes well under a millisecond) with the first error shown at its line and
// column (the line tinted, the place underlined, the message below; click it to go there), and
// Apply (Ctrl+Return) that hands the text to the window (ModelManager), which simulates it at
// once. Save writes the file atomically (QSaveFile). The grammar: docs/model-files.md.
#include <QWidget>

class QLabel;
class QMenu;
class QPlainTextEdit;
class QPushButton;
class QTimer;
class QToolButton;

namespace fl::ui {

class ModelHighlighter;

class ModelEditor final : public QWidget {
    Q_OBJECT
public:
    /// 760 x 640 at 100 %, grown with the presenter scale, within the screen.
    void fitWindowToScale();
    explicit ModelEditor(QWidget* parent = nullptr);

    /// Shows a text (from a file at path, or a template: path empty) as unmodified.
    void setText(const QString& text, const QString& path = QString());
    QString text() const;
    QString path() const { return m_path; }
    QPlainTextEdit* textEdit() const { return m_edit; }
    /// The templates' menu (the manager fills it).
    QMenu* templatesMenu() const { return m_templates; }

    /// Parses the text now and shows the result; true when it parses.
    bool check();
    /// Shows an error at line and column (1-based); line 0 clears it.
    void showError(int line, int column, const QString& reason);
    int errorLine() const { return m_errorLine; }
    int errorColumn() const { return m_errorColumn; }
    /// The line under the text: "OK: …" or "line L, column C: reason".
    QString statusText() const;
    /// Writes the text to path (QSaveFile); false with error set.
    bool saveTo(const QString& path, QString* error = nullptr);
    void setDark(bool dark);

signals:
    /// Apply: the text to register and simulate.
    void applyRequested(const QString& text);
    /// The grammar's help page.
    void helpRequested();

private:
    void goToError();
    void updateTitle();

    QPlainTextEdit* m_edit = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_apply = nullptr;
    QToolButton* m_templateButton = nullptr;
    QMenu* m_templates = nullptr;
    QTimer* m_checkTimer = nullptr;
    ModelHighlighter* m_highlighter = nullptr;
    QString m_path;
    int m_errorLine = 0;
    int m_errorColumn = 0;
};

} // namespace fl::ui
