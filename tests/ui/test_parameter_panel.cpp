// Tests of ui/widgets/parameter_panel (and the ParameterRow it generates): rows from the specs,
// live slider edits, errors for bad input, law/method switching, reset, whole-number parameters.
#include "friction/friction_law.h"
#include "systems/system_registry.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "widgets/slider_scale.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardItemModel>
#include <QTest>

using fl::ui::ParameterPanel;
using fl::ui::ParameterRow;

namespace {

void selectData(QComboBox* combo, const char* id)
{
    const int index = combo->findData(QString::fromLatin1(id));
    QVERIFY2(index >= 0, id);
    combo->setCurrentIndex(index);
}

/// Replaces the field's text by typing, as a user would.
void typeInto(QLineEdit* editor, const QString& text)
{
    editor->setFocus();
    editor->selectAll();
    QTest::keyClick(editor, Qt::Key_Backspace);
    QTest::keyClicks(editor, text);
}

fl::Scenario lastChanged(const QSignalSpy& spy) { return spy.last().at(0).value<fl::Scenario>(); }

} // namespace

class TestParameterPanel : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void rowsFollowTheSpecs();
    void tooltipsGiveLabelHelpRangeDefault();
    void sliderEditsWhileDragging();
    void typedOutOfRangeValueIsRejected();
    void typedTextThatIsNoNumberIsRejected();
    void relationErrorIsShownAndNotEmitted();
    void lawChangeKeepsSharedValues();
    void regularizationFollowsTheMethod();
    void lawWithMemoryTakesTheStiffMethod();
    void resetRestoresDefaults();
    void integerParameterStepsByOne();

private:
    ParameterPanel* m_panel = nullptr;
};

void TestParameterPanel::init()
{
    m_panel = new ParameterPanel;
    m_panel->show();
}

void TestParameterPanel::cleanup()
{
    delete m_panel;
    m_panel = nullptr;
}

void TestParameterPanel::rowsFollowTheSpecs()
{
    const fl::ParameterSpecs& specs = m_panel->scenario().params.specs();
    QCOMPARE(m_panel->rows().size(), specs.size());
    for (size_t i = 0; i < specs.size(); ++i) {
        ParameterRow* row = m_panel->rows()[i];
        QCOMPARE(row->id(), QString::fromStdString(specs[i].id));
        QCOMPARE(row->editor()->text(), QString::fromStdString(fl::formatNumber(specs[i].defaultValue)));
        QCOMPARE(row->slider()->value(), fl::ui::SliderScale(specs[i]).position(specs[i].defaultValue));
    }
    QCOMPARE(m_panel->systemCombo()->count(), int(fl::systems().size()));
    QCOMPARE(m_panel->lawCombo()->count(), int(fl::frictionLaws().size()));
    QCOMPARE(m_panel->methodCombo()->count(), int(fl::methods().size()));
    QCOMPARE(m_panel->regularizationCombo()->count(), int(fl::regularizations().size()));
}

void TestParameterPanel::tooltipsGiveLabelHelpRangeDefault()
{
    ParameterRow* row = m_panel->row(QStringLiteral("mu_s"));
    QVERIFY(row);
    const QString tip = row->slider()->toolTip();
    QVERIFY2(tip.contains(QStringLiteral("Static friction coefficient")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("[0, 10]")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Default: 2")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Must be ≥ μ_k")), qPrintable(tip));
    QCOMPARE(row->editor()->toolTip(), tip);
}

void TestParameterPanel::sliderEditsWhileDragging()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    QSlider* slider = m_panel->row(QStringLiteral("v_b"))->slider();
    // Pressed and moved, not released: the scenario must follow already.
    slider->setSliderDown(true);
    slider->setSliderPosition(600 * fl::ui::SliderScale::kFine);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(lastChanged(changed).params.value("v_b"), 1.0);
    slider->setSliderPosition(610 * fl::ui::SliderScale::kFine);
    QCOMPARE(changed.count(), 2);
    QCOMPARE(lastChanged(changed).params.value("v_b"), 1.1);
    QCOMPARE(m_panel->row(QStringLiteral("v_b"))->editor()->text(), QStringLiteral("1.1"));
    slider->setSliderDown(false);
}

void TestParameterPanel::typedOutOfRangeValueIsRejected()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    QSignalSpy rejected(m_panel, &ParameterPanel::scenarioRejected);
    ParameterRow* row = m_panel->row(QStringLiteral("v_b"));
    typeInto(row->editor(), QStringLiteral("7"));
    QCOMPARE(changed.count(), 0);
    QVERIFY(rejected.count() >= 1);
    QVERIFY2(row->error().contains(QStringLiteral("[-5, 5]")), qPrintable(row->error()));
    QCOMPARE(m_panel->scenario().params.value("v_b"), 0.5);
    // Correcting the entry clears the error and applies the value.
    typeInto(row->editor(), QStringLiteral("2"));
    QVERIFY(row->error().isEmpty());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(m_panel->scenario().params.value("v_b"), 2.0);
}

void TestParameterPanel::typedTextThatIsNoNumberIsRejected()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    ParameterRow* row = m_panel->row(QStringLiteral("zeta"));
    typeInto(row->editor(), QStringLiteral("abc"));
    QCOMPARE(changed.count(), 0);
    QVERIFY2(row->error().contains(QStringLiteral("not a number")), qPrintable(row->error()));
    QVERIFY2(row->error().contains(QStringLiteral("[0, 2]")), qPrintable(row->error()));
}

void TestParameterPanel::relationErrorIsShownAndNotEmitted()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    QSignalSpy rejected(m_panel, &ParameterPanel::scenarioRejected);
    ParameterRow* row = m_panel->row(QStringLiteral("mu_s"));
    typeInto(row->editor(), QStringLiteral("0.5"));
    QCOMPARE(changed.count(), 0);
    QVERIFY(rejected.count() >= 1);
    QVERIFY2(rejected.last().at(0).toString().contains(QStringLiteral("mu_k")), qPrintable(rejected.last().at(0).toString()));
    QVERIFY2(row->error().contains(QStringLiteral("must be >=")), qPrintable(row->error()));
    // Lowering mu_k below mu_s makes the scenario valid again.
    typeInto(m_panel->row(QStringLiteral("mu_k"))->editor(), QStringLiteral("0.4"));
    QVERIFY(changed.count() >= 1);
    QVERIFY(row->error().isEmpty());
    QCOMPARE(lastChanged(changed).params.value("mu_s"), 0.5);
    QCOMPARE(lastChanged(changed).params.value("mu_k"), 0.4);
}

void TestParameterPanel::lawChangeKeepsSharedValues()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    typeInto(m_panel->row(QStringLiteral("mu_k"))->editor(), QStringLiteral("0.7"));
    typeInto(m_panel->row(QStringLiteral("v_b"))->editor(), QStringLiteral("0.8"));
    selectData(m_panel->lawCombo(), "stribeck-exp");
    QCOMPARE(lastChanged(changed).lawId, std::string("stribeck-exp"));
    QVERIFY(m_panel->row(QStringLiteral("mu_s")) == nullptr);
    QVERIFY(m_panel->row(QStringLiteral("delta")) != nullptr);
    QCOMPARE(m_panel->row(QStringLiteral("mu_k"))->editor()->text(), QStringLiteral("0.7"));
    QCOMPARE(m_panel->scenario().params.value("mu_k"), 0.7);
    QCOMPARE(m_panel->scenario().params.value("v_b"), 0.8);
    QCOMPARE(m_panel->rows().size(), m_panel->scenario().params.specs().size());
}

void TestParameterPanel::regularizationFollowsTheMethod()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    ParameterRow* eps = m_panel->row(QStringLiteral("eps"));
    QVERIFY(!m_panel->regularizationCombo()->isEnabled());
    QVERIFY(!eps->slider()->isEnabled());
    QVERIFY(!eps->editor()->isEnabled());
    selectData(m_panel->methodCombo(), "regularized");
    QCOMPARE(changed.count(), 1);
    QVERIFY(lastChanged(changed).method == fl::Method::Regularized);
    QVERIFY(m_panel->regularizationCombo()->isEnabled());
    QVERIFY(eps->slider()->isEnabled());
    selectData(m_panel->regularizationCombo(), "tanh");
    QVERIFY(lastChanged(changed).regularization == fl::Regularization::Tanh);
    selectData(m_panel->methodCombo(), "event");
    QVERIFY(!m_panel->regularizationCombo()->isEnabled());
    QVERIFY(!eps->editor()->isEnabled());
}

/// LuGre chosen from an event-driven scenario: the stiff method is selected, the event-driven item
/// is disabled, eps and the regularization (which LuGre does not use) are greyed out, and the law's
/// rows (sigma0 ...) appear; back to Coulomb, the event-driven method is selectable again.
void TestParameterPanel::lawWithMemoryTakesTheStiffMethod()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    selectData(m_panel->lawCombo(), "lugre");
    QCOMPARE(changed.count(), 1);
    QCOMPARE(lastChanged(changed).lawId, std::string("lugre"));
    QVERIFY(lastChanged(changed).method == fl::Method::Regularized);
    QCOMPARE(m_panel->methodCombo()->currentData().toString(), QStringLiteral("regularized"));
    auto* model = qobject_cast<QStandardItemModel*>(m_panel->methodCombo()->model());
    QVERIFY(model);
    QVERIFY(!model->item(m_panel->methodCombo()->findData(QStringLiteral("event")))->isEnabled());
    QVERIFY(model->item(m_panel->methodCombo()->findData(QStringLiteral("explicit")))->isEnabled());
    QVERIFY(!m_panel->regularizationCombo()->isEnabled());
    QVERIFY(!m_panel->row(QStringLiteral("eps"))->editor()->isEnabled());
    QVERIFY(m_panel->integratorCombo()->isEnabled());
    QVERIFY(m_panel->row(QStringLiteral("sigma0")) != nullptr);
    QCOMPARE(m_panel->scenario().params.value("mu_s"), 2.0); // kept from Coulomb
    selectData(m_panel->lawCombo(), "coulomb");
    QVERIFY(model->item(m_panel->methodCombo()->findData(QStringLiteral("event")))->isEnabled());
    QVERIFY(m_panel->regularizationCombo()->isEnabled()); // Coulomb, regularized: eps enters again
}

void TestParameterPanel::resetRestoresDefaults()
{
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    typeInto(m_panel->row(QStringLiteral("v_b"))->editor(), QStringLiteral("1.5"));
    typeInto(m_panel->row(QStringLiteral("zeta"))->editor(), QStringLiteral("x"));
    QCOMPARE(m_panel->scenario().params.value("v_b"), 1.5);
    QTest::mouseClick(m_panel->resetButton(), Qt::LeftButton);
    QCOMPARE(m_panel->scenario().params.value("v_b"), 0.5);
    QCOMPARE(m_panel->row(QStringLiteral("v_b"))->editor()->text(), QStringLiteral("0.5"));
    QVERIFY(m_panel->row(QStringLiteral("zeta"))->error().isEmpty());
    QCOMPARE(lastChanged(changed).params.value("v_b"), 0.5);
}

/// The chain's block count n is an integer parameter: its slider steps by one block from the key
/// (coarse and fine) and a typed 2.5 is refused with the kind's message.
void TestParameterPanel::integerParameterStepsByOne()
{
    selectData(m_panel->systemCombo(), "bk-chain");
    QSignalSpy changed(m_panel, &ParameterPanel::scenarioChanged);
    ParameterRow* row = m_panel->row(QStringLiteral("n"));
    QVERIFY(row);
    QCOMPARE(m_panel->scenario().params.value("n"), 10.0);
    row->slider()->setFocus();
    for (double expected : {11.0, 12.0, 13.0}) {
        QTest::keyClick(row->slider(), Qt::Key_Right);
        QCOMPARE(lastChanged(changed).params.value("n"), expected);
        QCOMPARE(row->editor()->text(), QString::number(expected));
    }
    QTest::keyClick(row->slider(), Qt::Key_Left, Qt::ShiftModifier); // fine: still a whole block
    QCOMPARE(lastChanged(changed).params.value("n"), 12.0);
    typeInto(row->editor(), QStringLiteral("2.5")); // "2" and "2." on the way are whole
    QCOMPARE(lastChanged(changed).params.value("n"), 2.0);
    QCOMPARE(row->error(), QStringLiteral("n must be a whole number (1 to 1000)"));
    typeInto(row->editor(), QStringLiteral("3"));
    QVERIFY(row->error().isEmpty());
    QCOMPARE(lastChanged(changed).params.value("n"), 3.0);
}

QTEST_MAIN(TestParameterPanel)
#include "test_parameter_panel.moc"
