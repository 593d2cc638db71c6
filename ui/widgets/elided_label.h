#pragma once
// A one-line label that elides its text ("…") to the width it is given and shows the whole text
// as its tooltip: the status line never widens the window past the screen (a long message at
// 300 % asked for more than a projector's 1280 pixels).
#include <QLabel>

namespace fl::ui {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);
    /// Plain text, in color (empty: the palette's text colour).
    void setFullText(const QString& text, const QString& color = QString());
    QString fullText() const { return m_text; }
    /// The whole text as rich text (a coloured span when a colour is set).
    QString fullHtml() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void relabel();
    /// text as rich text in the label's colour.
    QString html(const QString& text) const;
    QString m_text;
    QString m_color;
};

} // namespace fl::ui
