#pragma once
// Models written by users in the window (docs/model-files.md): File → Open Model… (Ctrl+Shift+O),
// File → Model Examples (the shipped models, each opening at its own values: its preset), File →
// Model Editor… (Ctrl+Shift+M). A model that is opened or applied becomes the document's scenario
// (one undo step): its parameters appear in the panel as sliders and it is simulated at once, like
// a preset. A model that does not parse is shown in the editor at its error, and nothing else
// changes.
#include <QHash>
#include <QObject>
#include <QString>

class QMenu;

namespace fl::ui {

class MainWindow;
class ModelEditor;

class ModelManager final : public QObject {
    Q_OBJECT
public:
    /// Installs the menu entries into `window` (which owns this object).
    explicit ModelManager(MainWindow& window);

    /// Reads a model file and applies it; on error the editor shows the file at its error.
    bool openFile(const QString& path, QString* error = nullptr);
    /// Registers a model text and loads it as the scenario, simulated at once. Re-applying an edited
    /// model keeps the values the user had moved away from their defaults (same ids). On error:
    /// false, the editor shows the text at the error, the scenario stays.
    bool apply(const QString& text, const QString& path = QString(), QString* error = nullptr);
    /// The editor (made on first use), shown in front with the current model's text, or with the
    /// current built-in system written as a model, or with the two-block example.
    ModelEditor* showEditor();
    ModelEditor* editor() const { return m_editor; }
    /// The shipped models: resource path -> name (File → Model Examples).
    static QList<QPair<QString, QString>> examples();

private:
    void buildMenus();
    void fillTemplates(QMenu* menu);
    ModelEditor* ensureEditor();

    MainWindow& m_window;
    ModelEditor* m_editor = nullptr;
    QHash<QString, QString> m_paths; ///< system id -> the file it came from
};

} // namespace fl::ui
