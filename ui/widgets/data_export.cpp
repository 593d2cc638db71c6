#include "widgets/data_export.h"
#include "io/csv_writer.h"
#include "bridge/safe_file.h"

#include <QObject>

#include <sstream>

namespace fl::ui {

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error)
{
    return writeFileSafely(path, bytes, error);
}

QByteArray runCsv(const RunOutput& run)
{
    return QByteArray::fromStdString(fl::runCsvText(run.scenario, run.result));
}

QByteArray eventsCsv(const RunOutput& run)
{
    std::ostringstream out;
    fl::writeEventsCsv(out, run.result);
    return QByteArray::fromStdString(out.str());
}

bool exportRunCsv(const RunOutput& run, const QString& path, QString* error)
{
    return writeFileAtomically(path, runCsv(run), error);
}

bool exportEventsCsv(const RunOutput& run, const QString& path, QString* error)
{
    if (run.result.mode.empty()) {
        if (error)
            *error = QObject::tr("this run has no stick/slip events: only event-driven runs do");
        return false;
    }
    return writeFileAtomically(path, eventsCsv(run), error);
}

} // namespace fl::ui
