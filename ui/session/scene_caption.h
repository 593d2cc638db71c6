#pragma once
// The caption of a lecture scene above the views: "Scene 3 / 10", its title in large type and
// its note for the audience. Hidden while no scene is shown; sized from the presenter scale.
#include <QFrame>

class QLabel;

namespace fl::ui {

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

private:
    QLabel* m_counter;
    QLabel* m_title;
    QLabel* m_note;
};

} // namespace fl::ui
