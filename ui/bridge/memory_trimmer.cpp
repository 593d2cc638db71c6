#include "bridge/memory_trimmer.h"
#include "bridge/thread_handoff.h"

#include <QThreadPool>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace fl::ui {

MemoryTrimmer::MemoryTrimmer(int intervalMs, QObject* parent) : QObject(parent), m_intervalMs(intervalMs) {}

void MemoryTrimmer::workFinished()
{
    if (m_since.isValid() && m_since.elapsed() < m_intervalMs)
        return;
    if (m_state->running.exchange(true))
        return; // the last trim is still going
    m_since.start();
    handoff::start(QThreadPool::globalInstance(), [state = m_state] {
#if defined(__GLIBC__)
        malloc_trim(0);
#endif
        state->trims.fetch_add(1, std::memory_order_relaxed);
        state->running.store(false);
    });
}

} // namespace fl::ui
