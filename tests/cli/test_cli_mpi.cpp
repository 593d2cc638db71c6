// frictionlab-cli map and sweep under Open MPI: `mpirun -np 2` with --mpi writes the
// same bytes as one process; without the MPI library the option fails with one line; a stopped
// rank does not hang the job.
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Outcome {
    int exitCode;
    QString err;
};

Outcome run(const QString& program, const QStringList& arguments, bool mpi = false, const QStringList& environmentExtra = {},
            int timeoutMs = 600000)
{
    QProcess process;
    if (mpi) {
        // Under AddressSanitizer (bash setup.sh test) the ranks run without the leak check: Open MPI
        // unloads its components in MPI_Finalize, and what they keep until exit is then reported
        // from "<unknown module>" frames that no suppression can name. FrictionLab's own code in
        // these runs is the same as without --mpi, which cli.test_cli checks for leaks.
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        const QString asan = environment.value(QStringLiteral("ASAN_OPTIONS"));
        environment.insert(QStringLiteral("ASAN_OPTIONS"), asan + (asan.isEmpty() ? "" : ":") + QStringLiteral("detect_leaks=0"));
        for (const QString& assignment : environmentExtra)
            environment.insert(assignment.section('=', 0, 0), assignment.section('=', 1));
        process.setProcessEnvironment(environment);
    }
    process.start(program, arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.terminate(); // mpirun passes SIGTERM on to its ranks; SIGKILL would leave them behind
        if (!process.waitForFinished(10000))
            process.kill();
        process.waitForFinished();
        return {-1, QStringLiteral("timed out: ") + arguments.join(' ')};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, QString::fromUtf8(process.readAllStandardError())};
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// mpirun with two ranks (or `ranks`) on any machine (more ranks than cores; as root in a
/// container); environment: NAME=value pairs for every rank.
Outcome mpirun(const QStringList& arguments, int ranks = 2, const QStringList& environment = {}, int timeoutMs = 600000)
{
    const QString mpirun = QStandardPaths::findExecutable(QStringLiteral("mpirun"));
    if (mpirun.isEmpty())
        return {-1, QStringLiteral("mpirun not found: bash setup.sh test installs openmpi-bin")};
    QStringList options{"-np", QString::number(ranks), "--oversubscribe", "--allow-run-as-root"};
    for (const QString& assignment : environment)
        options << "-x" << assignment.section('=', 0, 0);
    return run(mpirun, options + QStringList{FRICTIONLAB_CLI} + arguments, true, environment, timeoutMs);
}

/// A 12 x 6 map of the pendulum (Acta Fig. 5a's plane): a second or two on one process.
const QStringList kFig5aMap = {"map", "--preset", "acta2016-fig5a", "--x", "omega0", "--x-from", "30", "--x-to", "70",
                               "--x-steps", "12", "--y", "N", "--y-from", "10", "--y-to", "40", "--y-steps", "6",
                               "--observable", "amplitude", "--transient", "5", "--record", "5", "--threads", "1"};

} // namespace

class TestCliMpi : public QObject {
    Q_OBJECT
private slots:
    /// A 12 x 6 map of the pendulum (Acta Fig. 5a's plane) under two ranks: the same file.
    void mapUnderTwoRanksIsTheSameFile()
    {
        QTemporaryDir dir;
        const QStringList map = kFig5aMap;
        Outcome o = run(FRICTIONLAB_CLI, map + QStringList{"--out", dir.filePath("one.csv")});
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        o = mpirun(map + QStringList{"--mpi", "--out", dir.filePath("mpi.csv")});
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        QVERIFY2(o.err.contains("on 2 rank(s) x 1 thread(s)"), qPrintable(o.err));
        QVERIFY(!readAll(dir.filePath("one.csv")).isEmpty());
        QCOMPARE(readAll(dir.filePath("mpi.csv")), readAll(dir.filePath("one.csv")));
    }

    /// Sweeps: columns (--fixed-ic) and two continuation branches (up and down) as jobs.
    void sweepUnderTwoRanksIsTheSameFile()
    {
        QTemporaryDir dir;
        const QList<QStringList> sweeps = {
            {"sweep", "--preset", "acta2016-fig5a", "--from", "30", "--to", "70", "--steps", "16", "--fixed-ic", "--transient", "5"},
            {"sweep", "--preset", "belt-stick-slip", "--param", "v_b", "--from", "0.2", "--to", "1", "--steps", "12", "--direction", "both"}};
        for (const QStringList& sweep : sweeps) {
            Outcome o = run(FRICTIONLAB_CLI, sweep + QStringList{"--out", dir.filePath("one.csv")});
            QVERIFY2(o.exitCode == 0, qPrintable(o.err));
            o = mpirun(sweep + QStringList{"--mpi", "--out", dir.filePath("mpi.csv")});
            QVERIFY2(o.exitCode == 0 && o.err.contains("on 2 rank(s)"), qPrintable(o.err));
            QCOMPARE(readAll(dir.filePath("mpi.csv")), readAll(dir.filePath("one.csv")));
        }
    }

    /// Bad input under MPI fails on every rank before MPI starts, with exit 2.
    void badInputUnderMpi()
    {
        const Outcome o = mpirun({"map", "--x", "v_b", "--x-from", "0.2", "--x-to", "0.6", "--y", "mu_s", "--y-from", "1",
                                  "--y-to", "2", "--observable", "chaos", "--mpi", "--out", "-"});
        QVERIFY2(o.exitCode != 0 && o.err.contains("--observable must be"), qPrintable(o.err));
        const Outcome timeout = mpirun({"sweep", "--preset", "acta2016-fig5a", "--mpi", "--task-timeout", "0", "--out", "-"});
        QVERIFY2(timeout.exitCode == 2 && timeout.err.contains("--task-timeout must be a positive number"), qPrintable(timeout.err));
    }

    /// Outputs are checked before computing under MPI too: a missing folder on every rank before
    /// MPI starts; a file rank 0 cannot create after MPI started (/proc refuses new files) ends
    /// the job with exit 2 and no task run (the workers are told to stop). The maps here would
    /// compute for minutes: their returning at once shows that nothing was computed.
    void outputsCheckedBeforeComputingUnderMpi()
    {
        QTemporaryDir dir;
        const QStringList map = {"map", "--x", "v_b", "--x-from", "0.1", "--x-to", "0.5", "--x-steps", "400", "--y", "mu_s",
                                 "--y-from", "1", "--y-to", "2", "--y-steps", "400", "--observable", "amplitude", "--mpi"};
        Outcome o = mpirun(map + QStringList{"--out", dir.filePath("missing/x.csv")});
        QVERIFY2(o.exitCode == 2 && o.err.contains("error: --out: the folder '" + dir.filePath("missing") + "' does not exist"),
                 qPrintable(o.err));
        if (QFileInfo(QStringLiteral("/proc/version")).isWritable()) { // as root: it passes the checks, then cannot be created
            o = mpirun(map + QStringList{"--out", "/proc/version"});
            QVERIFY2(o.exitCode == 2 && o.err.contains("error: cannot write /proc/version"), qPrintable(o.err));
        }
    }

    /// A rank that stops (SIGSTOP) or ends with status 0 before MPI starts: the others waited in
    /// MPI_Init for ever (mpirun ends a job only for a non-zero status). Now each waits at most
    /// FRICTIONLAB_MPI_START_TIMEOUT seconds (300 by default), says so on one line and exits 2, and
    /// mpirun ends the job, the stopped rank too. (A rank whose checks fail exits 2 itself: mpirun
    /// ends the job at once, as outputsCheckedBeforeComputingUnderMpi shows.)
    void rankLostBeforeMpiStartsEndsTheJob_data()
    {
        QTest::addColumn<QStringList>("lost"); // rank 1's program and arguments
        const QString map = QStringList(kFig5aMap).join(' ') + " --mpi --out -";
        QTest::newRow("stopped") << QStringList{"sh", "-c", QString("kill -STOP $$; exec '%1' %2").arg(FRICTIONLAB_CLI, map)};
        QTest::newRow("ended with status 0") << QStringList{FRICTIONLAB_CLI, "map", "--help"};
    }
    void rankLostBeforeMpiStartsEndsTheJob()
    {
        QFETCH(QStringList, lost);
        const QString mpirun = QStandardPaths::findExecutable(QStringLiteral("mpirun"));
        QVERIFY2(!mpirun.isEmpty(), "mpirun not found: bash setup.sh test installs openmpi-bin");
        QTemporaryDir dir;
        // Two programs in one job (MPMD): rank 0 the map, rank 1 the one that is lost.
        const QStringList arguments = QStringList{"--oversubscribe", "--allow-run-as-root", "-x", "FRICTIONLAB_MPI_START_TIMEOUT", "-np", "1",
                                                  FRICTIONLAB_CLI}
                                      + kFig5aMap + QStringList{"--mpi", "--out", dir.filePath("map.csv"), ":", "-np", "1"} + lost;
        const Outcome o = run(mpirun, arguments, true, {"FRICTIONLAB_MPI_START_TIMEOUT=1"}, 120000);
        QVERIFY2(o.exitCode == 2, qPrintable(o.err));
        QVERIFY2(o.err.contains("error: --mpi: MPI did not start within 1 s: a rank of the job stopped, hangs or ended before MPI started"),
                 qPrintable(o.err));
        QVERIFY(!QFileInfo::exists(dir.filePath("map.csv")));
    }

    /// A worker that stops (SIGSTOP, the plugin's test hook FRICTIONLAB_MPI_TEST_HANG_RANK) on its
    /// first task: rank 0 gives that task to another rank after --task-timeout, writes the same
    /// file, names the rank, and ends the job with exit 3 instead of waiting for it for ever.
    void stoppedRankDoesNotHangTheJob()
    {
        QTemporaryDir dir;
        const QStringList map = kFig5aMap;
        Outcome o = run(FRICTIONLAB_CLI, map + QStringList{"--out", dir.filePath("one.csv")});
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        QElapsedTimer timer;
        timer.start();
        o = mpirun(map + QStringList{"--mpi", "--task-timeout", "2", "--out", dir.filePath("mpi.csv")}, 3,
                   {"FRICTIONLAB_MPI_TEST_HANG_RANK=1"}, 60000);
        const qint64 elapsed = timer.elapsed();
        QVERIFY2(o.exitCode == 3, qPrintable(o.err));
        QVERIFY2(elapsed < 30000, qPrintable(QString("%1 ms: %2").arg(elapsed).arg(o.err)));
        QVERIFY2(o.err.contains("warning: rank 1 has not returned task"), qPrintable(o.err));
        QVERIFY2(o.err.contains("warning: rank 1 has been silent for"), qPrintable(o.err));
        QVERIFY(!readAll(dir.filePath("one.csv")).isEmpty());
        QCOMPARE(readAll(dir.filePath("mpi.csv")), readAll(dir.filePath("one.csv")));
    }
};

QTEST_MAIN(TestCliMpi)
#include "test_cli_mpi.moc"
