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
/// Set while the last session is being restored at start, until its first run has ended: found set
/// at the next start, the restore did not finish (a crash, a kill, a hang) and is not tried again.
inline constexpr char kRestoringKey[] = "session/restoring";
inline QString fileFilter() { return QObject::tr("FrictionLab sessions (*.frictionlab);;All files (*)"); }

} // namespace fl::ui::session_settings
