#include "cli/text_output.h"

#include "bridge/marked_temporary.h"
#include "bridge/safe_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace cli {

namespace {

fl::Status writeToStdout(const std::string& text)
{
    const size_t written = std::fwrite(text.data(), 1, text.size(), stdout);
    if (written != text.size() || std::fflush(stdout) != 0 || std::ferror(stdout))
        return fl::Status::error(std::string("cannot write to standard output: ") + std::strerror(errno));
    return fl::Status::success();
}

} // namespace

TextOutput::TextOutput(const QString& path) : m_path(path) {}

TextOutput::~TextOutput() = default;

fl::Status TextOutput::statusOf(bool ok, const QString& error, const QString& temporary, const QString& shown) const
{
    if (ok)
        return fl::Status::success();
    // The writer names the file it writes: the user named another. (error by reference: it is
    // set by the call that computes ok, in the same argument list.)
    return fl::Status::error((temporary.isEmpty() ? error : QString(error).replace(temporary, shown)).toStdString());
}

fl::Status TextOutput::open()
{
    if (m_path == "-")
        return fl::Status::success();
    if (m_path.isEmpty())
        return fl::Status::error("no output file name given (use '-' for standard output)");
    m_target = fl::ui::resolvedTarget(m_path);
    m_temporary.clear();
    if (!fl::ui::isSpecialFile(m_target)) {
        fl::ui::removeStaleMarkedTemporaries(m_target);
        m_temporary = fl::ui::markedTemporaryName(m_target);
    }
    m_file = std::make_unique<fl::ui::SafeFileWriter>(m_temporary.isEmpty() ? m_path : m_temporary);
    QString error;
    return statusOf(m_file->open(&error), error, m_temporary, m_path);
}

fl::Status TextOutput::write(const std::string& text)
{
    if (!m_file)
        return writeToStdout(text);
    QString error;
    return statusOf(m_file->write(text.data(), static_cast<qint64>(text.size()), &error), error, m_temporary, m_path);
}

fl::Status TextOutput::finish()
{
    if (!m_file)
        return writeToStdout({});
    QString error;
    return statusOf(m_file->finish(&error), error, m_temporary, m_path);
}

fl::Status TextOutput::copyTo(const QString& path)
{
    if (!m_file)
        return fl::Status::error("standard output cannot be copied");
    const QString target = fl::ui::resolvedTarget(path);
    QString error;
    if (fl::ui::isSpecialFile(target))
        return statusOf(m_file->copyTo(path, &error), error, {}, path);
    fl::ui::removeStaleMarkedTemporaries(target);
    const QString temporary = fl::ui::markedTemporaryName(target);
    if (!m_file->copyTo(temporary, &error))
        return statusOf(false, error, temporary, path);
    return fl::ui::renameOver(temporary, target, path);
}

bool TextOutput::inPlace() const { return !m_file || m_file->inPlace(); }

qint64 TextOutput::written() const { return m_file ? m_file->written() : 0; }

void TextOutput::discard()
{
    if (m_file)
        m_file->discard();
}

fl::Status TextOutput::commit()
{
    if (!m_file)
        return writeToStdout({});
    QString error;
    if (!m_file->commit(&error)) // a regular file: complete under its temporary name
        return statusOf(false, error, m_temporary, m_path);
    return m_temporary.isEmpty() ? fl::Status::success() : fl::ui::renameOver(m_temporary, m_target, m_path);
}

} // namespace cli
