#pragma once
// An analysis's setup (fl::SetupRecord, core/common/setup_record.h) as the JSON object a session
// file keeps under view.setups.<id>, and back. Numbers are JSON numbers (doubles round-trip).
#include "common/setup_record.h"

#include <QJsonObject>

namespace fl::ui {

QJsonObject setupToJson(const fl::SetupRecord& record);
/// Arrays and nulls (which no setup holds) become words, which the analysis's reader refuses by name.
fl::SetupRecord setupFromJson(const QJsonObject& object);

} // namespace fl::ui
