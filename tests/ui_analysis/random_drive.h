#pragma once
// A seeded random drive of a whole window: random clicks, drags, wheel turns, keys,
// typed text, menu actions and tab switches over whatever is on screen (the window, an open menu
// or a modal dialog), dialogs answered automatically, while a heartbeat on the GUI thread measures
// how long it is ever kept busy. The seed fixes every choice; which widgets exist at a moment
// still depends on how far the worker threads have come, so a replay is close, not identical.
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <cstdint>
#include <random>
#include <thread>

class QWidget;
class QDialog;

namespace fl::ui::test {

struct DriveLimits {
    long events = 10'000;        ///< stop after this many random events...
    double seconds = 120.0;      ///< ...or after this much wall time, whichever comes first
    double blockedCpuMs = 200.0; ///< a heartbeat gap with more GUI-thread CPU than this is a block
    QString saveDirectory;       ///< where accepted file dialogs write (a temporary directory)
    bool trace = false;          ///< print every event (FL_DRIVE_TRACE=1)
};

struct DriveReport {
    long events = 0, clicks = 0, drags = 0, wheels = 0, keys = 0, texts = 0, actions = 0, tabs = 0;
    long dialogsAnswered = 0, filesAccepted = 0, reshown = 0;
    double seconds = 0.0;
    double worstCpuMs = 0.0, worstWallMs = 0.0; ///< the longest heartbeat gap: GUI-thread CPU, wall
    QString worstAfter;                         ///< the event before the longest (CPU) gap
    QStringList blocked;                        ///< every gap over the limit, with its event
    int widgetClasses = 0;                      ///< distinct widget classes the events reached
};

/// The last event the drive began (NUL-terminated, in a fixed buffer): what a crash handler or a
/// sanitizer's death callback prints, so that a report says what the drive was doing.
const char* lastDriveEvent();

class RandomDrive : public QObject {
public:
    RandomDrive(QWidget& window, std::uint64_t seed, DriveLimits limits);
    /// Drives until a limit is reached, then closes every menu and dialog it opened.
    DriveReport run();

private:
    void step();
    void act(QWidget* root);
    void answer(QDialog* dialog);
    void click(QWidget* root);
    void drag(QWidget* root);
    void wheel(QWidget* root);
    void key(QWidget* root);
    void typeText(QWidget* root);
    void triggerAction();
    void switchTab();
    void beat();
    QWidget* pickWidget(QWidget* root);
    QWidget* currentRoot() const;
    void note(const QString& what);
    int uniform(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_random); }
    double unit() { return std::uniform_real_distribution<double>(0.0, 1.0)(m_random); }

    QWidget& m_window;
    DriveLimits m_limits;
    std::mt19937_64 m_random;
    DriveReport m_report;
    QTimer m_stepTimer, m_heartbeat;
    QElapsedTimer m_clock;
    double m_lastBeatWall = 0.0, m_lastBeatCpu = 0.0;
    int m_depth = 0; ///< nesting of steps (a step that opens a modal dialog runs the next ones inside it)
    bool m_done = false;
    QString m_last;
    QStringList m_classes;
    // A watchdog thread: when the GUI thread has not beaten for 150 ms, it is sent SIGUSR2 and
    // prints its stack to stderr (what it is busy with, for the report; at most 20 stacks).
    std::atomic<double> m_beatAt{0.0}; ///< the GUI thread's CPU time (ms) at its last heartbeat
    std::atomic<bool> m_watching{false};
    std::thread m_watchdog;
    void watch(unsigned long guiThread);
};

} // namespace fl::ui::test
