// The input fuzzers at scale: fuzz_bench [sessions N] [cli N] [expressions N] [--seed S]. Prints the cases run,
// how many were refused, the rate, the slowest case, the largest input and the peak memory; exits 1
// at the first case that breaks a rule (its seed and input printed). FUZZ_TRACE=FILE writes each
// session case and command line before it runs (the last line names a case that does not return or
// crashes). Not a test: ctest runs a few thousand cases (tests/fuzz/test_fuzz_inputs.cpp).
#include "expression_checks.h"
#include "input_checks.h"
#include "bridge/session.h"
#include "systems/system_registry.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sys/resource.h>

namespace {

using Clock = std::chrono::steady_clock;

struct Slowest {
    double ms = 0.0;
    std::uint64_t seed = 0;
};

/// The process's peak resident memory so far, MiB.
long peakRssMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024; // KiB on Linux
}

QByteArray presetSession(const char* presetId)
{
    fl::ui::Session session;
    fl::applyPreset(presetId, session.state.scenario);
    return fl::ui::writeSession(session);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    long sessions = 100000, commandLines = 100000, expressions = 100000;
    std::uint64_t seed = 1;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == "sessions")
            sessions = args[i + 1].toLong();
        else if (args[i] == "cli")
            commandLines = args[i + 1].toLong();
        else if (args[i] == "expressions")
            expressions = args[i + 1].toLong();
        else if (args[i] == "--seed")
            seed = args[i + 1].toULongLong();
    }
    QFile lectureFile(QStringLiteral(FRICTIONLAB_SOURCE_DIR "/resources/lectures/stick-slip-in-ten-scenes.frictionlab"));
    if (!lectureFile.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "error: cannot read the shipped lecture\n");
        return 2;
    }
    const QByteArray lecture = lectureFile.readAll();
    const QList<QByteArray> seeds = {lecture, presetSession("jtam2016-fig4a"), presetSession("acta2016-fig5a")};

    std::FILE* trace = qEnvironmentVariableIsSet("FUZZ_TRACE") ? std::fopen(qgetenv("FUZZ_TRACE").constData(), "w") : nullptr;

    // The expressions of user-written models: mutated corpus, mutations of mutations, random bytes.
    const QList<QByteArray> expressionSeeds = fuzz::expressionCorpus();
    auto start = Clock::now();
    long refused = 0;
    Slowest slowestExpression;
    for (long i = 0; i < expressions; ++i) {
        const std::uint64_t caseSeed = seed * 1'000'037 + static_cast<std::uint64_t>(i);
        if (trace) {
            std::fprintf(trace, "expression case seed %llu (case %ld)\n", static_cast<unsigned long long>(caseSeed), i);
            std::fflush(trace);
        }
        fuzz::Mutator mutator(caseSeed);
        QByteArray input = i % 20 == 0 ? mutator.randomBytes(256) : mutator.mutateExpression(mutator.pick(expressionSeeds));
        if (i % 7 == 0)
            input = mutator.mutateExpression(input);
        const auto t0 = Clock::now();
        const QString problem = fuzz::checkExpression(input);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        if (ms > slowestExpression.ms)
            slowestExpression = {ms, caseSeed};
        if (!problem.isEmpty()) {
            std::printf("expression case seed %llu: %s\ninput: %s\n", static_cast<unsigned long long>(caseSeed), qPrintable(problem),
                        input.left(2000).constData());
            return 1;
        }
    }
    if (expressions > 0) {
        const double expressionSeconds = std::chrono::duration<double>(Clock::now() - start).count();
        std::printf("expressions: %ld cases; %.0f cases/s; slowest %.2f ms (seed %llu); peak memory %ld MiB\n", expressions,
                    expressions / expressionSeconds, slowestExpression.ms, static_cast<unsigned long long>(slowestExpression.seed), peakRssMiB());
    }

    start = Clock::now();
    refused = 0;
    qsizetype largest = 0; // a mutator making inputs of gigabytes exhausts the memory, not the reader
    Slowest slowest;
    for (long i = 0; i < sessions; ++i) {
        const std::uint64_t caseSeed = seed * 1'000'003 + static_cast<std::uint64_t>(i);
        // Before the input is made: making it can fail too (a mutator's runaway copies).
        if (trace) { // the case about to run: the last line names a case that never returns
            std::fprintf(trace, "session case seed %llu (case %ld)\n", static_cast<unsigned long long>(caseSeed), i);
            std::fflush(trace);
        }
        fuzz::Mutator mutator(caseSeed);
        const QByteArray input = i % 10 == 0 ? mutator.randomBytes(4096) : i % 3 == 0 ? mutator.mutateBytes(mutator.pick(seeds))
                                                                                       : mutator.mutateJson(mutator.pick(seeds));
        largest = std::max(largest, input.size());
        const auto t0 = Clock::now();
        const QString problem = fuzz::checkSession(input);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        if (ms > slowest.ms)
            slowest = {ms, caseSeed};
        if (!problem.isEmpty()) {
            std::printf("session case seed %llu: %s\n", static_cast<unsigned long long>(caseSeed), qPrintable(problem));
            return 1;
        }
        fl::ui::Session ignored;
        refused += !fl::ui::readSession(input, ignored).ok();
    }
    double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (sessions > 0)
        std::printf("session files: %ld cases, %ld refused with one line, %ld read and round-tripped; %.0f cases/s; slowest %.1f ms (seed %llu); "
                    "largest input %lld bytes; peak memory %ld MiB\n",
                    sessions, refused, sessions - refused, sessions / seconds, slowest.ms, static_cast<unsigned long long>(slowest.seed),
                    static_cast<long long>(largest), peakRssMiB());

    QTemporaryDir dir;
    const QString sessionFile = dir.filePath("lecture.frictionlab");
    QFile file(sessionFile);
    if (!file.open(QIODevice::WriteOnly) || file.write(lecture) != lecture.size())
        return 2;
    file.close();
    const fuzz::CliFuzzer fuzzer(sessionFile, dir.path());
    start = Clock::now();
    slowest = {};
    for (long i = 0; i < commandLines; ++i) {
        const std::uint64_t caseSeed = seed * 1'000'033 + static_cast<std::uint64_t>(i);
        fuzz::Mutator mutator(caseSeed);
        const QStringList arguments = fuzzer.randomArguments(mutator);
        if (trace) { // the case about to run: the last line names a case that never returns
            std::fprintf(trace, "%llu frictionlab-cli %s\n", static_cast<unsigned long long>(caseSeed), qPrintable(arguments.join(' ')));
            std::fflush(trace);
        }
        const auto t0 = Clock::now();
        const QString problem = fuzzer.check(arguments);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        if (ms > slowest.ms)
            slowest = {ms, caseSeed};
        if (!problem.isEmpty()) {
            std::printf("command line seed %llu: frictionlab-cli %s\n  %s\n", static_cast<unsigned long long>(caseSeed),
                        qPrintable(arguments.join(' ')), qPrintable(problem));
            return 1;
        }
    }
    seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (commandLines > 0) {
        fuzz::Mutator mutator(slowest.seed);
        std::printf("command lines: %ld cases, %.0f cases/s; slowest %.1f ms: frictionlab-cli %s\n", commandLines, commandLines / seconds,
                    slowest.ms, qPrintable(fuzzer.randomArguments(mutator).join(' ')));
    }
    return 0;
}
