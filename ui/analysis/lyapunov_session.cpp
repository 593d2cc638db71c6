// The Lyapunov panel's setup in a session file (view.setups.lyapunov): the transient, the averaging
// duration, the re-orthonormalisation interval and the mode ("largest" or "spectrum"). Restoring
// computes nothing: the mode's button is shown as the default one.
#include "analysis/lyapunov_panel.h"
#include "bridge/setup_reader.h"

#include "params/parameter_spec.h"

#include <QLineEdit>
#include <QLocale>

#include <cmath>
#include <limits>
#include <utility>

namespace fl::ui {

namespace {

constexpr double kHuge = std::numeric_limits<double>::max();

/// The field's number, or false when its text is none (the panel then says so in red).
bool fieldValue(const QLineEdit* field, double& out)
{
    bool ok = false;
    const double v = QLocale::c().toDouble(field->text().trimmed(), &ok);
    if (ok && std::isfinite(v))
        out = v;
    return ok && std::isfinite(v);
}

void showNumber(QLineEdit* field, double value) { field->setText(QString::fromStdString(fl::formatNumber(value))); }

} // namespace

QJsonObject LyapunovPanel::saveSetup() const
{
    QJsonObject setup{{QStringLiteral("mode"), m_mode == 0 ? QStringLiteral("spectrum") : QStringLiteral("largest")}};
    const std::pair<const char*, const QLineEdit*> fields[] = {
        {"transient", m_transient}, {"duration", m_duration}, {"interval", m_interval}};
    for (const auto& [key, field] : fields)
        if (double value = 0.0; fieldValue(field, value))
            setup.insert(QLatin1String(key), value);
    return setup;
}

void LyapunovPanel::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    SetupReader r(object, path, warnings);
    // Each field as checkLyapunovRequest (lyapunov_task.h) takes it, with what is already restored.
    LyapunovRequest request;
    fieldValue(m_transient, request.transient);
    fieldValue(m_duration, request.duration);
    fieldValue(m_interval, request.interval);
    double transient = request.transient;
    if (r.number(QStringLiteral("transient"), 0.0, kHuge, transient)) {
        request.transient = transient;
        showNumber(m_transient, transient);
    }
    double duration = request.duration;
    if (r.number(QStringLiteral("duration"), 0.0, kHuge, duration)) {
        if (duration > 0.0) {
            request.duration = duration;
            showNumber(m_duration, duration);
        } else {
            r.warn(QStringLiteral("duration"), QStringLiteral("must be > 0"));
        }
    }
    double interval = request.interval;
    if (r.number(QStringLiteral("interval"), 0.0, kHuge, interval)) {
        LyapunovRequest trial = request;
        trial.interval = interval;
        if (const QString error = checkLyapunovRequest(trial); error.isEmpty())
            showNumber(m_interval, interval);
        else
            r.warn(QStringLiteral("interval"), error);
    }
    QString mode;
    if (r.oneOf(QStringLiteral("mode"), {QStringLiteral("largest"), QStringLiteral("spectrum")}, mode))
        setMode(mode == QStringLiteral("spectrum") ? 0 : 1);
    r.finish();
}

} // namespace fl::ui
