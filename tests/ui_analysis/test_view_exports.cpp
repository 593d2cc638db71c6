// Every view of the catalog of analyses exports what it declares (AnalysisView::exportItems) through
// the one shared exporter (widgets/view_exporter.h): in the real window, each view is given data,
// then each item is written to a temporary folder with the file dialog answered by the test hook,
// and the file is checked (a PNG loads, an SVG and a PDF start with their magic bytes, a CSV has a
// header and one row per point of the view's data). A write that fails is reported with its reason
// in the message box and leaves the old file as it was.
#include "analysis/analysis_view.h"
#include "analysis/analysis_views.h"
#include "analysis/bifurcation_view.h"
#include "analysis/continuation_box.h"
#include "analysis/contact_explorer.h"
#include "analysis/eps_study_view.h"
#include "analysis/law_lab.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/map_setup_panel.h"
#include "analysis/map_view.h"
#include "analysis/method_comparison.h"
#include "analysis/poincare_view.h"
#include "analysis/slip_event_view.h"
#include "analysis/workbench.h"
#include "bridge/run_output.h"
#include "analysis/analysis_catalog.h"
#include "analysis/bifurcation_sweep.h"
#include "analysis/law_experiments.h"
#include "analysis/power_law_fit.h"
#include "systems/scenario_setup.h"
#include "widgets/main_window.h"
#include "widgets/plot_export.h"
#include "widgets/view_exporter.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <csignal>
#include <map>
#include <set>
#include <sys/resource.h>

using namespace fl::ui;

namespace {

void type(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
}

bool choose(QComboBox* combo, const QVariant& data)
{
    const int index = combo->findData(data);
    if (index < 0)
        return false;
    combo->setCurrentIndex(index);
    return true;
}

/// The fields of a CSV line (a quoted field may hold commas).
int fieldCount(const QByteArray& line)
{
    int fields = 1;
    bool quoted = false;
    for (const char c : line) {
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted)
            ++fields;
    }
    return fields;
}

/// The rows of a CSV file after its '#' lines and its header; -1 when a row has another number of
/// fields than the header (or there is no header).
long csvRows(const QByteArray& bytes, QByteArray* header)
{
    QList<QByteArray> lines = bytes.split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    qsizetype first = 0;
    while (first < lines.size() && lines[first].startsWith('#'))
        ++first;
    if (first == lines.size())
        return -1;
    *header = lines[first];
    const int fields = fieldCount(*header);
    for (qsizetype i = first + 1; i < lines.size(); ++i)
        if (fieldCount(lines[i]) != fields)
            return -1;
    return long(lines.size() - first - 1);
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestViewExports : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_window = new MainWindow;
        m_bench = new Workbench(*m_window);
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
        QVERIFY(m_dir.isValid());
        ViewExporter::setPathChooserForTesting([this](const QString& caption, const QString& suggested, const QString& filter) {
            m_asked << QStringList{caption, suggested, filter};
            return m_nextPath;
        });
    }
    void cleanupTestCase()
    {
        ViewExporter::setPathChooserForTesting({});
        delete m_window;
    }

    /// Every analysis view declares its exports, each with a unique id, a menu text, a plot or a
    /// writer, and the file filter of its kind; the view has the shared exporter.
    void everyViewDeclaresItsExports()
    {
        int views = 0;
        for (const fl::AnalysisInfo& analysis : fl::analyses()) {
            std::unique_ptr<QWidget> widget(createAnalysisView(analysis.id));
            if (!widget)
                continue;
            ++views;
            const QString id = QString::fromStdString(analysis.id);
            QVERIFY2(ViewExporter::of(widget.get()), qPrintable(id));
            const QList<ExportItem> items = analysisOf(widget.get())->exportItems();
            QVERIFY2(!items.isEmpty(), qPrintable(id));
            std::set<QString> ids;
            for (const ExportItem& item : items) {
                QVERIFY2(ids.insert(item.id).second, qPrintable(id + ": " + item.id));
                QVERIFY2(item.label.endsWith(QStringLiteral("…")), qPrintable(item.label));
                QVERIFY(!item.caption.isEmpty());
                if (item.kind == ExportItem::Kind::Plot) {
                    QVERIFY2(item.plot && item.plot(), qPrintable(id + ": " + item.id));
                    QCOMPARE(item.filter, plotFileFilter());
                } else {
                    QVERIFY2(item.write || item.prepareOffThread, qPrintable(id + ": " + item.id));
                    QVERIFY2(item.filter.contains(QStringLiteral("*.csv")), qPrintable(item.filter));
                }
            }
        }
        QCOMPARE(views, 9);
    }

    void everyItemIsWritten_data()
    {
        QTest::addColumn<QString>("view");
        for (const fl::AnalysisInfo& analysis : fl::analyses())
            if (std::unique_ptr<QWidget>(createAnalysisView(analysis.id)))
                QTest::newRow(analysis.id.c_str()) << QString::fromStdString(analysis.id);
    }

    /// The view is given data; then every item is available and written through the exporter: a
    /// plot as PNG, SVG and PDF, data as CSV with one row per point of the view's data.
    void everyItemIsWritten()
    {
        QFETCH(QString, view);
        QWidget* widget = m_bench->view(view);
        QVERIFY(widget);
        std::map<QString, long> rows; // item id -> the rows its CSV must have (unknown: at least one)
        fill(view, widget, rows);
        if (QTest::currentTestFailed())
            return;
        ViewExporter* exporter = ViewExporter::of(widget);
        QVERIFY(exporter);
        const QList<ExportItem> items = analysisOf(widget)->exportItems();
        for (const ExportItem& item : items) {
            QVERIFY2(item.isAvailable(), qPrintable(view + ": " + item.id));
            const QStringList suffixes = item.kind == ExportItem::Kind::Plot ? QStringList{"png", "svg", "pdf"} : QStringList{"csv"};
            for (const QString& suffix : suffixes) {
                const QString name = view + QLatin1Char('_') + QString(item.id).replace(QLatin1Char(':'), QLatin1Char('_'));
                m_nextPath = m_dir.filePath(name + QLatin1Char('.') + suffix);
                QSignalSpy saved(exporter, &ViewExporter::saved);
                m_asked.clear();
                exporter->run(item.id);
                QVERIFY2(saved.count() == 1 || saved.wait(30000), qPrintable(m_nextPath));
                QCOMPARE(saved.first().first().toString(), m_nextPath);
                QCOMPARE(m_asked.size(), 1);
                QCOMPARE(m_asked.first().at(0), item.caption);
                QCOMPARE(m_asked.first().at(2), item.filter);
                const QByteArray bytes = readAll(m_nextPath);
                if (suffix == QLatin1String("png")) {
                    const QImage image(m_nextPath);
                    QVERIFY2(!image.isNull() && image.width() > 10 && image.height() > 10, qPrintable(m_nextPath));
                } else if (suffix == QLatin1String("svg")) {
                    QVERIFY2(bytes.startsWith("<?xml") && bytes.contains("<svg"), qPrintable(m_nextPath));
                } else if (suffix == QLatin1String("pdf")) {
                    QVERIFY2(bytes.startsWith("%PDF-"), qPrintable(m_nextPath));
                } else {
                    QByteArray header;
                    const long n = csvRows(bytes, &header);
                    QVERIFY2(n >= 0, qPrintable(m_nextPath + ": ragged rows or no header"));
                    QVERIFY2(header.contains(','), header.constData());
                    const auto it = rows.find(item.id);
                    if (it != rows.end())
                        QCOMPARE(n, it->second);
                    else
                        QVERIFY2(n > 0, qPrintable(m_nextPath));
                }
            }
        }
    }

    /// A write that cannot finish (the file-size limit) and a plot format that does not exist: the
    /// message box names the file and the reason, and the file there before is left as it was.
    void failedWriteKeepsTheOldFile()
    {
        LawLab* lab = m_bench->viewAs<fl::ui::LawLab>("law-lab");
        if (!lab->result()) {
            std::map<QString, long> rows;
            fill(QStringLiteral("law-lab"), lab, rows);
        }
        QVERIFY(lab->result());
        ViewExporter* exporter = ViewExporter::of(lab);
        const QByteArray old = "old contents\n";
        for (const QString& name : {QStringLiteral("keep.csv"), QStringLiteral("keep.png"), QStringLiteral("keep.bmp")}) {
            const QString path = m_dir.filePath(name);
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(old);
            file.close();
            QString boxText;
            QTimer closer;
            connect(&closer, &QTimer::timeout, this, [&] {
                if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                    boxText = box->text();
                    box->close();
                }
            });
            closer.start(20);
            QSignalSpy failed(exporter, &ViewExporter::failed);
            m_nextPath = path;
            const bool limited = !name.endsWith(QLatin1String(".bmp"));
            rlimit saved{};
            if (limited) {
                // Files may not grow past 16 bytes: the CSV and the PNG are cut short.
                std::signal(SIGXFSZ, SIG_IGN);
                QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
                rlimit small = saved;
                small.rlim_cur = 16;
                QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
            }
            exporter->run(name.endsWith(QLatin1String(".csv")) ? QStringLiteral("csv:curves") : QStringLiteral("plot"));
            if (limited)
                QCOMPARE(setrlimit(RLIMIT_FSIZE, &saved), 0);
            QCOMPARE(failed.count(), 1);
            const QString reason = failed.first().at(1).toString();
            QVERIFY(!reason.isEmpty());
            QVERIFY2(boxText.startsWith(QStringLiteral("Could not write %1:\n").arg(QDir::toNativeSeparators(path))), qPrintable(boxText));
            QVERIFY2(boxText.endsWith(reason), qPrintable(boxText));
            if (!limited)
                QVERIFY2(reason.contains(QStringLiteral("unknown plot format")), qPrintable(reason));
            QCOMPARE(readAll(path), old);
        }
    }

    /// File → Export from This Tab lists the exports of the tab in front, and Ctrl+Alt+E opens it.
    void fileMenuFollowsTheTabInFront()
    {
        auto* menu = m_window->findChild<QMenu*>(QStringLiteral("exportTabMenu"));
        auto* key = m_window->findChild<QAction*>(QStringLiteral("exportTabAction"));
        QVERIFY(menu && key);
        QCOMPARE(key->shortcut(), QKeySequence(QStringLiteral("Ctrl+Alt+E")));
        m_window->showView(m_bench->viewAs<fl::ui::MapView>("map"));
        emit menu->aboutToShow();
        QVERIFY(menu->findChild<QAction*>(QStringLiteral("export:plot")));
        QVERIFY(menu->findChild<QAction*>(QStringLiteral("export:csv")));
        m_window->tabs()->setCurrentIndex(0);
        emit menu->aboutToShow();
        QVERIFY(menu->findChild<QAction*>(QStringLiteral("export:plot:selected")));
        QVERIFY(menu->findChild<QAction*>(QStringLiteral("export:csv:run")));
    }

    /// The method comparison's Export button opens the shared menu: its plots, a separator, its
    /// data, enabled once there is a comparison. FL_EXPORT_MENU_PNG=path keeps a picture of it.
    void exportButtonShowsTheMenu()
    {
        MethodComparison* view = m_bench->viewAs<fl::ui::MethodComparison>("compare");
        m_window->showView(view);
        QVERIFY(view->comparison());
        QToolButton* button = nullptr;
        for (QToolButton* b : view->findChildren<QToolButton*>())
            if (b->text() == QLatin1String("Export"))
                button = b;
        QVERIFY(button && button->menu());
        QMenu* menu = button->menu();
        menu->popup(button->mapToGlobal(QPoint(0, button->height())));
        QVERIFY(QTest::qWaitForWindowExposed(menu));
        QStringList texts;
        for (QAction* action : menu->actions()) {
            texts << (action->isSeparator() ? QStringLiteral("--") : action->text());
            QVERIFY(action->isSeparator() || action->isEnabled());
        }
        QVERIFY2(texts.contains(QStringLiteral("Difference (CSV)…")), qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY2(texts.first().startsWith(QStringLiteral("Plot: Time history")), qPrintable(texts.join(QLatin1Char('|'))));
        QCOMPARE(texts.count(QStringLiteral("--")), 1);
        const QImage picture = menu->grab().toImage();
        QVERIFY(!picture.isNull());
        if (const QString path = qEnvironmentVariable("FL_EXPORT_MENU_PNG"); !path.isEmpty())
            QVERIFY(picture.save(path));
        menu->hide();
    }

private:
    /// Gives the view data to export, and the rows its CSV items must have.
    void fill(const QString& id, QWidget* widget, std::map<QString, long>& rows)
    {
        m_window->showView(widget);
        m_window->showSideView(widget);
        if (id == QLatin1String("bifurcation")) {
            auto* view = static_cast<BifurcationView*>(widget);
            view->setScenario(fl::defaultScenario());
            QVERIFY(choose(view->findChild<QComboBox*>("parameter"), QString("v_b")));
            type(view->findChild<QLineEdit*>("from"), "0.3");
            type(view->findChild<QLineEdit*>("to"), "0.7");
            view->findChild<QSpinBox*>("steps")->setValue(3);
            type(view->findChild<QLineEdit*>("transient"), "50");
            view->findChild<QSpinBox*>("samples")->setValue(4);
            QVERIFY(view->start());
            QTRY_VERIFY_WITH_TIMEOUT(!view->isRunning(), 60000);
            long points = 0;
            for (const fl::SweepColumn& column : view->columns())
                points += long(column.values.size());
            QVERIFY(points > 0);
            rows[QStringLiteral("csv")] = points;
            // Its continuation (the box under the form): the cycle in v_b, 3 points each way.
            ContinuationBox* box = view->continuationBox();
            QVERIFY(choose(box->parameterCombo(), QString("v_b")));
            type(box->fromField(), "0.3");
            type(box->toField(), "0.7");
            type(box->startField(), "0.5");
            box->maxPointsBox()->setValue(3);
            QVERIFY2(box->start(), qPrintable(box->statusText()));
            QTRY_VERIFY_WITH_TIMEOUT(!box->isRunning() && box->result(), 60000);
            rows[QStringLiteral("csv:branch")] = long(box->result()->branch.points.size());
            QVERIFY2(box->result()->branch.points.size() >= 5, qPrintable(box->statusText()));
        } else if (id == QLatin1String("map")) {
            auto* view = static_cast<MapView*>(widget);
            view->setScenario(fl::defaultScenario());
            MapSetupPanel* setup = view->setupPanel();
            QVERIFY(choose(setup->parameterCombo(0), QString("v_b")));
            type(setup->fromField(0), "0.2");
            type(setup->toField(0), "0.8");
            setup->stepsBox(0)->setValue(3);
            QVERIFY(choose(setup->parameterCombo(1), QString("mu_s")));
            type(setup->fromField(1), "1.2");
            type(setup->toField(1), "2.5");
            setup->stepsBox(1)->setValue(2);
            QVERIFY(choose(setup->observableCombo(), QString("stick-fraction")));
            type(setup->transientField(), "20");
            type(setup->recordField(), "20");
            QVERIFY(view->start());
            QTRY_VERIFY_WITH_TIMEOUT(!view->isRunning(), 60000);
            QCOMPARE(view->pointsDone(), 6L);
            rows[QStringLiteral("csv")] = 6;
        } else if (id == QLatin1String("compare")) {
            auto* view = static_cast<MethodComparison*>(widget);
            view->setScenario(fl::defaultScenario());
            QTRY_VERIFY_WITH_TIMEOUT(!view->isRunning() && view->comparison(), 60000);
            const long event = long(view->comparison()->eventDriven->run->result.t.size());
            const long regularized = long(view->comparison()->regularized->run->result.t.size());
            QVERIFY2(event > 0 && regularized > 0,
                     qPrintable(QString("%1 event-driven, %2 regularized samples").arg(event).arg(regularized)));
            rows[QStringLiteral("csv:event")] = event;
            rows[QStringLiteral("csv:regularized")] = regularized;
        } else if (id == QLatin1String("contact")) {
            auto* view = static_cast<ContactExplorer*>(widget);
            QTRY_VERIFY_WITH_TIMEOUT(view->curves() && !view->isComputing(), 60000);
        } else if (id == QLatin1String("eps-study")) {
            auto* view = static_cast<EpsStudyView*>(widget);
            view->setScenario(fl::defaultScenario());
            view->epsField()->setText(QStringLiteral("1e-3 1e-2"));
            QVERIFY(view->start());
            QTRY_VERIFY_WITH_TIMEOUT(!view->isRunning() && view->result(), 120000);
        } else if (id == QLatin1String("law-lab")) {
            auto* view = static_cast<LawLab*>(widget);
            QVERIFY(m_window->loadPreset(QStringLiteral("lugre-presliding")));
            QTRY_VERIFY_WITH_TIMEOUT(!view->isRunning() && view->result(), 30000);
            long points = 0;
            for (const fl::LawCurve& curve : view->result()->curves)
                points += long(curve.x.size());
            QVERIFY2(points > 0, qPrintable(QString("%1 curves, %2 points").arg(view->result()->curves.size()).arg(points)));
            rows[QStringLiteral("csv:curves")] = points;
        } else if (id == QLatin1String("slip-events")) {
            auto* view = static_cast<SlipEventView*>(widget);
            QVERIFY(m_window->loadPreset(QStringLiteral("bk-chain-two")));
            m_window->tabs()->setCurrentIndex(m_bench->tabIndex("slip-events"));
            QTRY_VERIFY_WITH_TIMEOUT(view->data() && !view->isComputing(), 120000);
            const long events = long(view->data()->events.size());
            long bins = 0;
            for (const fl::LogHistogram& h : view->data()->statistics.histogram)
                bins += long(h.centre.size());
            QVERIFY2(events > 0 && bins > 0, qPrintable(QString("%1 slip events, %2 density bins").arg(events).arg(bins)));
            rows[QStringLiteral("csv:events")] = events;
            rows[QStringLiteral("csv:densities")] = bins;
        } else if (id == QLatin1String("poincare")) {
            auto* view = static_cast<PoincareView*>(widget);
            QVERIFY(m_window->loadPreset(QStringLiteral("acta2016-fig7")));
            QTRY_VERIFY_WITH_TIMEOUT(m_window->currentRun() && m_window->currentRun()->scenario.systemId == "pendulum", 30000);
            QTRY_COMPARE_WITH_TIMEOUT(size_t(view->pointCount()), m_window->currentRun()->result.sectionTimes.size(), 10000);
            QVERIFY(view->pointCount() > 0);
            rows[QStringLiteral("csv:points")] = view->pointCount();
        } else if (id == QLatin1String("lyapunov")) {
            auto* view = static_cast<LyapunovPanel*>(widget);
            view->setScenario(fl::defaultScenario());
            view->setOptions(20.0, 200.0, 1.0);
            QSignalSpy finished(view, &LyapunovPanel::computationFinished);
            QTest::mouseClick(view->spectrumButton(), Qt::LeftButton);
            QVERIFY(finished.wait(120000));
            QVERIFY(finished.first().first().toBool());
        } else {
            QFAIL(qPrintable(QStringLiteral("no data for view %1").arg(id)));
        }
    }

    MainWindow* m_window = nullptr;
    Workbench* m_bench = nullptr;
    QTemporaryDir m_dir;
    QString m_nextPath;
    QList<QStringList> m_asked;
};

QTEST_MAIN(TestViewExports)
#include "test_view_exports.moc"
