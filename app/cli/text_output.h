#pragma once
// A command's output file or standard output, written all or nothing (CommandFiles commits it).
#include "common/status.h"

#include <QString>

#include <memory>
#include <string>

namespace fl::ui {
class SafeFileWriter;
}

namespace cli {

/// A command's output written piece by piece while it is computed (bounded memory): standard
/// output for "-", else a file replaced only by a complete one (fl::ui::SafeFileWriter). Every
/// call checks every byte; an error names the file.
///
/// A regular file's bytes go to a temporary file beside it (a symbolic link's target, as QSaveFile
/// does), which has no name while it is written (O_TMPFILE) and is named only at the commit,
/// ".NAME.fltmp-PID-HOST-XXXXXX", then renamed over NAME (its permissions copied from the old
/// file). A command killed between the two leaves that name behind: open() removes every such
/// temporary of the same target whose process (PID on this HOST) no longer runs. On a file system
/// without O_TMPFILE the temporary is named so from the start (QSaveFile adds ".XXXXXX").
class TextOutput {
public:
    explicit TextOutput(const QString& path);
    ~TextOutput();
    fl::Status open();
    fl::Status write(const std::string& text);
    /// Everything written reached the file; the old file is still in place (see SafeFileWriter).
    fl::Status finish();
    fl::Status commit();
    /// What was written so far, to another file (a failed command's partial output).
    fl::Status copyTo(const QString& path);
    /// Written as it goes (standard output, a device or a pipe): cannot be kept back or copied.
    bool inPlace() const;
    /// Bytes written so far.
    qint64 written() const;
    /// Gives up: the temporary file is removed now, the old file stays.
    void discard();
    const QString& path() const { return m_path; }

private:
    fl::Status statusOf(bool ok, const QString& error, const QString& temporary, const QString& shown) const;
    QString m_path;
    QString m_target;    ///< m_path with symbolic links resolved (what is replaced)
    QString m_temporary; ///< the temporary's name at the commit; empty when written in place
    std::unique_ptr<fl::ui::SafeFileWriter> m_file; ///< null for standard output
};

} // namespace cli
