#include "analysis/poincare_view.h"
#include "analysis/poincare_section_text.h"
#include "contract/poincare_analysis.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "widgets/angle_wrap.h"
#include "widgets/axis_range.h"
#include "widgets/data_export.h"
#include "widgets/plot_export.h"
#include "widgets/view_exporter.h"
#include "plotdata/variable_text.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

int indexOf(const std::vector<std::string>& names, const std::string& name)
{
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

} // namespace

PoincareView::PoincareView(QWidget* parent) : QWidget(parent)
{
    m_horizontal = new QComboBox(this);
    m_horizontal->setObjectName(QStringLiteral("horizontal"));
    m_horizontal->setToolTip(tr("State variable on the horizontal axis"));
    m_vertical = new QComboBox(this);
    m_vertical->setObjectName(QStringLiteral("vertical"));
    m_vertical->setToolTip(tr("State variable on the vertical axis"));
    m_wrapHorizontal = new QCheckBox(tr("mod 2π"), this);
    m_wrapHorizontal->setObjectName(QStringLiteral("wrapHorizontal"));
    m_wrapVertical = new QCheckBox(tr("mod 2π"), this);
    m_wrapVertical->setObjectName(QStringLiteral("wrapVertical"));
    for (QCheckBox* box : {m_wrapHorizontal, m_wrapVertical})
        box->setToolTip(tr("Show the variable modulo 2π, in (-π, π]: for an angle that makes full rotations"));
    m_info = new QLabel(this);
    m_info->setObjectName(QStringLiteral("sectionInfo"));
    m_info->setToolTip(tr("The section as read off the recorded points, and how many there are"));

    m_plot = new QCustomPlot(this);
    m_plot->setMinimumSize(200, 120); // small enough for a 1280x720 projector at 150 %
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setToolTip(tr("Drag to pan, wheel to zoom, double-click to fit the points again"));
    auto* exporter = new ViewExporter(this, [this] { return exportItems(); });
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_plot, &QWidget::customContextMenuRequested, exporter, [this, exporter](const QPoint& p) { exporter->execPlotMenu(m_plot, p); });
    QFont titleFont = font();
    titleFont.setBold(true);
    m_plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_plot, tr("Poincaré section"), titleFont);
    m_plot->plotLayout()->addElement(0, 0, m_title);
    m_points = m_plot->addGraph();
    m_points->setName(tr("section points"));
    m_points->setLineStyle(QCPGraph::lsNone);
    const QColor color(0x1f, 0x77, 0xb4);
    m_points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 3.5));
    m_plot->addLayer(QStringLiteral("cursor"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_plot->layer(QStringLiteral("cursor"))->setMode(QCPLayer::lmBuffered);
    m_cursor = m_plot->addGraph();
    m_cursor->setLayer(QStringLiteral("cursor"));
    m_cursor->setName(tr("now"));
    m_cursor->setLineStyle(QCPGraph::lsNone);
    m_cursor->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::white, 2.0), QBrush(QColor(0xd3, 0x54, 0x00)), 13));
    m_cursor->setVisible(false);

    arrangeLayout();
    connectControls();
    updateInfo();
}

void PoincareView::arrangeLayout()
{
    // The view shares the window's width with the phase portrait: nothing in it may ask for more
    // than the plot's own minimum. Combos shrink to a few characters; the long section label
    // wraps under the plot instead of widening the controls row.
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Horizontal"), this));
    controls->addWidget(m_horizontal, 1);
    controls->addWidget(m_wrapHorizontal);
    controls->addSpacing(8);
    controls->addWidget(new QLabel(tr("Vertical"), this));
    controls->addWidget(m_vertical, 1);
    controls->addWidget(m_wrapVertical);
    for (QComboBox* combo : {m_horizontal, m_vertical}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(5);
    }
    m_info->setWordWrap(true);
    m_info->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_info);
}

void PoincareView::connectControls()
{
    for (QComboBox* combo : {m_horizontal, m_vertical})
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            m_follow = true;
            redraw();
        });
    for (QCheckBox* box : {m_wrapHorizontal, m_wrapVertical})
        connect(box, &QCheckBox::toggled, this, [this] {
            m_follow = true;
            redraw();
        });
    connect(m_plot, &QCustomPlot::mouseWheel, this, [this] { m_follow = false; });
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        if (event->buttons() & Qt::LeftButton)
            m_follow = false;
    });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_follow = true;
        fitRanges();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
}

void PoincareView::setScenario(const fl::Scenario& scenario)
{
    std::vector<std::string> names;
    if (fl::validate(scenario).ok())
        names = fl::stateNames(scenario); // no Dynamics built on the GUI thread
    const bool sameVariables = names == m_names && scenario.systemId == m_systemId;
    m_scenario = scenario;
    m_systemId = scenario.systemId;
    const int keepH = horizontalVariable(), keepV = verticalVariable();
    adoptNames(names);
    clear();
    if (sameVariables) {
        setPlane(keepH, keepV);
        return;
    }
    // The system's first phase portrait made of state variables, else the first two variables.
    const fl::PoincareSetup plane = fl::PoincareAnalysis::defaults(scenario);
    setPlane(std::max(0, indexOf(names, plane.horizontal)), std::max(0, indexOf(names, plane.vertical)));
}

void PoincareView::adoptNames(const std::vector<std::string>& names)
{
    if (names == m_names && m_horizontal->count() == int(names.size()))
        return;
    m_names = names;
    for (QComboBox* combo : {m_horizontal, m_vertical}) {
        const QSignalBlocker block(combo);
        combo->clear();
        for (const std::string& name : names)
            combo->addItem(variableText(m_systemId, name));
    }
    const QSignalBlocker blockH(m_horizontal), blockV(m_vertical);
    m_horizontal->setCurrentIndex(0);
    m_vertical->setCurrentIndex(names.size() > 1 ? 1 : 0);
}

void PoincareView::setPlane(int horizontal, int vertical)
{
    {
        const QSignalBlocker blockH(m_horizontal), blockV(m_vertical);
        if (horizontal >= 0 && horizontal < m_horizontal->count())
            m_horizontal->setCurrentIndex(horizontal);
        if (vertical >= 0 && vertical < m_vertical->count())
            m_vertical->setCurrentIndex(vertical);
    }
    m_follow = true;
    redraw();
}

void PoincareView::setAngleWrap(bool horizontal, bool vertical)
{
    const QSignalBlocker blockH(m_wrapHorizontal), blockV(m_wrapVertical);
    m_wrapHorizontal->setChecked(horizontal);
    m_wrapVertical->setChecked(vertical);
    m_follow = true;
    redraw();
}

int PoincareView::horizontalVariable() const { return m_horizontal->currentIndex(); }
int PoincareView::verticalVariable() const { return m_vertical->currentIndex(); }

void PoincareView::clear()
{
    m_times.clear();
    m_states.clear();
    m_sectionText.clear();
    m_follow = true;
    redraw();
}

void PoincareView::appendPoints(const fl::RunResult& partial, size_t firstNewSection)
{
    // A run of other variables (no setScenario before it): take its names.
    if (partial.dimension() != int(m_names.size()) || m_names.empty()) {
        adoptNames(partial.stateNames);
        m_times.clear();
        m_states.clear();
        firstNewSection = 0;
    }
    const size_t dim = m_names.size();
    const size_t first = std::min(firstNewSection, partial.sectionTimes.size());
    appendSection(std::vector<double>(partial.sectionTimes.begin() + long(first), partial.sectionTimes.end()),
                  std::vector<double>(partial.sectionStates.begin() + long(first * dim), partial.sectionStates.end()),
                  &partial);
}

void PoincareView::appendSection(const std::vector<double>& times, const std::vector<double>& states,
                                 const fl::RunResult* samples)
{
    const size_t dim = m_names.size();
    if (dim == 0 || states.size() != times.size() * dim)
        return;
    const size_t before = m_times.size();
    m_times.insert(m_times.end(), times.begin(), times.end());
    m_states.insert(m_states.end(), states.begin(), states.end());
    const std::vector<std::string> labels = variableLabels(m_systemId, m_names);
    // A plane through several variables (x1 - x2) in the run's own words: its points cannot tell it
    // (one variable may even be constant there by chance, a block stuck at each crossing).
    if (samples && !samples->sectionDefinition.empty())
        m_sectionText = QString::fromStdString(samples->sectionDefinition);
    else
        m_sectionText = samples ? describeSection(labels, m_times, m_states, samples->t, samples->states)
                                : describeSection(labels, m_times, m_states);
    if (before == 0)
        redraw();
    else
        appendToGraph(before);
}

void PoincareView::setRun(const fl::RunResult& result)
{
    // A run of another system than the document's (the last one displayed while the new scenario's
    // run is computing) is not this scenario's: its variables would replace the plane chosen.
    if (!m_names.empty() && result.stateNames != m_names)
        return;
    adoptNames(result.stateNames);
    m_times = result.sectionTimes;
    m_states = result.sectionStates;
    m_sectionText = !result.sectionDefinition.empty()
                        ? QString::fromStdString(result.sectionDefinition)
                        : describeSection(variableLabels(m_systemId, m_names), m_times, m_states, result.t, result.states);
    redraw();
}

void PoincareView::showCursor(const PlaybackFrame& frame)
{
    m_frame = frame;
    const int h = horizontalVariable(), v = verticalVariable();
    const bool shown = frame.valid() && frame.state.size() == m_names.size() && h >= 0 && v >= 0;
    m_cursor->setVisible(shown);
    if (shown) {
        const double x = frame.state[size_t(h)], y = frame.state[size_t(v)];
        m_cursor->setData({m_wrapHorizontal->isChecked() ? wrappedAngle(x) : x}, {m_wrapVertical->isChecked() ? wrappedAngle(y) : y}, true);
    }
    m_cursor->layer()->replot();
}

void PoincareView::redraw()
{
    m_points->data()->clear();
    appendToGraph(0);
    showCursor(m_frame);
}

void PoincareView::appendToGraph(size_t first)
{
    const int h = horizontalVariable(), v = verticalVariable();
    const size_t dim = m_names.size();
    if (h >= 0 && v >= 0 && dim > 0) {
        const bool wrapH = m_wrapHorizontal->isChecked(), wrapV = m_wrapVertical->isChecked();
        QVector<double> keys, values;
        for (size_t k = first; k < m_times.size(); ++k) {
            const double x = m_states[k * dim + size_t(h)], y = m_states[k * dim + size_t(v)];
            keys.push_back(wrapH ? wrappedAngle(x) : x);
            values.push_back(wrapV ? wrappedAngle(y) : y);
        }
        m_points->addData(keys, values);
        const QString mod = tr(" (mod 2π)");
        m_plot->xAxis->setLabel(variableText(m_systemId, m_names[size_t(h)]) + (wrapH ? mod : QString()));
        m_plot->yAxis->setLabel(variableText(m_systemId, m_names[size_t(v)]) + (wrapV ? mod : QString()));
    }
    m_title->setText(m_sectionText.isEmpty() ? tr("Poincaré section") : tr("Poincaré section: %1").arg(m_sectionText));
    if (m_follow)
        fitRanges();
    updateInfo();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void PoincareView::fitRanges()
{
    bool found = false;
    const QCPRange keys = m_points->getKeyRange(found);
    if (!found) {
        m_plot->xAxis->setRange(-1.0, 1.0);
        m_plot->yAxis->setRange(-1.0, 1.0);
        return;
    }
    const QCPRange values = m_points->getValueRange(found);
    m_plot->xAxis->setRange(fittedRange(keys));
    m_plot->yAxis->setRange(fittedRange(values));
}

QString PoincareView::infoText() const { return m_info->text(); }

void PoincareView::updateInfo()
{
    const QString count = pointCount() == 1 ? tr("1 point") : tr("%1 points").arg(pointCount());
    m_info->setText(m_sectionText.isEmpty() ? count : tr("Section %1 · %2").arg(m_sectionText, count));
}

bool PoincareView::exportPlot(const QString& path, QString* error) { return fl::ui::exportPlot(m_plot, path, error); }

QByteArray PoincareView::pointsCsv() const
{
    return QByteArray::fromStdString(fl::PoincareAnalysis::poincarePointsCsv(m_names, m_times, m_states));
}

QList<ExportItem> PoincareView::exportItems()
{
    const auto has = [this] { return !m_times.empty(); };
    ExportItem points = ExportItem::dataItem(QStringLiteral("csv:points"), tr("Section points (CSV)…"), tr("Export section points"),
                                             tr("CSV (*.csv)"),
                                             [this](const QString& path, QString* error) { return writeFileAtomically(path, pointsCsv(), error); },
                                             has);
    points.fileName = QStringLiteral("poincare.csv");
    points.contextLabel = tr("Export the points (CSV)…");
    ExportItem plot = ExportItem::plotItem(QStringLiteral("plot"), tr("Plot: Poincaré section…"), [this] { return m_plot; }, has);
    plot.fileName = QStringLiteral("poincare.png");
    return {plot, points};
}

} // namespace fl::ui
