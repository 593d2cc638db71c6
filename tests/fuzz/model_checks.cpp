#include "model_checks.h"
#include "mutator.h"

#include "model/model_parser.h"
#include "simulation/simulate.h"
#include "solvers/section_plane_expression.h"
#include "systems/model_export.h"
#include "systems/model_registry.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QDir>
#include <QFile>

#include <exception>

namespace fuzz {
namespace {

bool oneLine(const std::string& text)
{
    if (text.empty())
        return false;
    for (const char c : text)
        if (c == '\n' || c == '\r')
            return false;
    return true;
}

QString runBriefly(const fl::SystemInfo& system)
{
    for (const fl::Method method : system.methods) {
        fl::Scenario s;
        const fl::Status made = fl::makeScenario(system.id, system.laws.front(), method, fl::Regularization::Kudra, s);
        if (!made.ok())
            return QString("the model's own scenario is refused: %1").arg(made.message().c_str());
        for (const auto& [id, value] : std::initializer_list<std::pair<const char*, double>>{{"t_end", 0.5}, {"dt", 0.05}, {"max_steps", 20000}})
            if (s.params.has(id))
                (void)s.params.set(id, value);
        const fl::Status valid = fl::validate(s);
        if (!valid.ok()) {
            if (!oneLine(valid.message()))
                return QString("validation message is not one line: %1").arg(valid.message().c_str());
            continue;
        }
        fl::RunOptions options;
        options.section = fl::defaultSection(s); // a declared plane through several variables or t too
        const fl::RunResult r = fl::simulate(s, options);
        if (!r.status.ok() && !oneLine(r.status.message()))
            return QString("run failed without a one-line reason: '%1'").arg(r.status.message().c_str());
        // The sweep opens on the declared plane as printed in the run's names: it must read back.
        const fl::SweepSpec sweep = fl::defaultSweep(s);
        fl::SectionPlaneExpression plane;
        if (!sweep.sectionPlane.empty())
            if (const fl::Status parsed = fl::SectionPlaneExpression::parse(sweep.sectionPlane, fl::stateNames(s), s.params, plane);
                !parsed.ok() && sweep.sectionPlane.size() < 4000)
                return QString("the declared plane does not read back: %1").arg(parsed.message().c_str());
    }
    return {};
}

} // namespace

QList<QByteArray> modelCorpus()
{
    QList<QByteArray> corpus;
    for (const QString& dir : {QStringLiteral(FRICTIONLAB_SOURCE_DIR "/resources/models"), QStringLiteral(FRICTIONLAB_SOURCE_DIR "/tests/cli/models")})
        for (const QFileInfo& info : QDir(dir).entryInfoList({"*.flmodel"}, QDir::Files, QDir::Name)) {
            QFile file(info.filePath());
            if (file.open(QIODevice::ReadOnly))
                corpus.append(file.readAll());
        }
    for (const char* system : {"belt", "absorber", "brake"}) {
        fl::Scenario s;
        std::string text;
        if (fl::makeScenario(system, "coulomb", fl::Method::EventDriven, fl::Regularization::Kudra, s).ok() && fl::exportModel(s, text).ok())
            corpus.append(QByteArray::fromStdString(text));
    }
    return corpus;
}

QByteArray mutateModel(Mutator& m, const QByteArray& input)
{
    static const std::vector<const char*> statements = {
        "param p = 1 range 0 .. 2", "param q = 5 range 0 .. 2", "coord z", "coord x", "force x = 1/x", "force z = log(z)",
        "contact c2", "    slip = x'", "    slip = x*x'", "    normal = -1", "    normal = 1/(x - x)", "    law = lugre",
        "    law = coulomb(mu_s = 1, mu_k = 2)", "    law = stribeck-exp(delta = 0)", "    mass = 0", "    mass = -1",
        "    start = 1e308", "    velocity = 1/0", "numerics t_end = 1e9", "numerics tol = 1", "draw belt = x",
        "draw spring wall wall", "output o = x'/0", "let a = x + p", "let b = a*a*a", "let c = b(1)", "let a = 1", "force x = -a - o",
        "    mass = a", "    start = b", "normal = 1 + x''", "    law = coulomb(mu_s = 2*p)", "force x = sgn(x')", "    law = custom", "    kinetic = 0.4 - 0.5*speed + 0.6*speed^3", "    static = 0.4",
        "    kinetic = log(speed)", "    kinetic = 1/(speed - 1)", "    static = speed", "    static = -p", "    kinetic = p*exp(-speed)",
        "param speed = 1 range 0 .. 2", "section strobe = 2*pi/p", "section strobe = p - 1", "section plane = x' direction -",
        "section plane = x - p direction +", "section plane = (p - 1)*x direction +", "section plane = x*z direction", "draw pendulum x at 1 length 2", "draw disk z radius 0.5", "draw pendulum x length -1",
        "draw disk x at 2 radius", "state th = 1", "rate th = 1 - abs(x')*th", "rate th = 1/th", "state w label \"W\" = p",
        "rate w = -w*1e300", "rate q = 1", "state x = 1", "    kinetic = 0.3 + 0.1*log(th)", "    kinetic = p*th/(speed + th)",
        "section plane = th - 1 direction +", "section plane = x - z direction +", "section plane = x' + p*(x - 1) - 0.1*th direction -",
        "section plane = x - 0.5*t direction +", "section plane = t - 1 direction +", "section plane = (p - 1)*x - (p - 1)*z direction +",
        "section plane = x/(x - x) direction +", "force x = -th*x'", "    slip = x' - th", "    normal = th^2", "flmodel 1", "name \"\"", "about \"a\"", "(", ")", "#", "\xff\xfe"};
    QList<QByteArray> lines = input.split('\n');
    const int edits = 1 + m.below(4);
    for (int e = 0; e < edits && !lines.isEmpty(); ++e) {
        const int at = m.below(static_cast<int>(lines.size()));
        switch (m.below(7)) {
        case 0: lines.removeAt(at); break;
        case 1: lines.insert(at, lines[at]); break;
        case 2: lines.swapItemsAt(at, m.below(static_cast<int>(lines.size()))); break;
        case 3: lines.insert(at, m.pick(statements)); break;
        case 4: { // the expression after '=' replaced by a mutated one
            const int eq = static_cast<int>(lines[at].indexOf('='));
            if (eq >= 0)
                lines[at] = lines[at].left(eq + 1) + m.mutateExpression(lines[at].mid(eq + 1));
            break;
        }
        case 5: lines[at] = m.mutateBytes(lines[at]); break;
        default: // many copies of a line: towards the statement limit
            for (int k = m.below(3000); k > 0; --k)
                lines.insert(at, lines[at]);
        }
    }
    QByteArray out = lines.join('\n');
    if (m.chance(0.05))
        out = m.mutateBytes(out);
    return out;
}

QString checkModel(const QByteArray& bytes)
{
    try {
        const std::string_view text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
        const fl::model::ParsedModel parsed = fl::model::parseModel(text);
        if (!parsed.ok()) {
            const fl::model::ModelError& e = parsed.error;
            if (!oneLine(e.reason))
                return QString("refusal without a one-line reason: '%1'").arg(e.reason.c_str());
            for (const char c : e.reason)
                if (static_cast<unsigned char>(c) < 0x20)
                    return QString("control character in the reason '%1'").arg(e.reason.c_str());
            const QList<QByteArray> lines = bytes.split('\n');
            if (e.where.line < 1 || e.where.line > lines.size() || e.where.column < 1 || e.where.column > lines[e.where.line - 1].size() + 1)
                return QString("error at %1:%2 outside the text (%3 lines): %4").arg(e.where.line).arg(e.where.column).arg(lines.size()).arg(e.reason.c_str());
            return {};
        }
        const fl::ModelRegistration r = fl::registerModel(text);
        if (!r.ok()) // parsed, refused by the registration: only for a model without a contact
            return parsed.model.contacts.empty() ? QString() : QString("parsed but not registered: %1").arg(r.error.reason.c_str());
        return runBriefly(*r.system);
    } catch (const std::exception& e) {
        return QString("exception: %1").arg(e.what());
    } catch (...) {
        return QStringLiteral("unknown exception");
    }
}

} // namespace fuzz
