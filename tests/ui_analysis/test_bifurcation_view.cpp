// BifurcationView driven through its real widgets: the form, Start, Cancel (button and Esc), a click
// on a column, CSV and PNG export. Physics: the belt's Stribeck hysteresis (two branches at
// v_b = 1.5) and the pendulum's equilibrium at omega0 = 30 (Acta Fig. 5a/6a).
#include "analysis/bifurcation_plot.h"
#include "analysis/bifurcation_sweep.h"
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/bifurcation_view.h"
#include "../ui/axis_checks.h"
#include "plane_section_model.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QThreadPool>
#include <QTest>

#include <cmath>
#include <set>

using fl::ui::BifurcationView;

namespace {

/// Belt, exponential Stribeck law (mu_0 = 2, mu_k = 1, delta = 3), zeta = 0.05, event-driven:
/// steady sliding is stable above v_b = ln(30)/3 = 1.134 and coexists with stick-slip there.
fl::Scenario stribeckBelt()
{
    fl::Scenario s;
    fl::makeScenario("belt", "stribeck-exp", fl::Method::EventDriven, fl::Regularization::Kudra, s);
    s.params.set("zeta", 0.05);
    return s;
}

template <typename T>
T* field(const BifurcationView& view, const char* name)
{
    T* widget = view.setupPanel()->findChild<T*>(QString::fromLatin1(name));
    if (!widget)
        qFatal("no field %s", name);
    return widget;
}

/// Types text into a field as a user would (select all, type).
void type(QLineEdit* edit, const QString& text)
{
    edit->selectAll();
    QTest::keyClicks(edit, text);
}

void choose(QComboBox* combo, const QVariant& data)
{
    const int index = combo->findData(data);
    QVERIFY2(index >= 0, qPrintable(data.toString()));
    combo->setCurrentIndex(index);
}

double mean(const std::vector<double>& v)
{
    double s = 0.0;
    for (double x : v)
        s += x;
    return s / double(v.size());
}

} // namespace

class TestBifurcationView : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_view = new BifurcationView;
        m_view->resize(1300, 760);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view));
    }
    void cleanup() { delete m_view; }

    /// A bifurcation preset fills every field; an out-of-range value names the allowed range.
    void presetFillsTheFormAndValidates()
    {
        QVERIFY(m_view->selectPreset("acta2016-fig5a"));
        QCOMPARE(field<QComboBox>(*m_view, "parameter")->currentData().toString(), QString("omega0"));
        QCOMPARE(field<QLineEdit>(*m_view, "from")->text(), QString("20"));
        QCOMPARE(field<QLineEdit>(*m_view, "to")->text(), QString("80"));
        QCOMPARE(field<QSpinBox>(*m_view, "steps")->value(), 601);
        QCOMPARE(field<QComboBox>(*m_view, "observable")->currentData().toInt(), int(fl::SweepObservable::Hyperplane));
        QCOMPARE(field<QComboBox>(*m_view, "variable")->currentText(), QString("X_C [m]"));
        QVERIFY(field<QCheckBox>(*m_view, "continuation")->isChecked());
        QVERIFY(m_view->startButton()->isEnabled());

        type(field<QLineEdit>(*m_view, "to"), "500");
        QVERIFY(!m_view->setupPanel()->isValid());
        QVERIFY(!m_view->startButton()->isEnabled());
        QVERIFY2(m_view->setupPanel()->validationMessage().contains("[-200, 200]"),
                 qPrintable(m_view->setupPanel()->validationMessage()));
        QVERIFY(!m_view->start());
        type(field<QLineEdit>(*m_view, "to"), "abc");
        QVERIFY(m_view->setupPanel()->validationMessage().contains("not a number"));
        type(field<QLineEdit>(*m_view, "to"), "80");
        QVERIFY(m_view->setupPanel()->isValid());
        QVERIFY(m_view->startButton()->isEnabled());
    }

    /// A model's scenario (here one with a first-order state) puts the model in the System box, as
    /// the parameter panel does, not the built-in system that happened to be there; its state is
    /// a variable the sweep can record.
    void aModelJoinsTheSystemBox()
    {
        const fl::ModelRegistration r = fl::registerModel(
            "flmodel 1\nname \"Block with a memory\"\nparam tau = 2 range 0.1 .. 10\ncoord x\nstate z label \"Memory\" = 0\n"
            "rate z = -z/tau + abs(x' - 0.3)\nforce x = -x\ncontact belt\n    slip = x' - 0.3\n    law = custom\n    kinetic = 0.3 + 0.05*z\n"
            "    static = 0.5\n");
        QVERIFY2(r.ok(), r.error.reason.c_str());
        fl::Scenario s;
        QVERIFY(fl::makeScenario(r.system->id, r.system->laws.front(), fl::Method::EventDriven, fl::Regularization::Kudra, s).ok());
        m_view->setScenario(s);
        QComboBox* system = field<QComboBox>(*m_view, "system");
        QCOMPARE(system->currentData().toString(), QString::fromStdString(r.system->id));
        QCOMPARE(system->currentText(), QString("Block with a memory (model)"));
        m_view->setScenario(fl::defaultScenario()); // back to a built-in one, the model stays listed once
        QCOMPARE(system->currentData().toString(), QString("belt"));
        m_view->setScenario(s);
        QCOMPARE(system->findData(QString::fromStdString(r.system->id)), system->currentIndex());
        QCOMPARE(system->count(), int(fl::systems().size()) + 2); // the separator and the model
        QVERIFY(field<QComboBox>(*m_view, "variable")->findText("Memory") >= 0);
    }

    /// A model that declares a plane through two coordinates opens on it (the section field shows
    /// it as written); a plane typed into the field is the sweep's, a plane that is not affine is
    /// refused at the field with the reason, and an item chosen from the list is a variable again.
    void aPlaneThroughTwoCoordinatesInTheSectionField()
    {
        const fl::Scenario s = twoBlocksWithAPlaneSection();
        m_view->setScenario(s);
        QComboBox* section = field<QComboBox>(*m_view, "sectionVariable");
        QCOMPARE(field<QComboBox>(*m_view, "observable")->currentData().toInt(), int(fl::SweepObservable::Hyperplane));
        QVERIFY(section->isVisible() && section->isEditable());
        QCOMPARE(section->currentText(), QString("x1 - x2"));
        QCOMPARE(field<QComboBox>(*m_view, "crossing")->currentData().toInt(), 1);
        QCOMPARE(m_view->setupPanel()->spec().sectionPlane, std::string("x1 - x2"));
        type(section->lineEdit(), "x1*x2");
        QVERIFY(!m_view->setupPanel()->isValid());
        QVERIFY2(m_view->setupPanel()->validationMessage().startsWith("the section plane 'x1*x2' must be affine in the state variables and t"),
                 qPrintable(m_view->setupPanel()->validationMessage()));
        QVERIFY(section->lineEdit()->styleSheet().contains("border"));
        type(section->lineEdit(), "x2 - x1");
        QVERIFY2(m_view->setupPanel()->isValid(), qPrintable(m_view->setupPanel()->validationMessage()));
        QVERIFY(!section->lineEdit()->styleSheet().contains("border"));
        QCOMPARE(m_view->setupPanel()->spec().sectionPlane, std::string("x2 - x1"));
        choose(field<QComboBox>(*m_view, "parameter"), QString("v_b"));
        type(field<QLineEdit>(*m_view, "from"), "0.1");
        type(field<QLineEdit>(*m_view, "to"), "0.3");
        field<QSpinBox>(*m_view, "steps")->setValue(2);
        type(field<QLineEdit>(*m_view, "transient"), "10");
        field<QSpinBox>(*m_view, "samples")->setValue(3);
        QSignalSpy finished(m_view, &BifurcationView::sweepFinished);
        QTest::mouseClick(m_view->startButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        // The window's points are the core's on the same plane.
        const fl::SweepSpec spec = m_view->setupPanel()->spec();
        const auto reference = fl::runSweep(s, spec, 1, nullptr);
        QCOMPARE(int(m_view->columns().size()), 2);
        for (size_t c = 0; c < reference.size(); ++c) {
            QVERIFY(reference[c].status.ok());
            QCOMPARE(int(reference[c].values.size()), 3);
            QCOMPARE(m_view->columns()[c].values, reference[c].values);
        }
        choose(section, 2); // x2 from the list: a variable again
        QCOMPARE(m_view->setupPanel()->spec().sectionPlane, std::string());
        QCOMPARE(m_view->setupPanel()->spec().sectionVariable, 2);
    }

    /// The belt opens on its own observable: x at the downward crossings of x′ = 0 (the maxima of
    /// x), named with display labels; a stick-slip sweep draws those maxima, never an equilibrium.
    void beltOpensOnItsMaxima()
    {
        m_view->setScenario(fl::defaultScenario());
        QCOMPARE(field<QComboBox>(*m_view, "observable")->currentData().toInt(), int(fl::SweepObservable::Hyperplane));
        QCOMPARE(field<QComboBox>(*m_view, "variable")->currentText(), QString("x"));
        QCOMPARE(field<QComboBox>(*m_view, "sectionVariable")->currentText(), QString("x′"));
        QCOMPARE(field<QLineEdit>(*m_view, "level")->text(), QString("0"));
        QCOMPARE(field<QComboBox>(*m_view, "crossing")->currentData().toInt(), -1);
        choose(field<QComboBox>(*m_view, "parameter"), QString("v_b"));
        type(field<QLineEdit>(*m_view, "from"), "0.3");
        type(field<QLineEdit>(*m_view, "to"), "0.7");
        field<QSpinBox>(*m_view, "steps")->setValue(3);
        type(field<QLineEdit>(*m_view, "transient"), "50");
        field<QSpinBox>(*m_view, "samples")->setValue(4);
        QVERIFY2(m_view->setupPanel()->isValid(), qPrintable(m_view->setupPanel()->validationMessage()));
        QSignalSpy finished(m_view, &BifurcationView::sweepFinished);
        QTest::mouseClick(m_view->startButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(int(m_view->columns().size()), 3);
        for (const fl::SweepColumn& c : m_view->columns()) {
            QVERIFY(!c.settled);
            QCOMPARE(c.values.size(), size_t(4));
            for (double x : c.values)
                QVERIFY2(x > 1.0, qPrintable(QString::number(x))); // maxima of x, not x = 0
        }
        QCOMPARE(m_view->plot()->upSettledGraph()->dataCount(), 0);
        QCOMPARE(m_view->plot()->upGraph()->dataCount(), 12);
        QCOMPARE(m_view->plot()->yAxis->label(), QString("x"));
        const QString dir = qEnvironmentVariable("FL_VIEW_SCREENSHOT_DIR", QDir::tempPath());
        QVERIFY(m_view->grab().save(QDir(dir).filePath("view_bifurcation_belt.png")));
    }

    /// With continuation a branch runs in order: the form says so when more threads are chosen
    /// than the sweep can use, and is silent otherwise.
    void threadsNoteExplainsContinuation()
    {
        QVERIFY(m_view->selectPreset("acta2016-fig5a")); // continuation, up
        QLabel* note = m_view->setupPanel()->threadsNote();
        auto* threads = field<QSpinBox>(*m_view, "threads");
        threads->setValue(2);
        QVERIFY(note->isVisible());
        QVERIFY2(note->text().contains("1 thread per branch (up+down: 2)"), qPrintable(note->text()));
        QVERIFY(note->text().contains("1 of the 2 threads"));
        field<QCheckBox>(*m_view, "continuation")->setChecked(false);
        QVERIFY(!note->isVisible());
        field<QCheckBox>(*m_view, "continuation")->setChecked(true);
        choose(field<QComboBox>(*m_view, "direction"), int(fl::SweepDirection::Both));
        QVERIFY(!note->isVisible()); // both branches: 2 threads busy
        threads->setValue(4);
        QVERIFY(note->isVisible());
        QVERIFY(note->text().contains("2 of the 4 threads"));
        threads->setValue(1);
        QVERIFY(!note->isVisible());
    }

    /// Columns are drawn while the sweep runs (a fast pendulum range), not only at the end.
    void pointsArriveWhileRunning()
    {
        QVERIFY(m_view->selectPreset("acta2016-fig5a"));
        field<QSpinBox>(*m_view, "steps")->setValue(61);
        field<QCheckBox>(*m_view, "continuation")->setChecked(false);
        std::set<int> seen;
        bool timeLeftShown = false;
        int globalPoolBusy = 0, samples = 0;
        QTimer sampler;
        connect(&sampler, &QTimer::timeout, this, [&] {
            if (!m_view->isRunning())
                return;
            // Qt's global pool stays free: QtGui's raster painting waits on it (a sweep held there
            // froze repaints for seconds, found by the random drive).
            globalPoolBusy += QThreadPool::globalInstance()->activeThreadCount() > 0;
            ++samples;
            seen.insert(m_view->plot()->pointCount());
            timeLeftShown = timeLeftShown || m_view->findChild<QLabel*>("timeLeft")->text().endsWith(" s left");
        });
        sampler.start(10);
        QSignalSpy finished(m_view, &BifurcationView::sweepFinished);
        QTest::mouseClick(m_view->startButton(), Qt::LeftButton);
        QVERIFY(m_view->isRunning());
        QVERIFY(!m_view->setupPanel()->isEnabled());
        QTRY_VERIFY(m_view->plot()->pointCount() > 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        seen.erase(0);
        QVERIFY2(seen.size() >= 2, qPrintable(QString("distinct partial point counts: %1").arg(seen.size())));
        QVERIFY(timeLeftShown);
        // (Qt's own painting tasks may be caught finishing now and then; a sweep would be in all.)
        QVERIFY2(globalPoolBusy * 4 < samples, qPrintable(QStringLiteral("global pool busy in %1 of %2 samples").arg(globalPoolBusy).arg(samples)));
        QVERIFY(m_view->findChild<QLabel*>("timeLeft")->text().isEmpty());
        QCOMPARE(int(m_view->columns().size()), 61);
        QCOMPARE(m_view->progressBar()->value(), 61);
        int points = 0;
        for (const fl::SweepColumn& c : m_view->columns())
            points += int(c.values.size());
        QCOMPARE(m_view->plot()->pointCount(), points);
    }

    /// The Stribeck belt swept up and down: stick-slip (x_max = 3) up, steady sliding (x = g(1.5))
    /// down at v_b = 1.5; then a click on the column v_b = 1.3 picks that scenario; CSV and PNG.
    /// The strobe's period typed as an expression of the parameters (2*pi/w): a name the system
    /// lacks marks the field and says which; 2*pi/w strobes each swept frequency at its own period.
    void strobePeriodOfTheParameters()
    {
        fl::Scenario forced;
        fl::makeScenario("belt", "coulomb", fl::Method::EventDriven, fl::Regularization::Kudra, forced);
        QVERIFY(forced.params.set("A", 0.8).ok());
        m_view->setScenario(forced);
        choose(field<QComboBox>(*m_view, "parameter"), QString("w"));
        type(field<QLineEdit>(*m_view, "from"), "0.8");
        type(field<QLineEdit>(*m_view, "to"), "1.6");
        field<QSpinBox>(*m_view, "steps")->setValue(3);
        type(field<QLineEdit>(*m_view, "transient"), "60");
        field<QSpinBox>(*m_view, "samples")->setValue(4);
        field<QCheckBox>(*m_view, "continuation")->setChecked(false);
        choose(field<QComboBox>(*m_view, "observable"), int(fl::SweepObservable::Stroboscopic));
        QLineEdit* period = field<QLineEdit>(*m_view, "period");
        QVERIFY(period->isVisible());
        type(period, "2*pi/q");
        QVERIFY(!m_view->setupPanel()->isValid());
        QVERIFY(!m_view->startButton()->isEnabled());
        QVERIFY2(m_view->setupPanel()->validationMessage().startsWith("the period '2*pi/q': unknown name 'q' (variables: v_b, zeta, A, w"),
                 qPrintable(m_view->setupPanel()->validationMessage()));
        QVERIFY(period->styleSheet().contains("border"));
        type(period, "w - 2");
        QCOMPARE(m_view->setupPanel()->validationMessage(), QString("the period w - 2 is -1.2 at w = 0.8; it must be > 0"));
        type(period, "2*pi/w");
        QVERIFY2(m_view->setupPanel()->isValid(), qPrintable(m_view->setupPanel()->validationMessage()));
        QVERIFY(!period->styleSheet().contains("border"));
        QCOMPARE(m_view->setupPanel()->spec().periodText, std::string("2*pi/w"));
        QSignalSpy finished(m_view, &BifurcationView::sweepFinished);
        QTest::mouseClick(m_view->startButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        const std::vector<fl::SweepColumn> columns = m_view->columns();
        QCOMPARE(int(columns.size()), 3);
        for (const fl::SweepColumn& c : columns) {
            QVERIFY2(c.status.ok(), c.status.message().c_str());
            QCOMPARE(int(c.values.size()), 4);
        }
        // The same sweep in the core, the period written as a number at each value: the same points.
        fl::SweepSpec fixed = m_view->setupPanel()->spec();
        fixed.periodText.clear();
        fixed.period = 2.0 * M_PI / columns[1].parameter;
        fixed.from = columns[1].parameter;
        fixed.to = columns[1].parameter + 1e-9;
        fixed.steps = 2;
        const auto reference = fl::runSweep(forced, fixed, 1, nullptr);
        QCOMPARE(reference.front().values, columns[1].values);
    }

    void stribeckHysteresisClickAndExport()
    {
        m_view->setScenario(stribeckBelt());
        choose(field<QComboBox>(*m_view, "parameter"), "v_b");
        type(field<QLineEdit>(*m_view, "from"), "0.6");
        type(field<QLineEdit>(*m_view, "to"), "2.0");
        field<QSpinBox>(*m_view, "steps")->setValue(15);
        choose(field<QComboBox>(*m_view, "direction"), int(fl::SweepDirection::Both));
        field<QCheckBox>(*m_view, "continuation")->setChecked(true);
        type(field<QLineEdit>(*m_view, "transient"), "200");
        field<QSpinBox>(*m_view, "samples")->setValue(3);
        choose(field<QComboBox>(*m_view, "observable"), int(fl::SweepObservable::Maxima));
        field<QComboBox>(*m_view, "variable")->setCurrentText("x");
        QVERIFY2(m_view->setupPanel()->isValid(), qPrintable(m_view->setupPanel()->validationMessage()));

        QSignalSpy finished(m_view, &BifurcationView::sweepFinished);
        QTest::mouseClick(m_view->startButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        const std::vector<fl::SweepColumn> columns = m_view->columns();
        QCOMPARE(int(columns.size()), 30);
        const fl::SweepColumn* up = nullptr;
        const fl::SweepColumn* down = nullptr;
        for (const fl::SweepColumn& c : columns)
            if (std::abs(c.parameter - 1.5) < 1e-9)
                (c.branch == 0 ? up : down) = &c;
        QVERIFY(up && down);
        QVERIFY2(mean(up->values) > 2.9, qPrintable(QString::number(mean(up->values))));
        const double steady = (2.0 - 1.0) * std::exp(-3.0 * 1.5) + 1.0;
        QVERIFY2(std::abs(mean(down->values) - steady) < 0.01, qPrintable(QString::number(mean(down->values))));
        // Both branches are drawn, each in its graph.
        QVERIFY(m_view->plot()->upGraph()->dataCount() + m_view->plot()->upSettledGraph()->dataCount() > 0);
        QVERIFY(m_view->plot()->downGraph()->dataCount() + m_view->plot()->downSettledGraph()->dataCount() > 0);

        // A click a few pixels beside the column v_b = 1.3 picks it.
        QSignalSpy picked(m_view, &BifurcationView::parameterPicked);
        fl::ui::BifurcationPlot* plot = m_view->plot();
        plot->replot();
        const int x = int(std::lround(plot->xAxis->coordToPixel(1.3))) + 3;
        const int y = plot->axisRect()->center().y();
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, QPoint(x, y));
        QCOMPARE(picked.count(), 1);
        const auto scenario = picked.at(0).at(0).value<fl::Scenario>();
        QVERIFY(std::abs(scenario.params.value("v_b") - 1.3) < 1e-12);
        QCOMPARE(scenario.params.value("zeta"), 0.05);
        QCOMPARE(QString::fromStdString(scenario.lawId), QString("stribeck-exp"));
        QVERIFY(std::abs(plot->markedParameter() - 1.3) < 1e-12);
        // A drag is a pan, not a pick.
        QTest::mousePress(plot, Qt::LeftButton, Qt::NoModifier, QPoint(x, y));
        QTest::mouseMove(plot, QPoint(x + 40, y));
        QTest::mouseRelease(plot, Qt::LeftButton, Qt::NoModifier, QPoint(x + 40, y));
        QCOMPARE(picked.count(), 1);
        m_view->plot()->resetView();

        QTemporaryDir dir;
        const QString csvPath = dir.filePath("belt.csv");
        QString error;
        QVERIFY2(m_view->exportCsv(csvPath, &error), qPrintable(error));
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(csv.readAll());
        QVERIFY(text.contains("# param: v_b from 0.6 to 2 in 15 steps\n"));
        QVERIFY(text.contains("# value: maxima of x\n"));
        QVERIFY(text.contains("\nparam,sample,value,branch\n"));
        QCOMPARE(text.count(",up\n") + text.count(",down\n"), plot->pointCount());
        QVERIFY(text.count(",down\n") > 0);

        const QString pngPath = dir.filePath("belt.png");
        QVERIFY2(m_view->exportPlot(pngPath, &error), qPrintable(error));
        const QImage image(pngPath);
        QCOMPARE(image.size(), plot->size() * 2);
        // The up branch's colour is on the image.
        bool found = false;
        for (int py = 0; py < image.height() && !found; py += 2)
            for (int px = 0; px < image.width() && !found; px += 2)
                found = image.pixelColor(px, py) == fl::ui::BifurcationPlot::upColor();
        QVERIFY(found);
        QVERIFY(!m_view->exportCsv(dir.filePath("missing/dir/x.csv"), &error));
        QTest::qWait(50); // the queued replot
        const QString shots = qEnvironmentVariable("FL_VIEW_SCREENSHOT_DIR", QDir::tempPath());
        QVERIFY(m_view->grab().save(QDir(shots).filePath("view_bifurcation_hysteresis.png")));
    }

    /// Cancel (button, then Esc) stops a long sweep: finished(true), no column after it.
    void cancelStopsTheSweep_data()
    {
        QTest::addColumn<bool>("escape");
        QTest::newRow("Cancel button") << false;
        QTest::newRow("Esc") << true;
    }
    void cancelStopsTheSweep()
    {
        QFETCH(bool, escape);
        QVERIFY(m_view->selectPreset("acta2016-fig5a"));
        field<QCheckBox>(*m_view, "continuation")->setChecked(false);
        QSignalSpy finished(m_view, &BifurcationView::sweepFinished);
        QTest::mouseClick(m_view->startButton(), Qt::LeftButton);
        QTRY_VERIFY(m_view->columns().size() >= 3);
        QVERIFY(m_view->cancelButton()->isEnabled());
        if (escape)
            QTest::keyClick(m_view, Qt::Key_Escape);
        else
            QTest::mouseClick(m_view->cancelButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        const size_t columns = m_view->columns().size();
        const int points = m_view->plot()->pointCount();
        QVERIFY(columns < 601);
        QTest::qWait(500);
        QCOMPARE(m_view->columns().size(), columns);
        QCOMPARE(m_view->plot()->pointCount(), points);
        QVERIFY(!m_view->isRunning());
        QVERIFY(m_view->startButton()->isEnabled());
        QVERIFY(m_view->statusText().startsWith("Cancelled"));
    }

    /// Acta Fig. 5a at 121 values: an equilibrium at omega0 = 30 (Fig. 6a), motion at 61.5 (Fig. 7);
    /// the finished view is saved for a look (FL_VIEW_SCREENSHOT_DIR, default the temp dir).
    void fig5aDiagramAndScreenshot()
    {
        QVERIFY(m_view->selectPreset("acta2016-fig5a"));
        field<QSpinBox>(*m_view, "steps")->setValue(121);
        QSignalSpy finished(m_view, &BifurcationView::sweepFinished);
        QVERIFY(m_view->start());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        const auto columns = m_view->columns();
        QCOMPARE(int(columns.size()), 121);
        for (const fl::SweepColumn& c : columns) {
            QVERIFY2(c.status.ok(), c.status.message().c_str());
            if (std::abs(c.parameter - 30.0) < 1e-9)
                QVERIFY(c.settled && c.values.size() == 1);
            if (std::abs(c.parameter - 61.5) < 1e-9)
                QVERIFY(!c.settled && c.values.size() > 5);
        }
        QVERIFY(m_view->statusText().startsWith("Done"));
        const QString dir = qEnvironmentVariable("FL_VIEW_SCREENSHOT_DIR", QDir::tempPath());
        const QString path = QDir(dir).filePath("view_bifurcation.png");
        QVERIFY(m_view->grab().save(path));
        qInfo("screenshot: %s (%.2f s sweep)", qPrintable(path), m_view->lastSweepSeconds());
    }

    /// A constant branch (one period-1 value for every parameter, differing by round-off) is one
    /// horizontal line of dots with distinct tick labels, not every tick reading 0.0959073.
    void constantBranchHasDistinctTicks()
    {
        fl::ui::BifurcationPlot plot;
        plot.resize(700, 450);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.beginSweep("S3", "ω₀", "x", 20.0, 60.0, 41);
        QVector<double> values;
        for (int k = 0; k < 41; ++k) {
            fl::SweepColumn column;
            column.index = k;
            column.parameter = 20.0 + k;
            column.values = {0.0959073 + (k % 4) * 1.4e-17};
            values << column.values.front();
            plot.addColumn(column);
        }
        plot.flush();
        plot.replot();
        QCOMPARE(plot.pointCount(), 41);
        QVERIFY2(fl::test::pixelSpread(plot.yAxis, values) <= 1.0, qPrintable(QString::number(fl::test::pixelSpread(plot.yAxis, values))));
        QVERIFY2(fl::test::distinctTickLabels(plot.yAxis), qPrintable(fl::test::visibleTickLabels(plot.yAxis).join(' ')));
        QVERIFY2(fl::test::distinctTickLabels(plot.xAxis), qPrintable(fl::test::visibleTickLabels(plot.xAxis).join(' ')));
        QVERIFY(plot.xAxis->range().contains(20.0) && plot.xAxis->range().contains(60.0));
    }

private:
    BifurcationView* m_view = nullptr;
};

QTEST_MAIN(TestBifurcationView)
#include "test_bifurcation_view.moc"
