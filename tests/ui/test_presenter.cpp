// Tests of presenter mode (ui/presenter, ui/widgets/main_window_presenter): F11 toggles full
// screen, one scale control changes tick labels and line widths together, every theme's stick
// shading meets 3:1 against its plot background, the layouts show what they name, and the window
// fits a 1280x720 projector (at 1x, and at 1.5x with the panel collapsed).
#include "mechanism/mechanism_view.h"
#include "presenter/appearance.h"
#include "presenter/presenter_bar.h"
#include "widgets/characteristic_plot.h"
#include "widgets/main_window.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/time_history_plot.h"

#include <QComboBox>
#include <QScreen>
#include <QTest>

using namespace fl::ui;

class TestPresenter : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void f11TogglesFullScreen();
    void scaleChangesTickLabelsAndLineWidths();
    void everyThemesStickShadingMeetsContrast();
    void themeRecoloursPlotsAndMechanism();
    void layoutsShowWhatTheyName();
    void fitsA1280x720Projector();

private:
    MainWindow* m_window = nullptr;
};

void TestPresenter::init()
{
    m_window = new MainWindow;
    m_window->resize(1280, 720); // a projector (on the offscreen 800 x 600 screen the window has room for fewer views)
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->currentRun() != nullptr, 20000);
}

void TestPresenter::cleanup()
{
    m_window->setAppearance(Appearance{});
    delete m_window;
    m_window = nullptr;
}

void TestPresenter::f11TogglesFullScreen()
{
    QVERIFY(!m_window->isFullScreen());
    QTest::keyClick(m_window, Qt::Key_F11);
    QTRY_VERIFY(m_window->isFullScreen());
    QVERIFY(m_window->findChild<fl::ui::PresenterBar*>()->presenterAction()->isChecked());
    QTest::keyClick(m_window, Qt::Key_F11);
    QTRY_VERIFY(!m_window->isFullScreen());
}

void TestPresenter::scaleChangesTickLabelsAndLineWidths()
{
    TimeHistoryPlot* plot = m_window->timeHistoryPlot();
    const double tick = plot->xAxis->tickLabelFont().pointSizeF();
    const double width = plot->curve(QStringLiteral("x"))->pen().widthF();
    const double panelFont = m_window->font().pointSizeF();
    QTest::keySequence(m_window, QKeySequence(QStringLiteral("Ctrl+=")));
    QTest::keySequence(m_window, QKeySequence(QStringLiteral("Ctrl+=")));
    QCOMPARE(currentAppearance().scale, 1.5);
    QCOMPARE(plot->xAxis->tickLabelFont().pointSizeF(), 1.5 * tick);
    QCOMPARE(plot->curve(QStringLiteral("x"))->pen().widthF(), 1.5 * width);
    QTRY_COMPARE(m_window->font().pointSizeF(), 1.5 * panelFont); // the application font propagates by events
    QCOMPARE(m_window->findChild<fl::ui::MechanismView*>()->sceneStyle().scale, 1.5);
    // The cursor dot (a marker) grows too.
    const double dot = m_window->phasePortraitPlot()->cursorDot()->scatterStyle().size();
    QTest::keySequence(m_window, QKeySequence(QStringLiteral("Ctrl+0")));
    QCOMPARE(currentAppearance().scale, 1.0);
    QCOMPARE(plot->xAxis->tickLabelFont().pointSizeF(), tick);
    QCOMPARE(m_window->phasePortraitPlot()->cursorDot()->scatterStyle().size(), dot / 1.5);
    // Limits: 1x .. 3x.
    QTest::keySequence(m_window, QKeySequence(QStringLiteral("Ctrl+-")));
    QCOMPARE(currentAppearance().scale, 1.0);
    for (int i = 0; i < 12; ++i)
        QTest::keySequence(m_window, QKeySequence(QStringLiteral("Ctrl+=")));
    QCOMPARE(currentAppearance().scale, 3.0);
    // The other spellings of the keys work too (Ctrl++ and Ctrl+- were ambiguous: listed twice).
    QTest::keySequence(m_window, QKeySequence(QStringLiteral("Ctrl+-")));
    QCOMPARE(currentAppearance().scale, 2.75);
    QTest::keySequence(m_window, QKeySequence(QKeySequence::ZoomOut));
    QCOMPARE(currentAppearance().scale, 2.5);
    QTest::keySequence(m_window, QKeySequence(QStringLiteral("Ctrl++")));
    QCOMPARE(currentAppearance().scale, 2.75);
}

void TestPresenter::everyThemesStickShadingMeetsContrast()
{
    QCOMPARE(themes().size(), size_t(3));
    for (const Theme& t : themes()) {
        QVERIFY2(contrastRatio(t.stickStrip, t.plotBackground) >= 3.0,
                 qPrintable(QStringLiteral("%1: %2").arg(t.id).arg(contrastRatio(t.stickStrip, t.plotBackground))));
        QVERIFY2(contrastRatio(t.axis, t.plotBackground) >= 4.5, qPrintable(t.id));
        QVERIFY2(contrastRatio(t.scene.stick, t.scene.background) >= 3.0, qPrintable(t.id));
        Appearance a;
        a.themeId = t.id;
        m_window->setAppearance(a);
        QCOMPARE(m_window->timeHistoryPlot()->stickStripGraph()->brush().color(), t.stickStrip);
        QCOMPARE(m_window->timeHistoryPlot()->toPixmap(300, 200).toImage().pixelColor(2, 198), t.plotBackground);
        // Every curve stands out from the background.
        for (int i = 0; i < m_window->timeHistoryPlot()->graphCount(); ++i) {
            QCPGraph* g = m_window->timeHistoryPlot()->graph(i);
            if (g->pen().style() != Qt::NoPen && g->visible())
                QVERIFY2(contrastRatio(g->pen().color(), t.plotBackground) >= 3.0, qPrintable(t.id + QLatin1Char(' ') + g->name()));
        }
    }
    QVERIFY(contrastRatio(Qt::black, Qt::white) > 20.9);
}

void TestPresenter::themeRecoloursPlotsAndMechanism()
{
    QComboBox* themeBox = m_window->findChild<fl::ui::PresenterBar*>()->themeBox();
    themeBox->setCurrentIndex(themeBox->findData(QStringLiteral("dark")));
    emit themeBox->activated(themeBox->currentIndex());
    QCOMPARE(currentAppearance().themeId, QStringLiteral("dark"));
    QCOMPARE(m_window->findChild<fl::ui::MechanismView*>()->sceneStyle().background, findTheme(QStringLiteral("dark")).scene.background);
    QTRY_COMPARE(m_window->palette().color(QPalette::Window), findTheme(QStringLiteral("dark")).window);
    const QImage image = m_window->timeHistoryPlot()->toPixmap(400, 300).toImage();
    QVERIFY(qGray(image.pixel(390, 150)) < 60); // a dark plot
}

void TestPresenter::layoutsShowWhatTheyName()
{
    m_window->setPlotLayout(PlotLayout::TimeHistoryOnly);
    QVERIFY(m_window->timeHistoryPlot()->isVisible());
    QVERIFY(!m_window->findChild<fl::ui::MechanismView*>()->isVisible());
    QVERIFY(!m_window->phasePortraitPlot()->isVisible());
    m_window->setPlotLayout(PlotLayout::MechanismAndPhasePortrait);
    QVERIFY(m_window->findChild<fl::ui::MechanismView*>()->isVisible());
    QVERIFY(m_window->phasePortraitPlot()->isVisible());
    QVERIFY(!m_window->timeHistoryPlot()->isVisible());
    QVERIFY(!m_window->characteristicPlot()->isVisible());
    QCOMPARE(m_window->findChild<fl::ui::PresenterBar*>()->layoutBox()->currentIndex(), int(PlotLayout::MechanismAndPhasePortrait));
    m_window->setPlotLayout(PlotLayout::All);
    QVERIFY(m_window->timeHistoryPlot()->isVisible() && m_window->findChild<fl::ui::MechanismView*>()->isVisible());
}

void TestPresenter::fitsA1280x720Projector()
{
    // The window opens inside the available screen.
    MainWindow fresh;
    const QRect available = fresh.screen()->availableGeometry();
    QVERIFY(fresh.width() <= available.width() && fresh.height() <= available.height());
    // It can be made 1280x720 (its minimum fits) at 1x, and at 1.5x with the panel collapsed.
    QVERIFY2(m_window->minimumSizeHint().width() <= 1280 && m_window->minimumSizeHint().height() <= 720,
             qPrintable(QStringLiteral("%1x%2").arg(m_window->minimumSizeHint().width()).arg(m_window->minimumSizeHint().height())));
    // In live mode too (its playback bar shows the plots' window instead of Loop and Export: with
    // all of them the window needed 1314 px).
    m_window->setLive(true);
    QTest::qWait(100);
    QVERIFY2(m_window->minimumSizeHint().width() <= 1280,
             qPrintable(QStringLiteral("live: %1 px").arg(m_window->minimumSizeHint().width())));
    m_window->setLive(false);
    const double font = m_window->font().pointSizeF();
    Appearance a;
    a.scale = 1.5;
    m_window->setAppearance(a);
    QTest::keySequence(m_window, QKeySequence(QStringLiteral("Ctrl+Shift+P")));
    QVERIFY(!m_window->isPanelShown());
    // The larger fonts reach the widgets through events: let every layout see them.
    QTRY_COMPARE(m_window->font().pointSizeF(), 1.5 * font);
    QTest::qWait(100);
    QVERIFY2(m_window->minimumSizeHint().width() <= 1280 && m_window->minimumSizeHint().height() <= 720,
             qPrintable(QStringLiteral("%1x%2").arg(m_window->minimumSizeHint().width()).arg(m_window->minimumSizeHint().height())));
    m_window->resize(1280, 720);
    QTest::qWait(100);
    QCOMPARE(m_window->size(), QSize(1280, 720));
    QVERIFY(m_window->timeHistoryPlot()->height() >= 150);
}

QTEST_MAIN(TestPresenter)
#include "test_presenter.moc"
