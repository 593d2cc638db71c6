// frictionlab-cli as a user runs it: exit codes, one-line errors, the CSV and events files.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

struct Outcome {
    int exitCode;
    QString out;
    QString err;
};

Outcome runCli(const QStringList& arguments)
{
    QProcess process;
    process.start(FRICTIONLAB_CLI, arguments);
    process.waitForFinished(60000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QStringList readLines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    /// The example of the issue: samples CSV and events CSV with exactly located switches.
    void runWritesCsvAndEvents()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath("run.csv"), events = dir.filePath("events.csv");
        const Outcome o = runCli({"run", "--system", "belt", "--law", "coulomb", "--method", "event", "--set", "mu_s=2",
                                  "--set", "mu_k=1", "--set", "v_b=0.5", "--t-end", "200", "--dt", "0.01", "--out", csv,
                                  "--events", events});
        QCOMPARE(o.exitCode, 0);
        QVERIFY(o.err.contains("stick/slip switches"));
        const QStringList rows = readLines(csv);
        QVERIFY(rows.first().startsWith("# FrictionLab run"));
        QVERIFY(rows.contains("# mu_s = 2"));
        const qsizetype header = rows.indexOf("t,x,v,v_r,F,mode");
        QVERIFY(header > 0);
        QCOMPARE(rows.size() - header - 1, 20001);
        QCOMPARE(rows.last().section(',', 0, 0).toDouble(), 200.0);
        const QStringList eventRows = readLines(events);
        QCOMPARE(eventRows.first(), QString("t,event"));
        QCOMPARE(eventRows.size(), 51);
        // First stick at t = pi/6 (slip from rest: x' = sin t reaches v_b = 0.5), not on the 0.01 grid.
        QCOMPARE(eventRows.at(1).section(',', 1), QString("stick"));
        QVERIFY(std::abs(eventRows.at(1).section(',', 0, 0).toDouble() - M_PI / 6.0) < 1e-10);
        QCOMPARE(eventRows.at(2).section(',', 1), QString("slip"));
    }

    void regularizedRuns_data()
    {
        QTest::addColumn<QString>("reg");
        for (const char* reg : {"kudra", "tanh", "atan", "sqrt"})
            QTest::newRow(reg) << reg;
    }
    void regularizedRuns()
    {
        QFETCH(QString, reg);
        QTemporaryDir dir;
        const Outcome o = runCli({"run", "--method", "regularized", "--reg", reg, "--set", "eps=1e-4", "--t-end", "20",
                                  "--out", dir.filePath("r.csv")});
        QCOMPARE(o.exitCode, 0);
        QVERIFY(readLines(dir.filePath("r.csv")).contains("t,x,v,v_r,F"));
        QVERIFY(readLines(dir.filePath("r.csv")).contains("# regularization: " + reg));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("reason");
        QTest::newRow("unknown parameter") << QStringList{"run", "--set", "mu_z=1"} << "unknown parameter 'mu_z'";
        QTest::newRow("out of range") << QStringList{"run", "--set", "mu_s=20"} << "mu_s = 20 is outside its allowed range [0, 10]";
        QTest::newRow("mu_s < mu_k") << QStringList{"run", "--set", "mu_s=0.5"} << "mu_s = 0.5 must be >= mu_k = 1";
        QTest::newRow("not a number") << QStringList{"run", "--set", "v_b=fast"} << "is not a number";
        QTest::newRow("unknown law") << QStringList{"run", "--law", "magic"} << "unknown friction law 'magic'";
        QTest::newRow("unknown system") << QStringList{"run", "--system", "rocket"} << "unknown system 'rocket'";
        QTest::newRow("unknown method") << QStringList{"run", "--method", "guess"} << "unknown method 'guess'";
        QTest::newRow("unknown reg") << QStringList{"run", "--method", "regularized", "--reg", "cubic"} << "unknown regularization";
        QTest::newRow("events need event") << QStringList{"run", "--method", "regularized", "--events", "e.csv"} << "--events needs";
        QTest::newRow("unwritable") << QStringList{"run", "--t-end", "1", "--out", "/nonexistent/dir/run.csv"} << "cannot write";
        QTest::newRow("unknown command") << QStringList{"fly"} << "unknown command";
    }
    /// Bad input exits non-zero with one line that says why.
    void badInput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, reason);
        const Outcome o = runCli(arguments);
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.err.count('\n'), 1);
        QVERIFY2(o.err.startsWith("error: ") && o.err.contains(reason), qPrintable(o.err));
        QVERIFY(o.out.isEmpty());
    }

    /// A solver that cannot finish stops with exit code 1 and a message (explicit method on a stiff
    /// eps = 1e-6 problem hits the step limit), and the partial CSV says so.
    void solverFailure()
    {
        QTemporaryDir dir;
        const Outcome o = runCli({"run", "--method", "explicit", "--eps", "1e-6", "--set", "max_steps=1000", "--out",
                                  dir.filePath("r.csv")});
        QCOMPARE(o.exitCode, 1);
        QCOMPARE(o.err.count('\n'), 1);
        QVERIFY2(o.err.startsWith("error: run stopped: step limit of 1000 reached"), qPrintable(o.err));
        QVERIFY(readLines(dir.filePath("r.csv")).filter("# status: step limit").size() == 1);
    }

    /// contact eval: pure spin on a uniform circle gives M_s = 2/3 (Hertz: 3 pi/16); pure translation T_sx = 1.
    void contactEval()
    {
        Outcome o = runCli({"contact", "eval", "--model", "integral", "--theta", QString::number(M_PI / 2, 'g', 17)});
        QCOMPARE(o.exitCode, 0);
        QStringList v = o.out.split(' ');
        QCOMPARE(v.size(), 3);
        QVERIFY(std::abs(v[2].toDouble() - 2.0 / 3.0) < 1e-10);
        o = runCli({"contact", "eval", "--model", "integral", "--pressure", "hertz", "--theta", QString::number(M_PI / 2, 'g', 17)});
        QVERIFY(std::abs(o.out.split(' ')[2].toDouble() - 3.0 * M_PI / 16.0) < 1e-10);
        o = runCli({"contact", "eval", "--model", "I00", "--theta", "0"});
        QVERIFY(std::abs(o.out.split(' ')[0].toDouble() - 1.0) < 1e-12);
        QCOMPARE(runCli({"contact", "eval", "--model", "I11", "--ellipse", "2,1"}).exitCode, 2);
        QCOMPARE(runCli({"contact", "eval", "--model", "magic"}).exitCode, 2);
    }

    /// contact fit prints the fitted (b, m) and rms; for I(1,1) they are Acta's simulation pair.
    void contactFit()
    {
        const Outcome o = runCli({"contact", "fit", "--model", "I11", "--pressure", "uniform"});
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.out.trimmed(), QString("b=0.451956 m=0.764818 rms=0.01481"));
    }

    /// sweep with a preset's sweep as defaults writes param,sample,value,branch rows.
    void sweep()
    {
        QTemporaryDir dir;
        const Outcome o = runCli({"sweep", "--preset", "acta2016-fig5a", "--from", "30", "--to", "40", "--steps", "3",
                                  "--fixed-ic", "--threads", "2", "--out", dir.filePath("bif.csv")});
        QCOMPARE(o.exitCode, 0);
        const QStringList rows = readLines(dir.filePath("bif.csv"));
        QVERIFY(rows.contains("param,sample,value,branch"));
        QVERIFY(rows.filter(QRegularExpression("^30,-1,")).size() == 1); // equilibrium: one settled point
        QVERIFY(rows.filter(QRegularExpression("^40,[0-9]+,")).size() == 40);
        QCOMPARE(runCli({"sweep", "--preset", "acta2016-fig5a", "--param", "nope"}).exitCode, 2);
    }

    /// lyapunov: needs a smooth method; the damped belt with viscous friction has negative exponents.
    void lyapunov()
    {
        QCOMPARE(runCli({"lyapunov"}).exitCode, 2); // default scenario is event-driven
        const Outcome o = runCli({"lyapunov", "--method", "regularized", "--law", "coulomb-viscous", "--set", "mu_s=1",
                                  "--set", "zeta=0.1", "--set", "v_b=2", "--transient", "10", "--duration", "100"});
        QCOMPARE(o.exitCode, 0);
        QVERIFY(o.out.contains("lambda_1 = -"));
        QVERIFY(o.out.contains("lambda_2 = -"));
    }

    /// The catalogue as JSON: every parameter with id, unit, default and range.
    void listJson()
    {
        const Outcome o = runCli({"list", "--json"});
        QCOMPARE(o.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(o.out.toUtf8()).object();
        QCOMPARE(root["systems"].toArray().first().toObject()["id"].toString(), QString("belt"));
        QCOMPARE(root["systems"].toArray().at(1).toObject()["laws"].toArray().size(), 3); // disk: I00, I11, integral
        QCOMPARE(root["laws"].toArray().size(), 8); // 5 one-dimensional + I00, I11, integral
        QCOMPARE(root["laws"].toArray().last().toObject()["family"].toString(), QString("plane-contact"));
        QCOMPARE(root["presets"].toArray().size(), 11);
        QCOMPARE(root["methods"].toArray().size(), 3);
        const QJsonArray beltParams = root["systems"].toArray().first().toObject()["parameters"].toArray();
        QCOMPARE(beltParams.first().toObject()["id"].toString(), QString("v_b"));
        QCOMPARE(beltParams.first().toObject()["default"].toDouble(), 0.5);
        QVERIFY(beltParams.first().toObject().contains("unit"));
        QVERIFY(runCli({"list"}).out.contains("mu_s"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
