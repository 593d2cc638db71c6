// Tests of ui/widgets/plot_data: columns from PlotHints, stick boxes, envelopes of long runs,
// phase planes, the characteristic and its absence for plane contacts.
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"
#include "plotdata/plot_data.h"

#include <QTest>

#include <algorithm>

using namespace fl::ui;

namespace {

RunOutputPtr run(fl::Scenario scenario)
{
    auto out = std::make_shared<RunOutput>();
    out->runId = 1;
    out->scenario = std::move(scenario);
    out->result = fl::simulate(out->scenario);
    return out;
}

} // namespace

class TestPlotData : public QObject {
    Q_OBJECT
private slots:
    void defaultRunFollowsThePlotHints();
    void longSeriesKeepTheirExtremes();
    void planeContactHasNoCharacteristic();
    void lawStatesGetPhasePlanes();
};

void TestPlotData::defaultRunFollowsThePlotHints()
{
    const RunOutputPtr r = run(fl::defaultScenario());
    QVERIFY2(r->result.status.ok(), r->result.status.message().c_str());
    const PlotDataPtr data = preparePlotData(r);
    QCOMPARE(data->series.size(), size_t(3));
    QCOMPARE(data->series[0].name, QStringLiteral("x"));
    QCOMPARE(data->series[1].name, QStringLiteral("v_r"));
    QCOMPARE(data->series[2].name, QStringLiteral("F"));
    for (const PlotSeries& s : data->series)
        QCOMPARE(size_t(s.points.size()), r->result.size());
    QCOMPARE(data->stickIntervals.size(), r->result.stickIntervals.size());
    QCOMPARE(data->stickIntervals[0].begin, r->result.stickIntervals[0].begin);
    QCOMPARE(data->stickIntervals[0].end, r->result.stickIntervals[0].end);
    QCOMPARE(data->timeRange.upper, 200.0);
    QCOMPARE(data->planes.size(), size_t(1));
    QCOMPARE(data->planes[0].xName, QStringLiteral("x"));
    QVERIFY(!data->planes[0].stick.isEmpty());
    QVERIFY(data->hasCharacteristic());
    QVERIFY(data->law.size() > 100);
    QCOMPARE(data->speedRange.lower, -data->speedRange.upper);
    // The law's stick segment reaches mu_s = 2.
    QVERIFY(data->forceRange.upper >= 2.0);
}

void TestPlotData::longSeriesKeepTheirExtremes()
{
    fl::Scenario s = fl::defaultScenario();
    s.params.set("t_end", 2000.0); // 200001 samples
    const RunOutputPtr r = run(s);
    QVERIFY2(r->result.status.ok(), r->result.status.message().c_str());
    const PlotDataPtr data = preparePlotData(r);
    const std::vector<double> force = columnValues(r->result, "F");
    for (const PlotSeries& series : data->series) {
        QVERIFY(size_t(series.points.size()) <= 2 * kEnvelopeBuckets);
        QVERIFY(std::is_sorted(series.points.begin(), series.points.end(),
                               [](const QCPGraphData& a, const QCPGraphData& b) { return a.key < b.key; }));
    }
    const QVector<QCPGraphData>& plotted = data->series[2].points;
    const auto [lo, hi] = std::minmax_element(plotted.begin(), plotted.end(),
                                              [](const QCPGraphData& a, const QCPGraphData& b) { return a.value < b.value; });
    QCOMPARE(lo->value, *std::min_element(force.begin(), force.end()));
    QCOMPARE(hi->value, *std::max_element(force.begin(), force.end()));
    // The shading is never thinned.
    QCOMPARE(data->stickIntervals.size(), r->result.stickIntervals.size());
}

void TestPlotData::planeContactHasNoCharacteristic()
{
    const fl::SystemInfo* disk = fl::findSystem("disk");
    QVERIFY2(disk, "no plane-contact system registered: the built-in disk system is missing");
    fl::Scenario s;
    QVERIFY(fl::makeScenario("disk", fl::lawsOf(disk->lawFamily).front().id, disk->methods.front(),
                             fl::Regularization::Kudra, s).ok());
    s.params.set("t_end", 5.0);
    const RunOutputPtr r = run(s);
    QVERIFY2(r->result.status.ok(), r->result.status.message().c_str());
    const PlotDataPtr data = preparePlotData(r);
    QVERIFY(!data->hasCharacteristic());
    QCOMPARE(data->planes.size(), disk->plots.phasePortraits.size());
    QCOMPARE(data->series.size(), disk->plots.timeHistory.size());
}

/// A law with memory adds a plane per internal state against v_r (LuGre: z against v_r, whose
/// points stay within the steady deflection mu_s / sigma0 = 4e-5 of the preset; Ostermeyer: mu and
/// theta), after the system's own plane.
void TestPlotData::lawStatesGetPhasePlanes()
{
    fl::Scenario lugre;
    QVERIFY(fl::applyPreset("belt-lugre-stick-slip", lugre).ok());
    lugre.params.set("t_end", 40.0);
    const RunOutputPtr r = run(lugre);
    QVERIFY2(r->result.status.ok(), r->result.status.message().c_str());
    const PlotDataPtr data = preparePlotData(r);
    QCOMPARE(data->planes.size(), size_t(2));
    QCOMPARE(data->planes[0].xName, QStringLiteral("x"));
    QCOMPARE(data->planes[1].xName, QStringLiteral("v_r"));
    QCOMPARE(data->planes[1].yName, QStringLiteral("z"));
    QVERIFY(data->planes[1].path.size() > 10);
    QVERIFY(data->planes[1].yRange.lower < -3.5e-5 && data->planes[1].yRange.upper <= 0.0); // breakaway at sigma0 z = 1.969
    QVERIFY(data->planes[1].yRange.lower > -4e-5);

    fl::Scenario fading;
    QVERIFY(fl::applyPreset("ostermeyer-fading", fading).ok());
    fading.params.set("t_end", 10.0);
    const PlotDataPtr planes = preparePlotData(run(fading));
    QCOMPARE(planes->planes.size(), size_t(3));
    QCOMPARE(planes->planes[1].yName, QStringLiteral("mu"));
    QCOMPARE(planes->planes[2].yName, QStringLiteral("theta"));
}

QTEST_APPLESS_MAIN(TestPlotData)
#include "test_plot_data.moc"
