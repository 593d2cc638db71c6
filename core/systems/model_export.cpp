#include "systems/model_export.h"

#include "friction/friction_law.h"
#include "systems/bk_chain.h"
#include "systems/system_registry.h"

#include <charconv>
#include <string_view>

namespace fl {

namespace {

/// The shortest text that reads back as the same double.
std::string exact(double value)
{
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc() ? std::string(buffer, end) : std::string("0");
}

/// A quoted string of the format: no '"' inside (the built-in texts' quotes become ’).
std::string quoted(std::string_view text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"')
            out += "’";
        else if (c != '\n' && c != '\r')
            out += c;
    }
    return out + "\"";
}

class Writer {
public:
    Writer(const Scenario& s, const SystemInfo& system) : m_s(s), m_system(system) {}

    void line(std::string_view text)
    {
        m_text.append(text);
        m_text += '\n';
    }
    void header(std::string_view about)
    {
        line("flmodel 1");
        line("name " + quoted(m_system.name + " (exported)"));
        line("about " + quoted(about));
        std::string numerics = "numerics";
        for (const ParameterSpec& spec : numericsSpecs())
            if (m_s.params.has(spec.id))
                numerics.append(numerics.size() > 8 ? ", " : " ").append(spec.id).append(" = ").append(exact(m_s.params.value(spec.id)));
        line(numerics);
        line("");
    }
    /// The system's parameter `id` at the scenario's value.
    void param(std::string_view id)
    {
        for (const ParameterSpec& spec : m_system.specs)
            if (spec.id == id) {
                std::string text = "param " + spec.id + " = " + exact(m_s.params.value(spec.id)) + " range " + exact(spec.min) + " .. "
                                   + exact(spec.max);
                if (!spec.unit.empty() && spec.unit != "–")
                    text += " unit " + quoted(spec.unit);
                text += " symbol " + quoted(spec.symbol) + " label " + quoted(spec.label) + " help " + quoted(spec.help);
                line(text);
            }
    }
    /// "law = coulomb(mu_s = 2, mu_k = 1)" with every value of the scenario's law.
    void law()
    {
        const FrictionLawInfo* info = findFrictionLaw(m_s.lawId);
        std::string text = "    law = " + info->id;
        if (!info->specs.empty()) {
            text += "(";
            for (size_t i = 0; i < info->specs.size(); ++i) {
                text += (i ? ", " : "") + info->specs[i].id;
                text += " = " + exact(m_s.params.value(info->specs[i].id));
            }
            text += ")";
        }
        line(text);
    }
    std::string take() { return std::move(m_text); }

private:
    const Scenario& m_s;
    const SystemInfo& m_system;
    std::string m_text;
};

void writeBelt(Writer& w)
{
    w.header("The block on the moving belt (S1): x'' + 2 zeta x' + x = A cos(w t) + F(v_r), v_r = x' - v_b, "
             "time in units of 1/omega_n, lengths in units of N/k.");
    for (const char* id : {"v_b", "zeta", "A", "w", "x0", "v0"})
        w.param(id);
    w.line("");
    w.line("coord x label \"Block\"");
    w.line("    start = x0");
    w.line("    velocity = v0");
    w.line("force x = -2*zeta*x' - x + A*cos(w*t)");
    w.line("contact belt label \"Block on the belt\"");
    w.line("    slip = x' - v_b");
    w.law();
    w.line("");
    w.line("draw belt = v_b");
    w.line("draw block x at 0");
    w.line("draw spring wall x");
}

void writeAbsorber(Writer& w)
{
    w.header("The vibration absorber with dry friction (S6): a housing x1 on a spring from a base moving as A cos(w t), "
             "an absorber x2 of mass ratio m_ratio on a spring and damper in the housing, with dry friction on its guide.");
    for (const char* id : {"m_ratio", "w2", "zeta1", "zeta2", "A", "w", "x1_0", "x2_0"})
        w.param(id);
    w.line("");
    w.line("coord x1 label \"Housing\"");
    w.line("    start = x1_0");
    w.line("coord x2 label \"Absorber\"");
    w.line("    mass = m_ratio");
    w.line("    start = x2_0");
    w.line("# base motion u = A cos(w t); kappa = m_ratio w2^2, gamma = 2 zeta2 m_ratio w2");
    w.line("force x1 = -(x1 - A*cos(w*t)) - 2*zeta1*(x1' + A*w*sin(w*t))");
    w.line("force x1 = m_ratio*w2^2*(x2 - x1) + 2*zeta2*m_ratio*w2*(x2' - x1')");
    w.line("force x2 = -(m_ratio*w2^2*(x2 - x1) + 2*zeta2*m_ratio*w2*(x2' - x1'))");
    w.line("contact guide label \"Absorber on its guide\"");
    w.line("    slip = x2' - x1'");
    w.law();
    w.line("");
    w.line("draw block x1 at 0");
    w.line("draw block x2 at 2");
    w.line("draw spring wall x1");
    w.line("draw spring x1 x2");
}

void writeBrake(Writer& w)
{
    w.header("The two-DOF brake (S4): a block x1 on a belt moving at v_d, coupled to an angle body y1 that presses it "
             "with the normal force N = 1 + (beta3 - 1) y1 + eta_c2 y1'.");
    for (const char* id : {"alpha1", "alpha2", "beta3", "eta1", "eta_c2", "v_d", "x1_0", "x2_0", "y1_0", "y2_0"})
        w.param(id);
    w.line("");
    w.line("coord x1 label \"Block\"");
    w.line("    mass = alpha1");
    w.line("    start = x1_0");
    w.line("    velocity = x2_0");
    w.line("coord y1 label \"Angle body\"");
    w.line("    mass = alpha2");
    w.line("    start = y1_0");
    w.line("    velocity = y2_0");
    w.line("force x1 = -alpha1*x1 + y1 - eta1*(x1' - y1')");
    w.line("force y1 = x1 - beta3*y1 - (eta1 + eta_c2)*y1' + eta1*x1'");
    w.line("contact belt label \"Block on the belt\"");
    w.line("    slip = x1' - v_d");
    w.line("    normal = 1 + (beta3 - 1)*y1 + eta_c2*y1'");
    w.law();
    w.line("");
    w.line("draw belt = v_d");
    w.line("draw block x1 at 0");
    w.line("draw block y1 at 2");
    w.line("draw spring wall x1");
    w.line("draw spring x1 y1");
}

void writeChain(Writer& w, const Scenario& s)
{
    const BkChainParameters p = bkChainParameters(s.params);
    BkChainParameters unit = p; // x0 = 0, dx0 = 1: the offsets u_i themselves, exactly
    unit.x0 = 0.0;
    unit.dx0 = 1.0;
    const std::vector<double> offsets = bkChainInitialState(unit);
    w.header("The Burridge-Knopoff chain (S5) of " + std::to_string(p.n) + " blocks on one belt, each tied to the frame by k_p and "
             "to its neighbours by k_c; the initial offsets are those of seed " + std::to_string(p.seed) + ".");
    for (const char* id : {"k_c", "k_p", "v_b", "zeta", "x0", "dx0", "v0"})
        w.param(id);
    w.line("");
    // The offsets u_i in [-1, 1] of the seed: x_i(0) = x0 + dx0 u_i.
    for (int i = 0; i < p.n; ++i) {
        const std::string x = "x_" + std::to_string(i + 1);
        const double u = offsets[static_cast<size_t>(2 * i)];
        std::string start = "    start = x0 + dx0*";
        if (u < 0.0)
            start.append("(").append(exact(u)).append(")");
        else
            start.append(exact(u));
        w.line("coord " + x);
        w.line(start);
        w.line("    velocity = v0");
    }
    for (int i = 0; i < p.n; ++i) {
        const std::string x = "x_" + std::to_string(i + 1);
        std::string coupling;
        if (i > 0 && i + 1 < p.n)
            coupling = "((x_" + std::to_string(i) + " + x_" + std::to_string(i + 2) + ") - 2*" + x + ")";
        else if (i > 0)
            coupling = "(x_" + std::to_string(i) + " - " + x + ")";
        else if (i + 1 < p.n)
            coupling = "(x_" + std::to_string(i + 2) + " - " + x + ")";
        w.line("force " + x + " = -2*zeta*" + x + "' - k_p*" + x + (coupling.empty() ? "" : " + k_c*" + coupling));
    }
    for (int i = 0; i < p.n; ++i) {
        const std::string x = "x_" + std::to_string(i + 1);
        w.line("contact block_" + std::to_string(i + 1));
        w.line("    slip = " + x + "' - v_b");
        w.law();
    }
    w.line("");
    w.line("draw belt = v_b");
    for (int i = 0; i < p.n; ++i)
        w.line("draw block x_" + std::to_string(i + 1) + " at " + std::to_string(2 * i));
    for (int i = 0; i + 1 < p.n; ++i)
        w.line("draw spring x_" + std::to_string(i + 1) + " x_" + std::to_string(i + 2));
}

} // namespace

bool exportsAsModel(const std::string& systemId)
{
    return systemId == "belt" || systemId == "absorber" || systemId == "bk-chain" || systemId == "brake";
}

Status exportModel(const Scenario& scenario, std::string& text)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    if (!system || !exportsAsModel(scenario.systemId))
        return Status::error("system '" + scenario.systemId + "' does not export as a model file (belt, absorber, bk-chain and brake do)");
    const FrictionLawInfo* law = findFrictionLaw(scenario.lawId);
    if (!law)
        return Status::error("law '" + scenario.lawId + "' is not a law along a line");
    if (scenario.systemId == "bk-chain" && bkChainParameters(scenario.params).n > 100)
        return Status::error("a model file has at most 100 coordinates: export the chain with n <= 100");
    Writer w(scenario, *system);
    if (scenario.systemId == "belt")
        writeBelt(w);
    else if (scenario.systemId == "absorber")
        writeAbsorber(w);
    else if (scenario.systemId == "brake")
        writeBrake(w);
    else
        writeChain(w, scenario);
    text = w.take();
    return Status::success();
}

} // namespace fl
