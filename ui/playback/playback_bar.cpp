#include "playback/playback_bar.h"

#include "playback/playback_controller.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

constexpr int kScrubSteps = 10'000;

QString speedText(double s)
{
    return s >= 1.0 ? QStringLiteral("%1×").arg(s) : QStringLiteral("1/%1×").arg(std::lround(1.0 / s));
}

} // namespace

const std::vector<double>& PlaybackBar::speeds()
{
    static const std::vector<double> list = {1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2, 1.0, 2.0, 4.0, 8.0, 16.0};
    return list;
}

PlaybackBar::PlaybackBar(PlaybackController* controller, QWidget* parent) : QWidget(parent), m_controller(controller)
{
    auto action = [this](const QString& text, const QKeySequence& key, const QString& tip) {
        auto* a = new QAction(text, this);
        a->setShortcut(key);
        a->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
        return a;
    };
    m_play = action(tr("Play"), QKeySequence(Qt::Key_Space), tr("Play or pause the motion"));
    m_playIcon = style()->standardIcon(QStyle::SP_MediaPlay);
    m_pauseIcon = style()->standardIcon(QStyle::SP_MediaPause);
    m_play->setIcon(m_playIcon);
    m_stepBack = action(tr("Step back"), QKeySequence(Qt::Key_Comma), tr("One output sample back"));
    m_stepBack->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
    m_stepForward = action(tr("Step forward"), QKeySequence(Qt::Key_Period), tr("One output sample forward"));
    m_stepForward->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    m_slower = action(tr("Slower"), QKeySequence(Qt::Key_BracketLeft), tr("Half the playback speed"));
    m_faster = action(tr("Faster"), QKeySequence(Qt::Key_BracketRight), tr("Twice the playback speed"));
    m_live = action(tr("Live"), QKeySequence(Qt::Key_L),
                    tr("Live mode: the simulation runs on indefinitely and every change takes effect at the current instant"));
    m_live->setCheckable(true);
    m_start = action(tr("Start"), QKeySequence(Qt::Key_Home),
                     tr("Back to the start of the run (live mode: to the initial state at t = 0)"));
    m_start->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    m_end = action(tr("End"), QKeySequence(Qt::Key_End), tr("To the end of the run (pauses there)"));
    m_end->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
    m_exportAnimation = new QAction(tr("Export Animation…"), this);
    m_exportAnimation->setToolTip(tr("Numbered PNG frames of an interval, and MP4 or GIF when ffmpeg is installed"));

    m_speed = new QComboBox;
    for (double s : speeds())
        m_speed->addItem(speedText(s), s);
    m_speed->setCurrentIndex(4);
    m_speed->setToolTip(tr("Playback speed: at 1× one time unit per second (one second per second for the SI "
                           "systems); [ and ] halve and double it"));
    m_scrub = new QSlider(Qt::Horizontal);
    m_scrub->setRange(0, kScrubSteps);
    m_scrub->setToolTip(tr("Scrub through the run: every plot's cursor follows"));
    m_scrub->setFocusPolicy(Qt::ClickFocus);
    m_scrub->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0")) * 12); // other controls go first
    m_loop = new QCheckBox(tr("Loop"));
    m_loop->setChecked(controller->loop());
    m_loop->setToolTip(tr("Start again at the beginning when the run ends"));
    m_window = new QDoubleSpinBox;
    m_window->setRange(0.5, 1000.0);
    m_window->setDecimals(1);
    m_window->setValue(controller->window());
    m_window->setToolTip(tr("Live plots show the last N time units (seconds for the SI systems), 0.5 .. 1000"));
    m_windowLabel = new QLabel(tr("Plots show last"));
    m_time = new QLabel;
    m_time->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("t = 00000.000 / 00000.0")));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(6); // explicit: fitControls() sums it
    m_playButton = toolButton(m_play);
    layout->addWidget(m_playButton);
    QToolButton* start = toolButton(m_start);
    layout->addWidget(start);
    QToolButton* back = toolButton(m_stepBack);
    layout->addWidget(back);
    QToolButton* forward = toolButton(m_stepForward);
    layout->addWidget(forward);
    QToolButton* end = toolButton(m_end);
    layout->addWidget(end);
    layout->addWidget(m_speed);
    layout->addWidget(m_scrub, 1);
    layout->addWidget(m_time);
    layout->addWidget(m_loop);
    m_liveButton = toolButton(m_live);
    m_liveButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    layout->addWidget(m_liveButton);
    layout->addWidget(m_windowLabel);
    layout->addWidget(m_window);
    m_exportButton = toolButton(m_exportAnimation);
    m_exportButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    layout->addWidget(m_exportButton);
    // Least needed first: each has a key or a menu entry (Playback menu) as well.
    m_optional = {m_exportButton, m_windowLabel, m_loop, back, forward, m_speed, end, start, m_window, m_time};

    connect(m_play, &QAction::triggered, controller, &PlaybackController::togglePlay);
    connect(m_stepBack, &QAction::triggered, controller, [controller] { controller->stepFrame(-1); });
    connect(m_stepForward, &QAction::triggered, controller, [controller] { controller->stepFrame(1); });
    connect(m_slower, &QAction::triggered, this, [this] { changeSpeed(-1); });
    connect(m_faster, &QAction::triggered, this, [this] { changeSpeed(1); });
    connect(m_speed, &QComboBox::activated, this, [this](int i) { m_controller->setSpeed(m_speed->itemData(i).toDouble()); });
    connect(m_loop, &QCheckBox::toggled, controller, &PlaybackController::setLoop);
    connect(m_window, &QDoubleSpinBox::valueChanged, controller, &PlaybackController::setWindow);
    connect(m_live, &QAction::triggered, this, &PlaybackBar::liveToggled);
    connect(m_start, &QAction::triggered, controller, [controller] {
        if (controller->source() == PlaybackController::Source::Live)
            controller->resetLive();
        else
            controller->seek(controller->begin());
    });
    // End shows the end and stays there (with Loop on, playing on wrapped straight back to the start).
    connect(m_end, &QAction::triggered, controller, [controller] {
        controller->pause();
        controller->seek(controller->end());
    });
    connect(m_scrub, &QSlider::sliderPressed, this, [this] { m_scrubbing = true; });
    connect(m_scrub, &QSlider::sliderReleased, this, [this] { m_scrubbing = false; });
    // Programmatic updates are blocked (updateTime): every valueChanged here is the user's.
    connect(m_scrub, &QSlider::valueChanged, this, [this](int v) {
        const double b = m_controller->begin(), e = m_controller->end();
        m_controller->seek(b + (e - b) * v / kScrubSteps);
    });
    connect(controller, &PlaybackController::stateChanged, this, &PlaybackBar::updateState);
    connect(controller, &PlaybackController::frameChanged, this, &PlaybackBar::updateTime);
    updateState();
}

QToolButton* PlaybackBar::toolButton(QAction* action)
{
    auto* button = new QToolButton;
    button->setDefaultAction(action);
    button->setFocusPolicy(Qt::NoFocus);
    return button;
}

QList<QAction*> PlaybackBar::shortcutActions() const
{
    return {m_play, m_stepBack, m_stepForward, m_slower, m_faster, m_live, m_start, m_end};
}

void PlaybackBar::changeSpeed(int steps)
{
    const int i = std::clamp(m_speed->currentIndex() + steps, 0, m_speed->count() - 1);
    m_speed->setCurrentIndex(i);
    m_controller->setSpeed(m_speed->itemData(i).toDouble());
}

void PlaybackBar::updateState()
{
    const bool playing = m_controller->isPlaying(), live = m_controller->source() == PlaybackController::Source::Live;
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    m_play->setIcon(playing ? m_pauseIcon : m_playIcon);
    m_live->setChecked(live);
    m_end->setEnabled(!live);
    // Live mode swaps Loop and Export Animation (meaningless live) for the plots' window, so the bar
    // keeps its width and the window fits a 1280-pixel projector (it grew to 1314 px with all shown).
    m_loop->setEnabled(!live);
    m_exportAnimation->setEnabled(!live);
    // Speed, loop and window as the controller has them (a session sets them there).
    {
        const QSignalBlocker blockSpeed(m_speed), blockLoop(m_loop), blockWindow(m_window);
        const auto& steps = speeds();
        for (size_t i = 0; i < steps.size(); ++i)
            if (std::abs(steps[i] - m_controller->speed()) < 1e-9 * steps[i])
                m_speed->setCurrentIndex(static_cast<int>(i));
        m_loop->setChecked(m_controller->loop());
        if (!m_window->hasFocus()) // not while the user types in it
            m_window->setValue(m_controller->window());
    }
    fitControls();
}

bool PlaybackBar::usedNow(const QWidget* control) const
{
    const bool live = m_controller->source() == PlaybackController::Source::Live;
    if (control == m_loop || control == m_exportButton)
        return !live;
    if (control == m_windowLabel || control == m_window)
        return live;
    return true;
}

void PlaybackBar::fitControls()
{
    if (m_fitting)
        return;
    m_fitting = true;
    // The controls to show: those the mode uses, less the least needed until the rest fit. Only
    // changes are applied (a show or hide asks for a new layout, which calls this again).
    std::vector<const QWidget*> hidden;
    for (QWidget* control : m_optional)
        if (!usedNow(control))
            hidden.push_back(control);
    auto shown = [&hidden](const QWidget* w) { return std::find(hidden.begin(), hidden.end(), w) == hidden.end(); };
    auto needed = [this, &shown] {
        const QMargins m = layout()->contentsMargins();
        int sum = m.left() + m.right(), count = 0;
        for (int i = 0; i < layout()->count(); ++i)
            if (QWidget* w = layout()->itemAt(i)->widget(); w && shown(w)) {
                sum += std::max(w->minimumSizeHint().width(), w->minimumWidth());
                ++count;
            }
        // (plus two characters of slack: the buttons' hints can grow a little after a new font)
        return sum + std::max(0, count - 1) * std::max(0, layout()->spacing()) + 2 * fontMetrics().averageCharWidth();
    };
    for (QWidget* control : m_optional) {
        if (needed() <= width())
            break;
        if (shown(control))
            hidden.push_back(control);
    }
    for (QWidget* control : m_optional)
        if (control->isHidden() == shown(control))
            control->setVisible(shown(control));
    m_fitting = false;
}

QSize PlaybackBar::minimumSizeHint() const
{
    const QMargins m = layout()->contentsMargins();
    const int spacing = std::max(0, layout()->spacing());
    const int width = m.left() + m.right() + m_playButton->sizeHint().width()
                      + std::max(m_scrub->minimumSizeHint().width(), m_scrub->minimumWidth()) + m_liveButton->sizeHint().width()
                      + 2 * spacing;
    return {width, QWidget::minimumSizeHint().height()};
}

bool PlaybackBar::event(QEvent* event)
{
    // A control's size hint changed (its font arrived after the bar's): fit again.
    if (event->type() == QEvent::LayoutRequest && !m_fitting)
        QMetaObject::invokeMethod(this, &PlaybackBar::fitControls, Qt::QueuedConnection);
    return QWidget::event(event);
}

void PlaybackBar::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitControls();
}

void PlaybackBar::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::ApplicationFontChange) {
        // The time's width follows the type size (set once, it cut the time off at 200 %).
        // (the bar's font: its children take the new font after it)
        m_time->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("t = 00000.000 / 00000.0")));
        m_scrub->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0")) * 12);
        // The buttons' symbols as tall as the text (16 px at 200 % was a tenth of the bar's type).
        const int icon = std::max(16, fontMetrics().height());
        for (QToolButton* button : findChildren<QToolButton*>())
            button->setIconSize(QSize(icon, icon));
        QMetaObject::invokeMethod(
            this,
            [this] {
                updateGeometry(); // a new minimumSizeHint (the essentials at the new size)
                fitControls();
            },
            Qt::QueuedConnection);
    }
}

void PlaybackBar::updateTime(const PlaybackFrame& frame)
{
    const double b = m_controller->begin(), e = m_controller->end();
    m_time->setText(QStringLiteral("t = %1 / %2").arg(frame.t, 0, 'f', 3).arg(e, 0, 'f', 1));
    if (!m_scrubbing) {
        const QSignalBlocker block(m_scrub);
        m_scrub->setValue(e > b ? static_cast<int>(std::lround((frame.t - b) / (e - b) * kScrubSteps)) : 0);
    }
}

} // namespace fl::ui
