#pragma once
// A line in the parameter panel while the scenario starts from a state of its own
// (fl::Scenario::initialState: an orbit loaded from a continued branch): which state, and a button
// back to the system's initial state (its initial-condition parameters).
#include "scenario/scenario.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace fl::ui {

class StartStateNote : public QWidget {
    Q_OBJECT
public:
    explicit StartStateNote(QWidget* parent = nullptr);
    /// Shown while the scenario has a state to start from, with its values.
    void showScenario(const fl::Scenario& scenario);
    QString text() const;
    QPushButton* resetButton() const { return m_reset; }

signals:
    void resetRequested();

private:
    QLabel* m_text;
    QPushButton* m_reset;
};

} // namespace fl::ui
