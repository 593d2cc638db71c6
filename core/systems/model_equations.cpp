#include "systems/model_equations.h"

#include "expr/build.h"
#include "expr/derivative.h"
#include "friction/custom_law.h"
#include "params/parameter_set.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fl {

ModelEquations::ModelEquations(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values)
    : m_c(std::move(compiled)), m_n(m_c->coordinates()), m_k(m_c->contacts()), m_m(m_c->states())
{
    const model::Model& m = m_c->model;
    const size_t p = m.parameters.size();
    std::vector<double> parameters(p);
    std::vector<int> slots(p);
    for (size_t i = 0; i < p; ++i) {
        parameters[i] = values.value(m.parameters[i].id);
        slots[i] = m.parameterSlot(static_cast<int>(i));
    }
    // The run's tapes with its parameter values folded in: what a value makes zero or one drops out
    // (A cos(w t) at A = 0 costs nothing, as in the built-in systems), products of parameters are
    // computed once. The same IEEE operations, done before the run instead of at each step.
    auto specialised = [&](const std::vector<expr::Expr>& trees) { // shared subtrees folded once, and shared
        return expr::Tape::compile(expr::substitute(std::span<const expr::Expr>(trees), slots, parameters));
    };
    m_motionTape = specialised(m_c->motion);
    m_slipTape = specialised(m_c->slip);
    m_driftTape = specialised(m_c->drift);
    m_outputTape = specialised(m_c->outputs);
    m_partialTape = specialised(m_c->partials);
    m_variables.assign(static_cast<size_t>(m.parameterSlot(0)) + p, 0.0);
    std::copy(parameters.begin(), parameters.end(), m_variables.begin() + m.parameterSlot(0));
    const std::vector<double> initial = modelInitialValues(*m_c, values); // masses, starts, velocities
    m_mass.assign(initial.begin(), initial.begin() + m_n);
    if (!m.couplings.empty()) { // M^-1 once per run (the couplings read the parameters alone)
        Eigen::MatrixXd M = Eigen::MatrixXd::Zero(m_n, m_n);
        for (int i = 0; i < m_n; ++i)
            M(i, i) = m_mass[static_cast<size_t>(i)];
        for (const model::MassCoupling& c : m.couplings) {
            const double v = expr::evaluate(c.value, parameters.data()); // of the parameters alone: slot i is parameter i
            M(c.first, c.second) = M(c.second, c.first) = v;
        }
        const Eigen::MatrixXd inverse = M.llt().solve(Eigen::MatrixXd::Identity(m_n, m_n));
        m_inverse.resize(static_cast<size_t>(m_n * m_n));
        for (int i = 0; i < m_n; ++i)
            for (int j = 0; j < m_n; ++j)
                m_inverse[static_cast<size_t>(i * m_n + j)] = inverse(i, j);
        m_scratch.resize(static_cast<size_t>(m_n));
    }
    m_start.assign(initial.begin() + m_n, initial.begin() + 2 * m_n);
    m_velocity.assign(initial.begin() + 2 * m_n, initial.begin() + 3 * m_n);
    m_stateStart.assign(initial.begin() + 3 * m_n, initial.end());
    m_motion.resize(static_cast<size_t>(m_motionTape.outputCount()));
    m_slip.resize(static_cast<size_t>(m_k));
    m_drift.resize(static_cast<size_t>(m_k));
    m_partials.resize(static_cast<size_t>(m_partialTape.outputCount()));
}

std::vector<double> modelInitialValues(const CompiledModel& compiled, const ParameterSet& values)
{
    std::vector<double> parameters; // slot i is parameter i
    for (const ParameterSpec& spec : compiled.model.parameters)
        parameters.push_back(values.value(spec.id));
    parameters.push_back(0.0); // a tree of numbers reads nothing, but wants a pointer
    std::vector<double> out;
    out.reserve(compiled.initial.size());
    for (const expr::Expr& e : compiled.initial)
        out.push_back(expr::evaluate(e, parameters.data()));
    return out;
}

std::vector<double> ModelEquations::initialState() const
{
    std::vector<double> y(static_cast<size_t>(dimension()));
    for (int i = 0; i < m_n; ++i) {
        y[static_cast<size_t>(2 * i)] = m_start[static_cast<size_t>(i)];
        y[static_cast<size_t>(2 * i + 1)] = m_velocity[static_cast<size_t>(i)];
    }
    std::copy(m_stateStart.begin(), m_stateStart.end(), y.begin() + 2 * m_n);
    return y;
}

void ModelEquations::load(double t, const double* y)
{
    // The integrators ask for the same state several times (a stick phase's holding force and its
    // right-hand side, a guard and the step's derivative): the tapes run again only for a new one.
    // Slots: q (n), q' (n), z (m), t: the states z sit where they sit in y.
    double* v = m_variables.data();
    const int time = 2 * m_n + m_m;
    bool same = v[time] == t && m_cached != 0;
    for (int i = 0; i < m_n && same; ++i)
        same = v[i] == y[2 * i] && v[m_n + i] == y[2 * i + 1];
    for (int j = 2 * m_n; j < time && same; ++j)
        same = v[j] == y[j];
    if (same)
        return;
    for (int i = 0; i < m_n; ++i) {
        v[i] = y[2 * i];
        v[m_n + i] = y[2 * i + 1];
    }
    std::copy(y + 2 * m_n, y + time, v + 2 * m_n);
    v[time] = t;
    m_cached = 0;
}

std::string ModelFailure::message() const
{
    char at[32], size[32];
    std::snprintf(at, sizeof at, "%.6g", t);
    if (std::isfinite(value)) {
        std::snprintf(size, sizeof size, "%.3g", value);
        return what + " is " + size + " at t = " + at + ", beyond ±1e100 where the integrators' arithmetic overflows: the run stops there";
    }
    return what + " is not finite at t = " + at + " (a division by zero, or a function outside its domain): the run stops there";
}

Status explainFailure(Status status, const ModelFailure& failure)
{
    if (failure.what.empty() || status.message() == "cancelled" || (status.ok() && !failure.confirmed))
        return status;
    return Status::error(failure.message());
}

void ModelEquations::noteFailure(const double* values, int count, int first, const char* kind)
{
    if (!m_failure->what.empty())
        return; // the first: where the trouble starts (later trial steps only run into it again)
    double probe = 0.0; // 0 unless a value is inf or NaN (v * 0 is NaN for those) or beyond the limit
    for (int i = 0; i < count; ++i)
        probe += values[i] * 0.0 + (std::abs(values[i]) > kModelValueLimit ? 1.0 : 0.0);
    if (probe == 0.0)
        return;
    for (int i = 0; i < count; ++i)
        if (!(std::abs(values[i]) <= kModelValueLimit)) {
            const model::Model& m = m_c->model;
            const int index = first + i;
            std::string what = kind;
            const int rates = static_cast<int>(m_motion.size()) - m_m; // the motion tape's first rate
            if (what == "force")
                what = index < m_n        ? "the force on " + m.coordinates[static_cast<size_t>(index)].id
                       : index < m_n + m_k ? "the normal force of contact " + m.contacts[static_cast<size_t>(index - m_n)].id
                       : index >= rates    ? "the rate of state " + m.states[static_cast<size_t>(index - rates)].id
                                           : "the slip velocity's gradient of contact "
                                                 + m.contacts[static_cast<size_t>(m_c->gradient[static_cast<size_t>(index - m_n - m_k)].contact)].id;
            else if (what == "output")
                what = "the output " + m.outputs[static_cast<size_t>(index)].id;
            else
                what = "the slip velocity of contact " + m.contacts[static_cast<size_t>(index)].id;
            m_failure->what = std::move(what);
            m_failure->value = values[i];
            m_failure->t = m_variables[static_cast<size_t>(2 * m_n + m_m)];
            return;
        }
}

void ModelEquations::evaluateMotion()
{
    if (m_cached & kMotion)
        return;
    m_cached |= kMotion;
    m_motionTape.evaluate(m_variables.data(), m_motion.data());
    if (m_failure)
        noteFailure(m_motion.data(), static_cast<int>(m_motion.size()), 0, "force");
}

double ModelEquations::normal(int c) const
{
    const double N = m_motion[static_cast<size_t>(m_n + c)];
    return N > 0.0 ? N : 0.0; // lifted (or NaN, which the finiteness checks of the run report)
}

void ModelEquations::slips(double* out)
{
    if (!(m_cached & kSlip)) {
        m_cached |= kSlip;
        m_slipTape.evaluate(m_variables.data(), m_slip.data());
        if (m_failure)
            noteFailure(m_slip.data(), m_k, 0, "slip");
    }
    std::copy(m_slip.begin(), m_slip.end(), out);
}
void ModelEquations::drifts(double* out)
{
    if (!(m_cached & kDrift)) {
        m_cached |= kDrift;
        m_driftTape.evaluate(m_variables.data(), m_drift.data());
    }
    std::copy(m_drift.begin(), m_drift.end(), out);
}
void ModelEquations::outputs(double* out)
{
    m_outputTape.evaluate(m_variables.data(), out);
    if (m_failure)
        noteFailure(out, m_outputTape.outputCount(), 0, "output");
}

bool ModelEquations::finiteAt(double t, const double* y)
{
    load(t, y);
    evaluateMotion(); // (cached values are not noted again: noted below)
    std::vector<double>& scratch = m_outputsScratch;
    scratch.resize(std::max(static_cast<size_t>(m_outputTape.outputCount()), static_cast<size_t>(m_k)));
    slips(scratch.data());
    auto finite = [](const double* v, size_t count) { return std::all_of(v, v + count, [](double x) { return std::abs(x) <= kModelValueLimit; }); };
    bool ok = finite(m_motion.data(), m_motion.size()) && finite(scratch.data(), static_cast<size_t>(m_k));
    if (m_failure) {
        noteFailure(m_motion.data(), static_cast<int>(m_motion.size()), 0, "force");
        noteFailure(scratch.data(), m_k, 0, "slip");
    }
    scratch.resize(static_cast<size_t>(m_outputTape.outputCount()));
    outputs(scratch.data());
    return ok && finite(scratch.data(), scratch.size());
}

void ModelEquations::accelerations(const double* F, double* acc) const
{
    for (int i = 0; i < m_n; ++i)
        acc[i] = force(i);
    for (size_t e = 0; e < m_c->gradient.size(); ++e) {
        const CompiledModel::GradientEntry& g = m_c->gradient[e];
        acc[g.coordinate] += gradient(static_cast<int>(e)) * normal(g.contact) * F[g.contact];
    }
    if (coupledMass()) {
        applyInverseMass(acc);
        return;
    }
    for (int i = 0; i < m_n; ++i)
        acc[i] /= m_mass[static_cast<size_t>(i)];
}

void ModelEquations::applyInverseMass(double* v) const
{
    double* w = const_cast<double*>(m_scratch.data()); // scratch of this run's one thread
    for (int i = 0; i < m_n; ++i) {
        double sum = 0.0;
        for (int j = 0; j < m_n; ++j)
            sum += m_inverse[static_cast<size_t>(i * m_n + j)] * v[j];
        w[i] = sum;
    }
    std::copy(w, w + m_n, v);
}

void ModelEquations::jacobian(const double* F, const double* dFdvr, double* dfdy, double* dfdt)
{
    const size_t dim = static_cast<size_t>(dimension());
    std::fill(dfdy, dfdy + dim * dim, 0.0);
    std::fill(dfdt, dfdt + dim, 0.0);
    m_partialTape.evaluate(m_variables.data(), m_partials.data());
    for (int i = 0; i < m_n; ++i)
        dfdy[static_cast<size_t>(2 * i) * dim + static_cast<size_t>(2 * i + 1)] = 1.0;
    auto addTo = [&](int coordinate, int column, double value) {
        const size_t row = static_cast<size_t>(2 * coordinate + 1);
        const double scaled = coupledMass() ? value : value / m_mass[static_cast<size_t>(coordinate)]; // M^-1 below
        if (column < 0)
            dfdt[row] += scaled;
        else
            dfdy[row * dim + static_cast<size_t>(column)] += scaled;
    };
    using Q = CompiledModel::Quantity;
    const std::vector<CompiledModel::GradientEntry>& entries = m_c->gradient;
    for (size_t p = 0; p < m_c->partialList.size(); ++p) {
        const CompiledModel::Partial& partial = m_c->partialList[p];
        const double d = m_partials[p];
        switch (partial.quantity) {
        case Q::Rate: // z_j' = rate_j: its own row, no mass
            if (partial.column < 0)
                dfdt[static_cast<size_t>(2 * m_n + partial.index)] += d;
            else
                dfdy[static_cast<size_t>(2 * m_n + partial.index) * dim + static_cast<size_t>(partial.column)] += d;
            break;
        case Q::Force:
            addTo(partial.index, partial.column, d);
            break;
        case Q::Gradient: {
            const CompiledModel::GradientEntry& g = entries[static_cast<size_t>(partial.index)];
            addTo(g.coordinate, partial.column, d * normal(g.contact) * F[g.contact]);
            break;
        }
        case Q::Normal:
        case Q::Slip:
            if (partial.quantity == Q::Normal && lifted(partial.index))
                break; // N = max(0, ...) is flat while lifted
            for (size_t e = 0; e < entries.size(); ++e)
                if (entries[e].contact == partial.index) {
                    const double g = gradient(static_cast<int>(e));
                    const int c = partial.index;
                    addTo(entries[e].coordinate, partial.column,
                          partial.quantity == Q::Normal ? g * d * F[c] : g * normal(c) * dFdvr[c] * d);
                }
            break;
        }
    }
    if (coupledMass()) { // the generalized forces' partials, times M^-1: the accelerations'
        std::vector<double> column(static_cast<size_t>(m_n));
        for (size_t j = 0; j <= dim; ++j) {
            double* base = j < dim ? dfdy + j : dfdt; // column j of the velocity rows, then df/dt
            const size_t stride = j < dim ? dim : 1;
            for (int i = 0; i < m_n; ++i)
                column[static_cast<size_t>(i)] = base[static_cast<size_t>(2 * i + 1) * stride];
            applyInverseMass(column.data());
            for (int i = 0; i < m_n; ++i)
                base[static_cast<size_t>(2 * i + 1) * stride] = column[static_cast<size_t>(i)];
        }
    }
}

void ModelEquations::bindLawToStates(int c, FrictionLaw& law) const
{
    if (StateReadingLaw* reading = stateReading(law))
        reading->bindStates(loadedStates(), m_c->model.contacts[static_cast<size_t>(c)].lawStates);
}

void ModelEquations::addLawStateColumns(int c, FrictionLaw& law, double vr, double F, double* dfdy) const
{
    StateReadingLaw* reading = stateReading(law);
    if (!reading)
        return;
    const double speed = std::abs(vr), g = law.slipMagnitude(speed);
    if (g == 0.0)
        return;
    const size_t dim = static_cast<size_t>(dimension());
    const std::vector<int>& states = m_c->model.contacts[static_cast<size_t>(c)].lawStates;
    for (size_t k = 0; k < states.size(); ++k) {
        const double dFdz = F * reading->stateSlope(speed, static_cast<int>(k)) / g;
        const size_t column = static_cast<size_t>(2 * m_n + states[k]);
        for (size_t e = 0; e < m_c->gradient.size(); ++e) {
            if (m_c->gradient[e].contact != c)
                continue;
            const double v = gradient(static_cast<int>(e)) * normal(c) * dFdz;
            for (int i = 0; i < m_n; ++i) // q_i'' = M^-1 (... + g N F)
                dfdy[static_cast<size_t>(2 * i + 1) * dim + column] += overMass(v, i, m_c->gradient[e].coordinate);
        }
    }
}

void ModelEquations::projectToStick(int c, double t, double* y)
{
    load(t, y);
    evaluateMotion();
    std::vector<int> entries;
    for (size_t e = 0; e < m_c->gradient.size(); ++e)
        if (m_c->gradient[e].contact == c)
            entries.push_back(static_cast<int>(e));
    std::vector<double> vr(static_cast<size_t>(m_k));
    if (entries.size() == 1) {
        // v_r = c0 + g q_i': c0 is v_r at q_i' = 0, as the tape computes it, so v_r(-c0/g) = 0 up
        // to the one rounding of c0/g (none for g = 1 or any power of 2).
        const int i = m_c->gradient[static_cast<size_t>(entries[0])].coordinate;
        m_variables[static_cast<size_t>(m_n + i)] = 0.0;
        m_cached = 0;
        slips(vr.data());
        y[2 * i + 1] = -vr[static_cast<size_t>(c)] / gradient(entries[0]);
        m_cached = 0; // the loaded velocity is not y's
        return;
    }
    slips(vr.data());
    double metric = 0.0;
    int last = entries.empty() ? -1 : entries.front(); // the entry with the largest g^2/m takes the exact fix below
    auto weightOf = [&](int e) {
        const int i = m_c->gradient[static_cast<size_t>(e)].coordinate;
        return overMass(gradient(e) * gradient(e), i, i);
    };
    for (int e : entries) {
        for (int f : entries)
            metric += overMass(gradient(e) * gradient(f), m_c->gradient[static_cast<size_t>(e)].coordinate,
                               m_c->gradient[static_cast<size_t>(f)].coordinate);
        if (weightOf(e) > weightOf(last))
            last = e;
    }
    if (!(metric > 0.0))
        return;
    // The impulse along M^-1 g (every velocity with coupled masses).
    const double impulse = vr[static_cast<size_t>(c)] / metric;
    for (int k = 0; k < m_n; ++k) {
        double du = 0.0;
        for (int e : entries)
            du += overMass(gradient(e), k, m_c->gradient[static_cast<size_t>(e)].coordinate);
        y[2 * k + 1] -= impulse * du;
        m_variables[static_cast<size_t>(m_n + k)] = y[2 * k + 1];
    }
    m_cached = 0;
    // The impulse leaves v_r at round-off; one velocity solved from v_r = c0' + g q_i' = 0 puts it at
    // 0 up to the rounding of c0'/g (none for g = +-1: the absorber's x2' - x1' becomes exactly 0).
    const int i = m_c->gradient[static_cast<size_t>(last)].coordinate;
    m_variables[static_cast<size_t>(m_n + i)] = 0.0;
    m_cached = 0;
    slips(vr.data());
    y[2 * i + 1] = -vr[static_cast<size_t>(c)] / gradient(last);
    m_cached = 0;
}

void ModelEquations::slipGradient(int c, double* dvdy, double& dvdt)
{
    std::fill(dvdy, dvdy + dimension(), 0.0);
    dvdt = 0.0;
    m_partialTape.evaluate(m_variables.data(), m_partials.data());
    for (size_t p = 0; p < m_c->partialList.size(); ++p) {
        const CompiledModel::Partial& partial = m_c->partialList[p];
        if (partial.quantity != CompiledModel::Quantity::Slip || partial.index != c)
            continue;
        if (partial.column < 0)
            dvdt = m_partials[p];
        else
            dvdy[partial.column] = m_partials[p];
    }
}

std::vector<std::string> modelStateNames(const model::Model& model)
{
    std::vector<std::string> names;
    for (const model::Coordinate& q : model.coordinates) {
        names.push_back(q.id);
        std::string velocity = "d";
        names.push_back(velocity.append(q.id));
    }
    for (const model::State& z : model.states)
        names.push_back(z.id);
    return names;
}

std::vector<std::string> modelContactOutputNames(const model::Model& model)
{
    if (model.contacts.size() == 1)
        return {"v_r", "F"};
    std::vector<std::string> names;
    for (const model::Contact& c : model.contacts) {
        names.push_back("v_r." + c.id);
        names.push_back("F." + c.id);
        names.push_back("mode." + c.id);
    }
    return names;
}

std::vector<double> modelParameterSlots(const model::Model& model, const ParameterSet& values, double t)
{
    std::vector<double> v(static_cast<size_t>(model.parameterSlot(static_cast<int>(model.parameters.size()))), 0.0);
    v[static_cast<size_t>(model.timeSlot())] = t;
    for (size_t i = 0; i < model.parameters.size(); ++i)
        v[static_cast<size_t>(model.parameterSlot(static_cast<int>(i)))] = values.value(model.parameters[i].id);
    return v;
}

} // namespace fl
