// Fuzzing: every parser of outside input gets random and mutated inputs: session files
// (bytes, and JSON with hostile values at random paths, from the shipped lecture and a session
// with every field) and the command lines of every frictionlab-cli command (options from each
// command's --help). A few thousand seeded cases here; `fuzz_bench N` runs any number. A failing
// case prints its seed and input.
#include "input_checks.h"
#include "bridge/session.h"
#include "expr/node.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

QByteArray lecture()
{
    QFile file(QStringLiteral(FRICTIONLAB_SOURCE_DIR "/resources/lectures/stick-slip-in-ten-scenes.frictionlab"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray presetSession(const char* presetId)
{
    fl::ui::Session session;
    fl::applyPreset(presetId, session.state.scenario);
    session.state.presetId = presetId;
    return fl::ui::writeSession(session);
}

/// Every "model" string in value replaced, in document order, by next().
void replaceModels(QJsonValue& value, const std::function<QString()>& next)
{
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            QJsonValue child = it.value();
            if (it.key() == QLatin1String("model") && child.isString())
                child = next();
            else
                replaceModels(child, next);
            it.value() = child;
        }
        value = object;
    } else if (value.isArray()) {
        QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            QJsonValue child = array.at(i);
            replaceModels(child, next);
            array.replace(i, child);
        }
        value = array;
    }
}

/// A model whose force is x nested `depth` deep in the levels given (E is the level below), with a
/// constant that makes each text new to the registry (a registered text is not prepared again).
QString nestedModel(const QStringList& levels, int depth, int unique)
{
    QString e = QStringLiteral("x");
    for (int i = 0; i < depth; ++i)
        e = QString(levels[i % levels.size()]).replace(QLatin1Char('E'), QLatin1Char('(') + e + QLatin1Char(')'));
    return QStringLiteral("flmodel 1\nname \"series\"\ncoord x\nforce x = -x + 0.01*%1 + %2e-9*x\ncontact c\n    slip = x' - 0.3\n    law = coulomb\n")
        .arg(e)
        .arg(unique);
}

} // namespace

class TestFuzzInputs : public QObject {
    Q_OBJECT
private slots:
    void sessionFiles()
    {
        const QList<QByteArray> seeds = {lecture(), presetSession("jtam2016-fig4a"), presetSession("acta2016-fig5a"),
                                         presetSession("belt-lugre-stick-slip")};
        QVERIFY(!seeds.first().isEmpty());
        for (const QByteArray& seed : seeds)
            QVERIFY2(fuzz::checkSession(seed).isEmpty(), qPrintable(fuzz::checkSession(seed)));
        int refused = 0;
        const int cases = 3000;
        for (int i = 0; i < cases; ++i) {
            fuzz::Mutator mutator(0x5e55'1000 + static_cast<std::uint64_t>(i));
            const QByteArray& seed = mutator.pick(seeds);
            const QByteArray input = i % 10 == 0 ? mutator.randomBytes(4096)
                                     : i % 3 == 0 ? mutator.mutateBytes(seed)
                                                  : mutator.mutateJson(seed);
            const QString problem = fuzz::checkSession(input);
            QVERIFY2(problem.isEmpty(), qPrintable(QString("case %1 (seed 0x%2): %3\ninput: %4")
                                                       .arg(i)
                                                       .arg(0x5e55'1000 + i, 0, 16)
                                                       .arg(problem, QString::fromUtf8(input.left(2000)))));
            fl::ui::Session ignored;
            refused += !fl::ui::readSession(input, ignored).ok();
        }
        // Both outcomes are exercised: most mutations are refused, some still read.
        qInfo("%d of %d mutated sessions refused with one line, %d read and round-tripped", refused, cases, cases - refused);
        QVERIFY(refused > cases / 2);
        QVERIFY(refused < cases);
    }

    /// Work, not only crashes: sessions that grow by the nesting of the model they hold
    /// (10, 20, 40 levels of a random block of five calls) or by their number of scenes, each with a
    /// model of its own (5, 10, 20). The measure is deterministic, the expression nodes that reading
    /// the session builds (its models' preparation; about 100 bytes each): what each added byte of
    /// the file costs may not grow from the first doubling to the second (linear work keeps it, at
    /// 1; quadratic would give 1.5). Seeded; the seed and the figures are printed.
    void sessionWorkGrowsLinearlyWithTheFile()
    {
        const QStringList wrappers = {"max(E, 0.1)", "sin(E)", "E*x'", "1/(1 + E^2)", "sqrt(1 + E^2)", "tanh(E/0.01)", "abs(E - 0.1)",
                                      "pow(E, 2)", "(E + x)*(1 - x)", "hypot(E, x)", "min(E, 2)", "exp(-E^2)"};
        const fl::ModelRegistration base = fl::registerModel(nestedModel({"sin(E)"}, 1, 0).toStdString());
        QVERIFY(base.ok());
        fl::Scenario scenario;
        QVERIFY(fl::makeScenario(base.system->id, base.system->laws.front(), fl::Method::EventDriven, fl::Regularization::Kudra, scenario).ok());
        int unique = 1;
        double worst = 0.0;
        for (int k = 0; k < 24; ++k) {
            const std::uint64_t seed = 0x5e5107'00 + static_cast<std::uint64_t>(k);
            fuzz::Mutator mutator(seed);
            QStringList levels;
            for (int i = 0; i < 5; ++i)
                levels << mutator.pick(wrappers);
            const bool byScenes = k % 2 == 1;
            long nodes[3] = {0, 0, 0}, bytes[3] = {0, 0, 0};
            for (int d = 0; d < 3; ++d) {
                fl::ui::Session session;
                session.state.scenario = scenario;
                for (int i = 0; byScenes && i < (5 << d); ++i) {
                    fl::ui::Scene scene;
                    scene.title = QStringLiteral("scene %1").arg(i);
                    scene.state.scenario = scenario;
                    session.scenes.push_back(scene);
                }
                QJsonValue root = QJsonDocument::fromJson(fl::ui::writeSession(session)).object();
                replaceModels(root, [&] { return nestedModel(levels, byScenes ? 10 : (10 << d), unique++); });
                const QByteArray json = QJsonDocument(root.toObject()).toJson(QJsonDocument::Compact);
                const fl::expr::NodeBudget meter(1'000'000'000);
                fl::ui::Session read;
                const fl::Status status = fl::ui::readSession(json, read);
                QVERIFY2(status.ok(), qPrintable(QString("series %1 (seed 0x%2): %3").arg(k).arg(seed, 0, 16).arg(status.message().c_str())));
                nodes[d] = meter.used();
                bytes[d] = json.size();
            }
            const double first = static_cast<double>(nodes[1] - nodes[0]) / static_cast<double>(bytes[1] - bytes[0]);
            const double second = static_cast<double>(nodes[2] - nodes[1]) / static_cast<double>(bytes[2] - bytes[1]);
            const double growth = second / first;
            worst = std::max(worst, growth);
            qInfo("%s", qPrintable(QString("series %1 (seed 0x%2, by %3): %4 / %5 / %6 nodes for %7 / %8 / %9 bytes")
                                       .arg(k)
                                       .arg(seed, 0, 16)
                                       .arg(byScenes ? "scenes" : "nesting")
                                       .arg(nodes[0])
                                       .arg(nodes[1])
                                       .arg(nodes[2])
                                       .arg(bytes[0])
                                       .arg(bytes[1])
                                       .arg(bytes[2])));
            QVERIFY2(growth < 1.25, qPrintable(QString("series %1 (seed 0x%2): nodes per added byte grew %3x").arg(k).arg(seed, 0, 16).arg(growth)));
        }
        qInfo("the nodes each added byte of a session costs grew at most %.3fx when it doubled (linear: 1)", worst);
    }

    void mutationsStayBounded()
    {
        // Nested arrays: an edit makes up to 400 copies of an element (a long string, a hostile
        // 300-deep nesting), and a later edit of the same mutation one level up copies those again.
        const QByteArray nested = "{\"a\": [[[[\"" + QByteArray(300, 'a') + "\"]]], [[[\"x\"]]]]}";
        // The product reads files of at most kMaxSessionBytes; mutations a few times larger still
        // exercise its size refusals, gigabytes only the fuzzer's memory.
        const qsizetype bound = 4 * fl::ui::kMaxSessionBytes;
        qsizetype largest = 0;
        for (std::uint64_t i = 0; i < 3000; ++i) {
            fuzz::Mutator mutator(0x91'0000 + i);
            const qsizetype size = mutator.mutateJson(nested).size();
            QVERIFY2(size <= bound, qPrintable(QString("seed 0x%1: %2 bytes, at most %3").arg(0x91'0000 + i, 0, 16).arg(size).arg(bound)));
            largest = std::max(largest, size);
        }
        qInfo("largest mutation: %lld bytes", static_cast<long long>(largest));
    }

    void commandLines()
    {
        QTemporaryDir dir;
        const QString sessionFile = dir.filePath("lecture.frictionlab");
        QFile file(sessionFile);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(lecture()) > 0);
        file.close();
        const fuzz::CliFuzzer fuzzer(sessionFile, dir.path());
        int cases = 0;
        for (int i = 0; i < 1500; ++i) {
            fuzz::Mutator mutator(0xc11'0000 + static_cast<std::uint64_t>(i));
            const QStringList arguments = fuzzer.randomArguments(mutator);
            const QString problem = fuzzer.check(arguments);
            QVERIFY2(problem.isEmpty(), qPrintable(QString("case %1 (seed 0x%2): frictionlab-cli %3\n%4")
                                                       .arg(i)
                                                       .arg(0xc11'0000 + i, 0, 16)
                                                       .arg(arguments.join(' '), problem)));
            ++cases;
        }
        QCOMPARE(cases, 1500);
    }
};

QTEST_GUILESS_MAIN(TestFuzzInputs)
#include "test_fuzz_inputs.moc"
