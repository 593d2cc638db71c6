#pragma once
#include "bridge/run_output.h"

#include <QByteArray>
#include <QString>

namespace fl::ui {

/// Writes bytes to path atomically (QSaveFile): on failure the old file stays and error (if
/// given) receives QSaveFile's reason.
bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error = nullptr);

/// The run as CSV (fl::writeRunCsv: '#' metadata lines, header t,<states>,v_r,F[,mode]).
QByteArray runCsv(const RunOutput& run);
/// The mode switches as CSV (fl::writeEventsCsv: header t,event).
QByteArray eventsCsv(const RunOutput& run);

/// runCsv written atomically to path.
bool exportRunCsv(const RunOutput& run, const QString& path, QString* error = nullptr);
/// eventsCsv written atomically to path; an error for runs without modes (not event-driven).
bool exportEventsCsv(const RunOutput& run, const QString& path, QString* error = nullptr);

} // namespace fl::ui
