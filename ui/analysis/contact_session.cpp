// The contact explorer's setup in a session file (view.setups.contact): the shape and pressure, the
// polygon's vertices and every number of contactSpecs() by its id (semi-axes, rectangle, the
// approximants' (b, m), eta, eps, theta, phi).
#include "analysis/contact_controls.h"
#include "bridge/setup_reader.h"

#include <QLabel>

#include <utility>

namespace fl::ui {

namespace {

using fl::contact::PressureKind;

const std::pair<ContactShapeChoice, const char*> kShapes[] = {{ContactShapeChoice::Circle, "circle"},
                                                              {ContactShapeChoice::Ellipse, "ellipse"},
                                                              {ContactShapeChoice::Rectangle, "rectangle"},
                                                              {ContactShapeChoice::Polygon, "polygon"}};
const std::pair<PressureKind, const char*> kPressures[] = {{PressureKind::Uniform, "uniform"}, {PressureKind::Hertz, "hertz"}};
/// More vertices than anyone types; each edit checks every pair of edges.
constexpr int kMaxVertices = 1000;

template <typename Kind, size_t N>
QString idOf(const std::pair<Kind, const char*> (&table)[N], Kind kind)
{
    for (const auto& [k, id] : table)
        if (k == kind)
            return QString::fromLatin1(id);
    return {};
}

template <typename Kind, size_t N>
QStringList idsOf(const std::pair<Kind, const char*> (&table)[N])
{
    QStringList ids;
    for (const auto& entry : table)
        ids << QString::fromLatin1(entry.second);
    return ids;
}

template <typename Kind, size_t N>
Kind kindOf(const std::pair<Kind, const char*> (&table)[N], const QString& id)
{
    for (const auto& [k, text] : table)
        if (id == QLatin1String(text))
            return k;
    return table[0].first;
}

/// [[x1, y1], [x2, y2], ...]: each vertex a pair of numbers; the polygon itself is checked after.
bool readVertices(SetupReader& r, const QString& key, std::vector<Eigen::Vector2d>& out)
{
    QJsonArray items;
    if (!r.array(key, kMaxVertices, items))
        return false;
    std::vector<Eigen::Vector2d> vertices;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString at = r.pathOf(key) + QStringLiteral("[%1]").arg(i);
        const QJsonArray pair = items.at(i).toArray();
        if (!items.at(i).isArray() || pair.size() != 2)
            return r.check(session_json::errorAt(at, QStringLiteral("expected [x, y], got ") + session_json::typeName(items.at(i))));
        double x = 0.0, y = 0.0;
        if (!r.check(session_json::toNumber(pair.at(0), at + QStringLiteral("[0]"), -1e6, 1e6, x))
            || !r.check(session_json::toNumber(pair.at(1), at + QStringLiteral("[1]"), -1e6, 1e6, y)))
            return false;
        vertices.emplace_back(x, y);
    }
    out = std::move(vertices);
    return true;
}

} // namespace

QJsonObject ContactControls::saveSetup() const
{
    QJsonObject values;
    for (const fl::ParameterSpec& spec : m_settings.values.specs())
        values.insert(QString::fromStdString(spec.id), m_settings.values.value(spec.id));
    QJsonArray polygon;
    for (const Eigen::Vector2d& v : m_settings.polygon)
        polygon.append(QJsonArray{v.x(), v.y()});
    return {{QStringLiteral("shape"), idOf(kShapes, m_settings.shape)},
            {QStringLiteral("pressure"), idOf(kPressures, m_settings.pressure)},
            {QStringLiteral("polygon"), polygon},
            {QStringLiteral("values"), values}};
}

bool ContactControls::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    ContactSettings candidate = m_settings;
    SetupReader r(object, path, warnings);
    // The numbers first, each in its spec's range; then the polygon, the shape and the pressure,
    // each checked with what is already taken (a contact the explorer cannot draw is refused).
    QJsonObject values;
    if (r.object(QStringLiteral("values"), values)) {
        SetupReader v(values, r.pathOf(QStringLiteral("values")), warnings);
        for (const fl::ParameterSpec& spec : candidate.values.specs()) {
            double value = candidate.values.value(spec.id);
            if (v.number(QString::fromStdString(spec.id), spec.min, spec.max, value))
                candidate.values.set(spec.id, value);
        }
    }
    std::vector<Eigen::Vector2d> polygon;
    if (readVertices(r, QStringLiteral("polygon"), polygon)) {
        ContactSettings trial = candidate;
        trial.shape = ContactShapeChoice::Polygon;
        trial.pressure = PressureKind::Uniform;
        trial.polygon = polygon;
        if (const fl::Status status = trial.validate(); status.ok())
            candidate.polygon = polygon;
        else
            r.warn(QStringLiteral("polygon"), QString::fromStdString(status.message()));
    }
    QString shape;
    if (r.oneOf(QStringLiteral("shape"), idsOf(kShapes), shape)) {
        ContactSettings trial = candidate;
        trial.shape = kindOf(kShapes, shape);
        trial.pressure = trial.effectivePressure(); // a polygon's uniform pressure is checked below
        if (const fl::Status status = trial.validate(); status.ok())
            candidate.shape = trial.shape;
        else
            r.warn(QStringLiteral("shape"), QString::fromStdString(status.message()));
    }
    QString pressure;
    if (r.oneOf(QStringLiteral("pressure"), idsOf(kPressures), pressure)) {
        ContactSettings trial = candidate;
        trial.pressure = kindOf(kPressures, pressure);
        if (const fl::Status status = trial.validate(); status.ok())
            candidate.pressure = trial.pressure;
        else
            r.warn(QStringLiteral("pressure"), QString::fromStdString(status.message()));
    }
    r.finish();
    if (!candidate.validate().ok()) // a polygon taken with Hertz pressure refused: it carries uniform pressure
        candidate.pressure = candidate.effectivePressure();
    if (!candidate.validate().ok() || candidate == m_settings)
        return false;
    // A fit's report belongs to the contact it was made for.
    if (!(candidate.contactShape() == m_settings.contactShape()))
        m_fitInfo->clear();
    setSettings(candidate);
    return true;
}

} // namespace fl::ui
