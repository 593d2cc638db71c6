#pragma once
#include "bridge/run_output.h"

#include <QObject>
#include <QThreadPool>
#include <QString>

class QCustomPlot;
class QWidget;

namespace fl::ui {

/// The user side of exporting: asks for a file name, writes (plots on the GUI thread, which they
/// need; CSV text on a worker thread, since a long run gives hundreds of megabytes), and shows a
/// message box with the reason when a write fails. The writing itself is in plot_export.h and
/// data_export.h, testable without dialogs.
class ExportDialogs : public QObject {
    Q_OBJECT
public:
    explicit ExportDialogs(QWidget* window);

    void exportPlot(QCustomPlot* plot, const QString& plotTitle);
    void exportRunCsv(const RunOutputPtr& run);
    void exportEventsCsv(const RunOutputPtr& run);

signals:
    /// A file was written (for the status line).
    void saved(const QString& path);

private:
    QString askPath(const QString& caption, const QString& fileName, const QString& filter);
    void reportFailure(const QString& path, const QString& reason);
    /// Runs write on the exports' own thread and reports its outcome on the GUI thread.
    void writeInBackground(const QString& path, std::function<bool(QString*)> write);

    QWidget* m_window;
    QString m_directory;
    /// Not Qt's global pool (QtGui's raster painting waits on it); the destructor waits for a
    /// write in progress, so quitting never leaves half a file.
    QThreadPool m_pool;
};

} // namespace fl::ui
