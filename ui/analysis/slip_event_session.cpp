// The slip events' setup in a session file (view.setups.slip-events): the transient left out
// ("skipTime"), the size shown ("moment" or "blocks") and the moment range fitted ("fitMin",
// "fitMax"; 0 is the fit's choice), read and checked by the analysis (contract/
// slip_events_analysis.h) against the session's scenario, so the view and `session run` take the
// same values. The skip time is kept for the run the session starts, the next one shown: a new
// run of the chain otherwise skips its first fifth.
#include "analysis/slip_event_view.h"
#include "bridge/setup_json.h"

#include "contract/slip_events_analysis.h"
#include "params/parameter_spec.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>

#include <algorithm>

namespace fl::ui {

QJsonObject SlipEventView::saveSetup() const
{
    fl::SlipEventsSetup setup = fl::SlipEventsAnalysis::defaults(m_scenario);
    setup.showBlocks = m_size->currentIndex() == static_cast<int>(SlipSize::Blocks);
    // The skip time once a run of this length set the field (before, it is no choice of the user's).
    if (m_tEnd > 0.0 && m_scenario.params.has("t_end") && m_tEnd == m_scenario.params.value("t_end"))
        setup.skipTime = m_skip->value();
    // A fit end the field refuses is not kept (the view shows why meanwhile): the fit chooses it.
    if (!readFitEnd(m_fitMin, setup.fitMin))
        setup.fitMin = 0.0;
    if (!readFitEnd(m_fitMax, setup.fitMax))
        setup.fitMax = 0.0;
    return setupToJson(fl::SlipEventsAnalysis::write(m_scenario, setup));
}

void SlipEventView::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    std::vector<std::string> problems;
    const fl::SlipEventsSetup setup =
        fl::TypedAnalysis<fl::SlipEventsAnalysis>::readTyped(m_scenario, setupFromJson(object), path.toStdString(), problems);
    for (const std::string& problem : problems)
        warnings << QString::fromStdString(problem);
    showSkipTime(setup.skipTime);
    m_restoredSkip = m_skip->value();
    m_size->setCurrentIndex(static_cast<int>(setup.showBlocks ? SlipSize::Blocks : SlipSize::Moment)); // redraws the distribution
    const std::pair<double, QLineEdit*> ends[] = {{setup.fitMin, m_fitMin}, {setup.fitMax, m_fitMax}};
    for (const auto& [value, field] : ends)
        field->setText(value > 0.0 ? QString::fromStdString(fl::formatNumber(value)) : QString());
    // Not analysed here: the session's scenario runs next, and its run is analysed with these.
}

} // namespace fl::ui
