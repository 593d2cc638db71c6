// ContactExplorer driven through its real widgets (offscreen): the integral model's pure-spin
// moment for uniform and Hertz pressure, rejected input, the Fit button, I(1,1)'s availability,
// exports. With FRICTIONLAB_SCREENSHOT_DIR set it also writes view_contact.png there.
#include "../csv_digits.h"
#include "analysis/contact_controls.h"
#include "analysis/contact_explorer.h"
#include "analysis/contact_plot.h"
#include "contact/contact_moments.h"
#include "widgets/parameter_row.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <numbers>

using namespace fl::ui;
using fl::ContactSettings;
using fl::ContactShapeChoice;
using fl::ContactCurvesPtr;
using fl::IntegralSamples;
namespace contact = fl::contact;

namespace {

constexpr double kPi = std::numbers::pi;

/// The (x, y) points of a curve.
QVector<QPointF> points(const QCPCurve* curve)
{
    QVector<QPointF> out;
    for (auto it = curve->data()->constBegin(); it != curve->data()->constEnd(); ++it)
        out << QPointF(it->key, it->value);
    return out;
}

/// y of a curve at x (exact sample), NaN if the curve has no sample there.
double valueAt(const QCPCurve* curve, double x)
{
    for (const QPointF& p : points(curve))
        if (std::abs(p.x() - x) < 1e-12)
            return p.y();
    return std::nan("");
}

} // namespace

class TestContactExplorer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void uniformPressureGivesTwoThirds();
    void hertzPressureGivesThreePiOver16();
    void invalidSemiAxisKeepsCurves();
    void ellipseHidesI11();
    void polygonInputChecked();
    void fitFillsFittedValues();
    void exportsPlotsAndData();
    void screenshot();
    void cleanupTestCase();

private:
    /// Chooses the item with this data by keyboard, as a user would.
    void choose(QComboBox* combo, int data);
    void typeInto(QLineEdit* editor, const QString& text);
    bool waitForCurves();
    QCPCurve* slidingCurve(const QString& name) const { return m_view->slidingPlot()->curve(name); }

    ContactExplorer* m_view = nullptr;
    QImage m_uniformShot;
    QImage m_hertzShot;
    QImage m_polygonShot;
};

void TestContactExplorer::initTestCase()
{
    m_view = new ContactExplorer;
    m_view->resize(1600, 1000);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    QTRY_VERIFY_WITH_TIMEOUT(m_view->curves() != nullptr && !m_view->isComputing(), 10000);
}

void TestContactExplorer::choose(QComboBox* combo, int data)
{
    const int target = combo->findData(data);
    QVERIFY(target >= 0 && target != combo->currentIndex());
    QVERIFY(combo->isEnabled());
    QSignalSpy activated(combo, &QComboBox::activated);
    combo->setFocus();
    while (combo->currentIndex() != target)
        QTest::keyClick(combo, combo->currentIndex() < target ? Qt::Key_Down : Qt::Key_Up);
    QVERIFY(!activated.isEmpty());
}

void TestContactExplorer::typeInto(QLineEdit* editor, const QString& text)
{
    editor->setFocus();
    editor->selectAll();
    QTest::keyClick(editor, Qt::Key_Backspace);
    QTest::keyClicks(editor, text);
}

bool TestContactExplorer::waitForCurves()
{
    QSignalSpy shown(m_view, &ContactExplorer::curvesShown);
    return shown.wait(10000) || (!m_view->isComputing() && !shown.isEmpty());
}

void TestContactExplorer::uniformPressureGivesTwoThirds()
{
    // Pure spin (theta = pi/2): M_s = c_{0,0,-1} = ∬ r sigma = 2/3; pure translation: T_sx = 1.
    QCOMPARE(m_view->curves()->settings.pressure, fl::contact::PressureKind::Uniform);
    QVERIFY(std::abs(valueAt(slidingCurve("M_s integral"), kPi / 2) - 2.0 / 3.0) < 1e-9);
    QVERIFY(std::abs(valueAt(slidingCurve("T_sx integral"), 0.0) - 1.0) < 1e-9);
    QVERIFY(std::abs(valueAt(slidingCurve("M_s I(1,1)"), kPi / 2) - 2.0 / 3.0) < 1e-9);
    QCOMPARE(points(slidingCurve("M_s integral")).size(), 181);
    QVERIFY(slidingCurve("M_s I(1,1)")->visible());
    QTest::qWait(100); // the queued replots
    m_uniformShot = m_view->grab().toImage();
}

void TestContactExplorer::hertzPressureGivesThreePiOver16()
{
    QSignalSpy shown(m_view, &ContactExplorer::curvesShown);
    QElapsedTimer clock;
    clock.start();
    choose(m_view->controls()->pressureCombo(), int(fl::contact::PressureKind::Hertz));
    // The integral model is sampled on a worker thread: nothing is drawn before the event loop runs.
    QVERIFY(m_view->isComputing());
    QVERIFY(shown.wait(10000));
    const double refreshMs = clock.nsecsElapsed() * 1e-6;
    const IntegralSamples& s = *m_view->curves()->integral;
    qInfo("Pressure switch -> curves drawn: %.1f ms (integral model: %d evaluations, 181 theta samples per component "
          "in (a), in %.1f ms = %.0f per second; all curves %.1f ms)",
          refreshMs, s.evaluations, s.seconds * 1e3, s.evaluations / s.seconds, m_view->curves()->seconds * 1e3);

    QCOMPARE(m_view->curves()->settings.pressure, fl::contact::PressureKind::Hertz);
    QVERIFY(std::abs(valueAt(slidingCurve("M_s integral"), kPi / 2) - 3.0 * kPi / 16.0) < 1e-9);
    QVERIFY(std::abs(valueAt(slidingCurve("T_sx integral"), 0.0) - 1.0) < 1e-9);
    // (b, m) follow the pressure: the fitted Hertz values.
    QCOMPARE(m_view->controls()->settings().i11().b, fl::contact::kFittedI11Hertz.b);
    QCOMPARE(m_view->controls()->settings().i00().m, fl::contact::kFittedI00Hertz.m);
    QVERIFY(slidingCurve("M_s I(1,1)")->visible());
    QVERIFY(m_view->slidingPlot()->note().isEmpty());
    QTest::qWait(100);
    m_hertzShot = m_view->grab().toImage();
}

void TestContactExplorer::invalidSemiAxisKeepsCurves()
{
    choose(m_view->controls()->shapeCombo(), int(ContactShapeChoice::Ellipse));
    QVERIFY(waitForCurves());
    QCOMPARE(m_view->curves()->settings.shape, ContactShapeChoice::Ellipse);
    const QVector<QPointF> before = points(slidingCurve("M_s integral"));
    const ContactCurvesPtr shownBefore = m_view->curves();

    ParameterRow* row = m_view->controls()->row("semi_a");
    QVERIFY(row && row->editor()->isVisible());
    QSignalSpy shown(m_view, &ContactExplorer::curvesShown);
    typeInto(row->editor(), "-1");
    QVERIFY(row->error().contains("[0.05, 20]"));
    QVERIFY(m_view->controls()->errorText().contains("semi_a"));
    QVERIFY(m_view->statusText().contains("[0.05, 20]"));
    QVERIFY(!m_view->isComputing());
    QVERIFY(!shown.wait(500));
    QCOMPARE(m_view->curves(), shownBefore);
    QCOMPARE(points(slidingCurve("M_s integral")), before);
    QCOMPARE(m_view->controls()->settings().values.value("semi_a"), 1.0);

    typeInto(row->editor(), "abc");
    QVERIFY(row->error().contains("not a number"));
    QCOMPARE(points(slidingCurve("M_s integral")), before);

    // A good value clears the error and changes the curves: M_s at pure spin = ∬ r sigma grows with a.
    typeInto(row->editor(), "2");
    QVERIFY(waitForCurves());
    QVERIFY(row->error().isEmpty());
    QVERIFY(valueAt(slidingCurve("M_s integral"), kPi / 2) > 3.0 * kPi / 16.0 + 0.1);
}

void TestContactExplorer::ellipseHidesI11()
{
    // a = 2, b = 0.6: not circularly symmetric, so I(1,1) is off and the plots say why.
    QVERIFY(!m_view->curves()->i11.has_value());
    QVERIFY(!slidingCurve("M_s I(1,1)")->visible());
    QVERIFY(slidingCurve("M_s I(0,0)")->visible());
    QVERIFY(m_view->slidingPlot()->note().contains("circularly symmetric"));
    QVERIFY(m_view->controls()->findChild<QLabel*>("i11Note")->isVisible());
    QVERIFY(!m_view->controls()->fitButton()->isEnabled());
    // A non-symmetric contact has T_sy != 0 on the section M_s = 0 (an ellipse, not a circle).
    const QVector<QPointF> traction = points(m_view->tractionPlot()->curve("integral"));
    double maxTy = 0.0;
    for (const QPointF& p : traction)
        maxTy = std::max(maxTy, std::abs(p.y()));
    QVERIFY(maxTy > 0.5 && maxTy <= 1.0 + 1e-9);
}

void TestContactExplorer::polygonInputChecked()
{
    choose(m_view->controls()->shapeCombo(), int(ContactShapeChoice::Polygon));
    QVERIFY(waitForCurves());
    // Polygons carry uniform pressure: the pressure box is off and says uniform.
    QVERIFY(!m_view->controls()->pressureCombo()->isEnabled());
    QCOMPARE(m_view->curves()->settings.effectivePressure(), fl::contact::PressureKind::Uniform);
    const QVector<QPointF> triangle = points(slidingCurve("M_s integral"));
    QLineEdit* edit = m_view->controls()->polygonEdit();
    auto* error = m_view->controls()->findChild<QLabel*>("polygonError");
    QSignalSpy shown(m_view, &ContactExplorer::curvesShown);
    typeInto(edit, "0,0; 1,0; 1");
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY(error->isVisible() && error->text().contains("vertex 3"));
    typeInto(edit, "0,0; 2,2; 2,0; 0,1"); // a bow tie
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY2(error->isVisible() && error->text().contains("intersect"), qPrintable(error->text()));
    QVERIFY(m_view->statusText().contains("last accepted input"));
    QVERIFY(!shown.wait(300));
    QCOMPARE(points(slidingCurve("M_s integral")), triangle);

    // An L-shaped contact off the pole A: M_s at pure spin is its moment c_{0,0,-1} = ∬ r sigma.
    typeInto(edit, "0,0; 2,0; 2,0.5; 0.5,0.5; 0.5,1.5; 0,1.5");
    QVERIFY(!m_view->isComputing()); // applied on Return, not while typing
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY(waitForCurves());
    QVERIFY(!error->isVisible());
    const auto shape = fl::contact::ContactShape::polygon({{0, 0}, {2, 0}, {2, 0.5}, {0.5, 0.5}, {0.5, 1.5}, {0, 1.5}});
    const double c00m1 = fl::contact::computeMoments(shape).c00m1;
    QVERIFY(std::abs(valueAt(slidingCurve("M_s integral"), kPi / 2) - c00m1) < 1e-9);
    QVERIFY(std::abs(valueAt(slidingCurve("T_sx integral"), 0.0) - 1.0) < 1e-9);
    QTest::qWait(100);
    m_polygonShot = m_view->grab().toImage();
}

void TestContactExplorer::fitFillsFittedValues()
{
    choose(m_view->controls()->shapeCombo(), int(ContactShapeChoice::Circle));
    QVERIFY(waitForCurves());
    // The polygon left the pressure uniform.
    QCOMPARE(m_view->controls()->pressureCombo()->currentData().toInt(), int(fl::contact::PressureKind::Uniform));
    QVERIFY(m_view->controls()->pressureCombo()->isEnabled());
    QVERIFY(m_view->curves()->settings.supportsI11());
    // Move (b, m) away from the fit first, so that the button has something to do.
    typeInto(m_view->controls()->row("b11")->editor(), "1");
    QVERIFY(waitForCurves());
    typeInto(m_view->controls()->row("m11")->editor(), "2");
    QVERIFY(waitForCurves());
    QCOMPARE(m_view->controls()->settings().i11().m, 2.0);
    QVERIFY(m_view->controls()->rmsLabel()->text().contains("I(1,1)"));
    QVERIFY(!m_view->controls()->rmsLabel()->text().contains("0.01481"));

    QSignalSpy fitted(m_view, &ContactExplorer::fitFinished);
    QVERIFY(m_view->controls()->fitButton()->isEnabled());
    QTest::mouseClick(m_view->controls()->fitButton(), Qt::LeftButton);
    QVERIFY(fitted.wait(20000));
    const auto i11 = m_view->controls()->settings().i11();
    const auto i00 = m_view->controls()->settings().i00();
    QVERIFY2(std::abs(i11.b - 0.452) < 1e-3 && std::abs(i11.m - 0.765) < 1e-3,
             qPrintable(QString("I(1,1) fit b = %1, m = %2").arg(i11.b).arg(i11.m)));
    QVERIFY(std::abs(i00.b - 0.6735) < 1e-3 && std::abs(i00.m - 1.744) < 1e-3);
    QCOMPARE(m_view->controls()->row("b11")->editor()->text().left(5), QString("0.451"));
    QVERIFY(m_view->controls()->fitLabel()->text().contains("0.01481"));
    QVERIFY(waitForCurves());
    QVERIFY(m_view->controls()->rmsLabel()->text().contains("0.01481"));
}

void TestContactExplorer::exportsPlotsAndData()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const char* suffix : {"png", "svg", "pdf"}) {
        const QString path = dir.filePath(QString("sliding.") + suffix);
        QString error;
        QVERIFY2(m_view->exportPlot(m_view->slidingPlot(), path, &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 1000);
    }
    const QString csvPath = dir.filePath("sliding.csv");
    QVERIFY(m_view->exportCsv(m_view->slidingPlot(), csvPath));
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QByteArray csvText = csv.readAll();
    const QList<QByteArray> lines = csvText.split('\n');
    QVERIFY(csv_digits::mostDigits(csvText, 1) >= 16); // exact numbers
    int header = 0;
    while (lines[header].startsWith('#'))
        ++header;
    QVERIFY(lines[header].contains("\"M_s integral\"") && lines[header].contains("\"T_sx I(1,1)\""));
    QVERIFY(lines.join('\n').contains("# b11 = 0.45195"));
    const QList<QByteArray> last = lines[header + 181].split(',');
    QVERIFY(std::abs(last[0].toDouble() - kPi / 2) < 1e-9);

    const QString sectionCsv = dir.filePath("section.csv");
    QVERIFY(m_view->exportCsv(m_view->sectionPlot(), sectionCsv));
    QString error;
    QVERIFY(!m_view->exportPlot(m_view->sectionPlot(), dir.filePath("section.bmp"), &error));
    QVERIFY(error.contains("png"));
}

void TestContactExplorer::screenshot()
{
    const QString dir = qEnvironmentVariable("FRICTIONLAB_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("FRICTIONLAB_SCREENSHOT_DIR not set");
    QVERIFY(!m_uniformShot.isNull() && !m_hertzShot.isNull());
    // Uniform above, Hertz below.
    QImage both(m_uniformShot.width(), m_uniformShot.height() + m_hertzShot.height(), QImage::Format_RGB32);
    QPainter painter(&both);
    painter.drawImage(0, 0, m_uniformShot);
    painter.drawImage(0, m_uniformShot.height(), m_hertzShot);
    painter.end();
    QVERIFY(both.save(dir + "/view_contact.png"));
    QVERIFY(m_uniformShot.save(dir + "/view_contact_uniform.png"));
    QVERIFY(m_hertzShot.save(dir + "/view_contact_hertz.png"));
    QVERIFY(m_polygonShot.save(dir + "/view_contact_polygon.png"));
}

void TestContactExplorer::cleanupTestCase() { delete m_view; }

QTEST_MAIN(TestContactExplorer)
#include "test_contact_explorer.moc"
