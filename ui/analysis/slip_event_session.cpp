// The slip events' setup in a session file (view.setups.slip-events): the transient left out
// ("skipTime"), the size shown ("moment" or "blocks") and the fit range of the moments ("fitMin",
// "fitMax"; 0 is automatic). The skip time is kept for the run the session starts, the next one
// shown: a new run of the chain otherwise skips its first fifth.
#include "analysis/slip_event_view.h"
#include "bridge/setup_reader.h"

#include "params/parameter_spec.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>

#include <algorithm>
#include <limits>
#include <utility>

namespace fl::ui {

namespace {

constexpr double kHuge = std::numeric_limits<double>::max();
/// The skip field's range before a run sets it to the run's t_end.
constexpr double kMaxSkip = 1e9;
const QStringList& sizeIds()
{
    static const QStringList ids{QStringLiteral("moment"), QStringLiteral("blocks")}; // in the box's order
    return ids;
}

} // namespace

QJsonObject SlipEventView::saveSetup() const
{
    QJsonObject setup{{QStringLiteral("size"), sizeIds().value(m_size->currentIndex(), sizeIds().front())}};
    // The skip time once a chain's run has set the field (before, it is no choice of the user's).
    if (m_tEnd > 0.0)
        setup.insert(QStringLiteral("skipTime"), m_skip->value());
    // A fit end the field refuses is not kept (the view shows why meanwhile).
    const std::pair<const char*, QLineEdit*> ends[] = {{"fitMin", m_fitMin}, {"fitMax", m_fitMax}};
    for (const auto& [key, field] : ends)
        if (double value = 0.0; readFitEnd(field, value))
            setup.insert(QLatin1String(key), value);
    return setup;
}

void SlipEventView::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    SetupReader r(object, path, warnings);
    double skip = m_skip->value();
    if (r.number(QStringLiteral("skipTime"), 0.0, kMaxSkip, skip)) {
        const QSignalBlocker block(m_skip);
        m_skip->setMaximum(std::max(m_skip->maximum(), skip));
        m_skip->setValue(skip);
        m_restoredSkip = m_skip->value();
    }
    QString size;
    if (r.oneOf(QStringLiteral("size"), sizeIds(), size))
        m_size->setCurrentIndex(static_cast<int>(sizeIds().indexOf(size))); // redraws the distribution
    const std::pair<const char*, QLineEdit*> ends[] = {{"fitMin", m_fitMin}, {"fitMax", m_fitMax}};
    for (const auto& [key, field] : ends) {
        double value = 0.0;
        if (r.number(QLatin1String(key), 0.0, kHuge, value))
            field->setText(value > 0.0 ? QString::fromStdString(fl::formatNumber(value)) : QString());
    }
    r.finish();
    // Not analysed here: the session's scenario runs next, and its run is analysed with these.
}

} // namespace fl::ui
