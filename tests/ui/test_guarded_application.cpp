// GuardedApplication: an exception thrown in a slot on the GUI thread is caught in notify(),
// reported once (exceptionCaught, with the exception's message), and the event loop goes on.
#include "widgets/guarded_application.h"

#include <QSignalSpy>
#include <QTimer>
#include <QTest>

#include <stdexcept>

class TestGuardedApplication : public QObject {
    Q_OBJECT
private slots:
    void exceptionInASlotIsReported()
    {
        auto* app = qobject_cast<fl::ui::GuardedApplication*>(QCoreApplication::instance());
        QVERIFY(app);
        QSignalSpy caught(app, &fl::ui::GuardedApplication::exceptionCaught);
        QTimer::singleShot(0, this, [] { throw std::domain_error("toms748_solve: Parameters a and b do not bracket the root"); });
        QVERIFY(caught.wait(5000));
        QCOMPARE(caught.size(), 1);
        QVERIFY(caught.at(0).at(0).toString().contains("do not bracket the root"));
        // The loop still runs: a later timer fires.
        bool later = false;
        QTimer::singleShot(0, this, [&later] { later = true; });
        QTRY_VERIFY_WITH_TIMEOUT(later, 5000);
        QCOMPARE(caught.size(), 1);
    }
};

int main(int argc, char** argv)
{
    fl::ui::GuardedApplication app(argc, argv);
    TestGuardedApplication test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_guarded_application.moc"
