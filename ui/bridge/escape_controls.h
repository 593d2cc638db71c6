#pragma once
// Text from a file, the command line or the user, made safe to print on a terminal: the GUI's and
// the CLI's messages on standard error go through here. Qt Core only (frictionlab_session).
#include <QString>

namespace fl::ui {

/// One line that cannot move the cursor, clear the screen, set the terminal's title or reorder
/// what follows: \n, \r and \t as those two characters, every other control character (C0, DEL,
/// C1, ESC) and format character (the bidirectional overrides U+202A–U+202E and U+2066–U+2069, zero
/// widths) as \uXXXX.
QString escapeControls(const QString& text);

} // namespace fl::ui
