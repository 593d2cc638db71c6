// Tests of ui/widgets/palette_sharing_style (soak): the parameter panel's real row
// rebuilds (switching the system back and forth, as a lecturer does) create new sliders and combo
// boxes, each with a palette instance of its own; what reaches the base style (Fusion, which puts
// the palette's cacheKey() into its pixmap-cache keys) must be one palette, so the keys repeat.
#include "widgets/palette_sharing_style.h"
#include "presenter/appearance.h"
#include "widgets/parameter_panel.h"

#include <QApplication>
#include <QComboBox>
#include <QProxyStyle>
#include <QStyleFactory>
#include <QStyleOption>
#include <QTest>

#include <set>

using fl::ui::PaletteSharingStyle;

namespace {

/// Between PaletteSharingStyle and Fusion: records the palettes that Fusion would key its cache on.
class RecordingStyle : public QProxyStyle {
public:
    explicit RecordingStyle(QStyle* base) : QProxyStyle(base) {}
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option, QPainter* painter,
                            const QWidget* widget) const override
    {
        if (control == CC_Slider || control == CC_ComboBox) {
            optionKeys.insert(option->palette.cacheKey());
            if (widget) {
                widgetKeys.insert(widget->palette().cacheKey());
                widgets.insert(widget);
            }
        }
        QProxyStyle::drawComplexControl(control, option, painter, widget);
    }
    mutable std::set<qint64> optionKeys; ///< what Fusion's keys are built from
    mutable std::set<qint64> widgetKeys; ///< the widgets' own palettes
    mutable std::set<const QWidget*> widgets;
};

} // namespace

class TestPaletteSharingStyle : public QObject {
    Q_OBJECT
private slots:
    void rebuiltRowsPaintWithOnePalette();
    void sharedPaletteKeepsTheColours();
};

void TestPaletteSharingStyle::rebuiltRowsPaintWithOnePalette()
{
    auto* recording = new RecordingStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setStyle(new PaletteSharingStyle(recording));
    fl::ui::setCurrentAppearance(fl::ui::currentAppearance()); // the application palette, as MainWindow sets it
    fl::ui::ParameterPanel panel;
    panel.resize(420, 1400);
    panel.show();
    QComboBox* system = panel.systemCombo();
    QVERIFY(system->count() >= 2);
    for (int round = 0; round < 4; ++round) {
        system->setCurrentIndex(round % 2 ? 0 : 1); // rebuilds the rows
        QCoreApplication::processEvents();
        panel.grab(); // paints every row
    }
    // The premise: the rebuilds made many sliders and combo boxes with palettes of their own.
    QVERIFY2(recording->widgets.size() >= 20, qPrintable(QString::number(recording->widgets.size())));
    QVERIFY2(recording->widgetKeys.size() >= 10, qPrintable(QString::number(recording->widgetKeys.size())));
    // What Fusion sees: one palette for all of them.
    QCOMPARE(recording->optionKeys.size(), size_t(1));
}

void TestPaletteSharingStyle::sharedPaletteKeepsTheColours()
{
    QPalette light = QApplication::palette();
    QPalette dark = light;
    dark.setColor(QPalette::Window, QColor(30, 30, 30));
    dark.setColor(QPalette::Button, QColor(40, 40, 40));
    const QPalette a = PaletteSharingStyle::shared(light);
    const QPalette b = PaletteSharingStyle::shared(dark);
    QCOMPARE(a, light);
    QCOMPARE(b, dark);
    QVERIFY(a.cacheKey() != b.cacheKey());
    QPalette lightCopy(Qt::red); // an equal palette, built brush by brush: another instance
    for (int group = 0; group < QPalette::NColorGroups; ++group)
        for (int role = 0; role < QPalette::NColorRoles; ++role)
            lightCopy.setBrush(QPalette::ColorGroup(group), QPalette::ColorRole(role),
                               light.brush(QPalette::ColorGroup(group), QPalette::ColorRole(role)));
    lightCopy.setResolveMask(light.resolveMask());
    QCOMPARE(lightCopy, light);
    QVERIFY(lightCopy.cacheKey() != a.cacheKey());
    QCOMPARE(PaletteSharingStyle::shared(lightCopy).cacheKey(), a.cacheKey());
    QCOMPARE(PaletteSharingStyle::shared(dark).cacheKey(), b.cacheKey());
}

QTEST_MAIN(TestPaletteSharingStyle)
#include "test_palette_sharing_style.moc"
