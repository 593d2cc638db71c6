// fl::stateNames / outputNames / phasePlanes (systems/run_variables.h): the variables of a
// scenario's runs as declared data, checked against the Dynamics that produce them for every
// system, law and method (so the GUI can ask without building a Dynamics on its thread).
#include "friction/friction_law.h"
#include "simulation/dynamics_factory.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>

class TestRunVariables : public QObject {
    Q_OBJECT
private slots:
    void namesMatchTheDynamics()
    {
        int checked = 0;
        for (const fl::SystemInfo& system : fl::systems())
            for (const fl::FrictionLawInfo* law : fl::lawsOf(system))
                for (fl::Method method : system.methods) {
                    fl::Scenario s;
                    if (!fl::makeScenario(system.id, law->id, method, fl::Regularization::Kudra, s).ok() || !fl::validate(s).ok())
                        continue; // e.g. a law with memory and the event-driven method
                    const auto dynamics = fl::makeDynamics(s);
                    const std::string what = fl::describe(s);
                    QVERIFY2(fl::stateNames(s) == dynamics->stateNames(), what.c_str());
                    QVERIFY2(fl::outputNames(s) == dynamics->outputNames(), what.c_str());
                    std::vector<std::string> columns = dynamics->stateNames();
                    for (const std::string& name : dynamics->outputNames())
                        columns.push_back(name);
                    for (const auto& [h, v] : fl::phasePlanes(s))
                        QVERIFY2(std::count(columns.begin(), columns.end(), h) == 1 && std::count(columns.begin(), columns.end(), v) == 1,
                                 (what + ": " + h + " - " + v).c_str());
                    ++checked;
                }
        qInfo("%d scenarios", checked);
        QVERIFY(checked >= 40); // belt: 11 laws x 2-3 methods; disk; pendulum
        fl::Scenario unknown;
        unknown.systemId = "nope";
        QVERIFY(fl::stateNames(unknown).empty() && fl::outputNames(unknown).empty() && fl::phasePlanes(unknown).empty());
    }
};

QTEST_APPLESS_MAIN(TestRunVariables)
#include "test_run_variables.moc"
