#pragma once
// Writing a test's input files into its temporary directory (shared by the CLI and GUI tests).
#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace fltest {

/// dir/name with exactly `bytes`; stops the test run when it cannot be written.
inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace fltest
