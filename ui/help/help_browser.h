#pragma once
// The help window: a contents list and a QTextBrowser showing the pages compiled in from
// resources/help (qrc:/help/...), with back/forward, home, find (Ctrl+F) and a line of links to
// what is on screen (the active law). Non-modal; its text follows the presenter's scale and theme.
#include <QPair>
#include <QTextBrowser>
#include <QUrl>
#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QTimer;
class QToolButton;

namespace fl::ui {

/// The text view: SVG images are rendered at the presenter's scale, never wider than the view.
class HelpTextBrowser : public QTextBrowser {
    Q_OBJECT
public:
    explicit HelpTextBrowser(QWidget* parent = nullptr);
    QVariant loadResource(int type, const QUrl& name) override;
    /// Loads the page again (style sheet, sketch sizes) at the same scroll position.
    void reloadInPlace();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QTimer* m_resized;      ///< a resize re-draws the sketches once it has settled
    int m_imageWidth = 0;   ///< the text width the sketches were drawn for
};

class HelpBrowser : public QWidget {
    Q_OBJECT
public:
    explicit HelpBrowser(QWidget* parent = nullptr);

    /// Shows a page (qrc:/help/<file>[#anchor]).
    void open(const QUrl& url);
    /// The line above the text: links to the pages of what is on screen; empty hides it.
    void setRelated(const QList<QPair<QString, QUrl>>& links);
    /// Re-reads the presenter's scale and theme (fonts, link colours, sketch sizes).
    void applyAppearance();
    /// Finds text forward (backward) from the cursor, wrapping; false if absent.
    bool find(const QString& text, bool backward = false);

    HelpTextBrowser* text() const { return m_text; }
    QListWidget* contents() const { return m_contents; }
    QLabel* relatedLabel() const { return m_related; }
    /// The page shown, without its anchor.
    QUrl currentPage() const;

private:
    void onSourceChanged(const QUrl& url);
    void showFindBar();

    QListWidget* m_contents;
    HelpTextBrowser* m_text;
    QLabel* m_related;
    QWidget* m_findBar;
    QLineEdit* m_findField;
    QToolButton* m_back;
    QToolButton* m_forward;
};

} // namespace fl::ui
