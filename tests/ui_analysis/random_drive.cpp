#include "random_drive.h"
#include "systems/scenario_setup.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSplitterHandle>
#include <QTabBar>
#include <QWheelEvent>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <cstdio>
#include <ctime>
#include <execinfo.h>
#include <pthread.h>
#include <unistd.h>

namespace fl::ui::test {
namespace {

double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

QString describe(const QWidget* w)
{
    if (!w)
        return QStringLiteral("(gone)");
    QString name = QString::fromLatin1(w->metaObject()->className());
    if (!w->objectName().isEmpty())
        name += QLatin1Char('#') + w->objectName();
    if (const auto* b = qobject_cast<const QAbstractButton*>(w); b && !b->text().isEmpty())
        name += QStringLiteral(" \"%1\"").arg(b->text());
    else if (!w->toolTip().isEmpty())
        name += QStringLiteral(" [%1]").arg(w->toolTip().left(40));
    return name;
}

/// Widgets a user acts on get five times the weight of containers and labels.
bool interactive(const QWidget* w)
{
    return qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QAbstractSlider*>(w) || qobject_cast<const QComboBox*>(w)
           || qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w) || qobject_cast<const QTabBar*>(w)
           || qobject_cast<const QMenuBar*>(w) || qobject_cast<const QCustomPlot*>(w) || qobject_cast<const QSplitterHandle*>(w)
           || qobject_cast<const QMenu*>(w);
}

/// The window's Quit (and Close) would end the drive, not test anything.
bool endsTheProgram(const QAction* a)
{
    const QString text = a->text().remove(QLatin1Char('&'));
    return text.startsWith(QLatin1String("Quit")) || a->shortcut() == QKeySequence(QKeySequence::Quit)
           || a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_Q);
}

std::atomic<int> g_stacks{0};
char g_lastEvent[512] = "";

void printStack(int)
{
    void* frames[48];
    const int n = backtrace(frames, 48);
    static const char head[] = "random drive: the GUI thread has used 3/4 of the allowed CPU stretch since its last heartbeat, in:\n";
    if (write(STDERR_FILENO, head, sizeof head - 1) < 0)
        return;
    backtrace_symbols_fd(frames, n, STDERR_FILENO);
}

// QTest::mouseClick is a press and a release sent to the same raw pointer (keyClicks: a key click
// per character). A press can open a modal dialog whose nested event loop the drive goes on in, or
// move the focus and commit an edit that rebuilds a panel: either can delete the widget before
// the release. Each event below goes only to a widget that is still there (QTest::keyClick guards
// its own release).
void keyClicksGuarded(QWidget* target, const QString& text)
{
    const QPointer<QWidget> w(target);
    for (const QChar c : text) {
        if (!w)
            return;
        QTest::keyClick(w, c.toLatin1()); // as QTest::keyClicks does, character by character
    }
}

void mouseClickGuarded(QWidget* target, Qt::MouseButton button, Qt::KeyboardModifiers mods, QPoint at)
{
    const QPointer<QWidget> w(target);
    QTest::mousePress(w, button, mods, at);
    if (w)
        QTest::mouseRelease(w, button, mods, at);
}

QPoint randomPointIn(const QRect& r, std::mt19937_64& random)
{
    std::uniform_int_distribution<int> x(r.left(), std::max(r.left(), r.right()));
    std::uniform_int_distribution<int> y(r.top(), std::max(r.top(), r.bottom()));
    return {x(random), y(random)};
}

constexpr const char* kTokens[] = {"0",  "1",    "-1",    "0.5", "1e3",  "1e-9", "2.5",      "-0",     "abc", "nan",
                                   "inf", "1e308", "",     "12345678", ",",  "0.0001", "3.14159", "-2e-3", "7", "0.05"};

} // namespace

RandomDrive::RandomDrive(QWidget& window, std::uint64_t seed, DriveLimits limits)
    : m_window(window), m_limits(std::move(limits)), m_random(seed)
{
    m_heartbeat.setTimerType(Qt::PreciseTimer);
    m_heartbeat.setInterval(10);
    connect(&m_heartbeat, &QTimer::timeout, this, [this] { beat(); });
}

void RandomDrive::watch(unsigned long guiThread)
{
    // The GUI thread's own CPU clock, read from here: a stack is printed for a stretch that is on
    // its way to fail the test (the same measure as beat()'s), not for a wait on a loaded machine.
    clockid_t guiClock{};
    if (pthread_getcpuclockid(static_cast<pthread_t>(guiThread), &guiClock) != 0)
        return;
    const auto cpuMs = [guiClock] {
        timespec ts{};
        clock_gettime(guiClock, &ts);
        return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
    };
    double reported = -1.0;
    while (m_watching) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        const double beat = m_beatAt;
        if (cpuMs() - beat > 0.75 * m_limits.blockedCpuMs && beat != reported && g_stacks < 20) {
            reported = beat;
            ++g_stacks;
            pthread_kill(static_cast<pthread_t>(guiThread), SIGUSR2);
        }
    }
}

DriveReport RandomDrive::run()
{
    QEventLoop loop;
    void* warm[2];
    backtrace(warm, 2); // loads libgcc now, not in the signal handler
    std::signal(SIGUSR2, printStack);
    m_beatAt = threadCpuMs();
    m_watching = true;
    m_watchdog = std::thread([this, self = static_cast<unsigned long>(pthread_self())] { watch(self); });
    m_clock.start();
    m_lastBeatWall = 0.0;
    m_lastBeatCpu = threadCpuMs();
    m_heartbeat.start();
    QTimer::singleShot(0, this, [this] { step(); });
    QTimer finish;
    connect(&finish, &QTimer::timeout, &loop, [this, &loop] {
        if (m_done && m_depth == 0 && !QApplication::activePopupWidget() && !QApplication::activeModalWidget())
            loop.quit();
    });
    finish.start(20);
    loop.exec();
    m_heartbeat.stop();
    m_watching = false;
    m_watchdog.join();
    // Windows the drive opened beside the main one (help, export dialogs) are closed.
    for (QWidget* w : QApplication::topLevelWidgets())
        if (w != &m_window && w->isVisible())
            w->close();
    m_report.seconds = m_clock.nsecsElapsed() * 1e-9;
    m_report.widgetClasses = static_cast<int>(m_classes.size());
    return m_report;
}

void RandomDrive::beat()
{
    const double wall = m_clock.nsecsElapsed() * 1e-6, cpu = threadCpuMs();
    const double dWall = wall - m_lastBeatWall, dCpu = cpu - m_lastBeatCpu;
    if (dCpu > m_report.worstCpuMs) {
        m_report.worstCpuMs = dCpu;
        m_report.worstAfter = m_last;
    }
    m_report.worstWallMs = std::max(m_report.worstWallMs, dWall);
    if (dCpu > m_limits.blockedCpuMs)
        m_report.blocked << QStringLiteral("%1 ms of GUI-thread CPU (%2 ms wall) at event %3, after: %4")
                                .arg(dCpu, 0, 'f', 0)
                                .arg(dWall, 0, 'f', 0)
                                .arg(m_report.events)
                                .arg(m_last);
    m_lastBeatWall = wall;
    m_lastBeatCpu = cpu;
    m_beatAt = cpu;
}

QWidget* RandomDrive::currentRoot() const
{
    if (QWidget* popup = QApplication::activePopupWidget())
        return popup;
    if (QWidget* modal = QApplication::activeModalWidget())
        return modal;
    return &m_window;
}

const char* lastDriveEvent() { return g_lastEvent; }

void RandomDrive::note(const QString& what)
{
    m_last = QStringLiteral("#%1 %2").arg(m_report.events).arg(what);
    const QByteArray last = m_last.toUtf8().left(sizeof g_lastEvent - 1);
    std::memcpy(g_lastEvent, last.constData(), static_cast<size_t>(last.size()));
    g_lastEvent[last.size()] = '\0';
    if (m_limits.trace) {
        std::fprintf(stderr, "drive %s\n", qPrintable(m_last));
        std::fflush(stderr);
    }
}

void RandomDrive::step()
{
    QWidget* root = currentRoot();
    if (!m_done && (m_report.events >= m_limits.events || m_clock.nsecsElapsed() * 1e-9 > m_limits.seconds))
        m_done = true;
    if (m_done) { // close what is open, innermost first; run() ends when nothing is
        if (root != &m_window) {
            if (auto* dialog = qobject_cast<QDialog*>(root))
                dialog->reject();
            else
                root->close();
            QTimer::singleShot(1, this, [this] { step(); });
        }
        return;
    }
    // The next event is scheduled first: if this one opens a modal dialog or a context menu, the
    // drive goes on inside it (each single shot is a new timer, so it fires in the nested loop).
    QTimer::singleShot(1, this, [this] { step(); });
    if (m_depth >= 3) { // a dialog inside a dialog inside a dialog: answer the innermost
        if (auto* dialog = qobject_cast<QDialog*>(root))
            answer(dialog);
        else
            root->close();
        return;
    }
    ++m_depth;
    ++m_report.events;
    if (root == &m_window && !m_window.isVisible()) {
        m_window.show();
        ++m_report.reshown;
    }
    act(root);
    --m_depth;
}

void RandomDrive::act(QWidget* root)
{
    if (auto* dialog = qobject_cast<QDialog*>(root)) {
        if (qobject_cast<QFileDialog*>(dialog) || qobject_cast<QMessageBox*>(dialog) || unit() < 0.3) {
            answer(dialog);
            return;
        }
    }
    if (auto* menu = qobject_cast<QMenu*>(root)) {
        const double r = unit();
        if (r < 0.6)
            click(root);
        else if (r < 0.85)
            key(root);
        else {
            note(QStringLiteral("Escape in menu"));
            QTest::keyClick(menu, Qt::Key_Escape);
        }
        return;
    }
    // Now and then a window the drive opened beside the main one (help, a non-modal dialog) gets
    // the events, or is closed.
    if (root == &m_window && unit() < 0.05) {
        QList<QWidget*> others;
        for (QWidget* w : QApplication::topLevelWidgets())
            if (w != &m_window && w->isVisible() && !qobject_cast<QMenu*>(w))
                others << w;
        if (!others.isEmpty()) {
            QWidget* other = others[uniform(int(others.size()))];
            if (unit() < 0.4) {
                note(QStringLiteral("close window ") + describe(other));
                other->close();
                return;
            }
            root = other;
        }
    }
    const bool main = root == &m_window;
    const int r = uniform(100);
    if (r < 34)
        click(root);
    else if (r < 46)
        drag(root);
    else if (r < 58)
        wheel(root);
    else if (r < 76)
        key(root);
    else if (r < 88)
        typeText(root);
    else if (r < 94 && main)
        triggerAction();
    else
        switchTab();
}

void RandomDrive::answer(QDialog* dialog)
{
    ++m_report.dialogsAnswered;
    if (auto* files = qobject_cast<QFileDialog*>(dialog)) {
        const QDir dir(m_limits.saveDirectory);
        if (files->acceptMode() == QFileDialog::AcceptSave && unit() < 0.6) {
            QString name = dir.filePath(QStringLiteral("drive-%1").arg(m_report.events));
            if (!files->defaultSuffix().isEmpty())
                name += QLatin1Char('.') + files->defaultSuffix();
            note(QStringLiteral("save dialog -> ") + name);
            files->selectFile(name);
            ++m_report.filesAccepted;
            static_cast<QDialog*>(files)->accept(); // QFileDialog::accept, protected there
            return;
        }
        const QStringList existing = dir.entryList(QDir::Files);
        if (files->acceptMode() == QFileDialog::AcceptOpen && !existing.isEmpty() && unit() < 0.5) {
            const QString name = dir.filePath(existing[uniform(int(existing.size()))]);
            note(QStringLiteral("open dialog -> ") + name);
            files->selectFile(name);
            ++m_report.filesAccepted;
            static_cast<QDialog*>(files)->accept(); // QFileDialog::accept, protected there
            return;
        }
        note(QStringLiteral("file dialog cancelled"));
        files->reject();
        return;
    }
    if (auto* box = qobject_cast<QMessageBox*>(dialog)) {
        const QList<QAbstractButton*> buttons = box->buttons();
        if (!buttons.isEmpty()) {
            QAbstractButton* b = buttons[uniform(int(buttons.size()))];
            note(QStringLiteral("message box \"%1\": %2").arg(box->text().left(60), b->text()));
            b->click();
            return;
        }
    }
    if (auto* progress = qobject_cast<QProgressDialog*>(dialog); progress && unit() < 0.5) {
        note(QStringLiteral("progress dialog left running"));
        return;
    }
    const bool accept = unit() < 0.5;
    note(QStringLiteral("%1 dialog %2").arg(accept ? "accept" : "reject", describe(dialog)));
    accept ? dialog->accept() : dialog->reject();
}

QWidget* RandomDrive::pickWidget(QWidget* root)
{
    QList<QWidget*> candidates{root};
    QList<int> weights{1};
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisible() || w->width() <= 0 || w->height() <= 0 || w->visibleRegion().isEmpty())
            continue;
        candidates << w;
        weights << (interactive(w) ? 5 : 1);
    }
    std::discrete_distribution<int> pick(weights.begin(), weights.end());
    QWidget* w = candidates[pick(m_random)];
    const QString cls = QString::fromLatin1(w->metaObject()->className());
    if (!m_classes.contains(cls))
        m_classes << cls;
    return w;
}

void RandomDrive::click(QWidget* root)
{
    QWidget* w = qobject_cast<QMenu*>(root) ? root : pickWidget(root);
    QPoint at = randomPointIn(w->rect(), m_random);
    QString where;
    // Menus and tab bars: on an item (a random point mostly hits the empty part of a menu bar).
    if (auto* bar = qobject_cast<QMenuBar*>(w); bar && !bar->actions().isEmpty()) {
        QAction* a = bar->actions()[uniform(int(bar->actions().size()))];
        at = bar->actionGeometry(a).center();
        where = QStringLiteral(" menu \"%1\"").arg(a->text());
    } else if (auto* menu = qobject_cast<QMenu*>(w)) {
        QList<QAction*> items;
        for (QAction* a : menu->actions())
            if (a->isVisible() && !a->isSeparator() && !endsTheProgram(a))
                items << a;
        if (items.isEmpty()) {
            menu->close();
            return;
        }
        QAction* a = items[uniform(int(items.size()))];
        at = menu->actionGeometry(a).center();
        where = QStringLiteral(" item \"%1\"").arg(a->text());
    } else if (auto* tabs = qobject_cast<QTabBar*>(w); tabs && tabs->count() > 0) {
        const int i = uniform(tabs->count());
        at = tabs->tabRect(i).center();
        where = QStringLiteral(" tab \"%1\"").arg(tabs->tabText(i));
    }
    const int b = uniform(20);
    const Qt::MouseButton button = b < 16 ? Qt::LeftButton : b < 19 ? Qt::RightButton : Qt::MiddleButton;
    const Qt::KeyboardModifiers mods = unit() < 0.1 ? (unit() < 0.5 ? Qt::ControlModifier : Qt::ShiftModifier) : Qt::NoModifier;
    const bool twice = unit() < 0.08;
    ++m_report.clicks;
    note(QStringLiteral("%1click %2 at (%3,%4) button %5%6")
             .arg(twice ? "double-" : "")
             .arg(describe(w))
             .arg(at.x())
             .arg(at.y())
             .arg(int(button))
             .arg(where));
    // Press and release apart, so a widget that the press deletes gets no release.
    QPointer<QWidget> guard(w);
    mouseClickGuarded(w, button, mods, at);
    if (twice && guard)
        QTest::mouseDClick(guard, button, mods, at); // a single event (MouseButtonDblClick)
}

void RandomDrive::drag(QWidget* root)
{
    QPointer<QWidget> w = pickWidget(root);
    const QPoint from = randomPointIn(w->rect(), m_random);
    const QPoint to = randomPointIn(w->rect().adjusted(-40, -40, 40, 40), m_random);
    const Qt::KeyboardModifiers mods = unit() < 0.15 ? Qt::ControlModifier : Qt::NoModifier;
    ++m_report.drags;
    note(QStringLiteral("drag %1 (%2,%3) -> (%4,%5)").arg(describe(w)).arg(from.x()).arg(from.y()).arg(to.x()).arg(to.y()));
    QTest::mousePress(w, Qt::LeftButton, mods, from);
    const int moves = 1 + uniform(5);
    for (int k = 1; k <= moves && w; ++k)
        QTest::mouseMove(w, from + (to - from) * k / moves);
    if (w)
        QTest::mouseRelease(w, Qt::LeftButton, mods, to);
}

void RandomDrive::wheel(QWidget* root)
{
    QWidget* w = pickWidget(root);
    const QPoint at = randomPointIn(w->rect(), m_random);
    const int delta = (unit() < 0.5 ? 120 : -120) * (1 + uniform(3));
    const Qt::KeyboardModifiers mods = unit() < 0.15 ? Qt::ControlModifier : Qt::NoModifier;
    ++m_report.wheels;
    note(QStringLiteral("wheel %1 at (%2,%3) by %4").arg(describe(w)).arg(at.x()).arg(at.y()).arg(delta));
    QWheelEvent event(at, w->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton, mods, Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &event);
}

void RandomDrive::key(QWidget* root)
{
    static constexpr int keys[] = {Qt::Key_Tab,    Qt::Key_Backtab, Qt::Key_Return, Qt::Key_Escape, Qt::Key_Space, Qt::Key_Left,
                                   Qt::Key_Right,  Qt::Key_Up,      Qt::Key_Down,   Qt::Key_PageUp, Qt::Key_PageDown,
                                   Qt::Key_Home,   Qt::Key_End,     Qt::Key_Delete, Qt::Key_Backspace, Qt::Key_0,
                                   Qt::Key_1,      Qt::Key_5,       Qt::Key_9,      Qt::Key_Period, Qt::Key_Minus,
                                   Qt::Key_E,      Qt::Key_A,       Qt::Key_L,      Qt::Key_P,      Qt::Key_R,
                                   Qt::Key_S,      Qt::Key_Z,       Qt::Key_Y,      Qt::Key_Plus,   Qt::Key_F1,
                                   Qt::Key_F2,     Qt::Key_F5,      Qt::Key_F11,    Qt::Key_1,      Qt::Key_2,
                                   Qt::Key_3,      Qt::Key_4,       Qt::Key_6};
    const int key = keys[uniform(int(std::size(keys)))];
    const int m = uniform(20);
    Qt::KeyboardModifiers mods = m < 12 ? Qt::NoModifier
                                 : m < 15 ? Qt::ControlModifier
                                 : m < 17 ? Qt::ShiftModifier
                                 : m < 19 ? Qt::AltModifier
                                          : Qt::ControlModifier | Qt::ShiftModifier;
    if (key == Qt::Key_Q || (key == Qt::Key_F4 && (mods & Qt::AltModifier)))
        mods = Qt::NoModifier;
    QWidget* target = QApplication::focusWidget();
    if (!target || target->window() != root->window())
        target = root;
    ++m_report.keys;
    note(QStringLiteral("key %1 (modifiers %2) to %3").arg(QKeySequence(key).toString()).arg(int(mods)).arg(describe(target)));
    QTest::keyClick(target, Qt::Key(key), mods);
}

void RandomDrive::typeText(QWidget* root)
{
    QList<QLineEdit*> fields;
    for (QLineEdit* e : root->findChildren<QLineEdit*>())
        if (e->isVisible() && e->isEnabled() && !e->visibleRegion().isEmpty())
            fields << e;
    if (fields.isEmpty()) {
        key(root);
        return;
    }
    QPointer<QLineEdit> field = fields[uniform(int(fields.size()))];
    const char* token = kTokens[uniform(int(std::size(kTokens)))];
    const int end = uniform(10);
    ++m_report.texts;
    note(QStringLiteral("type \"%1\" into %2 then %3")
             .arg(QLatin1String(token), describe(field), end < 7 ? "Return" : end < 9 ? "Tab" : "Escape"));
    mouseClickGuarded(field, Qt::LeftButton, Qt::NoModifier, field->rect().center());
    if (!field)
        return;
    field->selectAll();
    keyClicksGuarded(field, QString::fromLatin1(token));
    if (field)
        QTest::keyClick(field, end < 7 ? Qt::Key_Return : end < 9 ? Qt::Key_Tab : Qt::Key_Escape);
}

void RandomDrive::triggerAction()
{
    QList<QAction*> actions;
    for (QAction* a : m_window.findChildren<QAction*>())
        if (a->isEnabled() && !a->isSeparator() && !a->menu() && !a->text().isEmpty() && !endsTheProgram(a))
            actions << a;
    if (actions.isEmpty())
        return;
    QAction* a = actions[uniform(int(actions.size()))];
    ++m_report.actions;
    note(QStringLiteral("action \"%1\"").arg(a->text()));
    a->trigger();
}

void RandomDrive::switchTab()
{
    QList<QTabBar*> bars;
    for (QTabBar* b : m_window.findChildren<QTabBar*>())
        if (b->isVisible() && b->count() > 0)
            bars << b;
    if (bars.isEmpty())
        return;
    QTabBar* bar = bars[uniform(int(bars.size()))];
    const int i = uniform(bar->count());
    ++m_report.tabs;
    note(QStringLiteral("tab \"%1\"").arg(bar->tabText(i)));
    mouseClickGuarded(bar, Qt::LeftButton, Qt::NoModifier, bar->tabRect(i).center());
}

} // namespace fl::ui::test
