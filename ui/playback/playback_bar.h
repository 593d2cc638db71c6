#pragma once
// The playback controls under the mechanism: play/pause (Space), to the start / end (Home / End;
// live: reset to the initial state), step back/forward a sample (, and .), speed 1/16x..16x
// ([ and ]), a scrub bar, loop, live mode (L) with its window of the last N time units, and the
// animation export. Narrower than all of that (a high presenter scale), the bar drops its least
// needed controls (their keys and the Playback menu still work) instead of widening the window.
#include <QIcon>
#include <QWidget>

#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QToolButton;

namespace fl::ui {

class PlaybackController;
struct PlaybackFrame;

class PlaybackBar : public QWidget {
    Q_OBJECT
public:
    PlaybackBar(PlaybackController* controller, QWidget* parent = nullptr);

    /// The actions with their shortcuts (installed on the main window so they work everywhere).
    QList<QAction*> shortcutActions() const;
    QAction* playAction() const { return m_play; }
    QAction* liveAction() const { return m_live; }
    QAction* startAction() const { return m_start; }
    QAction* exportAnimationAction() const { return m_exportAnimation; }
    QSlider* scrubBar() const { return m_scrub; }
    QComboBox* speedBox() const { return m_speed; }
    QCheckBox* loopBox() const { return m_loop; }
    QDoubleSpinBox* windowBox() const { return m_window; }
    QLabel* timeLabel() const { return m_time; }

    /// The speeds offered, 1/16 .. 16.
    static const std::vector<double>& speeds();

    /// Room for play, the scrub bar and live: the bar never asks for more.
    QSize minimumSizeHint() const override;

signals:
    /// The user turned live mode on or off.
    void liveToggled(bool live);

protected:
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QToolButton* toolButton(QAction* action);
    /// Shows the controls the mode uses, then hides the least needed until the rest fit.
    void fitControls();
    bool usedNow(const QWidget* control) const;
    void updateState();
    void updateTime(const PlaybackFrame& frame);
    void changeSpeed(int steps);

    PlaybackController* m_controller;
    QAction* m_play;
    QAction* m_stepBack;
    QAction* m_stepForward;
    QAction* m_slower;
    QAction* m_faster;
    QAction* m_live;
    QAction* m_start; ///< Home: to the start (live: the initial state at t = 0)
    QAction* m_end;   ///< End: to the end of the run
    QAction* m_exportAnimation;
    QComboBox* m_speed;
    QSlider* m_scrub;
    QCheckBox* m_loop;
    QToolButton* m_exportButton = nullptr;
    QDoubleSpinBox* m_window;
    QLabel* m_windowLabel;
    QLabel* m_time;
    // Made once: a fresh QStyle::standardIcon at every play/pause gave new pixmaps, which entered
    // QPixmapCache under new keys each time (the one-hour soak).
    QIcon m_playIcon;
    QIcon m_pauseIcon;
    bool m_scrubbing = false;
    QToolButton* m_playButton = nullptr;
    QToolButton* m_liveButton = nullptr;
    std::vector<QWidget*> m_optional; ///< hidden first to last when the bar is narrow
    bool m_fitting = false;
};

} // namespace fl::ui
