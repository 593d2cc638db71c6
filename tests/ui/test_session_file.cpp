// Session files (ui/bridge/session.h): a round trip of every field, and broken or hostile files
// refused with one message naming the path, the target untouched.
#include "bridge/marked_temporary.h"
#include "bridge/session.h"
#include "bridge/session_setups.h"
#include "bridge/setup_json.h"
#include "contract/analysis_registry.h"
#include "contract/poincare_analysis.h"
#include "contract/sweep_analysis.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <unistd.h>

using namespace fl::ui;

namespace {

/// Every parameter moved off its default by an odd fraction of its range (full-precision
/// decimals), as far as fl::validate allows.
void perturb(fl::Scenario& scenario, double fraction)
{
    const fl::ParameterSpecs specs = scenario.params.specs();
    for (const fl::ParameterSpec& spec : specs) {
        const double old = scenario.params.value(spec.id);
        const double room = spec.max - old >= old - spec.min ? spec.max - old : -(old - spec.min);
        double value = old + room * fraction;
        if (spec.logScale)
            value = old * (room > 0 ? 1.0 + fraction : 1.0 - fraction);
        if (!scenario.params.set(spec.id, value).ok() || !fl::validate(scenario).ok())
            scenario.params.set(spec.id, old);
    }
}

fl::Scenario scenarioOf(const char* system, const char* law, fl::Method method, fl::Regularization reg, double fraction)
{
    fl::Scenario s;
    if (!fl::makeScenario(system, law, method, reg, s).ok())
        qFatal("makeScenario %s %s", system, law);
    perturb(s, fraction);
    return s;
}

int changedCount(const fl::Scenario& s)
{
    fl::Scenario d;
    fl::makeScenario(s.systemId, s.lawId, s.method, s.regularization, d);
    int n = 0;
    for (size_t i = 0; i < s.params.values().size(); ++i)
        n += s.params.values()[i] != d.params.values()[i];
    return n;
}

bool sameScenario(const fl::Scenario& a, const fl::Scenario& b)
{
    if (a.systemId != b.systemId || a.lawId != b.lawId || a.method != b.method || a.regularization != b.regularization
        || a.stiffIntegrator != b.stiffIntegrator || a.params.specs().size() != b.params.specs().size()
        || a.initialState != b.initialState)
        return false;
    for (size_t i = 0; i < a.params.specs().size(); ++i)
        if (a.params.specs()[i].id != b.params.specs()[i].id || a.params.values()[i] != b.params.values()[i])
            return false;
    return true;
}

bool sameRange(const std::optional<AxisRange>& a, const std::optional<AxisRange>& b)
{
    return a.has_value() == b.has_value() && (!a || (a->lower == b->lower && a->upper == b->upper));
}

bool samePlot(const PlotViewState& a, const PlotViewState& b)
{
    return a.locked == b.locked && sameRange(a.x, b.x) && sameRange(a.y, b.y);
}

/// Every field of a state, with a message naming the first difference.
QString stateDifference(const SessionState& a, const SessionState& b)
{
    if (!sameScenario(a.scenario, b.scenario))
        return "scenario";
    if (a.otherSystems.size() != b.otherSystems.size())
        return "otherSystems.size";
    for (size_t i = 0; i < a.otherSystems.size(); ++i)
        if (!sameScenario(a.otherSystems[i], b.otherSystems[i]))
            return QString("otherSystems[%1]").arg(i);
    if (a.presetId != b.presetId)
        return "presetId";
    const ViewState &v = a.view, &w = b.view;
    const std::pair<const char*, bool> checks[] = {
        {"tab", v.tab == w.tab},
        {"sideTab", v.sideTab == w.sideTab},
        {"layout", v.layout == w.layout},
        {"panelShown", v.panelShown == w.panelShown},
        {"theme", v.theme == w.theme},
        {"scale", v.scale == w.scale},
        {"timeHistory", samePlot(v.timeHistory, w.timeHistory)},
        {"phasePortrait", samePlot(v.phasePortrait, w.phasePortrait)},
        {"characteristic", samePlot(v.characteristic, w.characteristic)},
        {"phasePlane", v.phasePlane == w.phasePlane},
        {"phaseAngleWrap", v.phaseAngleWrap == w.phaseAngleWrap},
        {"setups", v.setups == w.setups},
        {"playbackSpeed", v.playbackSpeed == w.playbackSpeed},
        {"playbackLoop", v.playbackLoop == w.playbackLoop},
        {"liveWindow", v.liveWindow == w.liveWindow},
    };
    for (const auto& [name, same] : checks)
        if (!same)
            return QString("view.") + name;
    return {};
}

/// A session with every field away from its default.
Session fullSession()
{
    Session s;
    s.title = QString::fromUtf8("Stick–slip \"in\" ten scenes \\ μ_s > μ_k");
    s.description = QString::fromUtf8("Line one\nline two\ttabbed, control \x01 and ünïcödé ✓");

    SessionState& st = s.state;
    st.scenario = scenarioOf("disk", "I11", fl::Method::Regularized, fl::Regularization::Tanh, 0.0123456789);
    st.scenario.stiffIntegrator = fl::StiffIntegrator::Rosenbrock4; // not the default: it round-trips
    st.scenario.initialState = {0.1 + 0.2, -1.0 / 3.0, 5e-324, 2.5}; // a loaded orbit's state (x, phi, x', phi'), exactly
    st.otherSystems = {scenarioOf("belt", "stribeck-exp", fl::Method::Explicit, fl::Regularization::Atan, 0.0271828),
                       scenarioOf("pendulum", "I00", fl::Method::Regularized, fl::Regularization::Sqrt, 0.0314159)};
    st.presetId = "jtam2016-fig4a";
    ViewState& v = st.view;
    v.tab = "bifurcation";
    v.sideTab = "lyapunov";
    v.layout = "mechanism-phase";
    v.panelShown = false;
    v.theme = "high-contrast";
    v.scale = 2.25;
    v.timeHistory = {true, AxisRange{0.1 + 0.2, 123.456789012345}, AxisRange{-1e-300, 7.0 / 3.0}};
    v.phasePortrait = {false, AxisRange{-2.5, -1.0 / 3.0}, std::nullopt};
    v.characteristic = {true, std::nullopt, AxisRange{-5e-324, 5e-324}};
    v.phasePlane = 1;
    v.phaseAngleWrap = true;
    const std::vector<std::string> names = fl::stateNames(st.scenario);
    v.setups.insert("poincare", setupToJson(fl::PoincareAnalysis::write(st.scenario, {names.at(2), names.at(3), true, false})));
    fl::SweepSpec sweep = fl::defaultSweep(st.scenario);
    sweep.parameter = "v_b";
    sweep.from = 0.1;
    sweep.to = 0.35;
    sweep.steps = 77;
    sweep.transient = 12.5;
    sweep.samples = 33;
    sweep.maxRecordTime = 444.4;
    sweep.observable = fl::SweepObservable::Hyperplane;
    sweep.variable = 1;
    sweep.sectionVariable = 2;
    sweep.level = 0.125;
    sweep.crossingDirection = -1;
    sweep.period = 0.7;
    sweep.continuation = false;
    sweep.direction = fl::SweepDirection::Both;
    v.setups.insert("bifurcation", setupToJson(fl::SweepAnalysis::write(st.scenario, {sweep, 7})));
    v.playbackSpeed = 0.25;
    v.playbackLoop = true;
    v.liveWindow = 123.5;

    Scene belt;
    belt.title = "Classic stick-slip";
    belt.note = "Watch the flat top of x′ = v_b: the block sticks.";
    belt.state.scenario = scenarioOf("belt", "coulomb", fl::Method::EventDriven, fl::Regularization::Kudra, 0.05);
    belt.state.view.tab = "compare";
    belt.state.view.theme = "dark";
    Scene pendulum;
    pendulum.title = "Pendulum, strobed";
    pendulum.note = "";
    pendulum.state.scenario = scenarioOf("pendulum", "I11", fl::Method::Explicit, fl::Regularization::Kudra, 0.01);
    pendulum.state.otherSystems = {scenarioOf("belt", "rational", fl::Method::EventDriven, fl::Regularization::Kudra, 0.02)};
    fl::SweepSpec strobe = fl::defaultSweep(pendulum.state.scenario);
    strobe.parameter = "t_end";
    strobe.from = 10;
    strobe.to = 20;
    strobe.observable = fl::SweepObservable::Stroboscopic;
    strobe.period = 2.0 * M_PI;
    strobe.crossingDirection = 0;
    strobe.direction = fl::SweepDirection::Down;
    storeSweep(pendulum.state, strobe);
    pendulum.state.view.layout = "characteristic";
    s.scenes = {belt, pendulum};
    s.currentScene = 1;
    return s;
}

QByteArray minimal(const QByteArray& stateJson)
{
    return R"({"format": "frictionlab-session", "version": 1, "state": )" + stateJson + "}";
}

} // namespace

class TestSessionFile : public QObject {
    Q_OBJECT
private slots:
    void roundTripEveryField()
    {
        const Session original = fullSession();
        QVERIFY(changedCount(original.state.scenario) >= 10);
        QVERIFY(changedCount(original.state.otherSystems[0]) >= 6);
        QVERIFY(changedCount(original.state.otherSystems[1]) >= 6);
        const fl::AnalysisDefinition* sweep = fl::findAnalysisDefinition("bifurcation");
        QVERIFY(sweep->check(original.state.scenario, *storedSetup(original.state, "bifurcation")).ok());
        const QByteArray first = writeSession(original);
        Session read;
        QStringList warnings;
        const fl::Status status = readSession(first, read, &warnings);
        QVERIFY2(status.ok(), status.message().c_str());
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
        QCOMPARE(read.title, original.title);
        QCOMPARE(read.description, original.description);
        QCOMPARE(stateDifference(read.state, original.state), QString());
        QCOMPARE(read.scenes.size(), original.scenes.size());
        for (size_t i = 0; i < read.scenes.size(); ++i) {
            QCOMPARE(read.scenes[i].title, original.scenes[i].title);
            QCOMPARE(read.scenes[i].note, original.scenes[i].note);
            QCOMPARE(stateDifference(read.scenes[i].state, original.scenes[i].state), QString());
        }
        QCOMPARE(read.currentScene, 1);
        QCOMPARE(writeSession(read), first); // byte-identical second write
        // The text is JSON Qt reads, parameters in spec order, the format tag first.
        QVERIFY(QJsonDocument::fromJson(first).isObject());
        QVERIFY(first.startsWith("{\n    \"format\": \"frictionlab-session\",\n    \"version\": 3,"));
        QVERIFY(first.indexOf("\"v_b\"") < first.indexOf("\"J\""));
        QVERIFY(first.contains("\"integrator\": \"rosenbrock4\""));
        QCOMPARE(read.state.scenario.stiffIntegrator, fl::StiffIntegrator::Rosenbrock4);
        QVERIFY(first.contains("\"initialState\": ["));
        QVERIFY(!writeSession(Session()).contains("initialState")); // only a scenario that has one
    }

    /// Every older version still opens: the files as versions 1 and 2 wrote them (the absorber's
    /// session, its sweep in view.sweep and view.sweepThreads, its Poincaré plane by indices in
    /// view.poincare) give the setups version 3 keeps in view.setups, with no warning, and write
    /// again as version 3 without the old fields.
    void olderVersionsOpen_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("setups");
        QTest::newRow("version 1") << QFINDTESTDATA("data/session-v1.frictionlab") << 2;
        QTest::newRow("version 2") << QFINDTESTDATA("data/session-v2.frictionlab") << 3; // and its Lyapunov setup
    }
    void olderVersionsOpen()
    {
        QFETCH(QString, file);
        QFETCH(int, setups);
        QFile f(file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
        Session read;
        QStringList warnings;
        const fl::Status status = readSession(f.readAll(), read, &warnings);
        QVERIFY2(status.ok(), status.message().c_str());
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
        const SessionState& state = read.state;
        QCOMPARE(state.view.setups.size(), setups);

        // The sweep as the file has it, with its threads.
        std::vector<std::string> problems;
        const fl::SweepSetup sweep = fl::TypedAnalysis<fl::SweepAnalysis>::readTyped(
            state.scenario, setupFromJson(state.view.setups.value("bifurcation")), "", problems);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().c_str());
        QCOMPARE(sweep.spec.parameter, std::string("w"));
        QCOMPARE(sweep.spec.from, 0.6);
        QCOMPARE(sweep.spec.to, 1.4);
        QCOMPARE(sweep.spec.steps, 41);
        QCOMPARE(sweep.spec.observable, fl::SweepObservable::Hyperplane);
        QCOMPARE(sweep.spec.sectionVariable, 2);
        QCOMPARE(sweep.spec.crossingDirection, -1);
        QCOMPARE(sweep.spec.direction, fl::SweepDirection::Both);
        QCOMPARE(sweep.threads, 3);
        // The plane by the names of state variables 2 and 3.
        const std::vector<std::string> names = fl::stateNames(state.scenario);
        const fl::PoincareSetup plane = fl::TypedAnalysis<fl::PoincareAnalysis>::readTyped(
            state.scenario, setupFromJson(state.view.setups.value("poincare")), "", problems);
        QVERIFY(problems.empty());
        QCOMPARE(plane.horizontal, names.at(2));
        QCOMPARE(plane.vertical, names.at(3));

        // Written again: version 3, the setups only where they now live, and the same on reading.
        const QByteArray again = writeSession(read);
        QVERIFY(again.contains("\"version\": 3,"));
        const QJsonObject view = QJsonDocument::fromJson(again).object()["state"].toObject()["view"].toObject();
        for (const char* old : {"sweep", "sweepThreads", "poincare"})
            QVERIFY2(!view.contains(old), old);
        Session reread;
        QVERIFY(readSession(again, reread, &warnings).ok());
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
        QCOMPARE(stateDifference(reread.state, state), QString());
    }

    void defaultSessionRoundTrip()
    {
        const Session empty;
        Session read;
        read.title = "changed";
        QVERIFY(readSession(writeSession(empty), read).ok());
        QCOMPARE(read.title, QString());
        QCOMPARE(stateDifference(read.state, empty.state), QString());
        QCOMPARE(writeSession(read), writeSession(empty));
    }

    /// A lecturer's hand-written file: a title, a system and two values; the rest defaults.
    void handWrittenFileTakesDefaults()
    {
        const QByteArray json = R"({"format": "frictionlab-session", "version": 1, "title": "Lecture 3",
            "state": {"system": "disk", "parameters": {"v_b": 0.2, "J": 45}},
            "scenes": [{"title": "Belt", "state": {"system": "belt", "parameters": {"mu_s": 1.5}}},
                       {"title": "Preset", "note": "Watch the disk.", "state": {"preset": "jtam2016-fig4c"}}]})";
        Session s;
        const fl::Status status = readSession(json, s);
        QVERIFY2(status.ok(), status.message().c_str());
        QCOMPARE(s.title, QString("Lecture 3"));
        QCOMPARE(s.state.scenario.systemId, std::string("disk"));
        QCOMPARE(s.state.scenario.lawId, fl::lawsOf(*fl::findSystem("disk")).front()->id);
        QCOMPARE(s.state.scenario.params.value("J"), 45.0);
        QCOMPARE(s.scenes[0].state.scenario.params.value("mu_s"), 1.5);
        QCOMPARE(s.scenes[0].state.scenario.params.value("mu_k"), fl::defaultScenario().params.value("mu_k"));
        fl::Scenario preset;
        QVERIFY(fl::applyPreset("jtam2016-fig4c", preset).ok());
        QVERIFY(sameScenario(s.scenes[1].state.scenario, preset));
        QCOMPARE(s.scenes[1].state.presetId, QString("jtam2016-fig4c"));
        QCOMPARE(s.currentScene, -1);
        QCOMPARE(s.state.view.tab, QString("simulation"));
        // Files written before the integrator was stored: the default, BDF.
        QCOMPARE(s.state.scenario.stiffIntegrator, fl::StiffIntegrator::Bdf);
    }

    void presetThenOverrides()
    {
        Session s;
        QVERIFY(readSession(minimal(R"({"preset": "jtam2016-fig4a", "method": "regularized", "regularization": "sqrt",
                                         "parameters": {"eta": 3.5}})"), s).ok());
        fl::Scenario expected;
        QVERIFY(fl::applyPreset("jtam2016-fig4a", expected).ok());
        expected.method = fl::Method::Regularized;
        expected.regularization = fl::Regularization::Sqrt;
        QVERIFY(expected.params.set("eta", 3.5).ok());
        QVERIFY(sameScenario(s.state.scenario, expected));
    }

    void brokenFilesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message"); // the start of the message, or the whole of it
        const QByteArray valid = writeSession(fullSession());
        QTest::newRow("truncated") << valid.left(valid.size() / 2) << "not a session file: ";
        QTest::newRow("unterminated string") << QByteArray("{\"format\": \"frictionlab-session\", \"title\": \"abc")
                                             << "not a session file: unterminated string at byte 48";
        QTest::newRow("empty") << QByteArray() << "not a session file: ";
        QTest::newRow("array") << QByteArray("[1, 2]") << "not a session file: expected a JSON object";
        QTest::newRow("no format") << QByteArray(R"({"version": 1})") << "format: missing";
        QTest::newRow("other format") << QByteArray(R"({"format": "qtcreator", "version": 1})")
                                      << "format: 'qtcreator' is not a FrictionLab session (expected 'frictionlab-session')";
        QTest::newRow("no version") << QByteArray(R"({"format": "frictionlab-session"})") << "version: missing";
        QTest::newRow("version 1.5") << QByteArray(R"({"format": "frictionlab-session", "version": 1.5})")
                                     << "version: expected an integer, got 1.5";
        QTest::newRow("version string") << QByteArray(R"({"format": "frictionlab-session", "version": "1"})")
                                        << "version: expected an integer, got a string";
        QTest::newRow("version 0") << QByteArray(R"({"format": "frictionlab-session", "version": 0})")
                                   << "version: 0 is outside 1 .. 2147483647";
        QTest::newRow("scale string") << minimal(R"({"view": {"scale": "big"}})")
                                      << "state.view.scale: expected a number, got a string";
        QTest::newRow("scale 3.5") << minimal(R"({"view": {"scale": 3.5}})") << "state.view.scale: 3.5 is outside 1 .. 3";
        QTest::newRow("NaN literal") << minimal(R"({"parameters": {"mu_s": NaN}})") << "not a session file: illegal number at byte ";
        QTest::newRow("Infinity literal") << minimal(R"({"parameters": {"mu_s": -Infinity}})")
                                          << "not a session file: illegal number at byte ";
        QTest::newRow("NaN string") << minimal(R"({"parameters": {"mu_s": "NaN"}})")
                                    << "state.parameters.mu_s: expected a number, got a string";
        QTest::newRow("Infinity string") << minimal(R"({"view": {"playback": {"speed": "Infinity"}}})")
                                         << "state.view.playback.speed: expected a number, got a string";
        QTest::newRow("1e400") << minimal(R"({"parameters": {"mu_s": 1e400}})") << "not a session file: illegal number at byte ";
        QTest::newRow("1e308 in a scene")
            << QByteArray(R"({"format": "frictionlab-session", "version": 1, "scenes": [{}, {}, {"state": {"parameters": {"mu_s": 1e308}}}]})")
            << "scenes[2].state.parameters.mu_s: 1e+308 is outside 0 .. 10";
        QTest::newRow("null parameter") << minimal(R"({"parameters": {"mu_k": null}})")
                                        << "state.parameters.mu_k: expected a number, got null";
        QTest::newRow("parameters array") << minimal(R"({"parameters": [1, 2]})") << "state.parameters: expected an object, got an array";
        QTest::newRow("state string") << QByteArray(R"({"format": "frictionlab-session", "version": 1, "state": "belt"})")
                                      << "state: expected an object, got a string";
        QTest::newRow("unknown system") << minimal(R"({"system": "rocket"})") << "state.system: unknown system 'rocket'";
        QTest::newRow("system number") << minimal(R"({"system": 3})") << "state.system: expected a string, got a number";
        QTest::newRow("unknown law") << minimal(R"({"law": "glue"})") << "state.law: unknown friction law 'glue'";
        QTest::newRow("law of another system") << minimal(R"({"system": "belt", "law": "I11"})")
                                               << "state.law: law 'I11' does not apply to system 'belt'";
        QTest::newRow("empty law") << minimal("{\"law\": \"\"}") << "state.law: unknown friction law ''";
        // The 7 built-in systems and at most kMaxRememberedModels = 8 models.
        QTest::newRow("sixteen systems") << minimal("{\"systems\": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}]}")
                                         << "state.systems: 16 entries, at most 15";
        QTest::newRow("unknown method") << minimal(R"({"method": "magic"})") << "state.method: unknown method 'magic'";
        QTest::newRow("method not for system") << minimal(R"({"system": "pendulum", "method": "event"})")
                                               << "state.method: method 'event' is not available for system 'pendulum'";
        QTest::newRow("unknown regularization") << minimal(R"({"regularization": "cubic"})")
                                                << "state.regularization: unknown regularization 'cubic'";
        QTest::newRow("unknown integrator") << minimal(R"({"method": "regularized", "integrator": "euler"})")
                                            << "state.integrator: unknown integrator 'euler' (bdf, rosenbrock4)";
        QTest::newRow("integrator not a string") << minimal(R"({"integrator": 4})") << "state.integrator: ";
        QTest::newRow("validate rejects") << minimal(R"({"parameters": {"mu_s": 0.5, "mu_k": 1}})") << "state: ";
        QTest::newRow("too many samples") << minimal(R"({"parameters": {"t_end": 1e7, "dt": 1e-4}})") << "state: t_end / dt = ";
        QTest::newRow("active system in systems") << minimal(R"({"systems": [{"system": "belt"}]})")
                                                  << "state.systems[0].system: 'belt' is the active system";
        QTest::newRow("system twice") << minimal(R"({"systems": [{"system": "disk"}, {"system": "disk"}]})")
                                      << "state.systems[1].system: 'disk' appears twice";
        QTest::newRow("systems entry without system") << minimal(R"({"systems": [{"law": "I11"}]})") << "state.systems[0].system: missing";
        QTest::newRow("systems entry bad value") << minimal(R"({"systems": [{"system": "disk", "parameters": {"J": -1}}]})")
                                                 << "state.systems[0].parameters.J: -1 is outside 0.01 .. 1000";
        QTest::newRow("tab") << minimal(R"({"view": {"tab": "games"}})")
                             << "state.view.tab: 'games' is not one of simulation, bifurcation, map, compare, contact";
        QTest::newRow("layout") << minimal(R"({"view": {"layout": "everything"}})") << "state.view.layout: 'everything' is not one of";
        QTest::newRow("theme") << minimal(R"({"view": {"theme": "contrast"}})") << "state.view.theme: 'contrast' is not one of";
        QTest::newRow("panelShown") << minimal(R"({"view": {"panelShown": 1}})")
                                    << "state.view.panelShown: expected true or false, got a number";
        QTest::newRow("speed 32") << minimal(R"({"view": {"playback": {"speed": 32}}})")
                                  << "state.view.playback.speed: 32 is outside 0.0625 .. 16";
        QTest::newRow("live window") << minimal(R"({"view": {"playback": {"liveWindow": 0.1}}})")
                                     << "state.view.playback.liveWindow: 0.1 is outside 0.5 .. 1000";
        QTest::newRow("range reversed") << minimal(R"({"view": {"plots": {"timeHistory": {"x": [2, 1]}}}})")
                                        << "state.view.plots.timeHistory.x: the lower end 2 is not below the upper end 1";
        QTest::newRow("range short") << minimal(R"({"view": {"plots": {"characteristic": {"y": [2]}}}})")
                                     << "state.view.plots.characteristic.y: expected [lower, upper], got 1 numbers";
        QTest::newRow("range string") << minimal(R"({"view": {"plots": {"phasePortrait": {"y": [0, "Infinity"]}}}})")
                                      << "state.view.plots.phasePortrait.y[1]: expected a number, got a string";
        QTest::newRow("phase plane") << minimal(R"({"view": {"phasePlane": 1}})") << "state.view.phasePlane: 1 is outside 0 .. 0";
        QTest::newRow("poincare") << minimal(R"({"view": {"poincare": {"vertical": 2}}})")
                                  << "state.view.poincare.vertical: 2 is outside 0 .. 1";
        QTest::newRow("sweep parameter") << minimal(R"({"view": {"sweep": {"parameter": "J"}}})")
                                         << "state.view.sweep.parameter: 'J' is not a parameter of belt / coulomb";
        QTest::newRow("sweep without parameter") << minimal(R"({"view": {"sweep": {"from": 0}}})") << "state.view.sweep.parameter: missing";
        QTest::newRow("sweep steps") << minimal(R"({"view": {"sweep": {"parameter": "v_b", "steps": 1}}})")
                                     << "state.view.sweep.steps: 1 is outside 2 .. 100000";
        QTest::newRow("sweep range") << minimal(R"({"view": {"sweep": {"parameter": "v_b", "from": 0, "to": 9}}})")
                                     << "state.view.sweep: sweep range [0, 9] of v_b must be increasing";
        QTest::newRow("sweep observable") << minimal(R"({"view": {"sweep": {"parameter": "v_b", "observable": "chaos"}}})")
                                          << "state.view.sweep.observable: 'chaos' is not one of strobe, section, maxima";
        QTest::newRow("sweep strobe without period")
            << minimal(R"({"view": {"sweep": {"parameter": "v_b", "observable": "strobe", "period": 0}}})")
            << "state.view.sweep: a stroboscopic section needs a period > 0";
        QTest::newRow("threads") << minimal(R"({"view": {"sweepThreads": 300}})") << "state.view.sweepThreads: 300 is outside 0 .. 256";
        QTest::newRow("threads huge") << minimal(R"({"view": {"sweepThreads": 1e300}})")
                                      << "state.view.sweepThreads: 1e+300 is outside 0 .. 256";
        const QByteArray longTitle(kMaxTitleChars + 1, 'a');
        QTest::newRow("title") << QByteArray("{\"format\": \"frictionlab-session\", \"version\": 1, \"title\": \"" + longTitle + "\"}")
                               << "title: 201 characters, at most 200";
        const QByteArray longNote(kMaxNoteChars + 1, 'n');
        QTest::newRow("note") << QByteArray("{\"format\": \"frictionlab-session\", \"version\": 1, \"scenes\": [{\"note\": \"" + longNote + "\"}]}")
                              << "scenes[0].note: 4001 characters, at most 4000";
        QByteArray scenes = "[{}";
        for (int i = 0; i < kMaxScenes; ++i)
            scenes += ", {}";
        QTest::newRow("201 scenes") << QByteArray(R"({"format": "frictionlab-session", "version": 1, "scenes": )" + scenes + "]}")
                                    << "scenes: 201 entries, at most 200";
        QTest::newRow("scene not object") << QByteArray(R"({"format": "frictionlab-session", "version": 1, "scenes": [{}, 7]})")
                                          << "scenes[1]: expected an object, got a number";
        QTest::newRow("current scene") << QByteArray(R"({"format": "frictionlab-session", "version": 1, "scenes": [{}, {}], "currentScene": 2})")
                                       << "currentScene: 2 is outside -1 .. 1";
        QTest::newRow("100000 nested arrays") << QByteArray(100000, '[') + QByteArray(100000, ']')
                                              << "not a session file: too deeply nested document at byte ";
        QTest::newRow("deep nesting inside a field")
            << QByteArray(R"({"format": "frictionlab-session", "version": 1, "extra": )") + QByteArray(100000, '[')
            << "not a session file: too deeply nested document at byte ";
        // Written back indented, 1000 levels are megabytes (a compact file of such setups, gigabytes).
        QTest::newRow("setup nested 1000 deep")
            << QByteArray(R"({"format": "frictionlab-session", "version": 2, "scenes": [{"state": {"view": {"setups": {"map": {"x": )")
                   + QByteArray(1000, '[') + QByteArray(1000, ']') + "}}}}}]}"
            << "scenes[0].state.view.setups.map: nested more than 8 levels deep (objects and arrays)";
        QTest::newRow("initial state of the wrong size") << minimal(R"({"system": "belt", "initialState": [1, 2, 3]})")
                                                          << "state: the state to start from has 3 values; this system and method have 2 state variables";
        QTest::newRow("initial state not numbers") << minimal(R"({"system": "belt", "initialState": [1, "x"]})")
                                                   << "state.initialState[1]: expected a number, got a string";
        QTest::newRow("control characters in an id") << minimal("{\"system\": \"a\\nb\\u0000c\"}")
                                                      << "state.system: unknown system 'a b c'";
    }
    void brokenFilesAreRefused()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        Session out = fullSession();
        const QByteArray before = writeSession(out);
        QStringList warnings;
        const fl::Status status = readSession(json, out, &warnings);
        QVERIFY(!status.ok());
        const QString text = QString::fromStdString(status.message());
        QVERIFY2(text.startsWith(message), qPrintable(text));
        QVERIFY2(!text.contains('\n'), qPrintable(text));
        QCOMPARE(writeSession(out), before); // untouched
        QVERIFY(warnings.isEmpty());
    }

    void setupNestingHasALimit()
    {
        const auto withSetup = [](int levels) { // the setup object and levels - 1 arrays in it
            return minimal(R"({"view": {"setups": {"map": {"x": )" + QByteArray(levels - 1, '[') + QByteArray(levels - 1, ']') + "}}}}");
        };
        Session s;
        QVERIFY(readSession(withSetup(kMaxSetupDepth), s).ok());
        QCOMPARE(s.state.view.setups.size(), 1);
        const QByteArray written = writeSession(s);
        Session again;
        QVERIFY(readSession(written, again).ok());
        QCOMPARE(writeSession(again), written);
        const fl::Status status = readSession(withSetup(kMaxSetupDepth + 1), s);
        QCOMPARE(QString::fromStdString(status.message()),
                 QString("state.view.setups.map: nested more than %1 levels deep (objects and arrays)").arg(kMaxSetupDepth));
    }

    void unknownFieldsAreWarnings()
    {
        QByteArray json = writeSession(fullSession());
        json.replace("\"format\": \"frictionlab-session\",", "\"format\": \"frictionlab-session\", \"author\": \"me\",");
        json.replace("\"phaseAngleWrap\": true,", "\"phaseAngleWrap\": true, \"foo\": {\"bar\": [1, 2]},");
        json.replace("\"locked\": true,", "\"locked\": true, \"grid\": false,");
        json.replace("\"version\": 3,", "\"version\": 4,");
        json.replace("\"preset\": \"jtam2016-fig4a\",", "\"preset\": \"belt-from-the-future\",");
        json.replace("\"J\": ", "\"J_new\": 1, \"J\": ");
        Session s;
        QStringList warnings;
        const fl::Status status = readSession(json, s, &warnings);
        QVERIFY2(status.ok(), status.message().c_str());
        const QStringList expected = {
            "version: 4 is newer than this FrictionLab reads (3); what it knows is read, the rest ignored",
            "author: unknown field (ignored; written by a newer FrictionLab?)",
            "state.view.foo: unknown field (ignored; written by a newer FrictionLab?)",
            "state.view.plots.timeHistory.grid: unknown field (ignored; written by a newer FrictionLab?)",
            "state.preset: unknown preset 'belt-from-the-future' (ignored; written by a newer FrictionLab?)",
        };
        for (const QString& line : expected)
            QVERIFY2(warnings.contains(line), qPrintable(warnings.join('\n')));
        QVERIFY2(warnings.contains("state.parameters.J_new: no such parameter in disk / I11 (ignored)"), qPrintable(warnings.join('\n')));
        QVERIFY(s.state.presetId.isEmpty());
        QCOMPARE(stateDifference(s.scenes[1].state, fullSession().scenes[1].state), QString());
        QCOMPARE(s.state.view.setups.value("bifurcation").value("threads").toInt(), 7);
    }

    void warningsAreCapped()
    {
        QByteArray fields;
        for (int i = 0; i < 5000; ++i)
            fields += QByteArray(", \"unknown") + QByteArray::number(i) + "\": 0";
        const QByteArray json = R"({"format": "frictionlab-session", "version": 1)" + fields + "}";
        Session s;
        QStringList warnings;
        QVERIFY(readSession(json, s, &warnings).ok());
        QCOMPARE(warnings.size(), kMaxWarnings + 1);
        QCOMPARE(warnings.last(), QString("... and 4900 more unknown fields (ignored)"));
    }

    void filesOverTheLimitAreRefusedBeforeReading_data()
    {
        QTest::addColumn<qint64>("size");
        QTest::newRow("9 MB") << qint64(9) * 1024 * 1024;
        QTest::newRow("100 MB") << qint64(100) * 1024 * 1024;
    }
    void filesOverTheLimitAreRefusedBeforeReading()
    {
        QFETCH(qint64, size);
        QTemporaryDir dir;
        const QString path = dir.filePath("big.frictionlab");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(writeSession(Session()));
        QVERIFY(file.resize(size)); // sparse
        file.close();
        Session out = fullSession();
        const fl::Status status = loadSessionFile(path, out);
        QVERIFY(!status.ok());
        QCOMPARE(QString::fromStdString(status.message()),
                 QString("%1 bytes; a session file has at most 8388608 bytes (not a session file?)").arg(size));
        QCOMPARE(out.title, fullSession().title);
    }

    void fileAtTheLimitIsRead()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("padded.frictionlab");
        QByteArray json = writeSession(fullSession());
        json += QByteArray(kMaxSessionBytes - json.size(), ' ');
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(json), kMaxSessionBytes);
        file.close();
        Session out;
        QVERIFY(loadSessionFile(path, out).ok());
        QCOMPARE(out.title, fullSession().title);
    }

    void saveAndLoadFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("lecture.frictionlab");
        QVERIFY(saveSessionFile(path, fullSession()).ok());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"lecture.frictionlab"}); // no temporary left
        Session out;
        QVERIFY(loadSessionFile(path, out).ok());
        QCOMPARE(writeSession(out), writeSession(fullSession()));
        QVERIFY(!loadSessionFile(dir.filePath("missing.frictionlab"), out).ok());
        QVERIFY(!loadSessionFile(dir.path(), out).ok()); // a directory
    }

    /// A failed save leaves what was there.
    void saveIsAtomic()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("kept.frictionlab");
        Session old;
        old.title = "old";
        QVERIFY(saveSessionFile(path, old).ok());
        const QByteArray before = writeSession(old);
        // The target is a directory: the rename fails, the directory stays.
        QVERIFY(QDir(dir.path()).mkdir("adir"));
        QVERIFY(!saveSessionFile(dir.filePath("adir"), fullSession()).ok());
        QVERIFY(QFileInfo(dir.filePath("adir")).isDir());
        // The parent is a file.
        QVERIFY(!saveSessionFile(path + "/x.frictionlab", fullSession()).ok());
        // A name near NAME_MAX = 255 (QSaveFile's own temporary, the name + 7 characters, could not
        // be made): the marked temporary shortens the name it is made from, so the save works and
        // leaves nothing beside it.
        const QString longName = dir.filePath(QString(250, 'k'));
        {
            QFile existing(longName);
            QVERIFY(existing.open(QIODevice::WriteOnly));
            existing.write(before);
        }
        QVERIFY(saveSessionFile(longName, fullSession()).ok());
        {
            QFile existing(longName);
            QVERIFY(existing.open(QIODevice::ReadOnly));
            QCOMPARE(existing.readAll(), writeSession(fullSession()));
        }
        QVERIFY(QFile::remove(longName));
        // A directory the user may not write to (root may, so only checked for other users).
        if (geteuid() != 0) {
            QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
            const fl::Status status = saveSessionFile(path, fullSession());
            QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
            QVERIFY(!status.ok());
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), before);
    }

    /// A save writes a marked temporary (.NAME.fltmp-PID-HOST-XXXXXX) and renames
    /// it over NAME; one left by a save killed between the two steps is removed by the next save of
    /// NAME once its process is gone. A live process's temporary, another target's and the user's own
    /// files stay.
    void staleTemporaryOfASaveIsRemoved()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("s.frictionlab");
        QProcess gone;
        gone.start("true", {});
        QVERIFY(gone.waitForStarted());
        const QString deadPid = QString::number(gone.processId());
        QVERIFY(gone.waitForFinished());
        const QString mine = QFileInfo(fl::ui::markedTemporaryName(path)).fileName(); // .s.frictionlab.fltmp-PID-HOST-XXXXXX
        const QString ownPid = QString::number(QCoreApplication::applicationPid());
        const QString stale = QString(mine).replace("-" + ownPid + "-", "-" + deadPid + "-");
        const QString other = QFileInfo(fl::ui::markedTemporaryName(dir.filePath("t.frictionlab"))).fileName().replace("-" + ownPid + "-", "-" + deadPid + "-");
        for (const QString& name : {stale, mine, other, QString("s.frictionlab.backup")}) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{");
        }
        QVERIFY(saveSessionFile(path, fullSession()).ok());
        QVERIFY2(!QFile::exists(dir.filePath(stale)), qPrintable(stale));
        for (const QString& kept : {mine, other, QString("s.frictionlab.backup"), QString("s.frictionlab")})
            QVERIFY2(QFile::exists(dir.filePath(kept)), qPrintable(kept));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 4); // the save left nothing of its own
    }

    void sceneStateByIndex()
    {
        const Session s = fullSession();
        SessionState state;
        QVERIFY(sceneState(s, 1, state).ok());
        QCOMPARE(state.scenario.systemId, std::string("pendulum"));
        const fl::Status status = sceneState(s, 2, state);
        QVERIFY(!status.ok());
        QCOMPARE(QString::fromStdString(status.message()), QString("scene 3 does not exist (scenes 1 .. 2)"));
        QVERIFY(!sceneState(Session(), 0, state).ok());
        QVERIFY(!sceneState(s, -1, state).ok());
    }
};

QTEST_GUILESS_MAIN(TestSessionFile)
#include "test_session_file.moc"
