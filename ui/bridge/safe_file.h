#pragma once
// Files written so that none is ever lost or left cut short: QSaveFile replaces the old
// file only by a complete new one, and every write, the flush and the size on disk are checked.
// QSaveFile::commit alone is not enough: under a file-size limit (ulimit -f, SIGXFSZ ignored) or
// on a full disk the temporary file was cut short at a block boundary and still committed. And a
// QSaveFile run as root on /dev/null or /dev/full replaced the device by a regular file (it
// renames its temporary file over the target): devices and pipes are written in place.
// Qt Core only: the CLI and the GUI share it; every file FrictionLab writes goes through here.
#include <QByteArray>
#include <QString>

#include <memory>

class QFileDevice;

namespace fl::ui {

/// Writes bytes to path: a regular file (or a new one) atomically through QSaveFile, a device or
/// pipe (/dev/null, /dev/full, a FIFO) in place, every byte checked. On failure: false, an existing
/// regular file untouched, and *error one line naming the file and the reason ("disk full or
/// file-size limit" when the bytes on disk fall short).
bool writeFileSafely(const QString& path, const QByteArray& bytes, QString* error = nullptr);

/// The same, for a file written piece by piece while it is computed (a long run streamed to CSV):
/// open, write any number of times, commit. Nothing replaces an existing regular file before a
/// commit that checked every byte; destroyed without a commit, the new file is discarded. Each
/// call returns false with *error set (one line naming the file) once anything failed.
class SafeFileWriter {
public:
    explicit SafeFileWriter(QString path);
    ~SafeFileWriter();
    SafeFileWriter(const SafeFileWriter&) = delete;
    SafeFileWriter& operator=(const SafeFileWriter&) = delete;

    bool open(QString* error = nullptr);
    bool write(const char* data, qint64 size, QString* error = nullptr);
    /// Everything written reached the file (flushed, size on disk checked); the old file is still
    /// in place. Lets several files be checked before any of them replaces its old one.
    bool finish(QString* error = nullptr);
    /// finish(), then the new file replaces the old one.
    bool commit(QString* error = nullptr);
    /// Writes what this writer received so far to another file (atomically, as here); this one
    /// stays open and uncommitted. For a failed command's partial output under a name that says
    /// so. Not for devices and pipes (nothing to read back): false.
    bool copyTo(const QString& path, QString* error = nullptr);
    bool inPlace() const { return m_inPlace; }
    qint64 written() const { return m_written; }
    /// Gives up: an uncommitted new file is removed now (not only when this is destroyed).
    void discard();

private:
    bool fail(QString* error, const QString& reason);
    void startWriteback();

    QString m_path;
    std::unique_ptr<QFileDevice> m_file;
    bool m_inPlace = false;
    qint64 m_written = 0;
    qint64 m_writebackFrom = 0; ///< bytes before this offset were handed to the kernel's writeback
    bool m_finished = false;
};

} // namespace fl::ui
