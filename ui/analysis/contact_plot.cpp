#include "analysis/contact_plot.h"

#include "widgets/axis_range.h"
#include "widgets/plot_layout.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace fl::ui {

ContactPlot::ContactPlot(const QString& title, QWidget* parent) : QCustomPlot(parent), m_title(title)
{
    setMinimumSize(260, 220);
    setToolTip(tr("Drag to pan, wheel to zoom, double-click to follow the data again.\n"
                  "Right-click to export the plot (PNG/SVG/PDF) or its data (CSV)."));
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setAntialiasedElements(QCP::aePlottables);

    addTitleAndLegendRows(this, title);
    legend->setWrap(3);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setMargins(QMargins(4, 0, 4, 0));
    legend->setRowSpacing(0);
    legend->setColumnSpacing(12);

    connect(this, &QCustomPlot::mouseWheel, this, [this] { m_followData = false; });
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        if (event->buttons() & Qt::LeftButton)
            m_followData = false;
    });
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_followData = true;
        updateRange();
    });
    connect(this, &QCustomPlot::afterLayout, this, &ContactPlot::enforceAspect);
}

QCPCurve* ContactPlot::addModelCurve(const QString& name, const QColor& color, Qt::PenStyle style, double width)
{
    auto* c = new QCPCurve(xAxis, yAxis);
    c->setName(name);
    QPen pen(color, width, style);
    pen.setCapStyle(Qt::FlatCap);
    c->setPen(pen);
    m_curves << c;
    return c;
}

QCPCurve* ContactPlot::curve(const QString& name) const
{
    for (QCPCurve* c : m_curves)
        if (c->name() == name)
            return c;
    return nullptr;
}

void ContactPlot::setShown(QCPAbstractPlottable* item, bool shown)
{
    setPlottableShown(this, item, shown);
}

void ContactPlot::setEqualAspect(bool equal)
{
    m_equalAspect = equal;
    replot(rpQueuedReplot);
}

void ContactPlot::setLegendColumns(int columns)
{
    if (legend->wrap() == columns)
        return;
    legend->setWrap(columns);
    legend->setFillOrder(legend->fillOrder(), true);
}

void ContactPlot::setNote(const QString& note)
{
    if (!m_noteElement && note.isEmpty())
        return;
    if (!m_noteElement) {
        QFont noteFont = font();
        noteFont.setItalic(true);
        m_noteElement = new QCPTextElement(this, QString(), noteFont);
        m_noteElement->setTextColor(QColor(0x60, 0x60, 0x60));
        plotLayout()->addElement(plotLayout()->rowCount(), 0, m_noteElement);
        plotLayout()->setRowStretchFactor(plotLayout()->rowCount() - 1, 0.001);
    }
    m_noteElement->setText(note);
    m_noteElement->setVisible(!note.isEmpty());
    // An invisible element still takes its minimum height: collapse it.
    m_noteElement->setMaximumSize(QWIDGETSIZE_MAX, note.isEmpty() ? 0 : QWIDGETSIZE_MAX);
    replot(rpQueuedReplot);
}

QString ContactPlot::note() const { return m_noteElement && m_noteElement->visible() ? m_noteElement->text() : QString(); }

QList<QCPCurve*> ContactPlot::visibleCurves() const
{
    QList<QCPCurve*> curves;
    for (QCPCurve* c : m_curves)
        if (c->visible() && !c->data()->isEmpty())
            curves << c;
    return curves;
}

void ContactPlot::updateRange()
{
    bool first = true;
    for (QCPCurve* c : visibleCurves()) {
        bool foundKeys = false, foundValues = false;
        const QCPRange keys = c->getKeyRange(foundKeys);
        const QCPRange values = c->getValueRange(foundValues);
        if (!foundKeys || !foundValues)
            continue;
        if (first) {
            m_keys = keys;
            m_values = values;
            first = false;
        } else {
            m_keys.expand(keys);
            m_values.expand(values);
        }
    }
    if (m_followData) {
        xAxis->setRange(fittedRange(m_keys));
        yAxis->setRange(fittedRange(m_values));
    }
    replot(rpQueuedReplot);
}

void ContactPlot::enforceAspect()
{
    const QRect rect = axisRect()->rect();
    if (!m_equalAspect || rect.width() < 10 || rect.height() < 10)
        return;
    // Units per pixel equal on both axes: widen whichever range is too narrow for its side.
    const QCPRange x = xAxis->range(), y = yAxis->range();
    const double perPixel = std::max(x.size() / rect.width(), y.size() / rect.height());
    const QCPRange wantX(x.center() - 0.5 * perPixel * rect.width(), x.center() + 0.5 * perPixel * rect.width());
    const QCPRange wantY(y.center() - 0.5 * perPixel * rect.height(), y.center() + 0.5 * perPixel * rect.height());
    const double tolerance = 1e-3 * perPixel;
    if (std::abs(wantX.size() - x.size()) < tolerance && std::abs(wantY.size() - y.size()) < tolerance)
        return;
    // Ticks are laid out before afterLayout: set the ranges and draw once more with them.
    xAxis->setRange(wantX);
    yAxis->setRange(wantY);
    replot(rpQueuedReplot);
}

void ContactPlot::showTable(const fl::ContactTable& table)
{
    for (QCPCurve* c : m_curves) {
        const auto found = std::find_if(table.curves.begin(), table.curves.end(),
                                        [c](const fl::ContactTableCurve& t) { return t.name == c->name().toStdString(); });
        if (found != table.curves.end())
            c->setData(QVector<double>(found->x.begin(), found->x.end()), QVector<double>(found->y.begin(), found->y.end()));
        setShown(c, found != table.curves.end());
    }
    xAxis->setLabel(QString::fromStdString(table.xLabel));
    yAxis->setLabel(QString::fromStdString(table.yLabel));
}

} // namespace fl::ui
