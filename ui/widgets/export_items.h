#pragma once
// What a view can export, declared as data: the view lists its plots and its data files, and one
// shared piece (view_exporter.h) builds the menus, asks for the file, writes it and reports. A view
// thus never writes its own dialog or message box, and the window and the tests can list what every
// view exports (AnalysisView::exportItems).
#include <QList>
#include <QString>

#include <functional>

class QCustomPlot;

namespace fl::ui {

struct ExportItem {
    enum class Kind { Plot, Data };
    /// Writes the file at path; false with the reason in *error.
    using Writer = std::function<bool(const QString& path, QString* error)>;

    QString id;       ///< stable within the view ("plot:difference", "csv:events"); tests and menus find items by it
    QString label;    ///< its entry in the view's Export menu ("Plot: Difference…")
    Kind kind = Kind::Plot;
    QString caption;  ///< the file dialog's caption
    QString fileName; ///< suggested name in the remembered folder; empty: the folder alone
    QString filter;   ///< the file dialog's filter
    /// Plot: the plot drawn (PNG, SVG or PDF by the suffix). Data: the plot whose data this is, so
    /// that its context menu offers it; empty for data of the whole view.
    std::function<QCustomPlot*()> plot;
    /// Data written on the GUI thread (small files, or data the view may change at any time).
    Writer write;
    /// Data written off the GUI thread (hundreds of megabytes of a long run): called on the GUI
    /// thread, it returns a writer holding its own copy of what it writes (an immutable result).
    std::function<Writer()> prepareOffThread;
    /// Data: its text in a plot's context menu ("Export difference (CSV)…"); empty: not offered there.
    QString contextLabel;
    /// False while there is nothing to export (the entry shows disabled); empty: always.
    std::function<bool()> available;

    bool isAvailable() const { return !available || available(); }

    /// A plot exported as PNG, SVG or PDF: caption "Export plot" and the formats' filter unless given.
    static ExportItem plotItem(const QString& id, const QString& label, std::function<QCustomPlot*()> plot,
                               std::function<bool()> available = {});
    /// Data written on the GUI thread by write.
    static ExportItem dataItem(const QString& id, const QString& label, const QString& caption, const QString& filter,
                               Writer write, std::function<bool()> available = {});
};

} // namespace fl::ui
