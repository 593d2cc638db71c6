// A seeded random drive of the whole application window, as frictionlab builds it (main
// window, Workbench, sessions, GuardedApplication): 10 000 random clicks, drags, wheel turns, keys,
// typed values, menu actions and tab switches, dialogs answered automatically (files saved to and
// opened from a temporary directory), at most 2 minutes. It fails on a crash, an exception that
// reached GuardedApplication, or a stretch of more than 200 ms of GUI-thread CPU between two
// heartbeats (thread CPU time, so a loaded CI machine does not make it fail; four times the limit
// under AddressSanitizer, which runs two to three times slower, fifteen under ThreadSanitizer).
//   FL_DRIVE_SEED=S      replay a seed (printed at the start and on failure)
//   FL_DRIVE_EVENTS=N    number of events (10 000)
//   FL_DRIVE_SECONDS=T   wall-time limit (120)
//   FL_DRIVE_TRACE=1     print every event
//   FL_DRIVE_BLOCK_MS=M  the longest GUI-thread stretch allowed (200; ctest runs seed 12)
#include "random_drive.h"

#include "analysis/workbench.h"
#include "session/session_manager.h"
#include "widgets/guarded_application.h"
#include "widgets/main_window.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#ifdef FRICTIONLAB_SANITIZED
#include <sanitizer/common_interface_defs.h>
#endif

#include <csignal>
#include <cstdio>
#include <cstring>
#include <random>
#include <unistd.h>

namespace {

char g_crashNote[256];

/// What a crash prints after its report: the seed to replay and the event the drive was in.
void writeCrashNote()
{
    const char* last = fl::ui::test::lastDriveEvent();
    for (const char* part : {static_cast<const char*>(g_crashNote), "random drive: the last event begun: ", last, "\n"}) {
        const ssize_t written = write(STDERR_FILENO, part, std::strlen(part));
        (void)written;
    }
}

#ifndef FRICTIONLAB_SANITIZED
void onCrash(int signal)
{
    writeCrashNote();
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}
#endif

long envLong(const char* name, long fallback)
{
    bool ok = false;
    const long v = qEnvironmentVariable(name).toLong(&ok);
    return ok ? v : fallback;
}

} // namespace

class TestRandomDrive : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void driveTheWholeWindow();

public:
    QStringList exceptions;
};

QtMessageHandler g_testLogHandler = nullptr;

/// The offscreen platform warns at every popup and window it cannot raise, size-hint or grab the
/// keyboard for: thousands of lines that would hide a real report in CI's log. They go; every
/// other message reaches QTest's log.
void dropPlatformNoise(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg && message.startsWith(QLatin1String("This plugin does not support")))
        return;
    g_testLogHandler(type, context, message);
}

void TestRandomDrive::initTestCase()
{
    g_testLogHandler = qInstallMessageHandler(dropPlatformNoise); // QTest's handler is installed by now
    QVERIFY(g_testLogHandler);
}

void TestRandomDrive::driveTheWholeWindow()
{
    std::uint64_t seed = std::random_device{}();
    bool given = false;
    if (const qulonglong s = qEnvironmentVariable("FL_DRIVE_SEED").toULongLong(&given); given)
        seed = s;
    fl::ui::test::DriveLimits limits;
    limits.events = envLong("FL_DRIVE_EVENTS", limits.events);
    limits.seconds = static_cast<double>(envLong("FL_DRIVE_SECONDS", static_cast<long>(limits.seconds)));
    limits.trace = qEnvironmentVariableIntValue("FL_DRIVE_TRACE") != 0;
    limits.blockedCpuMs = static_cast<double>(envLong("FL_DRIVE_BLOCK_MS", static_cast<long>(limits.blockedCpuMs)));
#if defined(__SANITIZE_THREAD__)
    limits.blockedCpuMs *= 15.0; // ThreadSanitizer: 5-15x slower; that run looks for races, not stalls
#elif defined(FRICTIONLAB_SANITIZED)
    limits.blockedCpuMs *= 4.0; // AddressSanitizer + UBSan: 2-3x slower
#endif
    QTemporaryDir files;
    QVERIFY(files.isValid());
    limits.saveDirectory = files.path();
    std::snprintf(g_crashNote, sizeof g_crashNote, "\nrandom drive crashed: replay with FL_DRIVE_SEED=%llu\n",
                  static_cast<unsigned long long>(seed));
    std::printf("random drive: seed %llu, %ld events or %.0f s, GUI thread busy at most %.0f ms (replay: FL_DRIVE_SEED=%llu)\n",
                static_cast<unsigned long long>(seed), limits.events, limits.seconds, limits.blockedCpuMs,
                static_cast<unsigned long long>(seed));
    std::fflush(stdout);

    fl::ui::test::DriveReport report;
    {
        fl::ui::MainWindow window;
        auto* workbench = new fl::ui::Workbench(window);
        new fl::ui::SessionManager(window, *workbench);
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fl::ui::test::RandomDrive drive(window, seed, limits);
        report = drive.run();
    } // the window goes while runs may still be going, as when a user quits

    std::printf("random drive: %ld events in %.1f s: %ld clicks, %ld drags, %ld wheel turns, %ld keys, %ld typed values, "
                "%ld menu actions, %ld tab switches; %ld dialogs answered (%ld files saved or opened); %d widget classes "
                "reached; window re-shown %ld times\n",
                report.events, report.seconds, report.clicks, report.drags, report.wheels, report.keys, report.texts,
                report.actions, report.tabs, report.dialogsAnswered, report.filesAccepted, report.widgetClasses, report.reshown);
    std::printf("random drive: longest heartbeat gap %.0f ms of GUI-thread CPU (after %s), longest wall gap %.0f ms\n",
                report.worstCpuMs, qPrintable(report.worstAfter), report.worstWallMs);
    std::fflush(stdout);
    const QByteArray replay = "; replay with FL_DRIVE_SEED=" + QByteArray::number(static_cast<qulonglong>(seed));
    QVERIFY2(exceptions.isEmpty(), qPrintable(QStringLiteral("exceptions reached the application: ") + exceptions.join(QStringLiteral("; ")) + replay));
    QVERIFY2(report.blocked.isEmpty(), qPrintable(QStringLiteral("GUI thread blocked: ") + report.blocked.join(QStringLiteral("; ")) + replay));
    // The drive really drove: events of every kind, menus, dialogs and many kinds of widget.
    QVERIFY2(report.events >= std::min(limits.events, 300L), replay.constData());
    QVERIFY2(report.clicks > 0 && report.drags > 0 && report.wheels > 0 && report.keys > 0 && report.texts > 0, replay.constData());
    if (report.events >= 2000) {
        QVERIFY2(report.actions > 0 && report.tabs > 0 && report.dialogsAnswered > 0, replay.constData());
        QVERIFY2(report.widgetClasses >= 15, replay.constData());
    }
}

int main(int argc, char* argv[])
{
    QStandardPaths::setTestModeEnabled(true); // settings and the last session go to a test location
    fl::ui::GuardedApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("FrictionLabTest"));
    QApplication::setApplicationName(QStringLiteral("RandomDrive"));
    QSettings().clear();
#ifdef FRICTIONLAB_SANITIZED
    __sanitizer_set_death_callback(writeCrashNote); // after the sanitizer's report
#else
    std::signal(SIGSEGV, onCrash);
    std::signal(SIGABRT, onCrash);
    std::signal(SIGFPE, onCrash);
#endif
    TestRandomDrive test;
    QObject::connect(&app, &fl::ui::GuardedApplication::exceptionCaught, &test,
                     [&test](const QString& message) { test.exceptions << message; });
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "test_random_drive.moc"
