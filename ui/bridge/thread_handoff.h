#pragma once
// Hand-offs between the GUI thread and worker threads, made visible to ThreadSanitizer.
//
// Qt orders a posted event, a queued call or a thread-pool task after the code that submitted it
// (and a finished future's result after the task that produced it): that is what makes
// QMetaObject::invokeMethod(..., Qt::QueuedConnection) and QtConcurrent::run safe. The order is
// kept by QMutex and atomics inside libQt6Core, and Debian's Qt is not built with
// -fsanitize=thread, so a ThreadSanitizer build of FrictionLab cannot see it and would report
// every result handed to the GUI as a data race. These functions state the order Qt guarantees
// (__tsan_release where the data is handed over, __tsan_acquire where it is taken); in every
// other build they compile to nothing. They say nothing about our own shared state, which must
// still be atomic or immutable (std::shared_ptr<const T>) for the sanitizer to accept it.
#include <QFuture>
#include <QMetaObject>
#include <QObject>
#include <QPromise>
#include <QThreadPool>

#include <exception>
#include <memory>
#include <type_traits>
#include <utility>

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif

namespace fl::ui::handoff {

/// Everything this thread did so far happens before what follows acquire(token) elsewhere.
inline void release([[maybe_unused]] const void* token)
{
#if defined(__SANITIZE_THREAD__)
    __tsan_release(const_cast<void*>(token));
#endif
}

/// Takes the order stated by release(token) on another thread.
inline void acquire([[maybe_unused]] const void* token)
{
#if defined(__SANITIZE_THREAD__)
    __tsan_acquire(const_cast<void*>(token));
#endif
}

#if defined(__SANITIZE_THREAD__)
/// Reads a pointer without telling ThreadSanitizer: the token's address must be read before the
/// order it carries can be taken (GCC does not inline it into instrumented code).
__attribute__((no_sanitize_thread, noinline)) inline char* peek(char* const& p) { return p; }

/// The token of a HandedTask. A copy or move takes the order first (Qt may move the task again on
/// the thread that runs it), before the task's own members are read.
struct HandoffToken {
    char* raw = nullptr;
    std::shared_ptr<char> owner;
    HandoffToken() : owner(std::make_shared<char>()) { raw = owner.get(); }
    HandoffToken(const HandoffToken& o) : raw(take(o)), owner(o.owner) {}
    HandoffToken(HandoffToken&& o) noexcept : raw(take(o)), owner(std::move(o.owner)) {}
    HandoffToken& operator=(const HandoffToken&) = delete;
    HandoffToken& operator=(HandoffToken&&) = delete;
    const void* get() const { return peek(raw); }
    static char* take(const HandoffToken& o)
    {
        char* p = peek(o.raw);
        acquire(p);
        return p;
    }
};

/// The task object of wrap(). The token is released whenever a copy of the task is complete (so
/// the copy Qt keeps is covered, not only the lambda we made), acquired before the body runs and
/// released after it, and acquired when a copy is destroyed, wherever Qt drops its last reference
/// (sometimes the submitting thread, after the body ran elsewhere).
template <class F>
class HandedTask : private HandoffToken {
public:
    explicit HandedTask(F f) : m_f(std::move(f)) { release(get()); }
    HandedTask(const HandedTask& o) : HandoffToken(o), m_f(o.m_f) { release(get()); }
    HandedTask(HandedTask&& o) noexcept : HandoffToken(std::move(o)), m_f(std::move(o.m_f)) { release(get()); }
    HandedTask& operator=(const HandedTask&) = delete;
    HandedTask& operator=(HandedTask&&) = delete;
    ~HandedTask()
    {
        acquire(get()); // a moved-from copy too: its token outlives it in the copy it moved to
    }
    auto operator()()
    {
        acquire(get());
        struct Done {
            const void* token;
            ~Done() { release(token); }
        } done{get()};
        return m_f();
    }

private:
    F m_f;
};
#endif

/// Wraps a task handed to another thread (a queued call, a pool task): what the submitting thread
/// did before handing it over happens before the task's body, and the body before the task's
/// destruction.
template <class F>
auto wrap(F&& f)
{
#if defined(__SANITIZE_THREAD__)
    return HandedTask<std::decay_t<F>>(std::forward<F>(f));
#else
    return std::forward<F>(f);
#endif
}

/// Queues f to run on context's thread (QMetaObject::invokeMethod, Qt::QueuedConnection) as a
/// wrapped task; dropped if context is deleted first.
template <class F>
void post(QObject* context, F&& f)
{
    QMetaObject::invokeMethod(context, wrap(std::forward<F>(f)), Qt::QueuedConnection);
}

/// QThreadPool::start of a wrapped task (not QtConcurrent::run: its task object is read by the
/// pool thread before the task's body, where the order could be taken).
template <class F>
void start(QThreadPool* pool, F&& f, int priority = 0)
{
    pool->start(wrap(std::forward<F>(f)), priority);
}

/// Runs f on the pool and returns a future of its result, as QtConcurrent::run(pool, f), with the
/// order stated: the result, read by a QFutureWatcher's finished() handler after acquire(done).
/// An exception from f finishes the future too, and result() rethrows it.
template <class F>
auto run(QThreadPool* pool, F&& f, const void* done)
{
    using R = std::invoke_result_t<std::decay_t<F>&>;
    auto promise = std::make_shared<QPromise<R>>();
    QFuture<R> future = promise->future();
    promise->start();
    start(pool, [promise, done, f = std::forward<F>(f)]() mutable {
        try {
            if constexpr (std::is_void_v<R>)
                f();
            else
                promise->addResult(f());
        } catch (...) {
            // As QtConcurrent::run: the future rethrows it where the result is read, and the
            // watcher still reports finished (a dialog waiting on it must not wait forever).
            promise->setException(std::current_exception());
        }
        release(done); // after the result store is written, before finished() is posted
        promise->finish();
    });
    return future;
}

} // namespace fl::ui::handoff
