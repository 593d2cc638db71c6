#include "analysis/method_comparison_data.h"
#include "io/method_difference_csv.h"
#include "systems/law_counterpart.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <algorithm>

namespace fl::ui {
namespace {

bool succeeded(const RunOutputPtr& run) { return run && run->result.status.ok() && run->result.size() > 0; }

} // namespace

QVector<QCPGraphData> envelope(const std::vector<double>& t, const std::vector<double>& y)
{
    QVector<QCPGraphData> out;
    const size_t n = t.size();
    if (n <= kMaxSeriesPoints) {
        for (size_t i = 0; i < n; ++i)
            out << QCPGraphData(t[i], y[i]);
        return out;
    }
    for (size_t b = 0; b < kEnvelopeBuckets; ++b) {
        const auto begin = y.begin() + static_cast<long>(b * n / kEnvelopeBuckets);
        const auto end = y.begin() + static_cast<long>((b + 1) * n / kEnvelopeBuckets);
        const auto [lo, hi] = std::minmax_element(begin, end);
        for (auto it : {std::min(lo, hi), std::max(lo, hi)})
            out << QCPGraphData(t[static_cast<size_t>(it - y.begin())], *it);
    }
    return out;
}

MethodComparisonPtr compareRuns(const RunOutputPtr& eventDriven, const RunOutputPtr& regularized)
{
    auto data = std::make_shared<MethodComparisonData>();
    data->eventRun = eventDriven;
    data->regularizedRun = regularized;
    if (succeeded(eventDriven))
        data->eventDriven = preparePlotData(eventDriven);
    if (succeeded(regularized))
        data->regularized = preparePlotData(regularized);
    // A missing run leaves its ComparedRunInfo empty: not succeeded, so no differences and no CSV line.
    if (eventDriven && regularized)
        data->difference = fl::methodDifference(eventDriven->scenario, eventDriven->result, regularized->scenario, regularized->result);
    else if (eventDriven)
        data->difference.eventRun = fl::comparedRunInfo(eventDriven->scenario, eventDriven->result);
    else if (regularized)
        data->difference.regularizedRun = fl::comparedRunInfo(regularized->scenario, regularized->result);
    bool first = true;
    for (const fl::VariableDifference& v : data->difference.variables) {
        DifferenceSeries s;
        s.name = QString::fromStdString(v.name);
        s.points = envelope(data->difference.t, v.difference);
        s.max = v.max;
        s.maxTime = v.maxTime;
        const QCPRange range = finiteRange(v.difference);
        data->differenceRange = first ? range : QCPRange(std::min(data->differenceRange.lower, range.lower),
                                                         std::max(data->differenceRange.upper, range.upper));
        first = false;
        data->differences.push_back(std::move(s));
    }
    return data;
}

QByteArray differenceCsv(const MethodComparisonData& data)
{
    return QByteArray::fromStdString(fl::methodDifferenceCsv(data.difference));
}

} // namespace fl::ui
