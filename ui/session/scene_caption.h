#pragma once
// The caption of a lecture scene above the views: "Scene 3 / 10", its title in large type and
// its note for the audience. Hidden while no scene is shown. Its fonts follow the presenter
// scale, the title always larger than the note; its height does not: the title is one line
// (elided), the note at most two lines at 100 %, one from 150 % and none from 250 % (the views keep the room),
// and "Show Whole Scene Note" (Ctrl+Shift+N) unfolds it.
#include <QFrame>

class QLabel;

namespace fl::ui {

class ElidedLabel;

class SceneCaption : public QFrame {
    Q_OBJECT
public:
    explicit SceneCaption(QWidget* parent = nullptr);
    /// Shows scene `index` (0-based) of `count`; hides the caption for index < 0.
    void showScene(int index, int count, const QString& title, const QString& note);
    /// Follows the theme and scale in force (fonts grow with the presenter scale).
    void restyle();
    QString titleText() const;
    QString noteText() const;
    /// The note as shown (cut to its lines, ending in "…", unless unfolded).
    QString shownNote() const;
    /// Shows the whole note (on) or as many lines as the scale allows (off).
    void setNoteUnfolded(bool on);
    bool isNoteUnfolded() const { return m_unfolded; }
    /// Lines of note shown while folded at the scale in force.
    int foldedLines() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// The note cut to what the label's width shows in foldedLines() lines.
    void fitNote();
    QLabel* m_counter;
    ElidedLabel* m_title;
    QLabel* m_note;
    QString m_fullNote;
    QString m_counterText;
    bool m_unfolded = false;
};

} // namespace fl::ui
