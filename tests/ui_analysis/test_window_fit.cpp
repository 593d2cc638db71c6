// The window at every scale from 100 % to 300 %, with and without the panel, in and out of full
// screen, with and without a lecture's caption: it stays within the screen, and nothing in it is
// cut off, squeezed, or written over. Run twice by ctest, on a 1280x720 and a 1920x1080 offscreen
// screen (QT_QPA_PLATFORM=offscreen:configfile=...); FL_SCREENSHOT_DIR=DIR keeps the pictures.
#include "lecture_app.h"

#include "presenter/appearance.h"
#include "session/scene_caption.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QElapsedTimer>
#include <QScreen>
#include <QScrollBar>
#include <QTabBar>

#include <qcustomplot.h>

#include <cmath>

using namespace fl::ui;
using namespace fl::ui::test;

namespace {

/// Tick labels of a plot's axes written over each other ("y ticks 0.25, 0: 12 px apart"); empty if none.
QString overlappingTicks(QCustomPlot& plot)
{
    for (QCPAxisRect* rect : plot.axisRects())
        for (QCPAxis* axis : rect->axes()) {
            if (!axis->visible() || !axis->tickLabels())
                continue;
            const QVector<double> ticks = axis->tickVector();
            const QVector<QString> labels = axis->tickVectorLabels();
            const QFontMetrics metrics(axis->tickLabelFont());
            const bool vertical = axis->orientation() == Qt::Vertical;
            for (int i = 1; i < ticks.size() && i < labels.size(); ++i) {
                if (!axis->range().contains(ticks[i - 1]) || !axis->range().contains(ticks[i]))
                    continue;
                const double gap = std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1]));
                const double need = vertical ? 0.9 * metrics.height()
                                             : 0.5 * (metrics.horizontalAdvance(labels[i - 1]) + metrics.horizontalAdvance(labels[i]));
                if (gap < need)
                    return QStringLiteral("%1 ticks %2, %3: %4 px apart, need %5")
                        .arg(vertical ? "y" : "x", labels[i - 1], labels[i]).arg(gap, 0, 'f', 0).arg(need, 0, 'f', 0);
            }
        }
    return {};
}

/// Visible widgets of the window that are cut off: whose rectangle leaves the window (contents of
/// scroll areas scroll and are left out of this), that are squeezed below their minimum size (text
/// cut, e.g. "Lock view" drawn as ".ock viev"), or plots whose axes have no room left.
/// "why: class 'name' (x, y, w x h)" each.
QStringList clippedWidgets(QWidget& window)
{
    QStringList out;
    const QRect inside = window.rect();
    for (QWidget* w : window.findChildren<QWidget*>()) {
        if (!w->isVisible() || w->isWindow())
            continue;
        bool scrolled = false;
        for (QWidget* p = w->parentWidget(); p && p != &window; p = p->parentWidget())
            if (auto* area = qobject_cast<QAbstractScrollArea*>(p); area && area->viewport()->isAncestorOf(w))
                scrolled = true;
        const QRect r(w->mapTo(&window, QPoint(0, 0)), w->size());
        const auto* button = qobject_cast<const QAbstractButton*>(w);
        const QString name = QStringLiteral("%1 '%2' (%3, %4, %5 x %6)")
                                 .arg(QString::fromLatin1(w->metaObject()->className()),
                                      w->objectName().isEmpty() && button ? button->text() : w->objectName())
                                 .arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
        if (!scrolled && !inside.contains(r))
            out << QStringLiteral("outside: ") + name;
        const QSize min = w->minimumSizeHint();
        const QSizePolicy policy = w->sizePolicy();
        // (3 px of tolerance: a hint includes the style's padding around the text.)
        const bool squeezedX = policy.horizontalPolicy() != QSizePolicy::Ignored && min.width() > 0 && w->width() < min.width() - 3;
        const bool squeezedY = policy.verticalPolicy() != QSizePolicy::Ignored && min.height() > 0 && w->height() < min.height() - 3;
        // A plot lays itself out in any size (its axes are checked below).
        // (Qt sizes a tab bar's scroll arrows below their hint itself.)
        if ((squeezedX || squeezedY) && !qobject_cast<QScrollBar*>(w) && !qobject_cast<QCustomPlot*>(w)
            && !qobject_cast<QTabBar*>(w->parentWidget()))
            out << QStringLiteral("squeezed below %1 x %2: ").arg(min.width()).arg(min.height()) + name;
        if (auto* plot = qobject_cast<QCustomPlot*>(w); plot && plot->axisRect()) {
            if (plot->axisRect()->height() < 40 || plot->axisRect()->width() < 60)
                out << QStringLiteral("axes %1 x %2: ").arg(plot->axisRect()->width()).arg(plot->axisRect()->height()) + name;
            if (const QString overlap = overlappingTicks(*plot); !overlap.isEmpty())
                out << overlap + QStringLiteral(": ") + name;
        }
    }
    return out;
}

} // namespace

class TestWindowFit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { startLectureTest("test_window_fit"); }

    /// At every scale from 100 % to 300 %, with and without the panel, in and out of full screen,
    /// the window stays within the screen and no visible widget leaves it.
    void theWindowFitsTheScreenAtEveryScale_data()
    {
        QTest::addColumn<bool>("panel");
        QTest::addColumn<bool>("fullScreen");
        QTest::addColumn<bool>("lecture"); // the scene's caption above the views takes its height
        QTest::newRow("panel") << true << false << false;
        QTest::newRow("no panel") << false << false << false;
        QTest::newRow("panel, full screen") << true << true << false;
        QTest::newRow("no panel, full screen") << false << true << false;
        QTest::newRow("panel, lecture") << true << false << true;
        QTest::newRow("no panel, full screen, lecture") << false << true << true;
    }
    void theWindowFitsTheScreenAtEveryScale()
    {
        QFETCH(bool, panel);
        QFETCH(bool, fullScreen);
        QFETCH(bool, lecture);
        App app;
        MainWindow& w = app.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(waitForRun(w));
        if (lecture) {
            QVERIFY(app.sessions->open(kLecture));
            QVERIFY(waitForRun(w));
            QVERIFY(app.sessions->caption()->isVisible());
        }
        const QRect screen = w.screen()->availableGeometry();
        w.setPanelShown(panel);
        w.setPresenterMode(fullScreen);
        const QByteArray shots = qgetenv("FL_SCREENSHOT_DIR");
        for (double scale = kMinScale; scale <= kMaxScale + 1e-9; scale += kScaleStep) {
            Appearance look;
            look.scale = scale;
            w.setAppearance(look);
            // Layouts settle in posted events (a loaded machine takes longer): up to 5 s.
            QStringList clipped;
            QElapsedTimer settle;
            settle.start();
            do {
                QTest::qWait(50);
                clipped = clippedWidgets(w);
            } while (!clipped.isEmpty() && settle.elapsed() < 5000);
            const QString where = QStringLiteral("%1 %: ").arg(std::lround(scale * 100));
            QVERIFY2(w.frameGeometry().width() <= screen.width() && w.frameGeometry().height() <= screen.height(),
                     qPrintable(where + QStringLiteral("window %1 x %2 on a %3 x %4 screen")
                                            .arg(w.frameGeometry().width()).arg(w.frameGeometry().height())
                                            .arg(screen.width()).arg(screen.height())));
            if (!shots.isEmpty())
                w.grab().save(QStringLiteral("%1/fit-%2x%3-%4%5-%6.png")
                                  .arg(QString::fromLocal8Bit(shots)).arg(screen.width()).arg(screen.height())
                                  .arg(panel ? "panel" : "nopanel").arg(QString(fullScreen ? "-full" : "") + (lecture ? "-lecture" : ""))
                                  .arg(std::lround(scale * 100)));
            QVERIFY2(clipped.isEmpty(), qPrintable(where + clipped.join(QStringLiteral("; "))));
        }
        // Back to 100 % out of full screen: the window is no wider than before.
        w.setAppearance(Appearance{});
        w.setPresenterMode(false);
        QTest::qWait(50);
        QVERIFY2(w.frameGeometry().width() <= screen.width(), qPrintable(QString::number(w.frameGeometry().width())));
    }
};

QTEST_MAIN(TestWindowFit)
#include "test_window_fit.moc"
