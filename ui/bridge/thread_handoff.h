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

/// Wraps a task handed to another thread (a queued call, a pool task): what the submitting thread
/// did before the wrap happens before the task's body.
template <class F>
auto wrap(F&& f)
{
#if defined(__SANITIZE_THREAD__)
    auto token = std::make_shared<char>();
    release(token.get());
    return [token, f = std::forward<F>(f)]() mutable {
        acquire(token.get());
        return f();
    };
#else
    return std::forward<F>(f);
#endif
}

/// As wrap(f), and also: what the task did happens before acquire(done) on the thread that reads
/// its result (a QFutureWatcher's finished(); the watcher's address serves as the token).
template <class F>
auto wrap(F&& f, [[maybe_unused]] const void* done)
{
#if defined(__SANITIZE_THREAD__)
    return wrap([f = std::forward<F>(f), done]() mutable {
        if constexpr (std::is_void_v<decltype(f())>) {
            f();
            release(done);
        } else {
            auto result = f();
            release(done);
            return result;
        }
    });
#else
    return std::forward<F>(f);
#endif
}

} // namespace fl::ui::handoff
