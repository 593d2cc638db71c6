#include "analysis/slip_event_data.h"
#include "scene/scene_builder.h"
#include "systems/bk_chain.h"

#include <QObject>

namespace fl::ui {

std::vector<double> SlipEventData::sizes(SlipSize size) const
{
    std::vector<double> x;
    x.reserve(events.size());
    for (const fl::SlipEvent& e : events)
        x.push_back(size == SlipSize::Moment ? e.moment : static_cast<double>(e.blocks()));
    return x;
}

QString slipEventsUnavailableReason(const RunOutputPtr& run)
{
    if (!run)
        return QObject::tr("No run yet.");
    if (!fl::hasSlipEvents(run->scenario))
        return QObject::tr("Slip events are read off a chain of blocks on one belt: the Burridge–Knopoff chain (load a "
                           "preset of the group Burridge–Knopoff, e.g. \"A hundred blocks: slip events of every size\"), or a "
                           "model whose every coordinate has one contact slip = x' - (one belt speed).");
    if (run->result.size() < 2)
        return QObject::tr("The run has fewer than two samples.");
    return QString();
}

SlipEventDataPtr computeSlipEventData(const SlipEventRequest& request)
{
    auto data = std::make_shared<SlipEventData>();
    if (!slipEventsUnavailableReason(request.run).isEmpty())
        return data;
    const fl::Scenario& scenario = request.run->scenario;
    const fl::RunResult& run = request.run->result;
    data->runId = request.run->runId;
    data->skipTime = request.skipTime;
    const fl::SlipEventOptions options = fl::slipEventOptions(scenario, request.skipTime);
    data->exact = scenario.method == fl::Method::EventDriven;
    data->stickThreshold = options.threshold;
    data->map = fl::buildSpaceTimeMap(run, options.vb, request.mapColumns, 1.0, 0.0, options.stride);
    data->events = fl::findSlipEvents(run, options);
    fl::PowerLawOptions momentOptions;
    momentOptions.xMin = request.fitMin;
    momentOptions.xMax = request.fitMax;
    if (request.fitMin > 0.0 && request.fitMax > 0.0)
        momentOptions.minCount = 10; // a range given by hand: the error bar tells how far to trust it
    fl::PowerLawOptions blockOptions;
    blockOptions.discrete = true;
    blockOptions.minSpan = 10.0;
    const fl::PowerLawOptions* fitOptions[2] = {&momentOptions, &blockOptions};
    for (SlipSize size : {SlipSize::Moment, SlipSize::Blocks}) {
        const int k = static_cast<int>(size);
        const std::vector<double> x = data->sizes(size);
        data->fit[k] = fl::fitPowerLaw(x, *fitOptions[k]);
        data->histogram[k] = fl::logHistogram(x, 5, size == SlipSize::Blocks);
    }
    return data;
}

fl::SpaceTimeMap computeSpaceTimeWindow(const RunOutputPtr& run, double tFrom, double tTo, int columns)
{
    if (!slipEventsUnavailableReason(run).isEmpty())
        return {};
    return fl::buildSpaceTimeMap(run->result, fl::chainBeltSpeed(run->scenario), columns, tFrom, tTo, fl::bkChainStride(run->scenario));
}

QString describePowerLaw(const fl::PowerLawFit& fit, SlipSize size)
{
    const QString what = size == SlipSize::Moment ? QObject::tr("moments") : QObject::tr("block counts");
    if (!fit.valid)
        return QObject::tr("No power law fitted: too few events in every range of %1 (%2 events in all); run longer or widen the range.")
            .arg(what)
            .arg(fit.total);
    return QObject::tr("α = %1 ± %2 on %3 %4 … %5 (%6 of %7 events, KS distance %8)")
        .arg(fit.alpha, 0, 'f', 2)
        .arg(fit.sigma, 0, 'f', 2)
        .arg(what)
        .arg(fit.xMin, 0, 'g', 3)
        .arg(fit.xMax, 0, 'g', 3)
        .arg(fit.count)
        .arg(fit.total)
        .arg(fit.ks, 0, 'f', 3);
}

} // namespace fl::ui
