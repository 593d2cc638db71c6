// Renders resources/icons/frictionlab.svg to the PNG sizes the desktop icon theme needs
// (frictionlab-16.png ... frictionlab-512.png next to the SVG). Run once after editing the SVG and
// commit the PNGs; the build does not run it:
//   cmake --build <build> --target frictionlab_render_icons
//   QT_QPA_PLATFORM=offscreen <build>/resources/frictionlab_render_icons resources/icons
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char* argv[])
{
    QGuiApplication app(argc, argv);
    const QString dir = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(".");
    QSvgRenderer svg(dir + QStringLiteral("/frictionlab.svg"));
    if (!svg.isValid()) {
        std::fprintf(stderr, "error: cannot read %s/frictionlab.svg\n", qPrintable(dir));
        return 1;
    }
    for (const int size : {16, 24, 32, 48, 64, 128, 256, 512}) {
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter);
        painter.end();
        const QString out = QStringLiteral("%1/frictionlab-%2.png").arg(dir).arg(size);
        if (!image.save(out)) {
            std::fprintf(stderr, "error: cannot write %s\n", qPrintable(out));
            return 1;
        }
    }
    return 0;
}
