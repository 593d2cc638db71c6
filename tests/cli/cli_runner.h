#pragma once
// frictionlab-cli run as a user runs it, and the files it leaves: shared by the CLI tests.
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace cli_test {

struct Outcome {
    int exitCode;
    QString out;
    QString err;
};

inline Outcome runCli(const QStringList& arguments)
{
    // Up to 10 minutes: under ThreadSanitizer a chain's run is 20x slower than in a Release build. A
    // command still running then is a failure (exit code -1), not an exit code 0 of a live process.
    QProcess process;
    process.start(FRICTIONLAB_CLI, arguments);
    if (!process.waitForFinished(600000)) {
        process.kill();
        process.waitForFinished();
        return {-1, QString(), QStringLiteral("timed out: frictionlab-cli ") + arguments.join(' ')};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

inline QStringList readLines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
}

inline QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

inline bool writeFile(const QString& path, const QByteArray& data)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(data) == data.size();
}

} // namespace cli_test
