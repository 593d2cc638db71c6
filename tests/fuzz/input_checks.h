#pragma once
// What every case of the input fuzzers must satisfy: no crash, no hang, and either a
// clean result or one clear error. Each check returns "" when the case passed, else what was wrong.
#include "mutator.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace fuzz {

/// readSession on bytes: a refusal is one non-empty line and leaves the target untouched; an
/// accepted document holds valid scenarios in its state and every scene, and writes back to a
/// document that reads to the same text.
QString checkSession(const QByteArray& bytes);

/// The frictionlab-cli commands, called in-process with their output captured.
class CliFuzzer {
public:
    /// sessionFile: a valid session file the cases may name; workDir: where they may write.
    CliFuzzer(QString sessionFile, QString workDir);
    /// A random command line: a command, options from that command's --help, values of the kind
    /// each option takes (ids, id=value, numbers plausible and hostile, paths), sometimes junk.
    QStringList randomArguments(Mutator& mutator) const;
    /// Runs it (bounded: --set max_steps=2000 where a scenario is run, short default times for sweep
    /// and lyapunov) and checks the exit code
    /// (0, 1 or 2) and that a failure printed exactly one "error: " line on stderr.
    QString check(const QStringList& arguments) const;

private:
    struct Command {
        QString name;
        QStringList options;       ///< as typed: --name or -b
        QStringList valueOptions;  ///< those that take a value
        QStringList positionals;   ///< sub-commands (contact eval|fit|stick, session new|show)
    };
    QString valueFor(const QString& option, Mutator& mutator) const;

    QString m_sessionFile, m_workDir;
    QList<Command> m_commands;
    QStringList m_systemIds, m_lawIds, m_presetIds, m_parameterIds;
};

} // namespace fuzz
