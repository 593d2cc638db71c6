// The mechanism drawings (core/scene, core/systems/*_mechanism.cpp): geometry follows the state,
// marks move with the surfaces, stick/slip as stated, and the world box holds every shape of the
// states real runs of every system and preset reach.
#include "scene/mechanism_scene.h"
#include "scene/scene_builder.h"
#include "simulation/simulate.h"
#include "systems/mechanism_drawings.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace {

fl::Scenario scenarioOf(const char* system, const char* law, fl::Method method)
{
    fl::Scenario s;
    const fl::Status status = fl::makeScenario(system, law, method, fl::Regularization::Kudra, s);
    if (!status.ok())
        qFatal("%s", status.message().c_str());
    return s;
}

fl::Scenario presetScenario(const std::string& id)
{
    fl::Scenario s = fl::defaultScenario();
    const fl::Status status = fl::applyPreset(id, s);
    if (!status.ok())
        qFatal("%s", status.message().c_str());
    return s;
}

fl::MechanismScene draw(const fl::Scenario& s, double t, const std::vector<double>& y, const std::vector<double>& out = {},
                        int mode = -1)
{
    fl::MechanismFrame frame;
    frame.t = t;
    frame.y = y.data();
    frame.outputs = out.empty() ? nullptr : out.data();
    frame.mode = mode;
    return fl::drawMechanism(s, frame);
}

std::vector<const fl::SceneShape*> shapesOf(const fl::MechanismScene& scene, fl::ShapeKind kind, fl::SceneRole role)
{
    std::vector<const fl::SceneShape*> found;
    for (const fl::SceneShape& shape : scene.shapes)
        if (shape.kind == kind && shape.role == role)
            found.push_back(&shape);
    return found;
}

const fl::SceneShape& only(const fl::MechanismScene& scene, fl::ShapeKind kind, fl::SceneRole role)
{
    const auto found = shapesOf(scene, kind, role);
    if (found.size() != 1)
        qFatal("expected one shape of kind %d role %d, found %zu", int(kind), int(role), found.size());
    return *found.front();
}

/// The x positions of the vertical Marker lines (belt marks).
std::vector<double> markPositions(const fl::MechanismScene& scene)
{
    std::vector<double> xs;
    for (const fl::SceneShape* s : shapesOf(scene, fl::ShapeKind::Line, fl::SceneRole::Marker))
        if (s->points[0].x == s->points[1].x)
            xs.push_back(s->points[0].x);
    std::sort(xs.begin(), xs.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
    return xs;
}

/// Whether the shape's extent (points, with coil width, box corners, radius) lies inside the scene's box.
bool insideBox(const fl::MechanismScene& scene, const fl::SceneShape& s)
{
    std::vector<fl::Vec2> points = s.points;
    double grow = 0.0;
    if (s.kind == fl::ShapeKind::Circle || s.kind == fl::ShapeKind::ArcArrow)
        grow = s.radius;
    if (s.kind == fl::ShapeKind::Spring)
        grow = 0.5 * s.width;
    if (s.kind == fl::ShapeKind::Box) {
        const double c = std::cos(s.angle), n = std::sin(s.angle), w = 0.5 * s.width, h = 0.5 * s.height;
        points.clear();
        for (const auto& [u, v] : {std::pair{w, h}, {-w, h}, {w, -h}, {-w, -h}})
            points.push_back({s.points[0].x + c * u - n * v, s.points[0].y + n * u + c * v});
    }
    const double tol = 1e-9;
    return std::all_of(points.begin(), points.end(), [&](fl::Vec2 p) {
        return p.x - grow >= scene.min.x - tol && p.x + grow <= scene.max.x + tol && p.y - grow >= scene.min.y - tol
               && p.y + grow <= scene.max.y + tol;
    });
}

/// Draws ~400 frames of a full run (with a trail of 60 past states) and checks every shape is
/// inside the box, and that the box stays fixed. Returns the number of frames drawn.
int checkRunInsideBox(const fl::Scenario& s, const std::string& name)
{
    const fl::RunResult run = fl::simulate(s);
    if (!run.status.ok())
        qFatal("%s: %s", name.c_str(), run.status.message().c_str());
    const size_t n = run.size(), dim = static_cast<size_t>(run.dimension()), stride = std::max<size_t>(1, n / 400);
    fl::Vec2 lo{}, hi{};
    int frames = 0;
    for (size_t i = 0; i < n; i += stride) {
        fl::MechanismFrame frame;
        frame.t = run.t[i];
        frame.y = &run.states[i * dim];
        frame.outputs = &run.outputs[i * run.outputNames.size()];
        frame.mode = run.mode.empty() ? -1 : int(run.mode[i]);
        const size_t first = i >= 60 ? i - 60 : 0;
        frame.history = &run.states[first * dim];
        frame.historyCount = i - first + 1;
        const fl::MechanismScene scene = fl::drawMechanism(s, frame);
        if (frames++ == 0) {
            lo = scene.min;
            hi = scene.max;
        }
        if (scene.min.x != lo.x || scene.min.y != lo.y || scene.max.x != hi.x || scene.max.y != hi.y)
            qFatal("%s: the box moved at t = %g", name.c_str(), run.t[i]);
        for (const fl::SceneShape& shape : scene.shapes)
            if (!insideBox(scene, shape))
                qFatal("%s: shape kind %d role %d outside the box at t = %g", name.c_str(), int(shape.kind), int(shape.role),
                       run.t[i]);
    }
    return frames;
}

/// Frames of a run drawn as Stick.
int stickSamples(const fl::Scenario& s)
{
    const fl::RunResult run = fl::simulate(s);
    if (!run.status.ok())
        qFatal("%s", run.status.message().c_str());
    int stick = 0;
    for (size_t i = 0; i < run.size(); ++i) {
        fl::MechanismFrame frame;
        frame.t = run.t[i];
        frame.y = &run.states[i * size_t(run.dimension())];
        frame.outputs = &run.outputs[i * run.outputNames.size()];
        frame.mode = run.mode.empty() ? -1 : int(run.mode[i]);
        stick += fl::drawMechanism(s, frame).phase == fl::ContactPhase::Stick;
    }
    return stick;
}

double angleDifference(double a, double b)
{
    return std::remainder(a - b, 2.0 * std::numbers::pi);
}

} // namespace

class TestMechanismScene : public QObject {
    Q_OBJECT
private slots:
    /// S1: the block's centre is origin + x (slope 1 for three states), the spring ends at its left face.
    void beltBlockFollowsState()
    {
        const fl::Scenario s = fl::defaultScenario();
        const double xs[] = {-1.5, 0.4, 2.1};
        double centres[3];
        for (int k = 0; k < 3; ++k) {
            const fl::MechanismScene scene = draw(s, 0.0, {xs[k], 0.5}, {0.0, 1.0}, 1);
            const fl::SceneShape& block = only(scene, fl::ShapeKind::Box, fl::SceneRole::Body);
            const fl::SceneShape& spring = only(scene, fl::ShapeKind::Spring, fl::SceneRole::Spring);
            centres[k] = block.points[0].x;
            QCOMPARE(spring.points[1].x, block.points[0].x - 0.5 * block.width);
            QCOMPARE(spring.points[0].x, 0.0); // the wall's face
        }
        const double slope1 = (centres[1] - centres[0]) / (xs[1] - xs[0]), slope2 = (centres[2] - centres[1]) / (xs[2] - xs[1]);
        QVERIFY(std::abs(slope1 - 1.0) < 1e-12 && std::abs(slope2 - 1.0) < 1e-12);
        QVERIFY(std::abs(centres[1] - (fl::beltBlockOrigin(s) + xs[1])) < 1e-12);
    }

    /// S1 and S2: the belt's marks shift by v_b Δt between two frames (modulo their spacing).
    void beltMarksMoveWithBelt_data()
    {
        QTest::addColumn<QString>("system");
        QTest::addColumn<double>("vb");
        QTest::newRow("belt +") << "belt" << 0.5;
        QTest::newRow("belt -") << "belt" << -0.73;
        QTest::newRow("disk +") << "disk" << 0.15;
    }
    void beltMarksMoveWithBelt()
    {
        QFETCH(QString, system);
        QFETCH(double, vb);
        const bool belt = system == "belt";
        fl::Scenario s = belt ? fl::defaultScenario() : presetScenario("jtam2016-fig4a");
        QVERIFY(s.params.set("v_b", vb).ok());
        const std::vector<double> y = belt ? std::vector<double>{0.3, vb} : std::vector<double>{0.3, 0.1, vb, 0.0};
        const double t1 = 3.7, dt = 0.45;
        const std::vector<double> a = markPositions(draw(s, t1, y)), b = markPositions(draw(s, t1 + dt, y));
        QVERIFY(a.size() > 5 && b.size() > 5);
        const double spacing = a[1] - a[0];
        for (size_t k = 2; k < a.size(); ++k)
            QVERIFY(std::abs(a[k] - a[k - 1] - spacing) < 1e-9);
        QVERIFY(std::abs(a[0] - b[0]) > 1e-6); // they moved
        for (double m : b) {
            const double shift = std::remainder(m - a[0] - vb * dt, spacing);
            QVERIFY2(std::abs(shift) < 1e-9, qPrintable(QString::number(shift)));
        }
    }

    /// Event-driven S1 and S2 runs: Stick exactly when the sample's mode is stick.
    void eventDrivenPhaseFollowsMode()
    {
        for (fl::Scenario s : {fl::defaultScenario(), presetScenario("jtam2016-fig4a")}) {
            s.params.set("t_end", 300.0);
            s.params.set("dt", 0.05);
            const fl::RunResult run = fl::simulate(s);
            QVERIFY(run.status.ok() && run.mode.size() == run.size());
            int stick = 0;
            for (size_t i = 0; i < run.size(); ++i) {
                const std::vector<double> y(run.states.begin() + long(i) * run.dimension(),
                                            run.states.begin() + long(i + 1) * run.dimension());
                const std::vector<double> out(run.outputs.begin() + long(i * run.outputNames.size()),
                                              run.outputs.begin() + long((i + 1) * run.outputNames.size()));
                const fl::MechanismScene scene = draw(s, run.t[i], y, out, int(run.mode[i]));
                const bool stuck = run.mode[i] == fl::ContactMode::Stick;
                QCOMPARE(scene.phase, stuck ? fl::ContactPhase::Stick : fl::ContactPhase::Slip);
                stick += stuck;
            }
            QVERIFY(stick > 10 && stick < int(run.size()) - 10);
        }
    }

    /// Regularized S1: Stick exactly while |v_r| < max(1e-3 |v_b|, eps), and the note says so.
    void regularizedPhaseByThreshold()
    {
        fl::Scenario s = scenarioOf("belt", "coulomb", fl::Method::Regularized);
        s.params.set("t_end", 30.0);
        const double threshold = std::max(1e-3 * std::abs(s.params.value("v_b")), s.params.value("eps"));
        const fl::RunResult run = fl::simulate(s);
        QVERIFY(run.status.ok() && run.mode.empty());
        int stick = 0;
        for (size_t i = 0; i < run.size(); ++i) {
            const double vr = run.output(i, 0);
            const fl::MechanismScene scene = draw(s, run.t[i], {run.state(i, 0), run.state(i, 1)}, {vr, run.output(i, 1)});
            const bool stuck = std::abs(vr) < threshold;
            QCOMPARE(scene.phase, stuck ? fl::ContactPhase::Stick : fl::ContactPhase::Slip);
            if (stuck)
                QVERIFY(scene.phaseNote.find("near-stick: |v_r| < 0.0005") == 0);
            stick += stuck;
        }
        QVERIFY(stick > 100 && stick < int(run.size()) - 100);
    }

    /// The threshold is physically right: a regularized run shows stick on as many samples (within
    /// 1 %) as the event-driven run of the same scenario sticks (S1 default; S2 JTAM Fig. 4a).
    void regularizedStickMatchesEventDriven()
    {
        fl::Scenario belt = fl::defaultScenario();
        belt.params.set("t_end", 100.0);
        fl::Scenario disk = presetScenario("jtam2016-fig4a");
        disk.params.set("t_end", 600.0);
        for (fl::Scenario s : {belt, disk}) {
            const int exact = stickSamples(s);
            s.method = fl::Method::Regularized;
            const int near = stickSamples(s);
            qInfo("%s: %d stick samples event-driven, %d regularized", s.systemId.c_str(), exact, near);
            QVERIFY(exact > 1000 && std::abs(near - exact) < exact / 100);
        }
    }

    /// S1: the friction arrow points along F (length ∝ F); the forcing arrow along A cos ωt.
    void beltArrowsFollowForces()
    {
        fl::Scenario s = fl::defaultScenario();
        QVERIFY(s.params.set("A", 0.5).ok() && s.params.set("w", 1.3).ok());
        double scale = 0.0;
        for (double F : {1.7, -0.4, 0.9}) {
            const double t = 2.0;
            const fl::MechanismScene scene = draw(s, t, {0.2, 0.1}, {-0.4, F});
            const fl::SceneShape& friction = only(scene, fl::ShapeKind::Arrow, fl::SceneRole::Friction);
            const double length = friction.points[1].x - friction.points[0].x;
            QVERIFY(length * F > 0.0);
            QCOMPARE(friction.label, std::string("F"));
            if (scale == 0.0)
                scale = length / F;
            QVERIFY(std::abs(length / F - scale) < 1e-12);
            const fl::SceneShape& forcing = only(scene, fl::ShapeKind::Arrow, fl::SceneRole::Forcing);
            QVERIFY(std::abs((forcing.points[1].x - forcing.points[0].x) - scale * 0.5 * std::cos(1.3 * t)) < 1e-12);
        }
        QVERIFY(shapesOf(draw(fl::defaultScenario(), 2.0, {0.2, 0.1}, {-0.4, 1.0}), fl::ShapeKind::Arrow, fl::SceneRole::Forcing).empty());
    }

    /// S2: the disk at (x, 0) of radius 1, its radial mark at angle phi; Γ and Ω along their signs.
    void diskFollowsState()
    {
        const fl::Scenario s = presetScenario("jtam2016-fig4a");
        for (double phi : {0.0, 0.3, 2.0, -1.2, 7.5}) {
            const double x = 3.0 - phi;
            const fl::MechanismScene scene = draw(s, 1.0, {x, phi, 0.1, 0.02}, {-0.05, 0.02, 0.054, 4.0, -2.0});
            const fl::SceneShape& disk = only(scene, fl::ShapeKind::Circle, fl::SceneRole::Body);
            QCOMPARE(disk.points[0].x, x);
            QCOMPARE(disk.points[0].y, 0.0);
            QCOMPARE(disk.radius, 1.0);
            int marks = 0;
            for (const fl::SceneShape* m : shapesOf(scene, fl::ShapeKind::Line, fl::SceneRole::Marker))
                if (m->points[0].x == x && m->points[0].y == 0.0) {
                    ++marks;
                    const double angle = std::atan2(m->points[1].y, m->points[1].x - x);
                    QVERIFY(std::abs(angleDifference(angle, phi)) < 1e-12);
                }
            QCOMPARE(marks, 1);
            const fl::SceneShape& gamma = only(scene, fl::ShapeKind::Arrow, fl::SceneRole::Friction);
            QVERIFY(gamma.points[1].x > gamma.points[0].x);
            QVERIFY(only(scene, fl::ShapeKind::ArcArrow, fl::SceneRole::Friction).sweep < 0.0);
            QCOMPARE(scene.readouts.size(), size_t(5));
        }
    }

    /// S3: C at (Y_C, −X_C), A = C − e (cos phi, sin phi) mapped the same way, rod length e, contact
    /// patch of radius R at A, springs ending at A.
    void pendulumGeometry()
    {
        const fl::Scenario s = presetScenario("acta2016-fig8a");
        const double e = s.params.value("e"), R = s.params.value("R");
        for (double phi : {0.0, 0.7, -2.4, 3.5}) {
            const std::vector<double> y = {0.09, -0.02, phi, 0.0, 0.0, 0.0};
            const fl::MechanismScene scene = draw(s, 0.5, y, std::vector<double>(8, 0.1));
            const double XA = y[0] - e * std::cos(phi), YA = y[1] - e * std::sin(phi);
            const fl::SceneShape& rod = only(scene, fl::ShapeKind::Line, fl::SceneRole::Body);
            QVERIFY(std::abs(std::hypot(rod.points[1].x - rod.points[0].x, rod.points[1].y - rod.points[0].y) - e) < 1e-12);
            QVERIFY(std::abs(rod.points[0].x - YA) < 1e-12 && std::abs(rod.points[0].y + XA) < 1e-12);
            QVERIFY(std::abs(rod.points[1].x - y[1]) < 1e-12 && std::abs(rod.points[1].y + y[0]) < 1e-12);
            const fl::SceneShape& patch = only(scene, fl::ShapeKind::Circle, fl::SceneRole::Contact);
            QVERIFY(std::abs(patch.points[0].x - YA) < 1e-12 && std::abs(patch.points[0].y + XA) < 1e-12);
            QCOMPARE(patch.radius, R);
            const auto springs = shapesOf(scene, fl::ShapeKind::Spring, fl::SceneRole::Spring);
            QCOMPARE(springs.size(), size_t(2));
            for (const fl::SceneShape* spring : springs)
                QVERIFY(spring->points[1].x == patch.points[0].x && spring->points[1].y == patch.points[0].y);
        }
    }

    /// S3: A's trail has one point per past state, at (Y_A, −X_A); the spokes turn by ∫ω₀ dt.
    void pendulumTrailAndSpokes()
    {
        const fl::Scenario s = presetScenario("acta2016-fig9");
        std::vector<double> history;
        const double e = s.params.value("e");
        for (int k = 0; k < 25; ++k)
            history.insert(history.end(), {0.1 + 0.001 * k, 0.01 * k, 0.05 * k, 0.0, 0.0, 0.0});
        fl::MechanismFrame frame;
        frame.t = 2.3;
        frame.y = &history[history.size() - 6];
        frame.history = history.data();
        frame.historyCount = 25;
        const fl::MechanismScene scene = fl::drawMechanism(s, frame);
        const fl::SceneShape& trail = only(scene, fl::ShapeKind::Polyline, fl::SceneRole::Trail);
        QCOMPARE(trail.points.size(), size_t(25));
        for (int k = 0; k < 25; ++k) {
            const double* y = &history[size_t(6 * k)];
            QVERIFY(std::abs(trail.points[size_t(k)].x - (y[1] - e * std::sin(y[2]))) < 1e-12);
            QVERIFY(std::abs(trail.points[size_t(k)].y + (y[0] - e * std::cos(y[2]))) < 1e-12);
        }
        QCOMPARE(scene.phase, fl::ContactPhase::None); // no outputs: no stick/slip decision
        // omega0(t) = cos t (Fig. 9): the disk has turned by sin t; trapezoidal check of the integral.
        double integral = 0.0;
        const int steps = 20000;
        for (int k = 0; k < steps; ++k) {
            const double a = frame.t * k / steps, b = frame.t * (k + 1) / steps;
            integral += 0.5 * (b - a) * (std::cos(a) + std::cos(b));
        }
        QVERIFY(std::abs(fl::pendulumDiskAngle(s, frame.t) - integral) < 1e-8);
        const auto spokes = shapesOf(scene, fl::ShapeKind::Line, fl::SceneRole::Marker);
        QCOMPARE(spokes.size(), size_t(6));
        const double angle = std::atan2(spokes[0]->points[1].y - spokes[0]->points[0].y, spokes[0]->points[1].x - spokes[0]->points[0].x);
        QVERIFY(std::abs(angleDifference(angle, std::sin(frame.t))) < 1e-9);
    }

    /// A bristle law (LuGre) lifts the block onto five bristles whose lean is 0.3 x z / (mu_s/sigma0)
    /// (clamped at 1.5x), from the belt (y = 0) to the block's underside; the readouts add z. A law
    /// of v_r alone draws none; Ostermeyer's states appear as readouts only.
    void bristlesLeanWithDeflection()
    {
        fl::Scenario lugre = scenarioOf("belt", "lugre", fl::Method::Regularized);
        const double reach = lugre.params.value("mu_s") / lugre.params.value("sigma0"); // 3e-5
        for (double z : {0.0, 0.5 * reach, -reach, 4.0 * reach}) {
            const fl::MechanismScene scene = draw(lugre, 1.0, {0.3, 0.1, z}, {0.0, 1.0});
            const auto bristles = shapesOf(scene, fl::ShapeKind::Line, fl::SceneRole::Spring);
            QCOMPARE(bristles.size(), size_t(5));
            const fl::SceneShape& block = only(scene, fl::ShapeKind::Box, fl::SceneRole::Body);
            const double underside = block.points[0].y - 0.5 * block.height;
            QVERIFY(underside > 0.1);
            const double expected = 0.3 * std::clamp(z / reach, -1.5, 1.5);
            for (const fl::SceneShape* b : bristles) {
                QCOMPARE(b->points[0].y, 0.0);
                QCOMPARE(b->points[1].y, underside);
                QVERIFY(std::abs((b->points[1].x - b->points[0].x) - expected) < 1e-12);
                QVERIFY(b->points[1].x > block.points[0].x - 0.5 * block.width && b->points[1].x < block.points[0].x + 0.5 * block.width);
            }
            QCOMPARE(scene.readouts.size(), size_t(4));
            QCOMPARE(scene.readouts.back().symbol, std::string("z"));
            QCOMPARE(scene.readouts.back().value, z);
        }
        const fl::MechanismScene coulomb = draw(fl::defaultScenario(), 1.0, {0.3, 0.5}, {0.0, 1.0}, 1);
        QVERIFY(shapesOf(coulomb, fl::ShapeKind::Line, fl::SceneRole::Spring).empty());
        QCOMPARE(only(coulomb, fl::ShapeKind::Box, fl::SceneRole::Body).points[0].y, 0.35); // on the belt
        QCOMPARE(coulomb.readouts.size(), size_t(3));
        const fl::MechanismScene fading = draw(scenarioOf("belt", "ostermeyer", fl::Method::Regularized), 1.0, {0.3, 0.5, 0.9, 0.4},
                                               {-1.5, 0.9});
        QVERIFY(shapesOf(fading, fl::ShapeKind::Line, fl::SceneRole::Spring).empty());
        QCOMPARE(fading.readouts.size(), size_t(5));
        QCOMPARE(fading.readouts[3].value, 0.9);
        QCOMPARE(fading.readouts[4].value, 0.4);
    }

    /// Every shape inside the fixed box for the states of full runs of every system's default
    /// scenario, of every preset, and of belt variants (forced, damped, Stribeck, regularized).
    void everyShapeInsideBox()
    {
        int frames = 0;
        for (const fl::SystemInfo& system : fl::systems()) {
            frames += checkRunInsideBox(scenarioOf(system.id.c_str(), fl::lawsOf(system).front()->id.c_str(), system.methods.front()),
                                        system.id);
            for (const fl::Preset& preset : system.presets)
                frames += checkRunInsideBox(presetScenario(preset.id), preset.id);
        }
        fl::Scenario forced = fl::defaultScenario();
        forced.params.set("A", 0.8);
        forced.params.set("w", 0.7);
        forced.params.set("zeta", 0.05);
        frames += checkRunInsideBox(forced, "belt forced, damped");
        fl::Scenario fast = scenarioOf("belt", "stribeck-exp", fl::Method::Regularized);
        fast.params.set("v_b", -2.0);
        fast.params.set("x0", 3.0);
        fast.params.set("t_end", 60.0);
        frames += checkRunInsideBox(fast, "belt stribeck, regularized");
        qInfo("%d frames checked", frames);
        QVERIFY(frames > 4000);
    }
};

QTEST_APPLESS_MAIN(TestMechanismScene)
#include "test_mechanism_scene.moc"
