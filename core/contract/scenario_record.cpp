#include "contract/scenario_record.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

namespace fl {

SetupRecord scenarioRecord(const Scenario& s)
{
    SetupRecord values;
    for (size_t i = 0; i < s.params.specs().size(); ++i)
        values.number(s.params.specs()[i].id, s.params.values()[i]);
    SetupRecord record;
    record.text("system", s.systemId)
        .text("law", s.lawId)
        .text("method", methodInfo(s.method).id)
        .text("regularization", regularizationInfo(s.regularization).id)
        .text("integrator", stiffIntegratorInfo(s.stiffIntegrator).id)
        .record("values", std::move(values));
    return record;
}

bool readScenarioRecord(SetupRecordReader& r, Scenario& out)
{
    std::string system, law, method, regularization = "kudra", integrator = "bdf";
    if (!r.text("system", system) || !r.text("law", law) || !r.text("method", method)) {
        r.warn("system", "a case needs its system, law and method");
        return false;
    }
    r.text("regularization", regularization);
    r.text("integrator", integrator);
    const std::optional<Method> m = findMethod(method);
    const std::optional<Regularization> reg = findRegularization(regularization);
    const std::optional<StiffIntegrator> stiff = findStiffIntegrator(integrator);
    if (!findSystem(system)) {
        r.warn("system", "no system '" + system + "' here (a built-in one, or the session's model)");
        return false;
    }
    if (!m || !reg || !stiff) {
        r.warn(!m ? "method" : !reg ? "regularization" : "integrator",
               "'" + (!m ? method : !reg ? regularization : integrator) + "' is not a method, regularization or integrator of FrictionLab");
        return false;
    }
    Scenario s;
    if (const Status status = makeScenario(system, law, *m, *reg, s); !status.ok()) {
        r.warn("law", status.message());
        return false;
    }
    s.stiffIntegrator = *stiff;
    if (const SetupRecord* values = r.record("values")) {
        SetupRecordReader v(*values, r.pathOf("values"), r.warnings());
        for (const ParameterSpec& spec : s.params.specs()) {
            double value = 0.0;
            if (v.number(spec.id, value))
                if (const Status status = s.params.set(spec.id, value); !status.ok())
                    v.warn(spec.id, status.message());
        }
        v.finish();
    }
    if (const Status status = validate(s); !status.ok()) {
        r.warn("values", status.message());
        return false;
    }
    out = std::move(s);
    return true;
}

} // namespace fl
