#pragma once
// Names in session files that are not ids of the core's registries: the format tag and the
// SweepSpec enums (the same words as `frictionlab-cli sweep` takes). Private to the session library.
#include "analysis/bifurcation_sweep.h"

#include <QString>
#include <QStringList>

namespace fl::ui::session_format {

inline const QString kFormat = QStringLiteral("frictionlab-session");

/// SweepObservable in enum order: Stroboscopic, Hyperplane, Maxima.
inline const QStringList kObservables = {QStringLiteral("strobe"), QStringLiteral("section"), QStringLiteral("maxima")};
/// SweepDirection in enum order: Up, Down, Both.
inline const QStringList kDirections = {QStringLiteral("up"), QStringLiteral("down"), QStringLiteral("both")};
/// SweepSpec::crossingDirection +1, -1, 0.
inline const QStringList kCrossings = {QStringLiteral("up"), QStringLiteral("down"), QStringLiteral("both")};

inline QString crossingId(int direction)
{
    return direction > 0 ? kCrossings[0] : direction < 0 ? kCrossings[1] : kCrossings[2];
}

inline int crossingFromId(const QString& id)
{
    return id == kCrossings[0] ? 1 : id == kCrossings[1] ? -1 : 0;
}

} // namespace fl::ui::session_format
