#pragma once
// Status codes, not exceptions, across module and thread boundaries (docs/architecture.md idea 6): the
// places where work enters a worker thread or a command run their body through guarded(), so that
// an exception from a library (a Boost root find, std::bad_alloc) becomes a one-line error status
// instead of std::terminate.
#include "common/status.h"

#include <exception>
#include <new>
#include <string>

namespace fl {

/// The status of body(); an escaping exception becomes an error "<what>: <its message>".
template <class Body>
Status guarded(const char* what, Body&& body) noexcept
{
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return Status::error(std::string(what) + ": out of memory");
    } catch (const std::exception& e) {
        return Status::error(std::string(what) + ": " + e.what());
    } catch (...) {
        return Status::error(std::string(what) + ": unknown error");
    }
}

} // namespace fl
