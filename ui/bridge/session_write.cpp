// writeSession: every field of a Session as an ordered, indented JSON document (version Session::kVersion).
#include "bridge/session.h"
#include "bridge/qs.h"
#include "bridge/session_format.h"
#include "bridge/session_json.h"

#include <QJsonArray>

#include "friction/regularization.h"
#include "systems/model_registry.h"
#include "systems/system_registry.h"

namespace fl::ui {
namespace {

using session_json::Writer;

/// system, law, method, regularization, the stiff integrator and every parameter in spec order.
void writeScenario(Writer& w, const fl::Scenario& scenario)
{
    w.key("system").value(qs(scenario.systemId));
    if (const std::string* model = fl::modelText(scenario.systemId))
        w.key("model").value(qs(*model)); // the session holds its model: the file alone reproduces it
    w.key("law").value(qs(scenario.lawId));
    w.key("method").value(qs(fl::methodInfo(scenario.method).id));
    w.key("regularization").value(qs(fl::regularizationInfo(scenario.regularization).id));
    w.key("integrator").value(qs(fl::stiffIntegratorInfo(scenario.stiffIntegrator).id));
    w.key("parameters").beginObject();
    const fl::ParameterSpecs& specs = scenario.params.specs();
    for (size_t i = 0; i < specs.size(); ++i)
        w.key(qs(specs[i].id)).value(scenario.params.values()[i]);
    w.endObject();
    // A state to start from (an orbit loaded from a continued branch), only when there is one.
    if (!scenario.initialState.empty()) {
        QJsonArray state;
        for (double v : scenario.initialState)
            state.append(v);
        w.key("initialState").value(QJsonValue(state));
    }
}

void writePlot(Writer& w, const char* name, const PlotViewState& plot)
{
    w.key(name).beginObject();
    w.key("locked").value(plot.locked);
    if (plot.x)
        w.key("x").pair(plot.x->lower, plot.x->upper);
    if (plot.y)
        w.key("y").pair(plot.y->lower, plot.y->upper);
    w.endObject();
}

void writeView(Writer& w, const ViewState& v)
{
    w.key("view").beginObject();
    w.key("tab").value(v.tab);
    w.key("sideTab").value(v.sideTab);
    w.key("layout").value(v.layout);
    w.key("panelShown").value(v.panelShown);
    w.key("fullScreen").value(v.fullScreen);
    w.key("theme").value(v.theme);
    w.key("scale").value(v.scale);
    w.key("plots").beginObject();
    writePlot(w, "timeHistory", v.timeHistory);
    writePlot(w, "phasePortrait", v.phasePortrait);
    writePlot(w, "characteristic", v.characteristic);
    w.endObject();
    w.key("phasePlane").value(v.phasePlane);
    w.key("phaseAngleWrap").value(v.phaseAngleWrap);
    w.key("playback").beginObject();
    w.key("speed").value(v.playbackSpeed);
    w.key("loop").value(v.playbackLoop);
    w.key("liveWindow").value(v.liveWindow);
    w.key("time").value(v.playbackTime);
    w.endObject();
    if (!v.setups.isEmpty()) {
        w.key("setups").beginObject();
        for (auto it = v.setups.begin(); it != v.setups.end(); ++it)
            w.key(it.key()).value(QJsonValue(it.value()));
        w.endObject();
    }
    w.endObject();
}

void writeState(Writer& w, const SessionState& state)
{
    w.beginObject();
    if (!state.presetId.isEmpty())
        w.key("preset").value(state.presetId);
    writeScenario(w, state.scenario);
    w.key("systems").beginArray();
    // Models: at most kMaxRememberedModels, and no earlier version of the model on screen (each
    // Apply of an edited text is another model; its old values are not worth its text again).
    const fl::SystemInfo* active = fl::findModel(state.scenario.systemId) ? fl::findSystem(state.scenario.systemId) : nullptr;
    int models = 0;
    for (const fl::Scenario& other : state.otherSystems) {
        if (fl::findModel(other.systemId)) {
            const fl::SystemInfo* system = fl::findSystem(other.systemId);
            if ((active && system->name == active->name) || ++models > kMaxRememberedModels)
                continue;
        }
        w.beginObject();
        writeScenario(w, other);
        w.endObject();
    }
    w.endArray();
    writeView(w, state.view);
    w.endObject();
}

} // namespace

QByteArray writeSession(const Session& session)
{
    Writer w;
    w.beginObject();
    w.key("format").value(session_format::kFormat);
    w.key("version").value(Session::kVersion);
    w.key("title").value(session.title);
    w.key("description").value(session.description);
    w.key("state");
    writeState(w, session.state);
    w.key("scenes").beginArray();
    for (const Scene& scene : session.scenes) {
        w.beginObject();
        w.key("title").value(scene.title);
        w.key("note").value(scene.note);
        w.key("keepLook").value(scene.keepLook);
        w.key("state");
        writeState(w, scene.state);
        w.endObject();
    }
    w.endArray();
    w.key("currentScene").value(session.currentScene);
    w.endObject();
    return w.text();
}

} // namespace fl::ui
