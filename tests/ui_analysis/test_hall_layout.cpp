// The hall's walk: every scene of the shipped lecture, in every plot layout, at 100, 150, 200,
// 250 and 300 %, full screen on a projector. Run twice by ctest, on a 1280x720 and a 1024x768
// offscreen screen. At each step: the window fits the screen; every view the layout names is on
// screen with at least 240 x 160 px; each panel row in view (beside the views, or opened over
// them) shows its name and its whole value; no text of a widget is smaller than 12 px x scale.
#include "lecture_app.h"

#include "presenter/appearance.h"
#include "presenter/presenter_bar.h"
#include "analysis/lyapunov_panel.h"
#include "model/model_editor.h"
#include "model/model_manager.h"
#include "playback/playback_bar.h"
#include "widgets/parameter_panel.h"
#include "widgets/phase_portrait_plot.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QToolButton>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>

#include <qcustomplot.h>
#include <QScreen>

#include <cmath>

using namespace fl::ui;
using namespace fl::ui::test;

namespace {

constexpr int kLayouts = 8; // PlotLayout::All .. MechanismOnly

/// A view of the layout that is hidden, smaller than 240 x 160 or not wholly inside the window.
QStringList missingViews(MainWindow& w)
{
    QStringList out;
    const QSize least = MainWindow::minimumPaneSize();
    if (least.width() < 240 || least.height() < 160)
        out << QStringLiteral("the views' least size %1 x %2 is below 240 x 160").arg(least.width()).arg(least.height());
    for (QWidget* view : w.layoutWidgets()) {
        const QRect r(view->mapTo(&w, QPoint(0, 0)), view->size());
        // What the ancestors let through (a scroll area shows only its viewport's part).
        QRect seen = r;
        for (QWidget* p = view->parentWidget(); p && p != &w; p = p->parentWidget())
            seen &= QRect(p->mapTo(&w, QPoint(0, 0)), p->size());
        if (!view->isVisible() || seen.width() < least.width() || seen.height() < least.height() || !w.rect().contains(r))
            out << QStringLiteral("%1 shown %2 at (%3, %4) %5 x %6")
                       .arg(QString::fromLatin1(view->metaObject()->className()))
                       .arg(view->isVisible()).arg(r.x()).arg(r.y()).arg(seen.width()).arg(seen.height());
    }
    return out;
}

/// Panel rows in view whose name or value is cut: the name narrower than its text, the value
/// field narrower than its text, or either outside the panel's viewport.
QStringList cutRows(MainWindow& w)
{
    QStringList out;
    auto* area = qobject_cast<QScrollArea*>(w.findChild<fl::ui::ParameterPanel*>()->parentWidget()->parentWidget());
    if (!area || !w.isPanelOpen())
        return out;
    const QRect port(area->viewport()->mapTo(&w, QPoint(0, 0)), area->viewport()->size());
    for (QLineEdit* edit : w.findChild<fl::ui::ParameterPanel*>()->findChildren<QLineEdit*>()) {
        if (!edit->isVisible() || !edit->objectName().startsWith(QStringLiteral("edit_")))
            continue;
        const QRect r(edit->mapTo(&w, QPoint(0, 0)), edit->size());
        if (r.bottom() < port.top() || r.top() > port.bottom())
            continue; // scrolled out of view vertically: the panel scrolls, its rows do not
        const int text = edit->fontMetrics().horizontalAdvance(edit->text()) + 6;
        if (edit->width() < text || r.left() < port.left() || r.right() > port.right())
            out << QStringLiteral("value %1 '%2': %3 px for %4, x %5..%6 in %7..%8")
                       .arg(edit->objectName(), edit->text()).arg(edit->width()).arg(text)
                       .arg(r.left()).arg(r.right()).arg(port.left()).arg(port.right());
    }
    for (QLabel* label : w.findChild<fl::ui::ParameterPanel*>()->findChildren<QLabel*>()) {
        if (!label->isVisible() || label->text().isEmpty() || label->wordWrap())
            continue;
        const QRect r(label->mapTo(&w, QPoint(0, 0)), label->size());
        if (r.bottom() < port.top() || r.top() > port.bottom())
            continue;
        if (label->width() < label->minimumSizeHint().width() - 3 || r.left() < port.left() || r.right() > port.right() + 1)
            out << QStringLiteral("name '%1': %2 px of %3, x %4..%5 in %6..%7")
                       .arg(label->text()).arg(label->width()).arg(label->minimumSizeHint().width())
                       .arg(r.left()).arg(r.right()).arg(port.left()).arg(port.right());
    }
    return out;
}

/// Widgets on screen whose text is set in less than 12 px x scale.
QStringList smallTexts(MainWindow& w, double scale)
{
    QStringList out;
    const int least = static_cast<int>(std::floor(12.0 * scale));
    for (QWidget* widget : w.findChildren<QWidget*>()) {
        if (!widget->isVisible())
            continue;
        QString text;
        if (auto* label = qobject_cast<QLabel*>(widget))
            text = label->text();
        else if (auto* button = qobject_cast<QAbstractButton*>(widget))
            text = button->text();
        else if (auto* edit = qobject_cast<QLineEdit*>(widget))
            text = edit->text();
        else if (auto* combo = qobject_cast<QComboBox*>(widget))
            text = combo->currentText();
        if (text.trimmed().isEmpty())
            continue;
        const int px = QFontInfo(widget->font()).pixelSize();
        if (px < least)
            out << QStringLiteral("%1 '%2' %3 px").arg(QString::fromLatin1(widget->metaObject()->className()), text.left(30)).arg(px);
    }
    return out;
}

} // namespace

namespace {
/// Where a plot's text item is drawn (its position and alignment; unrotated).
QRectF itemTextRect(QCPItemText* text)
{
    const QPointF at = text->position->pixelPosition();
    const QRectF box = QFontMetricsF(text->font()).boundingRect(QRectF(0, 0, 1e5, 1e5), Qt::TextDontClip | text->textAlignment(), text->text());
    const Qt::Alignment a = text->positionAlignment();
    const double x = a & Qt::AlignHCenter ? at.x() - box.width() / 2 : a & Qt::AlignRight ? at.x() - box.width() : at.x();
    const double y = a & Qt::AlignVCenter ? at.y() - box.height() / 2 : a & Qt::AlignBottom ? at.y() - box.height() : at.y();
    return QRectF(x, y, box.width(), box.height());
}
} // namespace

class TestHallLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { startLectureTest("test_hall_layout"); }

    void everySceneAndLayoutFitsAtEveryScale()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(waitForRun(w));
        w.setPresenterMode(true);
        const QRect screen = w.screen()->geometry();
        const QByteArray shots = qgetenv("FL_SCREENSHOT_DIR");
        int steps = 0;
        for (const double scale : {1.0, 1.5, 2.0, 2.5, 3.0}) {
            Appearance look;
            look.scale = scale;
            w.setAppearance(look);
            QVERIFY(app.sessions->open(kLecture));
            QVERIFY(waitForRun(w));
            for (int scene = 0; scene < app.sessions->sceneCount(); ++scene) {
                if (scene > 0) {
                    app.sessions->nextScene();
                    QVERIFY(waitForRun(w));
                }
                QCOMPARE(app.sessions->currentScene(), scene);
                for (int layout = 0; layout < kLayouts; ++layout) {
                    w.setPlotLayout(static_cast<PlotLayout>(layout));
                    // The panel as the hall has it, then opened over the views where it is overlaid.
                    for (const bool open : {false, true}) {
                        if (open && !w.isPanelOverlaid())
                            continue;
                        w.togglePanel(open);
                        QTest::qWait(30); // queued layouts and replots
                        const QString where = QStringLiteral("%1 %, scene %2, layout %3, panel %4: ")
                                                  .arg(std::lround(scale * 100)).arg(scene + 1).arg(layout)
                                                  .arg(w.isPanelOverlaid() ? (open ? "open over the views" : "strip") : "beside");
                        const QRect frame = w.frameGeometry();
                        QVERIFY2(screen.contains(frame), qPrintable(where + QStringLiteral("window %1,%2 %3 x %4 on %5 x %6")
                                                                            .arg(frame.x()).arg(frame.y()).arg(frame.width())
                                                                            .arg(frame.height()).arg(screen.width()).arg(screen.height())));
                        if (!open) {
                            const QStringList missing = missingViews(w);
                            QVERIFY2(missing.isEmpty(), qPrintable(where + missing.join(QStringLiteral("; "))));
                        }
                        const QStringList cut = cutRows(w);
                        QVERIFY2(cut.isEmpty(), qPrintable(where + cut.join(QStringLiteral("; "))));
                        const QStringList small = smallTexts(w, scale);
                        QVERIFY2(small.isEmpty(), qPrintable(where + small.join(QStringLiteral("; "))));
                        if (!shots.isEmpty() && layout == 0 && scale == 2.0)
                            w.grab().save(QStringLiteral("%1/hall-%2x%3-scene%4%5.png").arg(QString::fromLocal8Bit(shots))
                                              .arg(screen.width()).arg(screen.height()).arg(scene + 1).arg(open ? "-panel" : ""));
                        ++steps;
                    }
                    w.togglePanel(false);
                }
            }
        }
        std::printf("%d steps checked\n", steps);
        QVERIFY(steps >= 5 * 10 * kLayouts);
    }

    /// The analysis tabs with a setup column and a long run (Bifurcation, Map) up to 200 % on a
    /// 1280-pixel screen (150 % on a narrower one): the tab no wider than the window, every field of the column inside its viewport and
    /// wide enough for its text, and no text below 12 px x scale (at 200 % a column measured at
    /// 100 % cut its From and To fields off, and its notes stayed at 100 %).
    void setupColumnsFitAt200()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(waitForRun(w));
        w.setPresenterMode(true);
        const double largest = w.screen()->geometry().width() >= 1280 ? 2.0 : 1.5;
        for (const char* id : {"bifurcation", "map"}) {
            const int tab = app.bench->tabIndex(id);
            QVERIFY(tab >= 0);
            QWidget* view = app.bench->view(QLatin1String(id));
            for (const double scale : {2.0, 1.5, 1.0}) { // the largest first, on a tab not yet shown
                if (scale > largest)
                    continue;
                // The size changed on another tab, as a lecturer does before opening this one.
                w.tabs()->setCurrentIndex(0);
                Appearance look;
                look.scale = scale;
                w.setAppearance(look);
                QTest::qWait(50);
                w.tabs()->setCurrentIndex(tab);
                QTest::qWait(50);
                const QString where = QStringLiteral("%1 at %2 %: ").arg(QLatin1String(id)).arg(std::lround(scale * 100));
                auto* column = view->findChild<QScrollArea*>();
                QVERIFY(column);
                QStringList parts; // what takes the width
                for (QWidget* child : view->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
                    parts << QStringLiteral("%1 %2 (least %3)").arg(QString::fromLatin1(child->metaObject()->className()))
                                 .arg(child->width()).arg(child->minimumSizeHint().width());
                // The column is measured again after the type size's relayout (queued): waited for.
                QTRY_VERIFY2(view->isVisible() && view->width() <= w.width(),
                             qPrintable(where + QStringLiteral("%1 px wide in a %2 px window: %3").arg(view->width()).arg(w.width())
                                                    .arg(parts.join(QStringLiteral(", ")))));
                const QRect port(column->viewport()->mapTo(&w, QPoint(0, 0)), column->viewport()->size());
                int fields = 0;
                for (QLineEdit* edit : column->widget()->findChildren<QLineEdit*>()) {
                    if (!edit->isVisible() || edit->text().isEmpty() || qobject_cast<QComboBox*>(edit->parentWidget()))
                        continue;
                    const QRect r(edit->mapTo(&w, QPoint(0, 0)), edit->size());
                    const int text = edit->fontMetrics().horizontalAdvance(edit->text()) + 6;
                    QVERIFY2(r.left() >= port.left() && r.right() <= port.right() + 1 && edit->width() >= text,
                             qPrintable(where + QStringLiteral("field '%1' x %2..%3 in %4..%5, %6 px for %7")
                                                    .arg(edit->text()).arg(r.left()).arg(r.right()).arg(port.left()).arg(port.right())
                                                    .arg(edit->width()).arg(text)));
                    ++fields;
                }
                QVERIFY2(fields >= 2, qPrintable(where + QStringLiteral("%1 fields checked").arg(fields)));
                // The diagram's legend in the type size of its axes, every entry whole (a legend
                // styled while folded away kept its 100 % size and was cut at 200 %).
                for (QCustomPlot* plot : view->findChildren<QCustomPlot*>()) {
                    plot->replot();
                    QCPLegend* legend = plot->legend;
                    if (!legend->visible())
                        continue;
                    QCOMPARE(legend->font().pointSizeF(), plot->xAxis->tickLabelFont().pointSizeF());
                    for (int i = 0; i < legend->itemCount(); ++i)
                        if (QCPAbstractLegendItem* item = legend->item(i))
                            QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width()
                                         && item->outerRect().height() >= item->minimumOuterSizeHint().height(),
                                     qPrintable(where + QStringLiteral("legend entry %1: %2x%3 for %4x%5").arg(i)
                                                            .arg(item->outerRect().width()).arg(item->outerRect().height())
                                                            .arg(item->minimumOuterSizeHint().width()).arg(item->minimumOuterSizeHint().height())));
                }
                // Every text written into a plot (the Map's "No map yet" ran past both edges at 200 %).
                for (QCustomPlot* plot : view->findChildren<QCustomPlot*>()) {
                    if (!plot->isVisible())
                        continue;
                    for (int i = 0; i < plot->itemCount(); ++i) {
                        auto* text = qobject_cast<QCPItemText*>(plot->item(i));
                        if (!text || !text->visible() || text->text().isEmpty() || text->rotation() != 0.0)
                            continue;
                        const QRectF r = itemTextRect(text);
                        QVERIFY2(QRectF(plot->viewport()).adjusted(-1, -1, 1, 1).contains(r),
                                 qPrintable(where + QStringLiteral("plot text '%1' at %2,%3 %4x%5 in a %6x%7 plot").arg(text->text())
                                                        .arg(r.left()).arg(r.top()).arg(r.width()).arg(r.height())
                                                        .arg(plot->viewport().width()).arg(plot->viewport().height())));
                    }
                }
                const QStringList small = smallTexts(w, scale);
                QVERIFY2(small.isEmpty(), qPrintable(where + small.join(QStringLiteral("; "))));
            }
        }
    }

    /// Texts outside the walk's views follow the scale too: the Lyapunov result, the model
    /// editor (its text and its window, within the screen), the playback buttons' symbols and
    /// the phase portrait's "mod 2π".
    void textsOutsideTheViewsFollowTheScale()
    {
        App app;
        MainWindow& w = app.window;
        auto* models = new ModelManager(w);
        QVERIFY(waitForRun(w));
        for (const double scale : {1.0, 2.0, 3.0}) {
            Appearance look;
            look.scale = scale;
            w.setAppearance(look);
            QTest::qWait(50);
            const int least = static_cast<int>(std::floor(12.0 * scale));
            const QString where = QStringLiteral("%1 %: ").arg(std::lround(scale * 100));
            auto* value = app.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->findChild<QLabel*>(QStringLiteral("value"));
            QVERIFY(value);
            QVERIFY2(QFontInfo(value->font()).pixelSize() >= least * 1.1,
                     qPrintable(where + QStringLiteral("Lyapunov result %1 px").arg(QFontInfo(value->font()).pixelSize())));
            ModelEditor* editor = models->showEditor();
            auto* text = editor->findChild<QWidget*>(QStringLiteral("modelText"));
            QVERIFY(text);
            QVERIFY2(QFontInfo(text->font()).pixelSize() >= least,
                     qPrintable(where + QStringLiteral("model text %1 px").arg(QFontInfo(text->font()).pixelSize())));
            const QRect screen = editor->screen()->availableGeometry();
            QVERIFY2(editor->width() <= screen.width() && editor->height() <= screen.height(),
                     qPrintable(where + QStringLiteral("editor %1 x %2").arg(editor->width()).arg(editor->height())));
            QVERIFY(editor->width() >= std::min(screen.width() - 16, static_cast<int>(760 * scale)) - 1);
            editor->close();
            for (QToolButton* button : w.findChild<fl::ui::PlaybackBar*>()->findChildren<QToolButton*>())
                if (!button->icon().isNull())
                    QVERIFY2(button->iconSize().height() >= least,
                             qPrintable(where + QStringLiteral("playback symbol %1 px").arg(button->iconSize().height())));
            auto* wrap = w.phasePortraitPlot()->findChild<QCheckBox*>(QStringLiteral("angleWrap"));
            QVERIFY(wrap);
            QTRY_VERIFY2(wrap->width() >= wrap->sizeHint().width() && QFontInfo(wrap->font()).pixelSize() >= least,
                         qPrintable(where + QStringLiteral("mod 2π %1 px wide of %2").arg(wrap->width()).arg(wrap->sizeHint().width())));
        }
    }
};

QTEST_MAIN(TestHallLayout)
#include "test_hall_layout.moc"
