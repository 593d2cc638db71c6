// Tests of ui/widgets/plot_export: PNG, SVG and PDF files that decode, and failures with a reason.
#include "widgets/plot_export.h"

#include <qcustomplot.h>

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using fl::ui::exportPlot;

class TestPlotExport : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void pngDecodesAtTwiceTheSize();
    void svgIsAnSvgDocument();
    void pdfIsAPdfDocument();
    void unknownSuffixIsAnError();
    void unwritablePathGivesTheReason();
    void failedWriteKeepsTheOldFile();
    void playbackCursorIsLeftOut();

private:
    QCustomPlot* m_plot = nullptr;
    QTemporaryDir m_dir;
};

/// The dashed playback cursor marks the instant on screen: an exported figure is the same
/// wherever the cursor stands, and the cursor is back on screen afterwards.
void TestPlotExport::playbackCursorIsLeftOut()
{
    m_plot->addLayer(QStringLiteral("cursor"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    auto* line = new QCPItemStraightLine(m_plot);
    line->setLayer(QStringLiteral("cursor"));
    line->setPen(QPen(Qt::black, 3.0, Qt::DashLine));
    QImage shots[2];
    for (int k = 0; k < 2; ++k) {
        const double t = k == 0 ? 2.0 : 7.0;
        line->point1->setCoords(t, 0.0);
        line->point2->setCoords(t, 1.0);
        m_plot->replot();
        const QString path = m_dir.filePath(QStringLiteral("cursor%1.png").arg(k));
        QString error;
        QVERIFY2(exportPlot(m_plot, path, &error), qPrintable(error));
        QVERIFY(shots[k].load(path));
        QVERIFY(m_plot->layer(QStringLiteral("cursor"))->visible());
    }
    QCOMPARE(shots[0], shots[1]);
    // With the cursor drawn (what the export used to do) the two differ: the test can tell.
    QImage drawn[2];
    for (int k = 0; k < 2; ++k) {
        const double t = k == 0 ? 2.0 : 7.0;
        line->point1->setCoords(t, 0.0);
        line->point2->setCoords(t, 1.0);
        drawn[k] = m_plot->toPixmap(640, 400, 2.0).toImage();
    }
    QVERIFY(drawn[0] != drawn[1]);
}

void TestPlotExport::init()
{
    m_plot = new QCustomPlot;
    m_plot->resize(640, 400);
    QCPGraph* graph = m_plot->addGraph();
    for (int i = 0; i <= 100; ++i)
        graph->addData(i * 0.1, std::sin(i * 0.1));
    m_plot->xAxis->setLabel(QStringLiteral("t"));
    m_plot->rescaleAxes();
    m_plot->replot();
}

void TestPlotExport::cleanup()
{
    delete m_plot;
    m_plot = nullptr;
}

void TestPlotExport::pngDecodesAtTwiceTheSize()
{
    const QString path = m_dir.filePath(QStringLiteral("plot.png"));
    QString error;
    QVERIFY2(exportPlot(m_plot, path, &error), qPrintable(error));
    QImage image;
    QVERIFY(image.load(path));
    QCOMPARE(image.size(), QSize(1280, 800));
    // Not blank: the graph and axes leave dark pixels on the white background.
    int dark = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            dark += qGray(image.pixel(x, y)) < 128;
    QVERIFY2(dark > 50, qPrintable(QString::number(dark)));
}

void TestPlotExport::svgIsAnSvgDocument()
{
    const QString path = m_dir.filePath(QStringLiteral("plot.SVG"));
    QString error;
    QVERIFY2(exportPlot(m_plot, path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.startsWith("<?xml"));
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("viewBox=\"0 0 640 400\""));
    QVERIFY(text.contains("<polyline") || text.contains("<path"));
    QImage image;
    QVERIFY2(image.load(path), "the SVG does not decode");
}

void TestPlotExport::pdfIsAPdfDocument()
{
    const QString path = m_dir.filePath(QStringLiteral("plot.pdf"));
    QString error;
    QVERIFY2(exportPlot(m_plot, path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.startsWith("%PDF-"));
    QVERIFY(bytes.contains("%%EOF"));
    QVERIFY(bytes.size() > 1000);
}

void TestPlotExport::unknownSuffixIsAnError()
{
    QString error;
    QVERIFY(!exportPlot(m_plot, m_dir.filePath(QStringLiteral("plot.bmp")), &error));
    QVERIFY2(error.contains(QStringLiteral(".png")), qPrintable(error));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("plot.bmp"))));
}

void TestPlotExport::unwritablePathGivesTheReason()
{
    QString error;
    QVERIFY(!exportPlot(m_plot, m_dir.filePath(QStringLiteral("missing/dir/plot.png")), &error));
    QVERIFY(!error.isEmpty());
}

void TestPlotExport::failedWriteKeepsTheOldFile()
{
    // A directory where the file should be: the write fails, the directory stays.
    const QString path = m_dir.filePath(QStringLiteral("taken.pdf"));
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("taken.pdf")));
    QString error;
    QVERIFY(!exportPlot(m_plot, path, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(QFileInfo(path).isDir());
}

QTEST_MAIN(TestPlotExport)
#include "test_plot_export.moc"
