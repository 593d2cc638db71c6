// readSession: parse with QJsonDocument (it rejects NaN/Infinity literals, numbers that overflow
// or underflow a double, and nesting deeper than 1024), then validate every field here, naming
// the first problem by its path. Missing fields keep their defaults; unknown ones are warnings.
#include "bridge/session.h"
#include "bridge/qs.h"
#include "bridge/session_format.h"
#include "bridge/session_json.h"
#include "systems/scenario_setup.h"

#include "friction/friction_law.h"
#include "model/model_parser.h"
#include "expr/node.h"
#include "systems/model_equations.h"
#include "systems/model_registry.h"
#include "systems/run_variables.h"
#include "systems/system_registry.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <limits>

namespace fl::ui {
namespace {

using session_json::childPath;
using session_json::errorAt;
using session_json::typeName;
using session_json::ObjectReader;
using session_json::Warnings;

/// Prefixes a core message (e.g. from fl::validate) with the path it concerns.
Status at(const QString& path, const Status& status)
{
    return status.ok() ? status : errorAt(path, qs(status.message()));
}

/// The ids of a scenario object, each checked against the registries; empty when absent.
struct ScenarioIds {
    QString system, law, method, regularization, integrator;
};

Status readIds(ObjectReader& r, ScenarioIds& ids)
{
    FL_TRY(r.string(QStringLiteral("system"), 200, ids.system));
    FL_TRY(r.string(QStringLiteral("law"), 200, ids.law));
    FL_TRY(r.string(QStringLiteral("method"), 200, ids.method));
    FL_TRY(r.string(QStringLiteral("regularization"), 200, ids.regularization));
    FL_TRY(r.string(QStringLiteral("integrator"), 200, ids.integrator));
    // A model's text travels with its scenario: registered here, it is the system (whatever id
    // "system" says: an edited text is another model).
    if (r.has(QStringLiteral("model"))) {
        QString text;
        FL_TRY(r.string(QStringLiteral("model"), static_cast<int>(fl::model::kMaxFileBytes), text));
        const fl::ModelRegistration model = fl::registerModel(text.toStdString());
        if (!model.ok())
            return errorAt(r.pathOf(QStringLiteral("model")), QStringLiteral("line %1, column %2: %3")
                                                                 .arg(model.error.where.line)
                                                                 .arg(model.error.where.column)
                                                                 .arg(qs(model.error.reason)));
        ids.system = qs(model.system->id);
    }
    if (r.has(QStringLiteral("system")) && !fl::findSystem(ids.system.toStdString()))
        return errorAt(r.pathOf(QStringLiteral("system")), QStringLiteral("unknown system '%1'").arg(ids.system));
    if (r.has(QStringLiteral("law")) && ids.law.isEmpty())
        return errorAt(r.pathOf(QStringLiteral("law")), QStringLiteral("unknown friction law ''"));
    if (r.has(QStringLiteral("method")) && !fl::findMethod(ids.method.toStdString()))
        return errorAt(r.pathOf(QStringLiteral("method")),
                       QStringLiteral("unknown method '%1' (event, regularized, explicit)").arg(ids.method));
    if (r.has(QStringLiteral("regularization")) && !fl::findRegularization(ids.regularization.toStdString()))
        return errorAt(r.pathOf(QStringLiteral("regularization")),
                       QStringLiteral("unknown regularization '%1' (kudra, tanh, atan, sqrt)").arg(ids.regularization));
    if (r.has(QStringLiteral("integrator")) && !fl::findStiffIntegrator(ids.integrator.toStdString()))
        return errorAt(r.pathOf(QStringLiteral("integrator")),
                       QStringLiteral("unknown integrator '%1' (bdf, rosenbrock4)").arg(ids.integrator));
    return Status::success();
}

/// Applies the ids on top of `scenario` (a preset's, or the default): system and law through
/// changeModel (values of shared parameters kept), then method, regularization and the stiff
/// integrator (absent in sessions written before it was stored: the default, BDF).
Status applyIds(ObjectReader& r, const ScenarioIds& ids, fl::Scenario& scenario)
{
    const std::string systemId = ids.system.isEmpty() ? scenario.systemId : ids.system.toStdString();
    const fl::SystemInfo* system = fl::findSystem(systemId);
    std::string lawId = ids.law.toStdString();
    if (ids.law.isEmpty())
        lawId = systemId == scenario.systemId ? scenario.lawId : fl::lawsOf(*system).front()->id;
    const std::vector<const fl::FrictionLawInfo*> laws = fl::lawsOf(*system);
    if (std::none_of(laws.begin(), laws.end(), [&](const fl::FrictionLawInfo* law) { return law->id == lawId; })) {
        const bool known = fl::findAnyLaw(lawId) != nullptr;
        return errorAt(r.pathOf(QStringLiteral("law")), known ? QStringLiteral("law '%1' does not apply to system '%2'")
                                                                    .arg(qs(lawId), qs(systemId))
                                                              : QStringLiteral("unknown friction law '%1'").arg(qs(lawId)));
    }
    if (systemId != scenario.systemId || lawId != scenario.lawId)
        FL_TRY(at(r.path(), fl::changeModel(scenario, systemId, lawId)));
    if (!ids.method.isEmpty()) {
        const fl::Method method = *fl::findMethod(ids.method.toStdString());
        if (std::find(system->methods.begin(), system->methods.end(), method) == system->methods.end())
            return errorAt(r.pathOf(QStringLiteral("method")),
                           QStringLiteral("method '%1' is not available for system '%2'").arg(ids.method, qs(systemId)));
        scenario.method = method;
    }
    if (!ids.regularization.isEmpty())
        scenario.regularization = *fl::findRegularization(ids.regularization.toStdString());
    if (!ids.integrator.isEmpty())
        scenario.stiffIntegrator = *fl::findStiffIntegrator(ids.integrator.toStdString());
    return Status::success();
}

/// "parameters": each one the scenario has, a finite number inside its range.
Status readParameters(ObjectReader& r, fl::Scenario& scenario, Warnings& warnings)
{
    QJsonObject object;
    bool present = false;
    FL_TRY(r.object(QStringLiteral("parameters"), object, present));
    if (!present)
        return Status::success();
    const QString path = r.pathOf(QStringLiteral("parameters"));
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        const QString itemPath = session_json::childPath(path, it.key());
        const int index = scenario.params.index(it.key().toStdString());
        if (index < 0) {
            warnings.add(itemPath + QStringLiteral(": no such parameter in %1 / %2 (ignored)")
                                        .arg(qs(scenario.systemId), qs(scenario.lawId)));
            continue;
        }
        const fl::ParameterSpec& spec = scenario.params.specs()[static_cast<size_t>(index)];
        double value = 0.0;
        FL_TRY(session_json::toNumber(it.value(), itemPath, spec.min, spec.max, value));
        FL_TRY(at(itemPath, scenario.params.set(spec.id, value)));
    }
    return Status::success();
}

/// One scenario object: ids on top of `scenario`, then the parameters, then fl::validate.
/// "initialState": a state to start from, one number per state variable (fl::validate checks its
/// size against the system); absent in most sessions.
Status readInitialState(ObjectReader& r, fl::Scenario& scenario)
{
    QJsonArray items;
    bool present = false;
    FL_TRY(r.array(QStringLiteral("initialState"), kMaxInitialState, items, present));
    scenario.initialState.clear();
    for (qsizetype i = 0; present && i < items.size(); ++i) {
        if (!items.at(i).isDouble())
            return errorAt(r.pathOf(QStringLiteral("initialState")) + QStringLiteral("[%1]").arg(i),
                           QStringLiteral("expected a number, got ") + session_json::typeName(items.at(i)));
        scenario.initialState.push_back(items.at(i).toDouble());
    }
    return Status::success();
}

Status readScenario(ObjectReader& r, fl::Scenario& scenario, Warnings& warnings)
{
    ScenarioIds ids;
    FL_TRY(readIds(r, ids));
    FL_TRY(applyIds(r, ids, scenario));
    FL_TRY(readParameters(r, scenario, warnings));
    FL_TRY(readInitialState(r, scenario));
    return at(r.path(), fl::validate(scenario));
}

/// "systems": what each other system was left at; never the active one, each system once.
Status readOtherSystems(ObjectReader& r, const fl::Scenario& active, std::vector<fl::Scenario>& out, Warnings& warnings)
{
    QJsonArray items;
    bool present = false;
    FL_TRY(r.array(QStringLiteral("systems"), static_cast<int>(fl::systems().size()) + kMaxRememberedModels, items, present));
    const QString path = r.pathOf(QStringLiteral("systems"));
    std::vector<fl::Scenario> list;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString itemPath = path + QStringLiteral("[%1]").arg(i);
        if (!items.at(i).isObject())
            return errorAt(itemPath, QStringLiteral("expected an object, got ") + session_json::typeName(items.at(i)));
        ObjectReader item(items.at(i).toObject(), itemPath, warnings);
        FL_TRY(item.require(QStringLiteral("system")));
        fl::Scenario scenario = fl::defaultScenario();
        FL_TRY(readScenario(item, scenario, warnings));
        item.finish();
        if (scenario.systemId == active.systemId)
            return errorAt(itemPath + QStringLiteral(".system"),
                           QStringLiteral("'%1' is the active system (its values are the state's own)").arg(qs(scenario.systemId)));
        for (const fl::Scenario& earlier : list)
            if (earlier.systemId == scenario.systemId)
                return errorAt(itemPath + QStringLiteral(".system"),
                               QStringLiteral("'%1' appears twice").arg(qs(scenario.systemId)));
        list.push_back(std::move(scenario));
    }
    out = std::move(list);
    return Status::success();
}

/// "x" / "y" of a plot: [lower, upper], finite, lower < upper; null or absent: fitted.
Status readRange(ObjectReader& r, const QString& key, std::optional<AxisRange>& out)
{
    if (!r.has(key))
        return Status::success();
    QJsonArray items;
    bool present = false;
    FL_TRY(r.array(key, 2, items, present));
    const QString path = r.pathOf(key);
    if (items.size() != 2)
        return errorAt(path, QStringLiteral("expected [lower, upper], got %1 numbers").arg(items.size()));
    constexpr double big = std::numeric_limits<double>::max();
    AxisRange range;
    FL_TRY(session_json::toNumber(items.at(0), path + QStringLiteral("[0]"), -big, big, range.lower));
    FL_TRY(session_json::toNumber(items.at(1), path + QStringLiteral("[1]"), -big, big, range.upper));
    if (!(range.lower < range.upper))
        return errorAt(path, QStringLiteral("the lower end %1 is not below the upper end %2")
                                 .arg(session_json::numberText(range.lower), session_json::numberText(range.upper)));
    out = range;
    return Status::success();
}

Status readPlot(ObjectReader& plots, const QString& key, PlotViewState& out, Warnings& warnings)
{
    QJsonObject object;
    bool present = false;
    FL_TRY(plots.object(key, object, present));
    if (!present)
        return Status::success();
    ObjectReader r(object, plots.pathOf(key), warnings);
    PlotViewState plot;
    FL_TRY(r.boolean(QStringLiteral("locked"), plot.locked));
    FL_TRY(readRange(r, QStringLiteral("x"), plot.x));
    FL_TRY(readRange(r, QStringLiteral("y"), plot.y));
    r.finish();
    out = plot;
    return Status::success();
}

Status readPlots(ObjectReader& view, ViewState& out, Warnings& warnings)
{
    QJsonObject object;
    bool present = false;
    FL_TRY(view.object(QStringLiteral("plots"), object, present));
    if (!present)
        return Status::success();
    ObjectReader r(object, view.pathOf(QStringLiteral("plots")), warnings);
    FL_TRY(readPlot(r, QStringLiteral("timeHistory"), out.timeHistory, warnings));
    FL_TRY(readPlot(r, QStringLiteral("phasePortrait"), out.phasePortrait, warnings));
    FL_TRY(readPlot(r, QStringLiteral("characteristic"), out.characteristic, warnings));
    r.finish();
    return Status::success();
}

Status readView(ObjectReader& state, const fl::Scenario& scenario, ViewState& out, Warnings& warnings)
{
    QJsonObject object;
    bool present = false;
    FL_TRY(state.object(QStringLiteral("view"), object, present));
    if (!present)
        return Status::success();
    ObjectReader r(object, state.pathOf(QStringLiteral("view")), warnings);
    const int planes = std::max(1, static_cast<int>(fl::phasePlanes(scenario).size()));
    ViewState v;
    FL_TRY(r.oneOf(QStringLiteral("tab"), tabIds(), v.tab));
    FL_TRY(r.oneOf(QStringLiteral("sideTab"), sideTabIds(), v.sideTab));
    FL_TRY(r.oneOf(QStringLiteral("layout"), kLayoutIds, v.layout));
    FL_TRY(r.boolean(QStringLiteral("panelShown"), v.panelShown));
    FL_TRY(r.boolean(QStringLiteral("fullScreen"), v.fullScreen));
    FL_TRY(r.oneOf(QStringLiteral("theme"), kThemeIds, v.theme));
    FL_TRY(r.number(QStringLiteral("scale"), 1.0, 3.0, v.scale));
    FL_TRY(readPlots(r, v, warnings));
    FL_TRY(r.integer(QStringLiteral("phasePlane"), 0, planes - 1, v.phasePlane));
    FL_TRY(r.boolean(QStringLiteral("phaseAngleWrap"), v.phaseAngleWrap));
    QJsonObject sub;
    FL_TRY(r.object(QStringLiteral("playback"), sub, present));
    if (present) {
        ObjectReader p(sub, r.pathOf(QStringLiteral("playback")), warnings);
        FL_TRY(p.number(QStringLiteral("speed"), 1.0 / 16.0, 16.0, v.playbackSpeed));
        FL_TRY(p.boolean(QStringLiteral("loop"), v.playbackLoop));
        FL_TRY(p.number(QStringLiteral("liveWindow"), kMinLiveWindow, kMaxLiveWindow, v.liveWindow));
        FL_TRY(p.number(QStringLiteral("time"), 0.0, kMaxPlaybackTime, v.playbackTime));
        p.finish();
    }
    FL_TRY(readSetups(r, v.setups, warnings));
    FL_TRY(readOlderSetups(r, scenario, v.setups, warnings));
    r.finish();
    out = v;
    return Status::success();
}

/// A state object: preset (if known), ids, parameters, other systems, view.
Status readState(const QJsonValue& value, const QString& path, SessionState& out, Warnings& warnings)
{
    if (!value.isObject())
        return errorAt(path, QStringLiteral("expected an object, got ") + session_json::typeName(value));
    ObjectReader r(value.toObject(), path, warnings);
    SessionState state;
    QString presetId;
    FL_TRY(r.string(QStringLiteral("preset"), 200, presetId));
    if (!presetId.isEmpty()) {
        if (fl::findPreset(presetId.toStdString())) {
            FL_TRY(at(r.pathOf(QStringLiteral("preset")), fl::applyPreset(presetId.toStdString(), state.scenario)));
            state.presetId = presetId;
        } else {
            warnings.add(r.pathOf(QStringLiteral("preset"))
                         + QStringLiteral(": unknown preset '%1' (ignored; written by a newer FrictionLab?)").arg(presetId));
        }
    }
    FL_TRY(readScenario(r, state.scenario, warnings));
    FL_TRY(readOtherSystems(r, state.scenario, state.otherSystems, warnings));
    FL_TRY(readView(r, state.scenario, state.view, warnings));
    r.finish();
    out = std::move(state);
    return Status::success();
}

Status readScenes(ObjectReader& r, std::vector<Scene>& out, Warnings& warnings)
{
    QJsonArray items;
    bool present = false;
    FL_TRY(r.array(QStringLiteral("scenes"), kMaxScenes, items, present));
    std::vector<Scene> scenes;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString path = r.pathOf(QStringLiteral("scenes")) + QStringLiteral("[%1]").arg(i);
        if (!items.at(i).isObject())
            return errorAt(path, QStringLiteral("expected an object, got ") + session_json::typeName(items.at(i)));
        ObjectReader s(items.at(i).toObject(), path, warnings);
        Scene scene;
        FL_TRY(s.string(QStringLiteral("title"), kMaxTitleChars, scene.title));
        FL_TRY(s.string(QStringLiteral("note"), kMaxNoteChars, scene.note));
        FL_TRY(s.boolean(QStringLiteral("keepLook"), scene.keepLook));
        if (s.has(QStringLiteral("state")))
            FL_TRY(readState(items.at(i).toObject().value(QStringLiteral("state")), s.pathOf(QStringLiteral("state")),
                             scene.state, warnings));
        s.finish();
        scenes.push_back(std::move(scene));
    }
    out = std::move(scenes);
    return Status::success();
}

Status readDocument(const QJsonObject& root, Session& session, Warnings& warnings)
{
    ObjectReader r(root, QString(), warnings);
    QString format;
    FL_TRY(r.require(QStringLiteral("format")));
    FL_TRY(r.string(QStringLiteral("format"), 200, format));
    if (format != session_format::kFormat)
        return errorAt(QStringLiteral("format"), QStringLiteral("'%1' is not a FrictionLab session (expected '%2')")
                                                     .arg(format, session_format::kFormat));
    int version = 0;
    FL_TRY(r.require(QStringLiteral("version")));
    FL_TRY(r.integer(QStringLiteral("version"), 1, std::numeric_limits<int>::max(), version));
    if (version > Session::kVersion)
        warnings.add(QStringLiteral("version: %1 is newer than this FrictionLab reads (%2); what it knows is read, "
                                    "the rest ignored")
                         .arg(version)
                         .arg(Session::kVersion));
    FL_TRY(r.string(QStringLiteral("title"), kMaxTitleChars, session.title));
    FL_TRY(r.string(QStringLiteral("description"), kMaxNoteChars, session.description));
    if (r.has(QStringLiteral("state")))
        FL_TRY(readState(root.value(QStringLiteral("state")), QStringLiteral("state"), session.state, warnings));
    FL_TRY(readScenes(r, session.scenes, warnings));
    FL_TRY(r.integer(QStringLiteral("currentScene"), -1, static_cast<int>(session.scenes.size()) - 1, session.currentScene));
    r.finish();
    return Status::success();
}

/// One line: control characters (a hostile file's keys or ids) become spaces, long lines are cut.
QString oneLine(QString text)
{
    for (QChar& c : text)
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            c = QLatin1Char(' ');
    constexpr qsizetype kMaxChars = 400;
    if (text.size() > kMaxChars)
        text = text.left(kMaxChars) + QStringLiteral("...");
    return text;
}

} // namespace

Status readSession(const QByteArray& json, Session& out, QStringList* warnings)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return Status::error(QStringLiteral("not a session file: %1 at byte %2").arg(error.errorString()).arg(error.offset).toStdString());
    if (!document.isObject())
        return Status::error("not a session file: expected a JSON object");
    Session session;
    Warnings found;
    // Every model the session holds is prepared within one budget: a small file with many models
    // (scenes times models) cannot add up to more work than twice one model's limit. A model past
    // it is refused with its place, as one model past its own limit is.
    const fl::expr::NodeBudget bound(kMaxSessionPreparedNodes);
    const Status status = readDocument(document.object(), session, found);
    if (!status.ok())
        return Status::error(oneLine(QString::fromStdString(status.message())).toStdString());
    out = std::move(session);
    if (warnings)
        for (const QString& line : found.lines())
            warnings->append(oneLine(line));
    return Status::success();
}

} // namespace fl::ui
