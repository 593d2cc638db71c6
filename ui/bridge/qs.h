#pragma once
// The core's texts (std::string, UTF-8) as Qt strings: one short name, used wherever the GUI and the
// session files show or write what the core describes.
#include <QString>

#include <string>

namespace fl::ui {

inline QString qs(const std::string& text) { return QString::fromStdString(text); }

} // namespace fl::ui
