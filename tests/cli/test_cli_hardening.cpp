// The promises of the README's "Hardening" section for frictionlab-cli, one test each: files are
// replaced only by complete output, all outputs of a command or none, every output checked before
// anything is computed, no input overwritten, help that runs nothing, options that mean one thing,
// text from files printed escaped, CSV numbers that round-trip, and `run` flat in memory.
#include "cli_runner.h"
#include "../csv_digits.h"

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace cli_test;
using csv_digits::mostDigits;

namespace {

/// A small belt map of 1000 x 1000 points: hours of work. A command given it that returns at
/// all (within runCli's 10 minutes) refused before computing.
const QStringList kHugeMap = {"map", "--x", "v_b", "--x-from", "0.1", "--x-to", "0.5", "--x-steps", "1000", "--y", "mu_s",
                              "--y-from", "1.5", "--y-to", "2.5", "--y-steps", "1000", "--observable", "amplitude"};
/// A run of the chain of 1000 blocks over 1e7 time units: hours as well.
const QStringList kHugeRun = {"--system", "bk-chain", "--set", "n=1000", "--t-end", "1e7", "--dt", "10"};

/// Peak resident memory (KB) of one frictionlab-cli run, from the kernel's accounting of that
/// child alone (wait4), and its exit code through `code`.
long peakKilobytes(const QStringList& arguments, int* code)
{
    std::vector<QByteArray> storage{QByteArray(FRICTIONLAB_CLI)};
    for (const QString& a : arguments)
        storage.push_back(a.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& a : storage)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid)
        return -1;
    *code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return usage.ru_maxrss;
}

} // namespace

class TestCliHardening : public QObject {
    Q_OBJECT
private slots:
    /// A command that fails replaces no file it names, and writes its partial output only with
    /// --partial, to NAME.partial.EXT (a run over a good keep.csv left 730 of its lines).
    void failedCommandKeepsEveryFile_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("option");
        QTest::newRow("run") << QStringList{"run", "--set", "max_steps=100"} << "--out";
        QTest::newRow("run --events") << QStringList{"run", "--set", "max_steps=100", "--out", "-"} << "--events";
        QTest::newRow("sweep") << QStringList{"sweep", "--param", "v_b", "--from", "0.1", "--to", "0.3", "--steps", "3", "--set", "max_steps=100"}
                               << "--out";
        QTest::newRow("lyapunov curve") << QStringList{"lyapunov", "--param", "v_b", "--from", "0.1", "--to", "0.2", "--steps", "2",
                                                       "--method", "regularized", "--set", "max_steps=100"}
                                        << "--out";
        QTest::newRow("lyapunov --history") << QStringList{"lyapunov", "--method", "regularized", "--set", "max_steps=100"} << "--history";
        QTest::newRow("slip-events") << QStringList{"slip-events", "--system", "bk-chain", "--set", "n=20", "--t-end", "500", "--set",
                                                    "max_steps=100"}
                                     << "--out";
    }
    void failedCommandKeepsEveryFile()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, option);
        QTemporaryDir dir;
        const QString keep = dir.filePath("keep.csv"), partial = dir.filePath("keep.partial.csv");
        const QByteArray good = "a good file from yesterday\n";
        QVERIFY(writeFile(keep, good));
        Outcome o = runCli(arguments + QStringList{option, keep});
        QCOMPARE(o.exitCode, 1);
        QCOMPARE(o.err.count('\n'), 1);
        QVERIFY2(o.err.contains("no file was replaced (--partial keeps what was computed)"), qPrintable(o.err));
        QCOMPARE(readAll(keep), good);
        QVERIFY(!QFile::exists(partial));

        o = runCli(arguments + QStringList{option, keep, "--partial"});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.err.contains("what was computed is in " + partial), qPrintable(o.err));
        QCOMPARE(readAll(keep), good);
        QVERIFY(!readAll(partial).isEmpty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 2); // no temporary file left behind
    }

    /// Every output of a command or none: an output that cannot be written leaves the others as
    /// they were (run --out a.csv --events /dev/full replaced a.csv).
    void outputsAllOrNothing_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("run --events") << QStringList{"run", "--out", "A", "--events", "/dev/full"};
        QTest::newRow("run --out") << QStringList{"run", "--out", "/dev/full", "--events", "A"};
        QTest::newRow("slip-events --histogram") << QStringList{"slip-events", "--system", "bk-chain", "--set", "n=20", "--t-end", "300",
                                                                "--out", "A", "--histogram", "/dev/full"};
    }
    void outputsAllOrNothing()
    {
        QFETCH(QStringList, arguments);
        if (!QFile::exists("/dev/full"))
            QSKIP("no /dev/full on this machine");
        QTemporaryDir dir;
        const QString a = dir.filePath("a.csv");
        QVERIFY(writeFile(a, "old\n"));
        arguments[arguments.indexOf("A")] = a;
        const Outcome o = runCli(arguments);
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.startsWith("error: ") && o.err.contains("/dev/full"), qPrintable(o.err));
        QCOMPARE(readAll(a), QByteArray("old\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }

    /// An output that fails in the middle of a run (the events file under `ulimit -f`, SIGXFSZ
    /// ignored) is a failed write, exit 2: no file replaced, nothing kept as partial even with
    /// --partial (it exited 1 as a "run stopped" and wrote out.partial.csv).
    void outputFailingMidRunKeepsNothing()
    {
        QTemporaryDir dir;
        const QString events = dir.filePath("events.csv");
        QVERIFY(writeFile(events, "old\n"));
        // The rows go to standard output (a pipe: no size limit). About 100 000 switches: the first
        // block of 65 536 (1.6 MB) is drained in the middle of the run and does not fit in 512 KiB.
        QProcess shell;
        shell.start("bash", {"-c", QString("trap '' XFSZ; ulimit -f 512; exec '%1' run --system bk-chain --set n=400 --t-end 3000 "
                                           "--dt 10 --out - --events '%2' --partial")
                                       .arg(FRICTIONLAB_CLI, events)});
        QVERIFY(shell.waitForFinished(600000));
        const QString err = QString::fromUtf8(shell.readAllStandardError());
        QCOMPARE(shell.exitCode(), 2);
        QVERIFY2(err.startsWith("error: cannot write " + events) && err.count('\n') == 1, qPrintable(err));
        QCOMPARE(readAll(events), QByteArray("old\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"events.csv"});
    }

    /// A file-size limit without SIGXFSZ ignored by the shell (plain `ulimit -f`): the command
    /// ignores the signal itself, so its write fails (EFBIG) and it ends with its one line and the
    /// old file (it was killed by SIGXFSZ, exit 153, no message, and a stray temporary could stay).
    void fileSizeLimitEndsWithOneLine()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("big.csv");
        QVERIFY(writeFile(out, "old\n"));
        // 200 001 rows (about 10 MB) against a limit of 8 blocks (4 or 8 KB).
        QProcess shell;
        shell.start("sh", {"-c", QString("ulimit -f 8; exec '%1' run --t-end 2000 --out '%2'").arg(FRICTIONLAB_CLI, out)});
        QVERIFY(shell.waitForFinished(600000));
        const QString err = QString::fromUtf8(shell.readAllStandardError());
        QCOMPARE(shell.exitStatus(), QProcess::NormalExit);
        QVERIFY2(shell.exitCode() == 1 || shell.exitCode() == 2, qPrintable(QString("exit %1: %2").arg(shell.exitCode()).arg(err)));
        QVERIFY2(err.startsWith("error: cannot write " + out + ": ") && err.count('\n') == 1, qPrintable(err));
        QCOMPARE(readAll(out), QByteArray("old\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"big.csv"});
    }

    /// A temporary file left beside its target by a command killed between naming it and renaming
    /// it (".out.csv.fltmp-PID-HOST-XXXXXX") is removed by the next command that writes that target,
    /// once PID no longer runs on this host; one whose process runs, of another target or of
    /// another host stays. The output is written as usual: through a link to its target, with the
    /// old file's permissions.
    void staleTemporariesAreRemoved()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out.csv");
        QVERIFY(writeFile(out, "old\n"));
        QVERIFY(QFile::setPermissions(out, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        // A pid that no longer runs: a process started and waited for.
        QProcess gone;
        gone.start("true", {});
        QVERIFY(gone.waitForStarted());
        const qint64 dead = gone.processId();
        QVERIFY(gone.waitForFinished());
        QVERIFY(::kill(static_cast<pid_t>(dead), 0) != 0);
        // The host as the CLI writes it in the name.
        char name[256] = {};
        QVERIFY(::gethostname(name, sizeof name - 1) == 0);
        QString host;
        for (const QChar c : QString::fromLocal8Bit(name).left(32))
            host += (c.isLetterOrNumber() && c.unicode() < 128) || c == '.' || c == '_' ? c : QChar('_');
        if (host.isEmpty())
            host = "localhost";
        const auto stray = [&](const QString& target, qint64 pid, const QString& on, const QString& tail) {
            return QString(".%1.fltmp-%2-%3-%4").arg(target).arg(pid).arg(on, tail);
        };
        const QStringList removed = {stray("out.csv", dead, host, "Ab12Cd"), stray("out.csv", dead, host, "Ef34Gh.Ij56Kl")};
        const QStringList kept = {stray("out.csv", ::getpid(), host, "Mn78Op"), stray("out.csv", dead, host + "-elsewhere", "Qr90St"),
                                  stray("other.csv", dead, host, "Uv12Wx")};
        for (const QString& file : removed + kept)
            QVERIFY(writeFile(dir.filePath(file), "half a file\n"));
        QVERIFY(QFile::link("out.csv", dir.filePath("link.csv")));

        const Outcome o = runCli({"run", "--t-end", "1", "--out", dir.filePath("link.csv")});
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        QStringList expected = kept + QStringList{"link.csv", "out.csv"};
        expected.sort();
        QStringList files = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System);
        files.sort();
        QCOMPARE(files, expected);
        QVERIFY(QFileInfo(dir.filePath("link.csv")).isSymLink());
        QCOMPARE(readLines(out).first(), QString("# FrictionLab run"));
        QCOMPARE(readLines(out).filter(QRegularExpression("^[0-9]")).size(), 101);
        struct stat st {};
        QVERIFY(::stat(QFile::encodeName(out).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
        for (const QString& file : kept)
            QCOMPARE(readAll(dir.filePath(file)), QByteArray("half a file\n"));
    }

    /// An interrupted command leaves the old file and no other: its outputs are opened before it
    /// computes, to a temporary file that on Linux has no name until it is committed (QSaveFile
    /// with O_TMPFILE), so even SIGKILL in the middle of a long map leaves nothing behind.
    void interruptLeavesOnlyTheOldFile_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGINT") << SIGINT;
        QTest::newRow("SIGTERM") << SIGTERM;
        QTest::newRow("SIGKILL") << SIGKILL;
    }
    void interruptLeavesOnlyTheOldFile()
    {
        QFETCH(int, signal);
        QTemporaryDir dir;
        const QString out = dir.filePath("map.csv");
        QVERIFY(writeFile(out, "old\n"));
        QProcess process;
        process.start(FRICTIONLAB_CLI, kHugeMap + QStringList{"--threads", "1", "--out", out});
        QVERIFY(process.waitForStarted());
        // Computing (the map takes hours), its output open.
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(QString("/proc/%1/fd").arg(process.processId())).exists()
                                     && !QDir(QString("/proc/%1/fd").arg(process.processId())).entryList(QDir::System).isEmpty(), 30000);
        QTest::qWait(1000);
        QCOMPARE(process.state(), QProcess::Running);
        ::kill(static_cast<pid_t>(process.processId()), signal);
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitStatus(), QProcess::CrashExit);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"map.csv"});
        QCOMPARE(readAll(out), QByteArray("old\n"));
    }

    /// Every output is checked before anything is computed: a missing folder, a folder, two
    /// outputs naming one file. The commands here would compute for hours: that they return
    /// at all shows that nothing was computed (map ... --out missing/x.csv computed first).
    void outputsCheckedBeforeComputing_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("reason");
        QTest::newRow("map, missing folder") << kHugeMap + QStringList{"--out", "DIR/missing/x.csv"} << "does not exist";
        QTest::newRow("map, a folder") << kHugeMap + QStringList{"--out", "DIR"} << "is a folder";
        QTest::newRow("run, missing folder") << QStringList{"run"} + kHugeRun + QStringList{"--out", "DIR/missing/x.csv"} << "does not exist";
        QTest::newRow("run, events missing") << QStringList{"run"} + kHugeRun + QStringList{"--out", "DIR/x.csv", "--events", "DIR/no/e.csv"}
                                             << "does not exist";
        QTest::newRow("run, same file") << QStringList{"run"} + kHugeRun + QStringList{"--out", "DIR/x.csv", "--events", "DIR/../DIRNAME/x.csv"}
                                        << "name the same file";
        QTest::newRow("run, both stdout") << QStringList{"run"} + kHugeRun + QStringList{"--events", "-"} << "name the same standard output";
        QTest::newRow("slip-events") << QStringList{"slip-events"} + kHugeRun + QStringList{"--histogram", "DIR/missing/h.csv"}
                                     << "does not exist";
        QTest::newRow("sweep") << QStringList{"sweep", "--param", "v_b", "--from", "0.1", "--to", "0.5", "--steps", "100000", "--transient",
                                              "1e5", "--out", "DIR/missing/s.csv"}
                               << "does not exist";
        QTest::newRow("lyapunov") << QStringList{"lyapunov", "--duration", "1e8", "--interval", "100", "--history", "DIR/missing/h.csv"}
                                  << "does not exist";
        QTest::newRow("session new") << QStringList{"session", "new", "--out", "DIR/missing/s.frictionlab"} << "does not exist";
    }
    void outputsCheckedBeforeComputing()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        for (QString& a : arguments)
            a.replace("DIRNAME", QFileInfo(dir.path()).fileName()).replace("DIR", dir.path());
        const Outcome o = runCli(arguments);
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.err.count('\n'), 1);
        QVERIFY2(o.err.startsWith("error: --") && o.err.contains(reason), qPrintable(o.err));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }

    /// No output may be an input: the lecture given to --session, by its name, through '..', a
    /// symbolic link or a hard link (run --session lec --out lec replaced the lecture by CSV).
    void inputIsNeverAnOutput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("output");
        const QStringList outputs = {"LEC", "DIR/../DIRNAME/lec.frictionlab", "DIR/link.frictionlab", "DIR/hard.frictionlab"};
        const QList<QPair<QString, QStringList>> commands = {
            {"run --out", {"run", "--session", "LEC", "--out"}},
            {"run --events", {"run", "--session", "LEC", "--out", "-", "--events"}},
            {"sweep", {"sweep", "--session", "LEC", "--param", "v_b", "--from", "0.1", "--to", "0.2", "--steps", "2", "--out"}},
            {"map", {"map", "--session", "LEC", "--x", "v_b", "--x-from", "0.1", "--x-to", "0.2", "--x-steps", "2", "--y", "mu_s", "--y-from",
                     "1.5", "--y-to", "2", "--y-steps", "2", "--observable", "amplitude", "--out"}},
            {"lyapunov", {"lyapunov", "--session", "LEC", "--method", "regularized", "--history"}},
            {"session new", {"session", "new", "--session", "LEC", "--out"}},
        };
        for (const auto& [name, arguments] : commands)
            for (const QString& output : outputs)
                QTest::newRow(qPrintable(name + " " + output)) << arguments << output;
    }
    void inputIsNeverAnOutput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, output);
        QTemporaryDir dir;
        const QString lecture = dir.filePath("lec.frictionlab");
        QCOMPARE(runCli({"session", "new", "--system", "belt", "--title", "Lecture", "--out", lecture, "--quiet"}).exitCode, 0);
        const QByteArray before = readAll(lecture);
        QVERIFY(QFile::link(lecture, dir.filePath("link.frictionlab")));
        QVERIFY(::link(QFile::encodeName(lecture).constData(), QFile::encodeName(dir.filePath("hard.frictionlab")).constData()) == 0);
        for (QString& a : arguments)
            a.replace("LEC", lecture);
        output.replace("LEC", lecture).replace("DIRNAME", QFileInfo(dir.path()).fileName()).replace("DIR", dir.path());
        const Outcome o = runCli(arguments + QStringList{output});
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.contains("is the input file of --session"), qPrintable(o.err));
        QCOMPARE(readAll(lecture), before);
    }

    /// Help never runs anything: --help and --help-all print the help, whatever else is given
    /// (run --help-all --out out.csv replaced out.csv with a default run).
    void helpRunsNothing_data()
    {
        QTest::addColumn<QStringList>("arguments");
        for (const char* help : {"--help", "--help-all"}) {
            QTest::newRow(qPrintable(QString("run ") + help)) << QStringList{"run", help, "--out", "OUT"};
            QTest::newRow(qPrintable(QString("run, a bad option, ") + help)) << QStringList{"run", "--bogus", "--out", "OUT", help};
            QTest::newRow(qPrintable(QString("session new ") + help)) << QStringList{"session", "new", help, "--out", "OUT"};
            QTest::newRow(qPrintable(QString("sweep ") + help)) << QStringList{"sweep", help, "--param", "v_b", "--out", "OUT"};
            QTest::newRow(qPrintable(QString("map ") + help)) << kHugeMap + QStringList{help, "--out", "OUT"};
            QTest::newRow(qPrintable(QString("lyapunov ") + help)) << QStringList{"lyapunov", help, "--history", "OUT"};
            QTest::newRow(qPrintable(QString("slip-events ") + help)) << QStringList{"slip-events", help, "--out", "OUT"};
        }
    }
    void helpRunsNothing()
    {
        QFETCH(QStringList, arguments);
        QTemporaryDir dir;
        const QString out = dir.filePath("out.csv");
        arguments[arguments.indexOf("OUT")] = out;
        const Outcome o = runCli(arguments);
        QCOMPARE(o.exitCode, 0);
        QVERIFY2(o.out.startsWith("Usage: ") && o.out.contains("--out"), qPrintable(o.out.left(200)));
        QVERIFY(o.err.isEmpty());
        QVERIFY(!QFile::exists(out));
    }

    /// Each option means one thing: what was silently taken last, ignored or answered with
    /// nothing is refused with one line (exit 2), or done as asked.
    void optionsMeanOneThing_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("reason");
        QTest::newRow("--out twice") << QStringList{"run", "--out", "a.csv", "--out", "b.csv"} << 2 << "--out is given more than once";
        QTest::newRow("--system twice") << QStringList{"run", "--system", "belt", "--system", "disk"} << 2 << "--system is given more than once";
        QTest::newRow("sweep stray") << QStringList{"sweep", "--param", "v_b", "stray"} << 2 << "unexpected argument 'stray'";
        QTest::newRow("lyapunov stray") << QStringList{"lyapunov", "stray"} << 2 << "unexpected argument 'stray'";
        QTest::newRow("list stray") << QStringList{"list", "stray"} << 2 << "unexpected argument 'stray'";
        QTest::newRow("contact stray") << QStringList{"contact", "eval", "stray"} << 2 << "unexpected argument 'stray'";
        QTest::newRow("curve --history") << QStringList{"lyapunov", "--param", "v_b", "--from", "0.1", "--to", "0.2", "--history", "h.csv"} << 2
                                         << "--history belongs to one spectrum";
        QTest::newRow("spectrum --out") << QStringList{"lyapunov", "--out", "l.csv"} << 2 << "--out belongs to the curve mode";
        QTest::newRow("--count too many") << QStringList{"lyapunov", "--count", "1000000000"} << 2 << "has 2 exponents";
        QTest::newRow("sweep level beyond") << QStringList{"sweep", "--param", "v_b", "--from", "0.1", "--to", "0.3", "--steps", "3",
                                                           "--observable", "section", "--level", "1e308", "--transient", "20", "--max-time", "50"}
                                            << 1 << "the sweep recorded no point at any value";
        QTest::newRow("polygon overflow") << QStringList{"contact", "eval", "--polygon", "0,0;1e308,0;0,1e308"} << 2 << "polygon vertices must be within";
        QTest::newRow("ellipse overflow") << QStringList{"contact", "eval", "--ellipse", "1e308,1e-308"} << 2 << "ellipse semi-axes must be in";
        QTest::newRow("sweep --level of maxima") << QStringList{"sweep", "--param", "v_b", "--level", "0"} << 2
                                                 << "--level applies only to --observable section";
        QTest::newRow("sweep --period of section") << QStringList{"sweep", "--param", "v_b", "--observable", "section", "--period", "6"} << 2
                                                   << "--period applies only to --observable strobe";
        QTest::newRow("sweep --threads with --mpi") << QStringList{"sweep", "--param", "v_b", "--mpi", "--threads", "2"} << 2
                                                    << "--threads applies only to runs without --mpi";
        QTest::newRow("map --interval of amplitude") << kHugeMap + QStringList{"--interval", "2"} << 2
                                                     << "--interval applies only to --observable lyapunov";
        QTest::newRow("map --variable of period") << QStringList{"map", "--x", "v_b", "--x-from", "0.1", "--x-to", "0.2", "--y", "mu_s",
                                                                 "--y-from", "1.5", "--y-to", "2", "--observable", "period", "--variable", "x"}
                                                  << 2 << "--variable applies only to --observable amplitude";
        QTest::newRow("contact fit --theta") << QStringList{"contact", "fit", "--model", "I00", "--theta", "1"} << 2
                                             << "--theta applies only to contact eval and stick";
        QTest::newRow("contact integral --b") << QStringList{"contact", "eval", "--b", "0.5"} << 2 << "--b applies only to --model I00 and I11";
        QTest::newRow("stdout twice") << QStringList{"run", "--out", "-", "--events", "/dev/stdout"} << 2 << "name the same standard output";
        QTest::newRow("task-timeout without mpi") << kHugeMap + QStringList{"--task-timeout", "5"} << 2 << "--task-timeout is the per-task deadline of --mpi";
        QTest::newRow("no command") << QStringList{} << 2 << "no command given";
        // A parameter takes one value: two --set of it, or a shortcut and its --set, are refused
        // (the last one was taken, or the shortcut's).
        QTest::newRow("--set twice") << QStringList{"run", "--set", "v_b=1", "--set", "v_b=2"} << 2
                                     << "v_b is set twice: --set v_b=1 and --set v_b=2";
        QTest::newRow("--set twice, same value") << QStringList{"session", "new", "--set", "mu_s=2", "--set", " mu_s=2", "--out", "s.frictionlab"}
                                                 << 2 << "mu_s is set twice";
        QTest::newRow("--t-end and t_end") << QStringList{"run", "--t-end", "5", "--set", "t_end=6"} << 2 << "--t-end and --set t_end= both set t_end";
        QTest::newRow("t_end and --t-end") << QStringList{"sweep", "--param", "v_b", "--set", "t_end=6", "--t-end", "5"} << 2
                                           << "--t-end and --set t_end= both set t_end";
        QTest::newRow("--dt and dt") << QStringList{"run", "--dt", "0.1", "--set", "dt=0.2"} << 2 << "--dt and --set dt= both set dt";
        QTest::newRow("--tol and tol") << QStringList{"run", "--set", "tol=1e-8", "--tol", "1e-9"} << 2 << "--tol and --set tol= both set tol";
        QTest::newRow("--eps and eps") << QStringList{"run", "--method", "regularized", "--eps", "1e-3", "--set", "eps=1e-4"} << 2
                                       << "--eps and --set eps= both set eps";
        // A whole-number parameter (max_steps) stepped through fractional values (map --x max_steps
        // --x-from 150.25 ran, each point with a step limit of 150.25).
        QTest::newRow("map --x-from fractional") << QStringList{"map", "--x", "max_steps", "--x-from", "150.25", "--x-to", "300", "--y", "v_b",
                                                                "--y-from", "0.1", "--y-to", "0.2", "--observable", "amplitude"}
                                                 << 2 << "max_steps must be a whole number (100 to 1e+09): --x-from is 150.25";
        QTest::newRow("map --y-to fractional") << QStringList{"map", "--y", "max_steps", "--y-from", "150", "--y-to", "300.5", "--x", "v_b",
                                                              "--x-from", "0.1", "--x-to", "0.2", "--observable", "amplitude"}
                                               << 2 << "max_steps must be a whole number (100 to 1e+09): --y-to is 300.5";
        QTest::newRow("map --x-steps between") << QStringList{"map", "--x", "max_steps", "--x-from", "100", "--x-to", "200", "--x-steps", "4",
                                                              "--y", "v_b", "--y-from", "0.1", "--y-to", "0.2", "--observable", "amplitude"}
                                               << 2 << "max_steps must be a whole number (100 to 1e+09): --x-steps 4 from 100 to 200 gives 133.3";
        QTest::newRow("map chain seed") << QStringList{"map", "--system", "bk-chain", "--x", "seed", "--x-from", "2", "--x-to", "2.5", "--y",
                                                       "v_b", "--y-from", "0.1", "--y-to", "0.2", "--observable", "amplitude"}
                                        << 2 << "seed must be a whole number (0 to 1e+09): --x-to is 2.5";
        QTest::newRow("sweep --param fractional") << QStringList{"sweep", "--param", "max_steps", "--from", "150.25", "--to", "300", "--steps", "3"}
                                                  << 2 << "max_steps must be a whole number (100 to 1e+09): --from is 150.25";
        QTest::newRow("sweep --steps between") << QStringList{"sweep", "--param", "max_steps", "--from", "100", "--to", "200", "--steps", "3000"}
                                               << 2 << "max_steps must be a whole number (100 to 1e+09): --steps 3000 from 100 to 200 gives";
        QTest::newRow("lyapunov --param fractional") << QStringList{"lyapunov", "--method", "regularized", "--param", "max_steps", "--from", "100",
                                                                    "--to", "200.5", "--steps", "2"}
                                                     << 2 << "max_steps must be a whole number (100 to 1e+09): --to is 200.5";
        // Whole values pass (the command then fails at its output, which is checked after the values).
        QTest::newRow("map whole values") << QStringList{"map", "--x", "max_steps", "--x-from", "100", "--x-to", "200", "--x-steps", "3", "--y",
                                                         "v_b", "--y-from", "0.1", "--y-to", "0.2", "--observable", "amplitude", "--out",
                                                         "missing/m.csv"}
                                          << 2 << "--out: the folder";
        QTest::newRow("sweep whole values") << QStringList{"sweep", "--param", "max_steps", "--from", "100", "--to", "200", "--steps", "101",
                                                           "--out", "missing/s.csv"}
                                            << 2 << "--out: the folder";
    }
    void optionsMeanOneThing()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, code);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QDir::setCurrent(dir.path()); // whatever a refused command might write lands here
        const Outcome o = runCli(arguments);
        QCOMPARE(o.exitCode, code);
        QVERIFY2(o.err.startsWith("error: " ) && o.err.section('\n', 0, 0).contains(reason), qPrintable(o.err));
        QVERIFY(o.out.isEmpty());
        if (arguments.isEmpty())
            QVERIFY(o.err.contains("Usage: frictionlab-cli <command>")); // the usage goes to stderr too
        else
            QCOMPARE(o.err.count('\n'), 1);
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }

    /// What the user typed is echoed short: an id, a value or an argument of 100 000 characters
    /// made an error line of 100 KB (75 KB for a --set id); now each echo is its first 40
    /// characters and "…", and the line stays short.
    void longArgumentsAreEchoedShort_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("reason");
        const QString x(100000, QChar('a'));
        const QStringList map = {"map", "--x", "v_b", "--x-from", "0.1", "--x-to", "0.2", "--y", "mu_s", "--y-from", "1.5", "--y-to", "2",
                                 "--observable", "amplitude"};
        QTest::newRow("--set id") << QStringList{"run", "--set", x + "=1"} << "unknown parameter 'aaa";
        QTest::newRow("--set value") << QStringList{"run", "--set", "v_b=" + x} << "is not a finite number";
        QTest::newRow("--set without =") << QStringList{"run", "--set", x} << "--set expects id=value";
        QTest::newRow("--system") << QStringList{"run", "--system", x} << "unknown system 'aaa";
        QTest::newRow("--law") << QStringList{"run", "--law", x} << "unknown friction law 'aaa";
        QTest::newRow("--law on a preset") << QStringList{"run", "--preset", "jtam2016-fig4a", "--law", x} << "aaa";
        QTest::newRow("--preset") << QStringList{"run", "--preset", x} << "unknown preset 'aaa";
        QTest::newRow("--method") << QStringList{"run", "--method", x} << "unknown method 'aaa";
        QTest::newRow("--reg") << QStringList{"run", "--reg", x} << "unknown regularization 'aaa";
        QTest::newRow("--integrator") << QStringList{"run", "--integrator", x} << "unknown integrator 'aaa";
        QTest::newRow("unknown option") << QStringList{"run", "--" + x} << "Unknown option 'aaa";
        QTest::newRow("unknown short options") << QStringList{"run", "-" + x} << "Unknown options: a, a, a, a, a, … (100000 in all).";
        QTest::newRow("stray argument") << QStringList{"run", x} << "unexpected argument 'aaa";
        QTest::newRow("unknown command") << QStringList{x} << "unknown command 'aaa";
        QTest::newRow("map --x") << QStringList{"map", "--x", x, "--x-from", "0.1", "--x-to", "0.2", "--y", "mu_s", "--y-from", "1.5", "--y-to",
                                                "2", "--observable", "amplitude"}
                                 << "unknown map parameter 'aaa";
        QTest::newRow("map --x-from") << QStringList(map).replaceInStrings(QRegularExpression("^0\\.1$"), x) << "--x-from: 'aaa";
        QTest::newRow("sweep --param") << QStringList{"sweep", "--param", x, "--from", "0.1", "--to", "0.2"} << "unknown sweep parameter 'aaa";
        QTest::newRow("sweep --from") << QStringList{"sweep", "--param", "v_b", "--from", x, "--to", "0.2"} << "--from: 'aaa";
        QTest::newRow("lyapunov --param") << QStringList{"lyapunov", "--param", x, "--from", "0.1", "--to", "0.2"} << "unknown parameter 'aaa";
        QTest::newRow("lyapunov --duration") << QStringList{"lyapunov", "--duration", x} << "--duration: 'aaa";
        QTest::newRow("compare --event-law") << QStringList{"compare", "--event-law", x} << "--event-law 'aaa";
        QTest::newRow("--task-timeout") << map + QStringList{"--mpi", "--task-timeout", x} << "not 'aaa";
        QTest::newRow("session action") << QStringList{"session", x} << "unknown session action 'aaa";
        QTest::newRow("model action") << QStringList{"model", x} << "model: unknown action 'aaa";
        QTest::newRow("--out folder") << QStringList{"run", "--out", "/tmp/" + x.left(5000) + "/o.csv"} << "--out: the folder '/tmp/aaa";
        QTest::newRow("--session file") << QStringList{"run", "--session", "/tmp/" + x.left(5000)} << "/tmp/aaa";
        QTest::newRow("--model file") << QStringList{"run", "--model", "/tmp/" + x.left(5000)} << "/tmp/aaa";
    }
    void longArgumentsAreEchoedShort()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QDir::setCurrent(dir.path());
        const Outcome o = runCli(arguments);
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.startsWith("error: ") && o.err.contains(reason) && o.err.contains(QChar(0x2026)), qPrintable(o.err.left(400)));
        QCOMPARE(o.err.count('\n'), 1);
        QVERIFY2(o.err.toUtf8().size() < 300, qPrintable(QString("%1 bytes: %2").arg(o.err.toUtf8().size()).arg(o.err.left(400))));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }

    /// Text from a file is printed with its control characters escaped: a session's title must not
    /// set the terminal's title, clear the screen or overwrite lines. session new refuses them.
    void textFromFilesIsEscaped()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("evil.frictionlab");
        // The file as JSON escapes its control characters (moc cannot read raw strings).
        QVERIFY(writeFile(path, "{\"format\":\"frictionlab-session\",\"version\":1,"
                                "\"title\":\"\\u001b]0;owned\\u0007\\u001b[2JX\\r\\nY\",\"description\":\"a\\u001b[31mred\","
                                "\"state\":{\"system\":\"belt\"},"
                                "\"scenes\":[{\"title\":\"scene\\u009b2J\\u202eevil\",\"state\":{\"system\":\"belt\"}}]}"));
        const Outcome shown = runCli({"session", "show", path});
        QCOMPARE(shown.exitCode, 0);
        for (const QChar c : shown.out)
            QVERIFY2(c == '\n' || (c.category() != QChar::Other_Control && c.category() != QChar::Other_Format),
                     qPrintable(QString("U+%1 printed raw").arg(c.unicode(), 4, 16, QChar('0'))));
        QVERIFY2(shown.out.contains("title: \\u001b]0;owned\\u0007\\u001b[2JX\\r\\nY\n"), qPrintable(shown.out));
        QVERIFY2(shown.out.contains("description: a\\u001b[31mred\n"), qPrintable(shown.out));
        QVERIFY2(shown.out.contains("1. scene\\u009b2J\\u202eevil\n"), qPrintable(shown.out));

        const Outcome refused = runCli({"session", "new", "--title", QString("a") + QChar(0x1b) + "[2Jb", "--out", dir.filePath("t.frictionlab")});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("--title holds control characters (a\\u001b[2Jb)"), qPrintable(refused.err));
        QVERIFY(!QFile::exists(dir.filePath("t.frictionlab")));
        QCOMPARE(runCli({"session", "new", "--description", "two\nlines", "--out", dir.filePath("t.frictionlab"), "--quiet"}).exitCode, 0);
    }

    /// Every number a CSV holds round-trips: written with as many digits as its double needs
    /// (lyapunov --history wrote 6: 0.0402359 where stdout said 0.040235948). A computed column
    /// of round-trip numbers holds numbers of 16 or 17 digits; one written with 15 or fewer cannot.
    void csvNumbersRoundTrip()
    {
        QTemporaryDir dir;
        const QString history = dir.filePath("h.csv"), histogram = dir.filePath("d.csv"), curve = dir.filePath("c.csv");
        Outcome o = runCli({"lyapunov", "--method", "regularized", "--set", "eps=1e-3", "--duration", "50", "--history", history});
        QCOMPARE(o.exitCode, 0);
        const QStringList rows = readLines(history);
        QCOMPARE(rows.first(), QString("t,lambda_1,lambda_2"));
        for (int column : {1, 2})
            QVERIFY2(mostDigits(rows, column) >= 16, qPrintable(rows.last()));
        // The last running estimate is the spectrum printed (8 digits there).
        const QRegularExpressionMatch printed = QRegularExpression("lambda_1 = (\\S+)").match(o.out);
        QVERIFY(printed.hasMatch());
        QCOMPARE(QString::number(rows.last().section(',', 1, 1).toDouble(), 'g', 8), printed.captured(1));

        o = runCli({"slip-events", "--system", "bk-chain", "--set", "n=20", "--t-end", "1000", "--out", "/dev/null", "--histogram", histogram, "--quiet"});
        QCOMPARE(o.exitCode, 0);
        for (int column : {1, 2})
            QVERIFY2(mostDigits(readLines(histogram), column) >= 16, qPrintable(readLines(histogram).value(1)));

        o = runCli({"lyapunov", "--method", "regularized", "--set", "eps=1e-3", "--duration", "50", "--param", "v_b", "--from", "0.1", "--to",
                    "0.3", "--steps", "3", "--out", curve});
        QCOMPARE(o.exitCode, 0);
        QVERIFY(mostDigits(readLines(curve), 1) >= 16);

        const struct {
            QStringList arguments;
            int column;
        } others[] = {{{"run", "--t-end", "20"}, 1},
                      {{"sweep", "--param", "v_b", "--from", "0.1", "--to", "0.3", "--steps", "3", "--transient", "20", "--max-time", "100"}, 2},
                      {{"map", "--x", "v_b", "--x-from", "0.1", "--x-to", "0.3", "--x-steps", "2", "--y", "mu_s", "--y-from", "1.5", "--y-to", "2",
                        "--y-steps", "2", "--observable", "amplitude", "--transient", "20", "--record", "50"},
                       2}};
        for (const auto& [arguments, column] : others) {
            o = runCli(arguments + QStringList{"--out", "-"});
            QCOMPARE(o.exitCode, 0);
            QVERIFY2(mostDigits(o.out.split('\n'), column) >= 16, qPrintable(arguments.first()));
        }
    }

    /// `run` keeps its memory independent of the run's length when it writes to a file: samples
    /// and switches are streamed (the chain of 1000 blocks peaked at 47 MB for t_end 5000 and 95 MB
    /// for 20 000, holding every switch).
    void runIsFlatInMemory()
    {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP("the sanitizers' own memory (quarantine, shadow) hides the run's; the Release stage measures it");
#endif
        QTemporaryDir dir;
        const QStringList chain = {"run", "--system", "bk-chain", "--set", "n=1000", "--dt", "10", "--quiet", "--out", "/dev/null",
                                   "--events", dir.filePath("e.csv"), "--t-end"};
        // The streamed events file holds every switch the run counted (blocks of 1024 rows or
        // 65 536 events, one header).
        const Outcome counted = runCli({"run", "--system", "bk-chain", "--set", "n=400", "--dt", "10", "--t-end", "3000", "--out",
                                        "/dev/null", "--events", dir.filePath("c.csv")});
        QCOMPARE(counted.exitCode, 0);
        const QRegularExpressionMatch switches = QRegularExpression(", (\\d+) stick/slip switches").match(counted.err);
        QVERIFY2(switches.hasMatch() && switches.captured(1).toLong() > 65536, qPrintable(counted.err));
        const QRegularExpressionMatch grazes = QRegularExpression(", (\\d+) grazes").match(counted.err);
        const QStringList eventRows = readLines(dir.filePath("c.csv"));
        QCOMPARE(eventRows.filter("t,event").size(), 1);
        QCOMPARE(static_cast<long>(eventRows.size()) - 1, switches.captured(1).toLong() + (grazes.hasMatch() ? grazes.captured(1).toLong() : 0));
        int code = -1;
        const long shortRun = peakKilobytes(chain + QStringList{"5000"}, &code);
        QCOMPARE(code, 0);
        const long longRun = peakKilobytes(chain + QStringList{"20000"}, &code);
        QCOMPARE(code, 0);
        QVERIFY(readLines(dir.filePath("e.csv")).size() > 1000000); // the switches were all written
        qInfo("peak RSS: %ld KB at t_end 5000, %ld KB at 20000", shortRun, longRun);
        QVERIFY2(longRun - shortRun < 10 * 1024, qPrintable(QString("%1 KB -> %2 KB").arg(shortRun).arg(longRun)));
    }
};

QTEST_GUILESS_MAIN(TestCliHardening)
#include "test_cli_hardening.moc"
