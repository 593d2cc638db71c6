// The setups of version 1 and 2 session files that lived beside view.setups, read for
// readSession (session_read.cpp) and turned into the views' setups of version 3: the bifurcation
// sweep with its threads, and the Poincaré plane by state indices (now by the variables' names).
#include "bridge/qs.h"
#include "bridge/session_format.h"
#include "bridge/session_json.h"
#include "bridge/setup_json.h"

#include "contract/poincare_analysis.h"
#include "contract/sweep_analysis.h"
#include "systems/run_variables.h"
#include "systems/system_registry.h"

#include <limits>
#include <optional>

namespace fl::ui::session_json {

namespace {

/// "sweep": on top of the scenario's default sweep, checked with fl::validateSweep.
Status readSweep(ObjectReader& view, const fl::Scenario& scenario, int stateSize, std::optional<fl::SweepSpec>& out,
                 Warnings& warnings)
{
    using namespace session_format;
    QJsonObject object;
    bool present = false;
    FL_TRY(view.object(QStringLiteral("sweep"), object, present));
    if (!present)
        return Status::success();
    ObjectReader r(object, view.pathOf(QStringLiteral("sweep")), warnings);
    fl::SweepSpec s = fl::defaultSweep(scenario);
    QString parameter, observable = kObservables.value(static_cast<int>(s.observable));
    QString crossing = crossingId(s.crossingDirection), direction = kDirections.value(static_cast<int>(s.direction));
    constexpr double big = std::numeric_limits<double>::max();
    const double tMax = 1e7; // the largest t_end (numericsSpecs)
    FL_TRY(r.require(QStringLiteral("parameter")));
    FL_TRY(r.string(QStringLiteral("parameter"), 200, parameter));
    if (!scenario.params.has(parameter.toStdString()))
        return errorAt(r.pathOf(QStringLiteral("parameter")),
                       QStringLiteral("'%1' is not a parameter of %2 / %3").arg(parameter, qs(scenario.systemId), qs(scenario.lawId)));
    s.parameter = parameter.toStdString();
    FL_TRY(r.number(QStringLiteral("from"), -big, big, s.from));
    FL_TRY(r.number(QStringLiteral("to"), -big, big, s.to));
    FL_TRY(r.integer(QStringLiteral("steps"), 2, 100000, s.steps));
    FL_TRY(r.number(QStringLiteral("transient"), 0.0, tMax, s.transient));
    FL_TRY(r.integer(QStringLiteral("samples"), 1, 1000000, s.samples));
    FL_TRY(r.number(QStringLiteral("maxRecordTime"), 0.0, tMax, s.maxRecordTime));
    FL_TRY(r.oneOf(QStringLiteral("observable"), kObservables, observable));
    FL_TRY(r.integer(QStringLiteral("variable"), 0, stateSize - 1, s.variable));
    FL_TRY(r.integer(QStringLiteral("sectionVariable"), 0, stateSize - 1, s.sectionVariable));
    FL_TRY(r.number(QStringLiteral("level"), -big, big, s.level));
    FL_TRY(r.oneOf(QStringLiteral("crossingDirection"), kCrossings, crossing));
    FL_TRY(r.number(QStringLiteral("period"), 0.0, tMax, s.period));
    FL_TRY(r.boolean(QStringLiteral("continuation"), s.continuation));
    FL_TRY(r.oneOf(QStringLiteral("direction"), kDirections, direction));
    s.observable = static_cast<fl::SweepObservable>(kObservables.indexOf(observable));
    s.crossingDirection = crossingFromId(crossing);
    s.direction = static_cast<fl::SweepDirection>(kDirections.indexOf(direction));
    if (const Status valid = fl::validateSweep(scenario, s); !valid.ok())
        return errorAt(r.path(), qs(valid.message()));
    r.finish();
    out = s;
    return Status::success();
}

} // namespace

Status readOlderSetups(ObjectReader& r, const fl::Scenario& scenario, QMap<QString, QJsonObject>& setups, Warnings& warnings)
{
    const int stateSize = static_cast<int>(fl::stateNames(scenario).size());
    QJsonObject sub;
    bool plane = false;
    int planeH = 0, planeV = stateSize > 1 ? 1 : 0;
    FL_TRY(r.object(QStringLiteral("poincare"), sub, plane));
    if (plane) {
        ObjectReader p(sub, r.pathOf(QStringLiteral("poincare")), warnings);
        FL_TRY(p.integer(QStringLiteral("horizontal"), 0, stateSize - 1, planeH));
        FL_TRY(p.integer(QStringLiteral("vertical"), 0, stateSize - 1, planeV));
        p.finish();
    }
    std::optional<fl::SweepSpec> sweep;
    int threads = 0;
    const bool threadsSet = r.has(QStringLiteral("sweepThreads"));
    FL_TRY(readSweep(r, scenario, stateSize, sweep, warnings));
    FL_TRY(r.integer(QStringLiteral("sweepThreads"), 0, 256, threads));

    if ((sweep || threadsSet) && !setups.contains(QStringLiteral("bifurcation"))) {
        fl::SweepSetup setup = fl::SweepAnalysis::defaults(scenario);
        if (sweep)
            setup.spec = *sweep;
        setup.threads = threads;
        setups.insert(QStringLiteral("bifurcation"), setupToJson(fl::SweepAnalysis::write(scenario, setup)));
    }
    if (plane && stateSize > 0 && !setups.contains(QStringLiteral("poincare"))) {
        const std::vector<std::string> names = fl::stateNames(scenario);
        fl::PoincareSetup setup = fl::PoincareAnalysis::defaults(scenario);
        setup.horizontal = names[size_t(planeH)];
        setup.vertical = names[size_t(planeV)];
        setups.insert(QStringLiteral("poincare"), setupToJson(fl::PoincareAnalysis::write(scenario, setup)));
    }
    return Status::success();
}

} // namespace fl::ui::session_json
