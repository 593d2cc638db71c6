#pragma once
// Work that must not run on the GUI thread, for callers that need its result before they go on
// (opening a model or a session: preparing a model's derivatives, reading a file from someone
// else). The work runs on a thread of its own; the GUI thread waits up to 20 ms for it, and beyond
// that keeps its event loop turning (painting, timers, the other workers' results; user input is
// held back until the work is done, so nothing the user does can act on a half-opened file).
//
// The hand-off is a std::atomic and a join, which ThreadSanitizer sees (thread_handoff.h is for
// hand-offs through Qt's own queues).
#include <QCoreApplication>
#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace fl::ui {

template <class Work>
auto waitOffGuiThread(Work work) -> decltype(work())
{
    using Result = decltype(work());
    QCoreApplication* app = QCoreApplication::instance();
    if (!app || QThread::currentThread() != app->thread())
        return work(); // already off the GUI thread
    std::optional<Result> result;
    std::exception_ptr error;
    std::atomic<bool> done{false};
    std::mutex mutex;
    std::condition_variable finished;
    std::thread worker([&] {
        try {
            result.emplace(work());
        } catch (...) {
            error = std::current_exception();
        }
        const std::lock_guard<std::mutex> lock(mutex);
        done.store(true, std::memory_order_release);
        finished.notify_all();
    });
    {
        std::unique_lock<std::mutex> lock(mutex);
        finished.wait_for(lock, std::chrono::milliseconds(20), [&] { return done.load(std::memory_order_acquire); });
    }
    if (!done.load(std::memory_order_acquire)) {
        QEventLoop loop;
        QTimer poll;
        poll.setInterval(5);
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (done.load(std::memory_order_acquire))
                loop.quit();
        });
        poll.start();
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
    worker.join();
    if (error)
        std::rethrow_exception(error);
    return std::move(*result);
}

} // namespace fl::ui
