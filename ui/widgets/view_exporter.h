#pragma once
// The one piece that exports for every view (and the window's own plots): from a view's list of
// ExportItems (export_items.h) it fills the Export menus (toolbar button, a plot's context menu,
// the window's File menu), asks for the file (one folder remembered for the whole program run),
// writes it atomically (plot_export.h, data_export.h; big data off the GUI thread), and reports:
// a failure in a message box "Could not write FILE:\nreason", a success through saved() (the
// window shows it on its status line).
#include "widgets/export_items.h"

#include <QObject>

class QMenu;
class QPoint;
class QToolButton;
class QWidget;

namespace fl::ui {

class ViewExporter : public QObject {
    Q_OBJECT
public:
    using Items = std::function<QList<ExportItem>()>;
    /// The exporter of owner (its child; dialogs open over it); items is asked each time a menu
    /// opens, so labels and availability follow the view.
    ViewExporter(QWidget* owner, Items items);
    ~ViewExporter() override;

    /// The exporter of a view (its direct child); nullptr when it has none.
    static ViewExporter* of(const QWidget* view);

    QList<ExportItem> items() const { return m_items(); }
    /// The item with that id; an item with an empty id when there is none (run ignores it).
    ExportItem item(const QString& id) const;

    /// Appends the items to menu: the plots, a separator, the data; unavailable ones disabled.
    void fillMenu(QMenu* menu);
    /// An "Export" tool button with an instant popup menu, refilled each time it opens.
    QToolButton* makeButton(QWidget* parent, const QString& toolTip);
    /// A plot's context menu at a position in plot's coordinates: "Export plot (PNG, SVG, PDF)…"
    /// for the plot's own item, then the data items offered there (contextLabel). Nothing opens
    /// when no item concerns the plot.
    void execPlotMenu(QCustomPlot* plot, const QPoint& position);

    /// The whole round for an item: the file dialog, the write, the report. Nothing happens when
    /// the item is unavailable or the dialog is cancelled.
    void run(const ExportItem& item);
    void run(const QString& id) { run(item(id)); }
    /// Writes item to path without a dialog or a report (an off-thread item is written on this
    /// thread): what run does once it has the path.
    static bool write(const ExportItem& item, const QString& path, QString* error = nullptr);

    /// While set, every exporter asks chooser instead of the file dialog (tests: a path in a
    /// temporary folder, or empty for Cancel). Unset with an empty function.
    using PathChooser = std::function<QString(const QString& caption, const QString& suggested, const QString& filter)>;
    static void setPathChooserForTesting(PathChooser chooser);
    /// Waits for the writes running off the GUI thread to finish (their reports still come queued).
    void waitForWrites();

signals:
    /// A file was written: plot tells a picture from data.
    void saved(const QString& path, bool plot);
    /// A write failed (after the message box was shown).
    void failed(const QString& path, const QString& reason);

private:
    QString askPath(const ExportItem& item);
    void report(const QString& path, bool ok, const QString& error, bool plot);
    void writeInBackground(const QString& path, ExportItem::Writer write);

    QWidget* m_owner;
    Items m_items;
    /// One runner per write in the export writers' lane (bridge/job_runner.h; not Qt's global pool,
    /// on which QtGui's raster painting waits), children of this exporter: one write never
    /// supersedes another, and the destructor waits for a write in progress, so closing never
    /// leaves half a file.
};

} // namespace fl::ui
