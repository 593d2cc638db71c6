#include "widgets/plot_export.h"
#include "bridge/safe_file.h"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QImageWriter>
#include <QPdfWriter>
#include <QBuffer>
#include <QSvgGenerator>

namespace fl::ui {
namespace {

constexpr double kPngScale = 2.0;

bool fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
    return false;
}

bool writePng(QCustomPlot* plot, QIODevice& file, QString* error)
{
    const QImage image = plot->toPixmap(plot->width(), plot->height(), kPngScale).toImage();
    QImageWriter writer(&file, "png");
    if (!writer.write(image))
        return fail(error, writer.errorString());
    return true;
}

/// Draws the plot at its on-screen size into a vector paint device with the screen's resolution,
/// so that fonts keep their proportions.
bool paintVector(QCustomPlot* plot, QPaintDevice* device, QString* error)
{
    QCPPainter painter;
    if (!painter.begin(device))
        return fail(error, QObject::tr("cannot start painting"));
    painter.setMode(QCPPainter::pmVectorized);
    plot->toPainter(&painter, plot->width(), plot->height());
    painter.end();
    return true;
}

bool writeSvg(QCustomPlot* plot, QIODevice& file, QString* error)
{
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    generator.setResolution(plot->logicalDpiX());
    generator.setSize(plot->size());
    generator.setViewBox(QRect(QPoint(0, 0), plot->size()));
    generator.setTitle(QStringLiteral("FrictionLab plot"));
    return paintVector(plot, &generator, error);
}

bool writePdf(QCustomPlot* plot, QIODevice& file, QString* error)
{
    QPdfWriter writer(&file);
    const int dpi = plot->logicalDpiX();
    writer.setResolution(dpi);
    writer.setCreator(QStringLiteral("FrictionLab"));
    writer.setTitle(QStringLiteral("FrictionLab plot"));
    const QSizeF points(plot->width() * 72.0 / dpi, plot->height() * 72.0 / dpi);
    writer.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                                     QPageLayout::Portrait, QMarginsF()));
    return paintVector(plot, &writer, error);
}

} // namespace

bool exportPlot(QCustomPlot* plot, const QString& path, QString* error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") && suffix != QLatin1String("pdf"))
        return fail(error, QObject::tr("unknown plot format \"%1\": use .png, .svg or .pdf").arg(suffix));
    // The playback cursor marks an instant on screen, not a result: figures leave it out.
    QCPLayer* cursor = plot->layer(QStringLiteral("cursor"));
    const bool cursorShown = cursor && cursor->visible();
    if (cursor)
        cursor->setVisible(false);
    // Drawn into memory, then written with every byte checked (bridge/safe_file.h).
    QBuffer file;
    file.open(QIODevice::WriteOnly);
    bool ok = false;
    if (suffix == QLatin1String("png"))
        ok = writePng(plot, file, error);
    else if (suffix == QLatin1String("svg"))
        ok = writeSvg(plot, file, error);
    else
        ok = writePdf(plot, file, error);
    file.close();
    if (cursor) {
        cursor->setVisible(cursorShown);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
    return ok && writeFileSafely(path, file.data(), error);
}

QString plotFileFilter()
{
    return QObject::tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)");
}

} // namespace fl::ui
