// What a session file may hold, at its limits: a document too large to be read back is refused
// when saving (the old file stays), one just under the limit saves and reopens.
#include "bridge/session.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace fl::ui;

namespace {

/// A session whose scenes each carry a map setup with `values` numbers (about 20 bytes each written).
Session sessionWithSetups(int scenes, int values)
{
    QJsonArray numbers;
    for (int i = 0; i < values; ++i)
        numbers.append(0.1 + i);
    Session session;
    for (int k = 0; k < scenes; ++k) {
        Scene scene;
        scene.title = QStringLiteral("scene %1").arg(k + 1);
        scene.state.view.setups.insert(QStringLiteral("map"), QJsonObject{{QStringLiteral("values"), numbers}});
        session.scenes.push_back(scene);
    }
    return session;
}

} // namespace

class TestSessionLimits : public QObject {
    Q_OBJECT
private slots:
    void tooLargeToReopenIsNotSaved()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.frictionlab"));
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly) && old.write("old") == 3);
        old.close();
        const Session big = sessionWithSetups(200, 4000); // ~200 x 4000 x 20 bytes: about 16 MB
        QVERIFY(writeSession(big).size() > kMaxSessionBytes);
        const fl::Status status = saveSessionFile(path, big);
        QVERIFY(!status.ok());
        QVERIFY2(QString::fromStdString(status.message()).contains(QStringLiteral("could not be opened again (nothing was written)")),
                 status.message().c_str());
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("old"));
        old.close();

        const Session fits = sessionWithSetups(20, 4000); // about 1.6 MB
        QVERIFY(writeSession(fits).size() < kMaxSessionBytes);
        QVERIFY(saveSessionFile(path, fits).ok());
        Session reopened;
        const fl::Status read = loadSessionFile(path, reopened);
        QVERIFY2(read.ok(), read.message().c_str());
        QCOMPARE(reopened.scenes.size(), size_t(20));
        QCOMPARE(reopened.scenes.back().state.view.setups.value(QStringLiteral("map")), fits.scenes.back().state.view.setups.value(QStringLiteral("map")));
    }
};

QTEST_GUILESS_MAIN(TestSessionLimits)
#include "test_session_limits.moc"
