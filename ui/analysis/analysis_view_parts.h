#pragma once
// Pieces the analysis views (eps study, method comparison, contact explorer) share: the toolbar's
// "Log scale" box and "Export" button, the red message line, a plot's export context menu, the
// ask-for-a-file-then-write round of an export, and the log/linear value axis of a difference plot.
#include <QString>

#include <functional>

class QCheckBox;
class QCPAxis;
class QLabel;
class QPoint;
class QToolButton;
class QWidget;

namespace fl::ui {

/// "Log scale" box for the difference plot, set to checked before onToggled is connected (so it
/// is not called for the initial state).
QCheckBox* makeLogScaleBox(QWidget* parent, bool checked, std::function<void(bool on)> onToggled);

/// "Export" tool button with an instant popup menu that fillMenu refills (button->menu()) each
/// time before it shows.
QToolButton* makeExportButton(QWidget* parent, const QString& toolTip, std::function<void()> fillMenu);

/// A view's message line: word-wrapped, red, hidden until there is a message.
QLabel* makeMessageLabel(QWidget* parent, const QString& objectName);

/// A plot's context menu at position (plot coordinates), owned by view: "Export plot (PNG, SVG,
/// PDF)…" calls exportPlot, csvText calls exportCsv; both are disabled while hasData is false.
void execPlotExportMenu(QWidget* view, QWidget* plot, const QPoint& position, bool hasData,
                        std::function<void()> exportPlot, const QString& csvText, std::function<void()> exportCsv);

/// Asks for a file to save (dialog caption and filter, starting in directory), remembers the
/// chosen file's folder in directory and writes it with write; a failed write is reported in a
/// warning box "Could not write FILE:\nreason". Nothing happens when the dialog is cancelled.
void askPathAndWrite(QWidget* parent, const QString& caption, const QString& filter, QString& directory,
                     const std::function<bool(const QString& path, QString* error)>& write);

/// Switches a value axis between logarithmic (ticks at decades, numbers as 1e-3) and linear
/// (numbers as %g with 6 digits).
void setLogValueAxis(QCPAxis* axis, bool log);

} // namespace fl::ui
