#include "mechanism/mechanism_view.h"
#include "systems/scenario_setup.h"

#include "mechanism/scene_painter.h"
#include "systems/run_variables.h"
#include "systems/system_registry.h"
#include "bridge/safe_file.h"

#include <QBuffer>
#include <QFileInfo>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace fl::ui {

fl::MechanismScene sceneOf(const fl::Scenario& scenario, const PlaybackFrame& frame)
{
    if (!frame.valid())
        return {};
    fl::MechanismFrame f;
    f.t = frame.t;
    f.y = frame.state.data();
    f.outputs = frame.outputs.data();
    f.mode = frame.mode;
    f.history = frame.history.empty() ? nullptr : frame.history.data();
    f.historyCount = frame.state.empty() ? 0 : frame.history.size() / frame.state.size();
    const bool ranges = frame.rangeLow && frame.rangeHigh && frame.rangeLow->size() == frame.state.size()
                        && frame.rangeHigh->size() == frame.state.size();
    f.rangeLow = ranges ? frame.rangeLow->data() : nullptr;
    f.rangeHigh = ranges ? frame.rangeHigh->data() : nullptr;
    return fl::drawMechanism(scenario, f);
}

MechanismView::MechanismView(QWidget* parent) : QWidget(parent), m_placeholder(tr("Simulating…"))
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::ClickFocus); // a click on the drawing takes the keys from a field: Space plays
    setToolTip(tr("The mechanism at the instant on screen. Space plays and pauses; the badge shows "
                  "whether the contact sticks or slips."));
}

void MechanismView::setScenario(const fl::Scenario& scenario)
{
    m_scenario = scenario;
    m_shrink = 1.0;
    m_dimension = m_outputCount = 0;
    if (fl::validate(scenario).ok()) { // the sizes without building the Dynamics on the GUI thread
        m_dimension = fl::stateNames(scenario).size();
        m_outputCount = fl::outputNames(scenario).size();
    }
    rebuild();
}

void MechanismView::showFrame(const PlaybackFrame& frame)
{
    m_frame = frame;
    rebuild();
}

void MechanismView::setPlaceholder(const QString& text)
{
    if (text == m_placeholder)
        return;
    m_placeholder = text;
    if (showsPlaceholder())
        update();
}

void MechanismView::setSceneStyle(const SceneStyle& style)
{
    m_style = style;
    m_shrink = 1.0;
    update();
}

void MechanismView::rebuild()
{
    // A frame of another system (a switch in progress) is not drawn with this scenario.
    const bool matches = m_frame.valid() && m_frame.state.size() == m_dimension && m_frame.outputs.size() == m_outputCount;
    m_scene = matches ? sceneOf(m_scenario, m_frame) : fl::MechanismScene{};
    update();
}

void MechanismView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    if (m_scene.shapes.empty()) {
        m_layout = SceneLayout();
        painter.fillRect(rect(), m_style.background);
        painter.setPen(m_style.text);
        painter.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    paint(painter, size());
}

void MechanismView::paint(QPainter& painter, QSize size) const
{
    if (size != m_shrinkSize) { // a new size (a resize, an export) starts from the full drawing
        m_shrinkSize = size;
        m_shrink = 1.0;
    }
    paintScene(painter, m_scene, QRectF(QPointF(0, 0), QSizeF(size)), m_style, &m_layout, m_shrink);
    m_shrink = std::min(m_shrink, m_layout.shrink);
}

QImage MechanismView::renderImage(QSize size) const
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(m_style.background);
    QPainter painter(&image);
    paint(painter, size);
    return image;
}

bool MechanismView::exportTo(const QString& path, QString* error) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QSize size = width() > 10 ? this->size() : QSize(960, 480);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (suffix == QLatin1String("png")) {
        renderImage(size * 2).save(&buffer, "PNG");
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QStringLiteral("FrictionLab mechanism"));
        QPainter painter(&svg);
        paintScene(painter, m_scene, QRectF(QPointF(0, 0), QSizeF(size)), m_style);
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setPageSize(QPageSize(QSizeF(size) * 0.75, QPageSize::Point));
        pdf.setResolution(96);
        pdf.setPageMargins(QMarginsF());
        QPainter painter(&pdf);
        paintScene(painter, m_scene, QRectF(QPointF(0, 0), QSizeF(size)), m_style);
    } else {
        if (error)
            *error = tr("unknown format '%1' (use .png, .svg or .pdf)").arg(suffix);
        return false;
    }
    return writeFileSafely(path, bytes, error);
}

} // namespace fl::ui
