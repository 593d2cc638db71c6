// ui/bridge/thread_handoff.h: handoff::run gives the task's result through a future, like
// QtConcurrent::run, and an exception thrown by the task still finishes the future (a dialog
// waiting on it must not wait forever) and is rethrown where the result is read. (Under
// ThreadSanitizer, `bash setup.sh test` also checks that the hand-offs leave no race.)
#include "bridge/thread_handoff.h"

#include <QFutureWatcher>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <stdexcept>

class TestThreadHandoff : public QObject {
    Q_OBJECT
private slots:
    void resultComesBackThroughTheFuture()
    {
        QThreadPool pool;
        QFutureWatcher<int> watcher;
        QSignalSpy finished(&watcher, &QFutureWatcher<int>::finished);
        QThread* ranOn = nullptr;
        watcher.setFuture(fl::ui::handoff::run(&pool, [&ranOn] {
            ranOn = QThread::currentThread();
            return 42;
        }, &watcher));
        QVERIFY(finished.wait(10000));
        fl::ui::handoff::acquire(&watcher);
        QCOMPARE(watcher.result(), 42);
        QVERIFY(ranOn != nullptr && ranOn != QThread::currentThread());
    }

    void exceptionFinishesTheFutureAndIsRethrown()
    {
        QThreadPool pool;
        QFutureWatcher<int> watcher;
        QSignalSpy finished(&watcher, &QFutureWatcher<int>::finished);
        watcher.setFuture(fl::ui::handoff::run(&pool, []() -> int { throw std::runtime_error("solver gave up"); }, &watcher));
        QVERIFY(finished.wait(10000));
        fl::ui::handoff::acquire(&watcher);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, watcher.result());
    }

    void voidTaskFinishes()
    {
        QThreadPool pool;
        QFutureWatcher<void> watcher;
        QSignalSpy finished(&watcher, &QFutureWatcher<void>::finished);
        int calls = 0;
        watcher.setFuture(fl::ui::handoff::run(&pool, [&calls] { ++calls; }, &watcher));
        QVERIFY(finished.wait(10000));
        fl::ui::handoff::acquire(&watcher);
        QCOMPARE(calls, 1);
    }
};

QTEST_GUILESS_MAIN(TestThreadHandoff)
#include "test_thread_handoff.moc"
