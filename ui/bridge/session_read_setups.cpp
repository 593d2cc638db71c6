// The views' setups of a session file (view.setups), read for readSession (session_read.cpp).
#include "bridge/session.h"
#include "bridge/session_json.h"

#include "analysis/analysis_catalog.h"

namespace fl::ui::session_json {

/// view.setups: one object per view of the catalog, kept as written (each view checks its own
/// fields when it restores them) if at most kMaxSetupDepth deep; a view this version does not
/// have is skipped with a warning.
Status readSetups(ObjectReader& view, QMap<QString, QJsonObject>& out, Warnings& warnings)
{
    QJsonObject object;
    bool present = false;
    if (const Status status = view.object(QStringLiteral("setups"), object, present); !status.ok())
        return status;
    const QString path = view.pathOf(QStringLiteral("setups"));
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString at = childPath(path, it.key());
        if (!fl::findAnalysis(it.key().toStdString())) {
            warnings.add(QStringLiteral("%1: no such view in this version; skipped").arg(at));
            continue;
        }
        if (!it.value().isObject())
            return errorAt(at, QStringLiteral("expected an object, got %1").arg(typeName(it.value())));
        if (session_json::nestingDepth(it.value(), kMaxSetupDepth) > kMaxSetupDepth)
            return errorAt(at, QStringLiteral("nested more than %1 levels deep (objects and arrays)").arg(kMaxSetupDepth));
        out.insert(it.key(), it.value().toObject());
    }
    return Status::success();
}

} // namespace fl::ui::session_json
