#pragma once
// The presenter toolbar: presenter mode (F11: full screen), one scale for every font, tick label,
// line width and marker (Ctrl+= / Ctrl+− / Ctrl+0, 100 % .. 300 %), the theme, the plot layout
// and the parameter panel (Ctrl+Shift+P).
#include "presenter/appearance.h"

#include <QToolBar>

class QAction;
class QComboBox;
class QLabel;

namespace fl::ui {

/// Which views the simulation area shows.
enum class PlotLayout {
    All,                       ///< mechanism, time history, phase portrait, side tabs
    MechanismAndTimeHistory,
    MechanismAndPhasePortrait,
    MechanismAndCharacteristic,
    TimeHistoryOnly,           ///< one big plot
    PhasePortraitOnly,
    CharacteristicOnly,
    MechanismOnly,
};

class PresenterBar : public QToolBar {
    Q_OBJECT
public:
    explicit PresenterBar(QWidget* parent = nullptr);

    QAction* presenterAction() const { return m_presenter; }
    QAction* largerAction() const { return m_larger; }
    QAction* smallerAction() const { return m_smaller; }
    QAction* resetScaleAction() const { return m_resetScale; }
    QAction* panelAction() const { return m_panel; }
    QComboBox* themeBox() const { return m_theme; }
    QComboBox* layoutBox() const { return m_layout; }
    QList<QAction*> shortcutActions() const;

    /// Shows an appearance and a layout in the controls (no signals).
    void showAppearance(const Appearance& appearance);
    void showLayout(PlotLayout layout);

signals:
    void appearanceRequested(const fl::ui::Appearance& appearance);
    void layoutRequested(fl::ui::PlotLayout layout);
    void presenterToggled(bool on);
    void panelToggled(bool shown);

private:
    void changeScale(double delta);

    QAction* m_presenter;
    QAction* m_smaller;
    QAction* m_larger;
    QAction* m_resetScale;
    QAction* m_nextTheme; ///< Ctrl+Shift+T: light → dark → high contrast → light
    QAction* m_panel;
    QLabel* m_scaleLabel;
    QComboBox* m_theme;
    QComboBox* m_layout;
    Appearance m_appearance;
};

} // namespace fl::ui
