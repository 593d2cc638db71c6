// ui/bridge/memory_trimmer.h: a finished piece of work triggers one malloc_trim on a pool thread,
// at most once per interval; the memory it gives back is measured by the soak benchmark
// (bench_playback soak), not here.
#include "bridge/memory_trimmer.h"

#include <QTest>
#include <QThreadPool>

class TestMemoryTrimmer : public QObject {
    Q_OBJECT
private slots:
    void atMostOncePerInterval()
    {
        fl::ui::MemoryTrimmer trimmer(300);
        QCOMPARE(trimmer.trims(), 0);
        trimmer.workFinished();
        QTRY_COMPARE(trimmer.trims(), 1);
        for (int i = 0; i < 10; ++i) // within the interval: nothing more
            trimmer.workFinished();
        QThreadPool::globalInstance()->waitForDone();
        QCOMPARE(trimmer.trims(), 1);
        QTest::qWait(350);
        trimmer.workFinished();
        QTRY_COMPARE(trimmer.trims(), 2);
    }

    void outlivedByItsTask()
    {
        // Destroyed while its trim may still run: the task keeps its own state. A use after free
        // here fails this test in the AddressSanitizer stage of `bash setup.sh test`.
        for (int i = 0; i < 20; ++i) {
            auto* trimmer = new fl::ui::MemoryTrimmer(0);
            trimmer->workFinished();
            delete trimmer;
        }
        QThreadPool::globalInstance()->waitForDone();
    }
};

QTEST_GUILESS_MAIN(TestMemoryTrimmer)
#include "test_memory_trimmer.moc"
