// A model's drawing hints for bodies an angle turns (draw pendulum, draw disk): the pendulum's bob
// hangs at pivot + L (sin phi, -cos phi), the disk's marked radius points at angle theta, both
// inside the scene's box, next to the blocks of the same model.
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>
#include <string>

using namespace fl;

namespace {

const char* const kBodies = "flmodel 1\nname \"Pendulum, disk and block\"\n"
                            "coord phi unit \"rad\"\ncoord th unit \"rad\"\ncoord x\n"
                            "force phi = -sin(phi)\nforce th = -th\nforce x = -x\n"
                            "contact c\n    slip = phi' - 1\n    law = coulomb\n"
                            "draw pendulum phi at 0.5 length 2\ndraw disk th radius 0.5\ndraw block x at 4\n";

bool near(Vec2 a, Vec2 b) { return std::abs(a.x - b.x) < 1e-12 && std::abs(a.y - b.y) < 1e-12; }

bool inside(const MechanismScene& s, Vec2 p) { return p.x >= s.min.x && p.x <= s.max.x && p.y >= s.min.y && p.y <= s.max.y; }

} // namespace

class TestModelDrawings : public QObject {
    Q_OBJECT
private slots:
    void pendulumAndDiskFollowTheirAngles()
    {
        const ModelRegistration r = registerModel(kBodies);
        QVERIFY2(r.ok(), r.error.reason.c_str());
        Scenario s;
        QVERIFY(makeScenario(r.system->id, r.system->laws.front(), Method::EventDriven, Regularization::Kudra, s).ok());
        for (const double angle : {0.0, 0.3, -1.2, 2.5}) {
            const double y[6] = {angle, 0.0, angle, 0.0, 0.2, 0.0}; // phi, dphi, th, dth, x, dx
            MechanismFrame frame;
            frame.y = y;
            const MechanismScene scene = r.system->mechanism(s, frame);
            const Vec2 bob{0.5 + 2.0 * std::sin(angle), -2.0 * std::cos(angle)};
            bool bobFound = false, rodFound = false, radiusFound = false, blockFound = false;
            double diskX = NAN;
            for (const SceneShape& shape : scene.shapes) {
                if (shape.kind == ShapeKind::Circle && shape.role == SceneRole::Body && std::abs(shape.radius - 0.24) < 1e-12)
                    bobFound = near(shape.points[0], bob);
                if (shape.kind == ShapeKind::Line && shape.role == SceneRole::Body)
                    rodFound = near(shape.points[0], {0.5, 0.0}) && near(shape.points[1], bob);
                if (shape.kind == ShapeKind::Circle && shape.role == SceneRole::Body && std::abs(shape.radius - 0.5) < 1e-12)
                    diskX = shape.points[0].x;
                if (shape.kind == ShapeKind::Line && shape.role == SceneRole::Marker && std::isfinite(diskX) && near(shape.points[0], {diskX, 0.0}))
                    radiusFound = near(shape.points[1], {diskX + 0.5 * std::cos(angle), 0.5 * std::sin(angle)});
                if (shape.kind == ShapeKind::Box && shape.role == SceneRole::Body)
                    blockFound = std::abs(shape.points[0].x - 4.2) < 1e-12;
            }
            QVERIFY2(bobFound && rodFound, qPrintable(QString::number(angle)));
            QVERIFY2(radiusFound, qPrintable(QString::number(angle)));
            QVERIFY(blockFound);
            QVERIFY(diskX > 4.2); // a disk without `at` goes right of what is drawn before it
            QVERIFY2(inside(scene, bob) || std::abs(angle) > 0.5 * M_PI, qPrintable(QString::number(angle)));
            QVERIFY(inside(scene, {diskX + 0.5, 0.5}) && inside(scene, {diskX - 0.5, -0.5}));
        }
    }
};

QTEST_APPLESS_MAIN(TestModelDrawings)
#include "test_model_drawings.moc"
