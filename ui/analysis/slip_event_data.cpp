#include "analysis/slip_event_data.h"
#include "scene/scene_builder.h"
#include "systems/bk_chain.h"

#include <QObject>

namespace fl::ui {

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
    data->setup.skipTime = request.skipTime;
    data->setup.fitMin = request.fitMin;
    data->setup.fitMax = request.fitMax;
    data->statistics = fl::SlipEventsAnalysis::statistics(data->events, data->setup);
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
    return QString::fromStdString(fl::describeSlipPowerLaw(fit, size == SlipSize::Blocks));
}

} // namespace fl::ui
