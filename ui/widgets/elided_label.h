#pragma once
// A one-line label that elides its text ("…") to the width it is given and shows the whole text
// as its tooltip: the status line never widens the window past the screen (a long message at
// 300 % asked for more than a projector's 1280 pixels).
#include "bridge/display_text.h" // elideChars

#include <QLabel>

namespace fl::ui {

// elideChars (bridge/display_text.h): text from a file (a model's name) cut for a place that shows
// one line of it. Combo boxes, group titles, menus and tooltips lay out their whole text: a
// 100 000-character name cost seconds of layout.
/// The most characters an ElidedLabel measures and shows as its tooltip (a longer text is cut
/// first: no screen shows more, and a 75 KB error line cost seconds in every layout pass).
inline constexpr int kElidedLabelMaxChars = 1000;

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
    /// m_text cut to kElidedLabelMaxChars.
    QString m_measured;
    /// text as rich text in the label's colour.
    QString html(const QString& text) const;
    QString m_text;
    QString m_color;
};

} // namespace fl::ui
