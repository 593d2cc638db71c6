// Bounded work for untrusted model files: what a model's text makes the program build
// grows at most linearly with the text for any nesting, and past a stated budget the file is refused
// at its line, the same in `model check` (prepareModel) as in a run.
//
// Growth: seven families of nesting (max, min, abs, sign, products, quotients, powers) in each of
// the four places an expression can stand (a force, a slip velocity, a normal force, an output), at
// depths 24, 48 and 96 (each level one of the grammar's 100 of nesting): the distinct nodes of the
// prepared model and the instructions of its run's tapes, from 48 to 96 levels, may at most double
// and a little (the constant part); the depth-96 model then runs by every method. Before, the derivatives and their specialised copies doubled with
// every level (a model at depth 20 took 7.8 s and 716 MB; at 30, any machine).
#include "expr/derivative.h"
#include "expr/tape.h"
#include "model/model_parser.h"
#include "model/model_summary.h"
#include "params/parameter_set.h"
#include "simulation/simulate.h"
#include "systems/model_equations.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <string>
#include <vector>

using namespace fl;

namespace {

struct Family {
    const char* name;
    const char* level; ///< one level of nesting: {} is the level below
};

const Family kFamilies[] = {
    {"max", "max({}, 0)"},         {"min", "min({}, 1)"},
    {"abs", "abs({} - 0.1)"},      {"sign", "x + 0.1*sign({})"},
    {"product", "x*(0.9 + 0.1*{})"}, {"quotient", "1/(2 + {})"},
    {"power", "pow(0.5*{}, 2)"},
};

struct Place {
    const char* name;
    const char* text; ///< the model's lines after the coordinate; E is the nested expression
};

const Place kPlaces[] = {
    {"force", "force x = -x + 0.1*E\ncontact c\n    slip = x' - v_b\n    law = coulomb\n"},
    {"slip", "force x = -x\ncontact c\n    slip = x' - v_b*(1 + 0.01*E)\n    law = coulomb\n"},
    {"normal", "force x = -x\ncontact c\n    slip = x' - v_b\n    normal = 1 + 0.1*E\n    law = coulomb\n"},
    {"output", "force x = -x\ncontact c\n    slip = x' - v_b\n    law = coulomb\noutput o = E\n"},
};

std::string nested(const char* level, int depth)
{
    std::string e = "x";
    for (int i = 0; i < depth; ++i) {
        std::string next = level;
        next.replace(next.find("{}"), 2, e);
        e = std::move(next);
    }
    return e;
}

std::string modelText(const Place& place, const Family& family, int depth)
{
    std::string body = place.text;
    body.replace(body.find('E'), 1, nested(family.level, depth));
    return "flmodel 1\nname \"nested\"\nparam v_b = 0.3 range -5 .. 5\ncoord x\n    start = 0.2\n" + body;
}

/// Distinct nodes of everything the prepared model keeps, and instructions of one run's tapes.
struct Size {
    long nodes = 0;
    long instructions = 0;
};

Size sizeOf(const CompiledModel& c)
{
    std::vector<expr::Expr> all;
    for (const std::vector<expr::Expr>* list : {&c.motion, &c.slip, &c.drift, &c.outputs, &c.partials})
        all.insert(all.end(), list->begin(), list->end());
    std::vector<int> parameterSlots;
    std::vector<double> values;
    for (size_t i = 0; i < c.model.parameters.size(); ++i) {
        parameterSlots.push_back(c.model.parameterSlot(static_cast<int>(i)));
        values.push_back(c.model.parameters[i].defaultValue);
    }
    const expr::Tape tape = expr::Tape::compile(expr::substitute(std::span<const expr::Expr>(all), parameterSlots, values));
    return {expr::distinctNodeCount(all), tape.instructionCount()};
}

} // namespace

class TestModelBudget : public QObject {
    Q_OBJECT

private slots:
    void nestingGrowsLinearlyInEveryPlace()
    {
        for (const Place& place : kPlaces)
            for (const Family& family : kFamilies) {
                Size sizes[3];
                const int depths[3] = {24, 48, 96};
                for (int d = 0; d < 3; ++d) {
                    const PreparedModel p = prepareModel(modelText(place, family, depths[d]));
                    QVERIFY2(p.ok(), p.error.reason.c_str());
                    sizes[d] = sizeOf(*p.compiled);
                }
                qInfo("%-8s %-9s nodes %ld / %ld / %ld, tape instructions %ld / %ld / %ld at depth 24 / 48 / 96", place.name, family.name,
                      sizes[0].nodes, sizes[1].nodes, sizes[2].nodes, sizes[0].instructions, sizes[1].instructions, sizes[2].instructions);
                // Linear: each doubling of the depth at most doubles what depends on it (+ 10 % and
                // a constant 40 for the rest of the model); exponential growth would square it.
                for (int d = 1; d < 3; ++d) {
                    QVERIFY2(sizes[d].nodes <= 2.2 * sizes[d - 1].nodes + 40, qPrintable(QString("%1 in %2: nodes").arg(family.name, place.name)));
                    QVERIFY2(sizes[d].instructions <= 2.2 * sizes[d - 1].instructions + 40,
                             qPrintable(QString("%1 in %2: instructions").arg(family.name, place.name)));
                }
                QVERIFY2(sizes[2].nodes < 100 * 40, "a few dozen nodes per level at most");
            }
    }

    void nestedModelsRunByEveryMethod()
    {
        for (const Place& place : kPlaces)
            for (const Family& family : kFamilies) {
                const ModelRegistration r = registerModel(modelText(place, family, 96));
                QVERIFY2(r.ok(), r.error.reason.c_str());
                for (const Method method : r.system->methods) {
                    Scenario s;
                    QVERIFY(makeScenario(r.system->id, r.system->laws.front(), method, Regularization::Kudra, s).ok());
                    s.params.set("t_end", 2.0);
                    s.params.set("dt", 0.1);
                    const RunResult run = simulate(s);
                    QVERIFY2(run.status.ok(), qPrintable(QString("%1 in %2, %3: %4")
                                                             .arg(family.name, place.name, QString::fromStdString(methodInfo(method).id),
                                                                  QString::fromStdString(run.status.message()))));
                    QCOMPARE(static_cast<int>(run.size()), 21);
                }
            }
    }

    /// Past the budget, preparation stops before it is done and names the quantity, its line and
    /// the limit.
    void overTheBudgetIsRefusedAtItsLine()
    {
        const std::string text = modelText(kPlaces[0], kFamilies[0], 30); // the force is on line 6
        model::ParsedModel parsed = model::parseModel(text);
        QVERIFY(parsed.ok());
        const ModelCompilation refused = compileModel(std::move(parsed.model), 100);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error.where.line, 6);
        QCOMPARE(refused.error.where.column, 1);
        QVERIFY2(refused.error.reason.find("the force on x") != std::string::npos, refused.error.reason.c_str());
        QVERIFY2(refused.error.reason.find("more than 100 expression nodes") != std::string::npos, refused.error.reason.c_str());
    }

    /// A text inside every limit of the grammar whose exact partial derivatives are too many: 100
    /// coordinates whose forces are each a product of 200 factors, one per coordinate and velocity
    /// (each partial derivative is as long as the product above its factor: about 2 million nodes).
    /// The full budget refuses it at the line of the force it ran out on, and prepareModel, which
    /// `model check` calls, says so.
    void aModelTooLargeToPrepareIsRefusedByTheCheck()
    {
        std::string text = "flmodel 1\nname \"wide\"\nparam v_b = 0.3 range -5 .. 5\n";
        const int n = 100;
        for (int i = 0; i < n; ++i)
            text += "coord a" + std::to_string(i) + "\n";
        for (int i = 0; i < n; ++i) {
            std::string force = "force a" + std::to_string(i) + " = -a" + std::to_string(i) + " + 0.001";
            for (int j = 0; j < n; ++j)
                force += "*(1+a" + std::to_string(j) + ")*(1+a" + std::to_string(j) + "')";
            text += force + "\n";
        }
        text += "contact c\n    slip = a0' - v_b\n    law = coulomb\n";
        const PreparedModel p = prepareModel(text);
        QVERIFY(!p.ok());
        qInfo("%d:%d: %s", p.error.where.line, p.error.where.column, p.error.reason.c_str());
        QVERIFY(p.error.where.line >= 4 + n && p.error.where.line < 4 + 2 * n);
        QVERIFY(p.error.reason.find("the force on a") != std::string::npos);
        QVERIFY(p.error.reason.find("more than 1000000 expression nodes") != std::string::npos);
        QVERIFY(!registerModel(text).ok());
    }

    /// A budget around several models (a session's, for all the models it holds) bounds them together:
    /// the model that runs past it is refused, in its parse or in its preparation, never thrown out.
    void anEnclosingBudgetBoundsSeveralModels()
    {
        const expr::NodeBudget session(600);
        const PreparedModel first = prepareModel(modelText(kPlaces[0], kFamilies[0], 20));
        QVERIFY2(first.ok(), first.error.reason.c_str());
        QVERIFY(session.used() > 100);
        PreparedModel later;
        for (int depth = 21; depth < 40 && (later = prepareModel(modelText(kPlaces[0], kFamilies[0], depth))).ok(); ++depth) {
        }
        QVERIFY(!later.ok());
        qInfo("%d:%d: %s", later.error.where.line, later.error.where.column, later.error.reason.c_str());
        QVERIFY(later.error.reason.find("more than 600 expression nodes") != std::string::npos);
    }

    /// Lets written in share their trees: a chain of 60 lets each squaring the one before is a force
    /// of 2^60 leaves as text, but of 60 distinct nodes. It prepares within the budget, its summary
    /// (what `model check` prints) is cut at 2000 characters, and it runs; lets nested 1200 levels
    /// deep are refused where they are used, at the expression's line.
    void letChainsStayLinear()
    {
        std::string text = "flmodel 1\nname \"let chain\"\ncoord x\n    start = 0.5\nlet a0 = 0.5*sin(x)\n";
        for (int i = 1; i <= 60; ++i)
            text += "let a" + std::to_string(i) + " = a" + std::to_string(i - 1) + "*a" + std::to_string(i - 1) + "\n";
        text += "force x = -x - a60\ncontact c\n    slip = x' - 0.2\n    law = coulomb\n";
        const expr::NodeBudget budget(100000);
        const PreparedModel p = prepareModel(text);
        QVERIFY2(p.ok(), p.error.reason.c_str());
        qInfo("60 squaring lets: %ld expression nodes prepared", budget.used());
        QVERIFY(budget.used() < 5000);
        const std::string summary = model::summarize(p.compiled->model);
        for (size_t begin = 0, end; begin < summary.size(); begin = end + 1) {
            end = summary.find('\n', begin);
            QVERIFY(end - begin < 2100);
        }
        QVERIFY(summary.find("longer than 2000 characters") != std::string::npos);
        const ModelRegistration r = registerModel(text);
        QVERIFY(r.ok());
        Scenario s;
        QVERIFY(makeScenario(r.system->id, r.system->laws.front(), Method::EventDriven, Regularization::Kudra, s).ok());
        QVERIFY(s.params.set("t_end", 5.0).ok());
        const RunResult run = simulate(s);
        QVERIFY2(run.status.ok(), run.status.message().c_str());

        std::string deep = "flmodel 1\nname \"deep\"\ncoord x\nlet b0 = x\n";
        for (int i = 1; i <= 400; ++i) // each three levels deeper than the one before
            deep += "let b" + std::to_string(i) + " = sin(cos(1 + b" + std::to_string(i - 1) + "))\n";
        deep += "force x = -b400\n";
        const model::ParsedModel refused = model::parseModel(deep);
        QVERIFY(!refused.ok());
        qInfo("%d:%d: %s", refused.error.where.line, refused.error.where.column, refused.error.reason.c_str());
        QVERIFY(refused.error.reason.find("levels deep, more than 1000: nest fewer lets") != std::string::npos);
    }

    /// Many force lines on one coordinate, each as deep as a line may be (lets 330 levels of three):
    /// their sum is a balanced tree of runs, not a chain as tall as the file is long, so preparing
    /// its derivatives and running it stay within the stack (4000 lines made a chain 4000 levels
    /// tall, whose derivative overflowed the stack under AddressSanitizer).
    void manyForcesOnOneCoordinateStayShallow()
    {
        std::string text = "flmodel 1\nname \"many forces\"\ncoord x\n    start = 0.5\nlet b0 = x\n";
        for (int i = 1; i <= 330; ++i)
            text += "let b" + std::to_string(i) + " = sin(cos(1 + b" + std::to_string(i - 1) + "))\n";
        for (int i = 0; i < 4000; ++i)
            text += "force x = -0.00025*x - 1e-6*b330\n";
        text += "contact c\n    slip = x' - 0.2\n    law = coulomb\n";
        const ModelRegistration r = registerModel(text);
        QVERIFY2(r.ok(), r.error.reason.c_str());
        Scenario s;
        QVERIFY(makeScenario(r.system->id, r.system->laws.front(), Method::Regularized, Regularization::Kudra, s).ok());
        QVERIFY(s.params.set("t_end", 1.0).ok());
        const RunResult run = simulate(s);
        QVERIFY2(run.status.ok(), run.status.message().c_str());
        QVERIFY(run.size() > 10);
    }

    void aModelWithoutContactIsRefusedByTheCheck()
    {
        const PreparedModel p = prepareModel("flmodel 1\nname \"free\"\ncoord x\nforce x = -x\n");
        QVERIFY(!p.ok());
        QVERIFY(p.error.reason.find("no contact") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestModelBudget)
#include "test_model_budget.moc"
