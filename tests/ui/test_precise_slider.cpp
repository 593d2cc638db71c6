// Tests of ui/widgets/precise_slider (with the ParameterRow and ParameterPanel that use it): the
// wheel scrolls the panel unless the slider or combo box has the focus, Shift makes drags, keys
// and the wheel ten times finer, N/W narrow and widen a slider's range around its value.
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "widgets/precise_slider.h"
#include "widgets/slider_scale.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpontaneKeyEvent>
#include <QTest>

#include <cmath>
#include <memory>

using fl::ui::ParameterPanel;
using fl::ui::ParameterRow;
using fl::ui::PreciseSlider;
using fl::ui::SliderScale;

namespace {

/// Turns the wheel over the middle of w by angle eighths of a degree (120 = one notch), as the
/// window system does (a spontaneous event, which Qt passes on to the parents when ignored).
void turnWheel(QWidget* w, int angle, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const QPointF pos = QRectF(w->rect()).center();
    QWheelEvent event(pos, w->mapToGlobal(pos), QPoint(), QPoint(0, angle), Qt::NoButton, modifiers,
                      Qt::NoScrollPhase, false);
    QSpontaneKeyEvent::setSpontaneous(&event);
    qApp->notify(w, &event);
}

void sendMouse(QWidget* w, QEvent::Type type, QPoint pos, Qt::KeyboardModifiers modifiers)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    const Qt::MouseButtons buttons = type == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, QPointF(pos), QPointF(w->mapToGlobal(pos)), button, buttons, modifiers);
    QApplication::sendEvent(w, &event);
}

/// Drags the handle by dx pixels in ten moves, with the given modifiers held throughout.
void dragHandle(PreciseSlider* slider, int dx, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const QPoint start = slider->handleRect().center();
    sendMouse(slider, QEvent::MouseButtonPress, start, modifiers);
    for (int i = 1; i <= 10; ++i)
        sendMouse(slider, QEvent::MouseMove, start + QPoint(dx * i / 10, 0), modifiers);
    sendMouse(slider, QEvent::MouseButtonRelease, start + QPoint(dx, 0), modifiers);
}

double value(const ParameterPanel& panel, const char* id) { return panel.scenario().params.value(id); }

} // namespace

class TestPreciseSlider : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void wheelOverUnfocusedSliderScrollsThePanel();
    void wheelOverUnfocusedComboScrollsThePanel();
    void wheelMovesAFocusedSlider();
    void shiftDragIsTenTimesFiner();
    void shiftKeysAreTenTimesFiner();
    void narrowingTwiceMakesStepsAHundredTimesFiner();
    void narrowedRangeKeepsTheSpecsValidation();
    void contextMenuNarrowsWidensAndRestores();
    void narrowKeyWinsOverWindowShortcuts();
    void tooltipsNameTheControls();

private:
    QScrollArea* m_scroll = nullptr;
    ParameterPanel* m_panel = nullptr;
};

void TestPreciseSlider::init()
{
    // As in the main window: the panel in a scroll area, here short enough to scroll.
    m_scroll = new QScrollArea;
    m_panel = new ParameterPanel;
    m_scroll->setWidget(m_panel);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->resize(420, 300);
    m_scroll->show();
    m_scroll->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_scroll));
    QVERIFY(m_scroll->verticalScrollBar()->maximum() > 0);
}

void TestPreciseSlider::cleanup()
{
    delete m_scroll;
    m_scroll = nullptr;
    m_panel = nullptr;
}

void TestPreciseSlider::wheelOverUnfocusedSliderScrollsThePanel()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    PreciseSlider* slider = m_panel->row(QStringLiteral("v_b"))->slider();
    QVERIFY(!slider->hasFocus());
    const int position = slider->value();
    QScrollBar* bar = m_scroll->verticalScrollBar();
    QCOMPARE(bar->value(), 0);
    turnWheel(slider, -120);
    QCOMPARE(slider->value(), position);
    QCOMPARE(value(*m_panel, "v_b"), 0.5);
    QCOMPARE(changed.count(), 0);
    QVERIFY(bar->value() > 0);
}

void TestPreciseSlider::wheelOverUnfocusedComboScrollsThePanel()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    QComboBox* system = m_panel->systemCombo();
    QCOMPARE(system->focusPolicy(), Qt::StrongFocus);
    // The window gave its first control the focus when it opened: not a choice of the user's.
    QCOMPARE(QApplication::focusWidget(), system);
    const int index = system->currentIndex();
    turnWheel(system, -120);
    turnWheel(m_panel->lawCombo(), -120);
    QCOMPARE(system->currentIndex(), index);
    QCOMPARE(m_panel->scenario().lawId, std::string("coulomb"));
    QCOMPARE(changed.count(), 0);
    QVERIFY(m_scroll->verticalScrollBar()->value() > 0);
}

void TestPreciseSlider::wheelMovesAFocusedSlider()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    PreciseSlider* slider = m_panel->row(QStringLiteral("v_b"))->slider();
    m_scroll->ensureWidgetVisible(slider);
    const int scrolled = m_scroll->verticalScrollBar()->value();
    slider->setFocus();
    QVERIFY(slider->hasFocus());
    // One notch: one coarse step (0.01 of v_b's [-5, 5]); with Shift a tenth of it.
    turnWheel(slider, 120);
    QCOMPARE(value(*m_panel, "v_b"), 0.51);
    turnWheel(slider, 120, Qt::ShiftModifier);
    QCOMPARE(value(*m_panel, "v_b"), 0.511);
    turnWheel(slider, -120);
    QCOMPARE(value(*m_panel, "v_b"), 0.501);
    QCOMPARE(changed.count(), 3);
    QCOMPARE(m_scroll->verticalScrollBar()->value(), scrolled);
}

void TestPreciseSlider::shiftDragIsTenTimesFiner()
{
    ParameterRow* row = m_panel->row(QStringLiteral("v_b"));
    PreciseSlider* slider = row->slider();
    m_scroll->ensureWidgetVisible(slider);
    QVERIFY(slider->width() > 150);
    dragHandle(slider, 40);
    const double coarse = value(*m_panel, "v_b") - 0.5;
    m_panel->resetToDefaults();
    QCOMPARE(value(*m_panel, "v_b"), 0.5);
    dragHandle(slider, 40, Qt::ShiftModifier);
    const double fine = value(*m_panel, "v_b") - 0.5;
    QVERIFY2(coarse > 0.5, qPrintable(QString::number(coarse)));
    // The same 40 px move ten times less, within one coarse step (0.01) of rounding.
    QVERIFY2(std::abs(coarse - 10.0 * fine) <= 0.01 + 1e-12,
             qPrintable(QStringLiteral("coarse %1, fine %2").arg(coarse).arg(fine)));
    // Shift pressed in the middle of a drag: the rest of it is fine, without a jump.
    m_panel->resetToDefaults();
    const QPoint start = slider->handleRect().center();
    sendMouse(slider, QEvent::MouseButtonPress, start, Qt::NoModifier);
    sendMouse(slider, QEvent::MouseMove, start + QPoint(20, 0), Qt::NoModifier);
    const double half = value(*m_panel, "v_b");
    sendMouse(slider, QEvent::MouseMove, start + QPoint(40, 0), Qt::ShiftModifier);
    sendMouse(slider, QEvent::MouseButtonRelease, start + QPoint(40, 0), Qt::ShiftModifier);
    const double after = value(*m_panel, "v_b") - half;
    QVERIFY2(after > 0.0 && std::abs(10.0 * after - (half - 0.5)) <= 0.01 + 1e-12,
             qPrintable(QStringLiteral("first half %1, second %2").arg(half - 0.5).arg(after)));
}

void TestPreciseSlider::shiftKeysAreTenTimesFiner()
{
    PreciseSlider* slider = m_panel->row(QStringLiteral("v_b"))->slider();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Right);
    QCOMPARE(value(*m_panel, "v_b"), 0.51);
    QTest::keyClick(slider, Qt::Key_Right, Qt::ShiftModifier);
    QCOMPARE(value(*m_panel, "v_b"), 0.511);
    QTest::keyClick(slider, Qt::Key_Left, Qt::ShiftModifier);
    QTest::keyClick(slider, Qt::Key_Left);
    QCOMPARE(value(*m_panel, "v_b"), 0.5);
    QTest::keyClick(slider, Qt::Key_PageUp);
    QCOMPARE(value(*m_panel, "v_b"), 1.0);
    QTest::keyClick(slider, Qt::Key_PageDown, Qt::ShiftModifier);
    QCOMPARE(value(*m_panel, "v_b"), 0.95);
}

void TestPreciseSlider::narrowingTwiceMakesStepsAHundredTimesFiner()
{
    const int pendulum = m_panel->systemCombo()->findData(QStringLiteral("pendulum"));
    QVERIFY(pendulum >= 0);
    m_panel->systemCombo()->setCurrentIndex(pendulum);
    QCOMPARE(value(*m_panel, "omega0"), 40.0);
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    ParameterRow* row = m_panel->row(QStringLiteral("omega0"));
    QVERIFY(row);
    PreciseSlider* slider = row->slider();
    const double fullStep = (row->spec().max - row->spec().min) / SliderScale::kSteps;
    slider->setFocus();
    QVERIFY(row->rangeLabel()->isHidden());
    QTest::keyClick(slider, Qt::Key_N);
    QTest::keyClick(slider, Qt::Key_N);
    // Narrowing changes the slider, not the value.
    QCOMPARE(changed.count(), 0);
    QCOMPARE(row->scale().narrowing(), 2);
    QVERIFY(!row->rangeLabel()->isHidden());
    QVERIFY2(row->rangeLabel()->text().contains(QStringLiteral("[38, 42] (narrowed ×2)")), qPrintable(row->rangeLabel()->text()));
    QTest::keyClick(slider, Qt::Key_Right);
    const double step = value(*m_panel, "omega0") - 40.0;
    QVERIFY2(step > 0.0 && step <= fullStep / 100.0 * (1.0 + 1e-9), qPrintable(QString::number(step)));
    QTest::keyClick(slider, Qt::Key_Right, Qt::ShiftModifier);
    QVERIFY(std::abs(value(*m_panel, "omega0") - 40.0 - 1.1 * step) < 1e-9);
    // W widens back one level around the value.
    QTest::keyClick(slider, Qt::Key_W);
    QCOMPARE(row->scale().narrowing(), 1);
    QVERIFY2(row->rangeLabel()->text().contains(QStringLiteral("[20, 60] (narrowed)")), qPrintable(row->rangeLabel()->text()));
}

void TestPreciseSlider::narrowedRangeKeepsTheSpecsValidation()
{
    ParameterRow* row = m_panel->row(QStringLiteral("v_b"));
    row->narrow();
    row->narrow();
    QCOMPARE(row->scale().min(), 0.45);
    QCOMPARE(row->scale().max(), 0.55);
    // A typed value outside the narrowed window but inside [-5, 5] is taken; the window follows.
    row->editor()->setFocus();
    row->editor()->selectAll();
    QTest::keyClicks(row->editor(), QStringLiteral("3"));
    QCOMPARE(value(*m_panel, "v_b"), 3.0);
    QVERIFY(row->scale().min() <= 3.0 && row->scale().max() >= 3.0);
    QCOMPARE(row->scale().narrowing(), 2);
    QCOMPARE(row->slider()->value(), row->scale().position(3.0));
    // Outside [-5, 5] is still rejected with the spec's range.
    row->editor()->selectAll();
    QTest::keyClicks(row->editor(), QStringLiteral("7"));
    QCOMPARE(value(*m_panel, "v_b"), 3.0);
    QVERIFY2(row->error().contains(QStringLiteral("[-5, 5]")), qPrintable(row->error()));
}

void TestPreciseSlider::contextMenuNarrowsWidensAndRestores()
{
    ParameterRow* row = m_panel->row(QStringLiteral("v_b"));
    const auto trigger = [row](const char* name) {
        const std::unique_ptr<QMenu> menu(row->slider()->createRangeMenu(nullptr));
        auto* action = menu->findChild<QAction*>(QString::fromLatin1(name));
        QVERIFY2(action, name);
        QVERIFY2(action->isEnabled(), name);
        action->trigger();
    };
    trigger("narrowAction");
    trigger("narrowAction");
    QCOMPARE(row->scale().narrowing(), 2);
    trigger("widenAction");
    QCOMPARE(row->scale().narrowing(), 1);
    trigger("fullRangeAction");
    QVERIFY(!row->scale().isNarrowed());
    QVERIFY(row->rangeLabel()->isHidden());
    QCOMPARE(row->slider()->value(), row->scale().position(0.5));
    const std::unique_ptr<QMenu> menu(row->slider()->createRangeMenu(nullptr));
    QVERIFY(!menu->findChild<QAction*>(QStringLiteral("widenAction"))->isEnabled());
    // The link on the range line restores the full range too.
    row->narrow();
    emit row->rangeLabel()->linkActivated(QStringLiteral("full"));
    QVERIFY(!row->scale().isNarrowed());
}

void TestPreciseSlider::narrowKeyWinsOverWindowShortcuts()
{
    auto* windowAction = new QAction(m_scroll);
    windowAction->setShortcut(QKeySequence(Qt::Key_N));
    m_scroll->addAction(windowAction);
    QSignalSpy triggered(windowAction, &QAction::triggered);
    m_scroll->activateWindow();
    PreciseSlider* slider = m_panel->row(QStringLiteral("v_b"))->slider();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_N);
    QCOMPARE(m_panel->row(QStringLiteral("v_b"))->scale().narrowing(), 1);
    QCOMPARE(triggered.count(), 0);
}

void TestPreciseSlider::tooltipsNameTheControls()
{
    const QString tip = m_panel->row(QStringLiteral("v_b"))->slider()->toolTip();
    for (const char* part : {"Shift", "10× finer", "<b>N</b> narrows", "<b>W</b> widens", "keyboard focus", "scrolls the panel"})
        QVERIFY2(tip.contains(QString::fromUtf8(part)), part);
}

QTEST_MAIN(TestPreciseSlider)
#include "test_precise_slider.moc"
