#pragma once
// Settings keys and the file filter shared by the parts of SessionManager (session_manager.cpp:
// files and the last session; session_menus.cpp: menus and dialogs; session_scenes.cpp: scenes).
#include <QObject>
#include <QString>

namespace fl::ui::session_settings {

constexpr int kMaxRecent = 8;
inline constexpr char kRecentKey[] = "session/recent";
inline constexpr char kRestoreKey[] = "session/restoreLast";
inline constexpr char kLastFileKey[] = "session/lastFile";
inline constexpr char kLastModifiedKey[] = "session/lastModified";
inline QString fileFilter() { return QObject::tr("FrictionLab sessions (*.frictionlab);;All files (*)"); }

} // namespace fl::ui::session_settings
