#pragma once
#include "bridge/playback_frame.h"
#include "plotdata/plot_data.h"

class QAction;
class QToolButton;

namespace fl::ui {

/// A QCustomPlot showing one aspect of a run: a title row, a horizontal legend row and one axis
/// rect. Fits each new run's data range (followNewData); a drag or zoom holds until the next run
/// unless the view is locked ("Lock view" in the corner and the context menu), which keeps the
/// ranges across runs; a double click fits the data now. Redraws are queued (rpQueuedReplot), so several updates in one
/// event-loop pass cost one replot.
class RunPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit RunPlot(const QString& title, QWidget* parent = nullptr);

    /// Shows a run's prepared data (see preparePlotData) and queues a replot.
    virtual void showData(const PlotDataPtr& data) = 0;
    /// Moves the playback cursor to a frame (an invalid frame hides it); repaints only the
    /// cursor's layer, so a cursor moving at 60 frames/s does not redraw the curves. Plots that
    /// show no single instant (comparisons, differences) keep the default: no cursor.
    virtual void showCursor(const PlaybackFrame& frame) { (void)frame; }
    QString title() const { return m_title; }
    /// Marks the plot that Export Plot writes: a highlight-coloured strip along its top edge,
    /// drawn on screen only (not in exports).
    void setActive(bool active);
    /// A new run is coming: its data is fitted, dropping a zoom, unless the view is locked.
    void followNewData();
    /// Locks the ranges across runs (the corner button and the context menu's "Lock view").
    void setViewLocked(bool locked);
    bool isViewLocked() const;
    QToolButton* lockButton() const { return m_lockButton; }

    /// Colours shared by the plots, so a quantity looks the same everywhere.
    static QColor positionColor() { return QColor(0x1f, 0x77, 0xb4); }
    static QColor relativeVelocityColor() { return QColor(0x2c, 0xa0, 0x2c); }
    static QColor forceColor() { return QColor(0xd6, 0x27, 0x28); }
    static QColor stickColor() { return QColor(0xff, 0x7f, 0x0e); }
    static QColor lawColor() { return QColor(0x30, 0x30, 0x30); }
    /// Light grey for a wide line drawn under others.
    static QColor lawShade() { return QColor(0xa8, 0xa8, 0xa8); }
    /// Opaque light shade of stickColor() for areas.
    static QColor stickShade() { return QColor(0xff, 0xe4, 0xcb); }

protected:
    /// QCustomPlot's buffers, then the selection strip (setActive).
    void paintEvent(QPaintEvent* event) override;
    /// Keeps px at the title row's right end free (a control placed there, e.g. a plane selector).
    void reserveTitleRight(int px);
    /// A new font (the presenter scale) resizes the lock button and keeps the title clear of it.
    void changeEvent(QEvent* event) override;
    /// Sets both axis ranges (fittedRange: padded by 5 %, a flat range widened) unless the user
    /// has taken over the view.
    void setDataRange(QCPRange keys, QCPRange values);
    /// A line graph with a pen of this colour and width, listed in the legend under name.
    QCPGraph* addLineGraph(const QString& name, const QColor& color, double width = 1.5);
    /// A parametric curve (QCPCurve), listed in the legend under name.
    QCPCurve* addCurve(const QString& name, const QColor& color, double width = 1.5);
    /// Shows or hides a plottable together with its legend entry.
    void setShown(QCPAbstractPlottable* item, bool shown);
    /// A one-point disc on the cursor layer (not in the legend), hidden until placed.
    QCPGraph* addCursorDot(const QColor& color);
    /// Places a cursor dot at (x, y); hidden when either is not finite.
    void placeCursorDot(QCPGraph* dot, double x, double y);
    /// The buffered layer above the curves that holds the cursor.
    QCPLayer* cursorLayer() const { return m_cursorLayer; }
    /// Repaints the cursor layer only (a full replot already queued draws it too).
    void replotCursor();

private:
    void buildLockButton();

    QString m_title;
    QAction* m_lockAction = nullptr;
    QToolButton* m_lockButton = nullptr;
    QCPTextElement* m_titleElement = nullptr;
    int m_titleRight = 0; ///< reserveTitleRight
    void fitLockButton();
    QCPLayer* m_cursorLayer = nullptr;
    bool m_active = false;
    bool m_followData = true;
    QCPRange m_keys;
    QCPRange m_values;
};

/// The n-th colour of the plots' palette (x, v_r, F take the first three).
QColor seriesColor(size_t n);

} // namespace fl::ui
