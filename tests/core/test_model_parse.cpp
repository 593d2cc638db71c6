// Model files (model/model_parser.h): a complete model read into its parts, every kind of error at
// its line and column with its reason, and mutated files that never crash the parser.
#include "model/model_parser.h"
#include "model/model_summary.h"

#include "expr/derivative.h"
#include "expr/print.h"

#include <QTest>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

using fl::model::parseModel;

namespace {

const char* const kTwoBlocks =
    "flmodel 1\n"
    "name \"Two blocks on one belt\"\n"
    "# a comment line\n"
    "param m1 = 1 range 0.1 .. 10 unit \"kg\" symbol \"m₁\"\n"
    "param k1 = 1 range 0 .. 100 unit \"N/m\"   # trailing comment\n"
    "param kc = 0.5 range 0 .. 100\n"
    "param v_b = 0.5 range -5 .. 5 unit \"m/s\"\n"
    "coord x1 label \"Block 1\"\n"
    "    mass = m1\n"
    "coord x2\n"
    "    start = 0.1\n"
    "force x1 = -k1*x1 - kc*(x1 - x2)\n"
    "force x2 = -kc*(x2 -\n"
    "    x1)   # continued while '(' is open\n"
    "contact left\n"
    "    slip = x1' - v_b\n"
    "    normal = m1\n"
    "    law = coulomb(mu_s = 3, mu_k = 1)\n"
    "contact right\n"
    "    slip = 2*x2' - x1' + sin(x1)\n"
    "    law = coulomb\n"
    "output spring label \"Coupling\" unit \"N\" = kc*(x2 - x1)\n"
    "draw belt = v_b\n"
    "draw block x1 at 0\n"
    "draw spring wall x1\n"
    "draw spring x1 x2\n";

/// A minimal model with `line` replacing the last statement (or appended when append).
std::string withLine(const std::string& line)
{
    return "flmodel 1\nname \"m\"\nparam k = 1 range 0 .. 2\ncoord x\n" + line + "\n";
}

} // namespace

class TestModelParse : public QObject {
    Q_OBJECT
private slots:
    void readsEveryPart()
    {
        const fl::model::ParsedModel parsed = parseModel(kTwoBlocks);
        QVERIFY2(parsed.ok(), (std::to_string(parsed.error.where.line) + ":" + std::to_string(parsed.error.where.column) + ": " + parsed.error.reason).c_str());
        const fl::model::Model& m = parsed.model;
        QCOMPARE(m.name, std::string("Two blocks on one belt"));
        QCOMPARE(m.coordinates.size(), size_t(2));
        QCOMPARE(m.coordinates[0].label, std::string("Block 1"));
        QCOMPARE(m.forces.size(), size_t(2));
        QCOMPARE(m.contacts.size(), size_t(2));
        QCOMPARE(m.outputs.size(), size_t(1));
        QCOMPARE(m.drawings.size(), size_t(4));
        // 4 own parameters, then each contact's law parameters under "<contact>.<id>".
        QCOMPARE(m.parameters.size(), size_t(8));
        QCOMPARE(m.parameters[4].id, std::string("left.mu_s"));
        QCOMPARE(m.parameters[4].defaultValue, 3.0);
        QCOMPARE(m.parameters[6].id, std::string("right.mu_s"));
        QCOMPARE(m.parameters[6].defaultValue, 2.0); // the law's default
        QCOMPARE(m.parameters[0].symbol, std::string("m₁"));
        // The slip velocity split as c0 + Σ c_i x_i': right = sin(x1) - x1' + 2 x2'.
        const fl::expr::SymbolTable state = m.stateSlots();
        const fl::model::Contact& right = m.contacts[1];
        QCOMPARE(fl::expr::print(right.slipConstant, state), std::string("sin(x1)"));
        QCOMPARE(fl::expr::print(right.slipGradient[0], state), std::string("-1"));
        QCOMPARE(fl::expr::print(right.slipGradient[1], state), std::string("2"));
        QCOMPARE(fl::expr::print(m.contacts[0].slipGradient[1], state), std::string("0"));
        // Values: the force on x2 at x1 = 1, x2 = 3 is -kc (x2 - x1) = -1; the mass of x2 defaults to 1.
        std::vector<double> values(static_cast<size_t>(m.parameterSlot(static_cast<int>(m.parameters.size()))), 0.0);
        values[static_cast<size_t>(m.coordinateSlot(0))] = 1.0;
        values[static_cast<size_t>(m.coordinateSlot(1))] = 3.0;
        for (size_t i = 0; i < m.parameters.size(); ++i)
            values[static_cast<size_t>(m.parameterSlot(static_cast<int>(i)))] = m.parameters[i].defaultValue;
        QCOMPARE(fl::expr::evaluate(m.forces[1].value, values.data()), -1.0);
        QCOMPARE(fl::expr::print(m.coordinates[1].mass, m.parameterSlots()), std::string("1"));
        QCOMPARE(fl::expr::print(m.coordinates[1].start, m.parameterSlots()), std::string("0.1"));
        QVERIFY(fl::model::summarize(m).find("right  slip sin(x1) - x1' + 2*x2'") != std::string::npos
                || fl::model::summarize(m).find("right  slip 2*x2' - x1' + sin(x1)") != std::string::npos);
    }

    /// let ID = EXPR: a derived quantity, written into every expression that names it (the trees
    /// the same as if it had been written out), usable in the parameters' expressions when it reads
    /// parameters only; outputs are named quantities too, usable in forces.
    void letsAndOutputsAreWrittenIn()
    {
        const std::string text = "flmodel 1\nname \"mode coupling\"\n"
                                 "param k1 = 1 range 0 .. 10\nparam k2 = 2 range 0 .. 10\nparam alpha = 0.3 range 0 .. 1.5\n"
                                 "let s = sin(alpha)\nlet c = cos(alpha)\nlet k12 = (k1 - k2)*s*c\nlet m = 1 + s\n"
                                 "coord x\n    mass = m\ncoord y\n"
                                 "let pull = k12*y + 0.5*sgn(x')\n"
                                 "output stretch = k1*x\n"
                                 "force x = -pull - stretch\nforce y = -k12*x\n";
        const fl::model::ParsedModel parsed = parseModel(text);
        QVERIFY2(parsed.ok(), parsed.error.reason.c_str());
        const fl::model::Model& m = parsed.model;
        const fl::expr::SymbolTable state = m.stateSlots();
        QCOMPARE(m.lets.size(), size_t(5));
        QCOMPARE(fl::expr::print(m.forces[0].value, state), std::string("-((k1 - k2)*sin(alpha)*cos(alpha)*y + 0.5*sign(x')) - k1*x"));
        QCOMPARE(fl::expr::print(m.forces[1].value, state), std::string("-((k1 - k2)*sin(alpha)*cos(alpha)*x)"));
        QCOMPARE(fl::expr::print(m.coordinates[0].mass, m.parameterSlots()), std::string("1 + sin(alpha)"));
        QVERIFY(fl::model::summarize(m).find("derived (let): 5\n  s = sin(alpha)\n") != std::string::npos);
    }

    /// One contact: its law's parameters keep their own ids (as a built-in system's).
    void oneContactKeepsTheLawsIds()
    {
        const auto parsed = parseModel(withLine("contact c\nslip = x' - 1\nlaw = stribeck-gauss"));
        QVERIFY2(parsed.ok(), parsed.error.reason.c_str());
        QCOMPARE(parsed.model.contacts[0].lawParameterIds.front(), parsed.model.parameters[1].id);
        QVERIFY(parsed.model.parameters[1].id.find('.') == std::string::npos);
    }

    void errorsAtTheirPlace_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("reason");
        const auto row = [](const char* name, const std::string& text, int line, int column, const char* reason) {
            QTest::newRow(name) << QString::fromStdString(text) << line << column << QString::fromUtf8(reason);
        };
        row("empty", "  \n# nothing\n", 1, 1, "empty model file (it starts with: flmodel 1)");
        row("no header", "name \"m\"\n", 1, 1, "a model file starts with: flmodel 1");
        row("version", "flmodel 2\n", 1, 9, "format version 2 is not one this FrictionLab reads (1)");
        row("no name", "flmodel 1\ncoord x\n", 1, 1, "the model has no name (name \"...\")");
        row("no coordinate", "flmodel 1\nname \"m\"\n", 3, 1, "the model has no coordinate (coord x)");
        row("unknown statement", withLine("spring x"), 5, 1,
            "unknown statement 'spring' (statements: flmodel, name, about, numerics, breakaway, param, let, coord, mass, start, velocity, state, rate, force, contact, slip, normal, law, kinetic, static, output, draw, section)");
        row("let of a later let", withLine("let a = b + 1\nlet b = 2"), 5, 9, "unknown name 'b' (variables: x, x', t, k)");
        row("let taken", withLine("let k = 2"), 5, 5, "'k' is already declared at line 3");
        row("let of the state in a mass", withLine("let e = x + 1\nmass = e"), 6, 8,
            "'e' (line 5) reads coordinates, velocities, states or t: masses, starts and initial velocities read parameters only");
        row("state without rate", withLine("state z = 1"), 5, 1, "state 'z' has no rate (write rate z = EXPR, its time derivative)");
        row("rate of no state", withLine("state z = 1\nrate z = -z\nrate w = 1"), 7, 6, "'w' is not a state (states: z)");
        row("rate before any state", withLine("rate w = 1"), 5, 6, "'w' is not a state (declare it first: state w = START)");
        row("rate twice", withLine("state z = 1\nrate z = -z\nrate z = 1"), 7, 1, "rate z given twice (line 6)");
        row("state start of the state", withLine("state z = x"), 5, 11, "unknown name 'x'");
        row("state without start", withLine("state z\nrate z = 1"), 5, 8, "expected '='");
        row("state start missing", withLine("state z =\nrate z = 1"), 5, 10, "expected an expression after '='");
        row("state taken", withLine("state k = 1\nrate k = 0"), 5, 7, "'k' is already declared at line 3");
        row("state option", withLine("state z colour \"red\" = 1\nrate z = 0"), 5, 9, "unknown option 'colour' (options here: label, unit)");
        row("rate of an unknown name", withLine("state z = 1\nrate z = -q"), 6, 11, "unknown name 'q'");
        row("rate without expression", withLine("state z = 1\nrate z"), 6, 7, "expected '='");
        row("start after a state", withLine("state z = 1\nrate z = 0\nstart = 2"), 7, 1, "'start' belongs to a coordinate: write it after its coord line");
        row("let without expression", withLine("let e ="), 5, 8, "expected an expression after '='");
        row("acceleration", withLine("contact c\nslip = x'\nnormal = 1 + x''\nlaw = coulomb"), 7, 14,
            "'x''' is an acceleration: expressions read coordinates and velocities (x, x'), not accelerations");
        row("unknown function", withLine("force x = sgnum(x')"), 5, 11, "unknown function 'sgnum' (functions: sin, cos, tan, ");
        row("law value of a coordinate", withLine("contact c\nslip = x'\nlaw = coulomb(mu_s = 2*x)"), 7, 24, "unknown name 'x' (variables: k, mu_k)");
        row("law value out of range", withLine("contact c\nslip = x'\nlaw = coulomb(mu_s = 20*k)"), 7, 7,
            "law coulomb: mu_s of law coulomb is 20 at these values, outside its range [0, 10] (mu_s = 20*k)");
        row("law values out of order", withLine("contact c\nslip = x'\nlaw = coulomb(mu_s = k/2, mu_k = k)"), 7, 7,
            "law coulomb: mu_s = 0.5 must be >= mu_k = 1 (mu_s = k/2, mu_k = k)");
        row("law value missing", withLine("contact c\nslip = x'\nlaw = coulomb(mu_s = , mu_k = 1)"), 7, 22, "expected a value, got ','");
        row("law value of a window", withLine("contact c\nslip = x'\nlaw = karnopp(dv = k/100)"), 7, 20,
            "law karnopp's values are numbers: its stick window's method reads them as they are");
        row("breakaway rule unknown", withLine("breakaway = fastest"), 5, 13, "expected a break-away rule (most-loaded, in-order), got 'fastest'");
        row("breakaway twice", withLine("breakaway = in-order\nbreakaway = most-loaded"), 6, 1, "'breakaway' given twice");
        row("default outside", withLine("param c = 3 range 0 .. 2"), 5, 11, "default 3 is outside its range 0 .. 2");
        row("empty range", withLine("param c = 1 range 2 .. 1"), 5, 24, "empty range 2 .. 1 (the highest value must be above the lowest)");
        row("no range", withLine("param c = 1"), 5, 12, "expected 'range', got the end of the statement");
        row("taken", withLine("param x = 1 range 0 .. 2"), 5, 7, "'x' is already declared at line 4");
        row("reserved t", withLine("param t = 1 range 0 .. 2"), 5, 7, "'t' is reserved (t, pi, wall and the functions); choose another name for a parameter's name");
        row("function name", withLine("coord sin"), 5, 7, "'sin' is reserved (t, pi, wall and the functions); choose another name for a coordinate's name");
        row("numerics id", withLine("param t_end = 1 range 0 .. 2"), 5, 7, "'t_end' is a numerics parameter of every model (Simulated time); choose another name");
        row("mass outside coordinate", "flmodel 1\nname \"m\"\nmass = 2\ncoord x\n", 3, 1, "'mass' belongs to a coordinate: write it after its coord line");
        row("mass twice", withLine("mass = 1\nmass = 2"), 6, 1, "'mass' given twice for coordinate 'x'");
        row("mass of a coordinate", withLine("mass = 1 + x"), 5, 12, "unknown name 'x' (variables: k)");
        row("mass not positive", withLine("mass = k - 1"), 5, 8, "the mass of 'x' is 0 at the parameters' defaults; it must be positive");
        row("force on nothing", withLine("force y = 1"), 5, 7, "'y' is not a coordinate (coordinates: x)");
        row("unknown name", withLine("force x = -k*x - c*x'"), 5, 18, "unknown name 'c' (variables: x, x', t, k)");
        row("second line", withLine("force x = -k*(x +\n   2*q)"), 6, 6, "unknown name 'q' (variables: x, x', t, k)");
        row("no expression", withLine("force x ="), 5, 10, "expected an expression after '='");
        row("no slip", withLine("contact c\nlaw = coulomb"), 5, 1, "contact 'c' has no slip = … (its relative velocity, e.g. slip = x' - v_b)");
        row("no law", withLine("contact c\nslip = x'"), 5, 1, "contact 'c' has no law = … (e.g. law = coulomb(mu_s = 2, mu_k = 1))");
        row("slip not affine", withLine("contact c\nslip = x'*x'\nlaw = coulomb"), 6, 8,
            "the slip velocity must be affine in the velocities (x'): a sum of velocities times expressions of coordinates, states, t and parameters");
        row("slip without velocity", withLine("contact c\nslip = x - 1\nlaw = coulomb"), 6, 8, "the slip velocity depends on no velocity (x')");
        row("normal with unknown name", withLine("contact c\nslip = x'\nnormal = 1 + q\nlaw = coulomb"), 7, 14,
            "unknown name 'q' (variables: x, x', t, k, mu_s, mu_k)");
        row("unknown law", withLine("contact c\nslip = x'\nlaw = colomb"), 7, 7, "unknown friction law 'colomb' (laws: ");
        row("mass with itself", withLine("mass x x = 1"), 5, 8, "mass x x: a coupling is between two coordinates");
        row("mass of no coordinate", withLine("mass x q = 1"), 5, 8, "'q' is not a coordinate (coordinates: x)");
        row("unknown law parameter", withLine("contact c\nslip = x'\nlaw = coulomb(mu = 1)"), 7, 15, "law coulomb has no parameter 'mu' (its parameters: mu_s, mu_k)");
        row("law value outside", withLine("contact c\nslip = x'\nlaw = coulomb(mu_s = -1)"), 7, 22, "mu_s = -1 is outside its range [0, 10]");
        row("law relation", withLine("contact c\nslip = x'\nlaw = coulomb(mu_s = 1, mu_k = 2)"), 7, 7, "law coulomb: ");
        const std::string custom = "contact c\nslip = x'\nlaw = custom\n";
        row("custom without kinetic", withLine("contact c\nslip = x'\nlaw = custom"), 7, 7,
            "law = custom needs kinetic = EXPR on a line of its contact: the friction coefficient while slipping, of speed (the contact's |slip|), parameters and states");
        row("custom with values", withLine("contact c\nslip = x'\nlaw = custom(mu = 1)"), 7, 13,
            "law = custom takes no values: write kinetic = EXPR (and static = EXPR) on the contact's next lines");
        row("kinetic of a coordinate", withLine(custom + "kinetic = 0.3 + x"), 8, 17, "unknown name 'x' (variables: speed, k)");
        row("static of speed", withLine(custom + "kinetic = 0.3\nstatic = 0.5 + speed"), 9, 10,
            "the static limit is a number of the parameters: it cannot read speed");
        row("static of a state", withLine("state z = 1\nrate z = -z\n" + custom + "kinetic = 0.3*z\nstatic = 0.5 + z"), 11, 10,
            "the static limit is a number of the parameters: it cannot read speed or states");
        row("kinetic of a state below its static", withLine("state z = 2\nrate z = -z\n" + custom + "kinetic = 0.3*z\nstatic = 0.5"), 9, 7,
            "law custom: the static limit 0.5 is below the kinetic friction at speed 0, 0.6 (a contact that holds less than it slides with) "
            "(with the states at their starts)");
        row("kinetic of a rate", withLine("state z = 1\nrate z = -z\n" + custom + "kinetic = 0.3*z'"), 10, 15, "unknown name 'z''");
        row("state named speed", withLine("state speed = 1\nrate speed = 0\n" + custom + "kinetic = 0.3"), 9, 7,
            "'speed' in a custom law is the contact's speed: rename the state 'speed'");
        row("static below kinetic", withLine(custom + "kinetic = 0.5*k\nstatic = 0.3"), 7, 7,
            "law custom: the static limit 0.3 is below the kinetic friction at speed 0, 0.5 (a contact that holds less than it slides with)");
        row("kinetic infinite at rest", withLine(custom + "kinetic = 0.3 + 0.01*log(speed)"), 7, 7,
            "law custom: the kinetic friction at speed 0 is ");
        row("kinetic without custom", withLine("contact c\nslip = x'\nlaw = coulomb\nkinetic = 0.3"), 8, 1,
            "'kinetic' belongs to law = custom; contact 'c' has law coulomb");
        row("static outside contact", withLine("static = 0.3"), 5, 1, "'static' belongs to a contact with law = custom: write it after its contact line");
        row("kinetic twice", withLine(custom + "kinetic = 0.3\nkinetic = 0.2"), 9, 1, "'kinetic' given twice for contact 'c'");
        row("speed is a parameter", "flmodel 1\nname \"m\"\nparam speed = 1 range 0 .. 2\ncoord x\n" + custom + "kinetic = 0.3\n", 7, 7,
            "'speed' in a custom law is the contact's speed: rename the parameter 'speed'");
        row("section twice", withLine("section strobe = 2\nsection strobe = 3"), 6, 1, "'section' given twice (a model has one Poincaré section)");
        row("section kind", withLine("section cylinder = 2"), 5, 9, "unknown section 'cylinder' (strobe = PERIOD, plane = EXPR direction +|-)");
        row("strobe of the state", withLine("section strobe = 2*pi/x"), 5, 23, "unknown name 'x' (variables: k)");
        row("strobe not positive", withLine("section strobe = k - 1"), 5, 18, "the strobe's period is 0 at the parameters' defaults; it must be > 0");
        row("plane without direction", withLine("section plane = x'"), 5, 19, "a section plane ends with its direction: section plane = EXPR direction + ");
        row("plane direction word", withLine("section plane = x' direction down"), 5, 30, "expected + or - after 'direction' (+: where the expression rises through 0, -: where it falls), got 'down'");
        row("plane nonlinear", withLine("section plane = x^2 - 1 direction +"), 5, 17,
            "a section plane is affine in the coordinates, velocities, states and t, with coefficients of the parameters");
        row("plane product of variables", withLine("coord y\nsection plane = x*y' direction +"), 6, 17,
            "a section plane is affine in the coordinates, velocities, states and t");
        row("plane coefficient of t", withLine("section plane = t*x direction +"), 5, 17, "a section plane is affine");
        row("plane of t alone", withLine("section plane = t - 5 direction +"), 5, 17,
            "the section plane depends on no coordinate, velocity or state (a plane in t alone is a time: use section strobe)");
        row("plane of no variable", withLine("section plane = k direction +"), 5, 17, "the section plane depends on no coordinate, velocity or state");
        row("plane coefficient zero", withLine("section plane = (k - 1)*x' direction -"), 5, 17,
            "the section plane's coefficients of the coordinates, velocities and states are all 0 at the parameters' defaults");
        row("slip outside contact", withLine("slip = x'"), 5, 1, "'slip' belongs to a contact: write it after its contact line");
        row("unknown option", withLine("param c = 1 range 0 .. 2 colour \"red\""), 5, 26, "unknown option 'colour' (options here: unit, symbol, label, help)");
        row("option twice", withLine("param c = 1 range 0 .. 2 unit \"m\" unit \"s\""), 5, 35, "option 'unit' given twice");
        row("open string", withLine("param c = 1 range 0 .. 2 unit \"m"), 5, 31, "string not closed on its line (a '\"' is missing)");
        row("open parenthesis", withLine("force x = -(x"), 5, 12, "'(' not closed before the end of the file");
        row("stray parenthesis", withLine("force x = -x)"), 5, 13, "')' without its '('");
        row("control character", withLine("force x = \x01"), 5, 11, "unexpected control character '\\x01'");
        row("non-ASCII outside quotes", withLine("param μ = 1 range 0 .. 2"), 5, 7, "unexpected character '\\xce' (non-ASCII text belongs in quotes)");
        row("draw unknown", withLine("draw block y"), 5, 12, "'y' is not a coordinate (coordinates: x)");
        row("spring to itself", withLine("draw spring x x"), 5, 15, "a spring needs two different ends");
        row("belt speed of state", withLine("draw belt = x'"), 5, 13, "the belt's speed may depend on t and parameters only");
        row("pendulum without length", withLine("draw pendulum x at 1"), 5, 21, "expected 'length L' (draw pendulum x at 0 length 1), got the end of the statement");
        row("pendulum length zero", withLine("draw pendulum x length 0"), 5, 24, "the length must be > 0");
        row("disk radius word", withLine("draw disk x radius"), 5, 19, "expected the disk's radius, got the end of the statement");
        row("pendulum at twice", withLine("draw pendulum x at 1 length 2 at 3"), 5, 31, "expected the end of the statement (draw pendulum x at 0 length 1), got 'at'");
        row("disk of no coordinate", withLine("draw disk q radius 1"), 5, 11, "'q' is not a coordinate (coordinates: x)");
        row("trailing words", withLine("coord y unit \"m\" 3"), 5, 18, "expected the end of the statement, got the number 3");
    }

    void errorsAtTheirPlace()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, reason);
        const auto parsed = parseModel(text.toStdString());
        QVERIFY(!parsed.ok());
        const QString got = QString::fromStdString(parsed.error.reason);
        QVERIFY2(got.startsWith(reason), qPrintable(got));
        QCOMPARE(parsed.error.where.line, line);
        QCOMPARE(parsed.error.where.column, column);
    }

    void tooLargeRefused()
    {
        std::string text = withLine("");
        text += std::string(fl::model::kMaxFileBytes, ' ');
        QCOMPARE(parseModel(text).error.reason, std::string("the file is larger than 256 KiB"));
    }

    /// Mutated files (bytes flipped, inserted, cut) never crash, hang or throw: each is a model or
    /// an error at a place inside the file. Seeded; FL_MODEL_SEED sets the seed.
    void mutatedFilesNeverCrash()
    {
        const char* env = std::getenv("FL_MODEL_SEED");
        const unsigned seed = env ? static_cast<unsigned>(std::strtoul(env, nullptr, 10)) : 20261128u;
        qInfo("seed %u (FL_MODEL_SEED)", seed);
        std::mt19937 random(seed);
        const std::string base = kTwoBlocks;
        const std::string alphabet = "=(),.'\"#\n -+*/^0123456789xkvtelawslipcontact\x01\xff";
        int accepted = 0;
        for (int round = 0; round < 20000; ++round) {
            std::string text = base;
            const int edits = 1 + static_cast<int>(random() % 4);
            for (int e = 0; e < edits && !text.empty(); ++e) {
                const size_t at = random() % text.size();
                switch (random() % 4) {
                case 0: text[at] = alphabet[random() % alphabet.size()]; break;
                case 1: text.insert(at, 1, alphabet[random() % alphabet.size()]); break;
                case 2: text.erase(at, 1 + random() % 8); break;
                default: text = text.substr(0, at); break;
                }
            }
            const auto parsed = parseModel(text);
            if (parsed.ok()) {
                ++accepted;
                (void)fl::model::summarize(parsed.model);
                continue;
            }
            int lines = 1;
            for (char c : text)
                lines += c == '\n' ? 1 : 0;
            QVERIFY2(parsed.error.where.line >= 1 && parsed.error.where.line <= lines + 1 && parsed.error.where.column >= 1,
                     (std::to_string(round) + ": " + parsed.error.reason).c_str());
            QVERIFY2(!parsed.error.reason.empty() && parsed.error.reason.find('\n') == std::string::npos, std::to_string(round).c_str());
        }
        qInfo("%d of 20000 mutated files still parse", accepted);
        QVERIFY(accepted > 0);
    }
};

QTEST_APPLESS_MAIN(TestModelParse)
#include "test_model_parse.moc"
