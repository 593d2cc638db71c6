#pragma once
// The parameter panel folded to a strip along the left edge of the simulation area: a narrow
// button with its name written upwards. Clicking it (or Ctrl+Shift+P) opens the panel over the
// views when the scale leaves no room for it beside them.
#include <QAbstractButton>

namespace fl::ui {

class PanelStrip : public QAbstractButton {
    Q_OBJECT
public:
    explicit PanelStrip(QWidget* parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
};

} // namespace fl::ui
