#pragma once
// Every file a command reads and writes, checked before it computes and replaced all or nothing.
//
// The rule, the same for every command (README "Hardening"):
// - Before anything is computed, every output is checked and opened: its folder exists and can be
//   written, no two outputs name one file, and no output names an input (through links and '..'
//   too). A 2-hour map with a mistyped folder fails in its first millisecond, not at the end.
// - Outputs go to temporary files beside their targets. Only when the command succeeds and every
//   output was written completely do they replace the old files (one rename each).
// - A command that fails (exit 1 or 2) leaves every file it names as it was. With --partial, what
//   it computed goes to a name that says so: out.csv -> out.partial.csv.
// - Devices and pipes (/dev/null, a FIFO) and standard output ("-") are written as the command
//   goes: they cannot be replaced later.
#include "cli/cli_support.h"

#include <QString>
#include <QStringList>

#include <deque>

namespace cli {

class CommandFiles {
public:
    /// keepPartial: a failed command writes what it computed to each output's partial name.
    explicit CommandFiles(bool keepPartial = false);
    ~CommandFiles();
    CommandFiles(const CommandFiles&) = delete;
    CommandFiles& operator=(const CommandFiles&) = delete;

    /// A file the command reads (option without "--", e.g. "session"): no output may be it.
    void input(const QString& option, const QString& path);
    /// A file the command writes ("-" = standard output). Write it through the returned stream
    /// after open(); the reference stays valid as long as this object.
    TextOutput& output(const QString& option, const QString& path);

    /// The checks above without touching any file (every MPI rank runs them before MPI starts).
    fl::Status check() const;
    /// check(), then opens every output; the first problem as one line naming its option.
    fl::Status open();
    /// Every output written: they replace their old files. Success, or the first error (then
    /// nothing not yet renamed replaces anything).
    fl::Status commit();
    /// The command failed: no file it names is replaced. With keepPartial, each output that was
    /// written to a temporary file is copied to its partial name; `note` (may be null) says where
    /// ("what was computed is in out.partial.csv") or how to keep it ("--partial keeps ...").
    void abandon(QString* note);
    /// Ends the command with "error: message" (cli::fail). Exit 1 (it computed, then failed):
    /// abandon() and its note appended. Exit 2 (an output could not be written): nothing is kept.
    int fail(int code, const QString& message);

    /// --partial was given: a failed command writes what it computed before abandon().
    bool keepsPartial() const { return m_keepPartial; }
    /// out.csv -> out.partial.csv, out -> out.partial (the folder stays).
    static QString partialName(const QString& path);

private:
    struct File {
        QString option;
        QString path;
        bool output = false;
        TextOutput* stream = nullptr;
    };
    std::vector<File> m_files;
    std::deque<TextOutput> m_streams; ///< stable addresses
    bool m_keepPartial = false;
};

/// Do two paths name one file: the same inode when both exist, else the same path once links
/// and '..' in the existing part are resolved ("-" only matches "-")?
bool sameFile(const QString& a, const QString& b);

} // namespace cli
