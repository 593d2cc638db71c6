#pragma once
// The temporary file a save writes before it replaces its target, named so that one left behind
// can be recognised and removed for certain: ".NAME.fltmp-PID-HOST-XXXXXX" beside NAME (QSaveFile
// writes it, nameless until its own commit on Linux, and may add ".YYYYYY"), then renamed over NAME.
// A process killed between the steps leaves it; the next save of NAME removes the temporaries of
// processes of this host that no longer run (never a live one's, nor another host's in a shared
// folder). Used by every file the CLI writes (cli::TextOutput) and the GUI's saves
// (writeFileSafely). Qt Core and POSIX only.
#include "common/status.h"

#include <QString>

namespace fl::ui {

/// Whether no process with this id runs on this host (kill(pid, 0) fails with ESRCH; EPERM means
/// one runs as another user): what a stale temporary's owner must be before it is removed.
bool processIsGone(qint64 pid);
/// path with symbolic links followed, as QSaveFile follows them: the file that is replaced.
QString resolvedTarget(const QString& path);
/// A device, a pipe or a socket: written in place, never replaced.
bool isSpecialFile(const QString& path);
/// A new, unused temporary name for target (links resolved) in its folder.
QString markedTemporaryName(const QString& target);
/// Removes target's temporaries left by processes of this host that no longer run; how many.
int removeStaleMarkedTemporaries(const QString& target);
/// The complete temporary replaces target with the old file's permissions; on failure the
/// temporary is removed, the old file stays, and the error names `shown`.
fl::Status renameOver(const QString& temporary, const QString& target, const QString& shown);

} // namespace fl::ui
