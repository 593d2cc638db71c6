// Tests of ui/widgets/plot_data_worker: data prepared off the GUI thread, only the newest delivered.
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"
#include "plotdata/plot_data_worker.h"

#include <QSignalSpy>
#include <QTest>

using namespace fl::ui;

class TestPlotDataWorker : public QObject {
    Q_OBJECT
private slots:
    void onlyTheNewestRequestIsDelivered();
};

void TestPlotDataWorker::onlyTheNewestRequestIsDelivered()
{
    std::vector<RunOutputPtr> runs;
    for (int i = 0; i < 3; ++i) {
        auto out = std::make_shared<RunOutput>();
        out->runId = quint64(i + 1);
        out->scenario = fl::defaultScenario();
        out->scenario.params.set("v_b", 0.3 + 0.1 * i);
        out->result = fl::simulate(out->scenario);
        runs.push_back(out);
    }
    PlotDataWorker worker;
    QSignalSpy ready(&worker, &PlotDataWorker::ready);
    for (const RunOutputPtr& r : runs)
        worker.prepare(r);
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 10000);
    QTest::qWait(200);
    QCOMPARE(ready.count(), 1);
    const PlotDataPtr data = ready.at(0).at(0).value<PlotDataPtr>();
    QCOMPARE(data->run->runId, quint64(3));
    QCOMPARE(size_t(data->series.front().points.size()), runs.back()->result.size());
}

QTEST_GUILESS_MAIN(TestPlotDataWorker)
#include "test_plot_data_worker.moc"
