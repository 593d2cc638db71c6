#pragma once
#include "contract/contact_analysis.h"

#include <qcustomplot.h>

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace fl::ui {

/// One plot of the contact explorer, in the style of the run plots (widgets/run_plot.h): a bold
/// title row, a legend row (wrapping after legendColumns entries) and an optional note row under
/// the axes. Every curve is parametric (QCPCurve, NaN points break the line). The axes follow the
/// visible curves until the user drags or zooms; a double click follows them again. Sections of
/// the limit surface use equal scales on both axes (setEqualAspect). The owner's exporter offers the
/// plot's exports on a right click (customContextMenuRequested).
class ContactPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit ContactPlot(const QString& title, QWidget* parent = nullptr);

    QString title() const { return m_title; }
    /// A curve listed in the legend under name.
    QCPCurve* addModelCurve(const QString& name, const QColor& color, Qt::PenStyle style, double width = 1.6);
    /// The curve of this name (visible or not), or nullptr.
    QCPCurve* curve(const QString& name) const;
    /// Shows or hides a curve together with its legend entry.
    void setShown(QCPAbstractPlottable* item, bool shown);

    /// One unit on x is as long as one unit on y (limit-surface sections).
    void setEqualAspect(bool equal);
    void setLegendColumns(int columns);
    /// A remark under the axes (e.g. why a model is not shown); empty hides it.
    void setNote(const QString& note);
    QString note() const;

    /// Fits the axes to the visible curves (fittedRange) unless the user has taken over the
    /// view, and queues a replot.
    void updateRange();

    /// Shows the table's curves on the curves of the same names (the others hidden) and its axis
    /// labels (the CSV of the same table is contract/contact_analysis.h's tableCsv).
    void showTable(const fl::ContactTable& table);

private:
    void enforceAspect();
    QList<QCPCurve*> visibleCurves() const;

    QString m_title;
    QList<QCPCurve*> m_curves; ///< in the order made (owned by the plot)
    QCPTextElement* m_noteElement = nullptr;
    bool m_followData = true;
    bool m_equalAspect = false;
    QCPRange m_keys{0.0, 1.0};
    QCPRange m_values{0.0, 1.0};
};

} // namespace fl::ui
