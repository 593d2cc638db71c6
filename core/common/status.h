#pragma once
// Status codes, not exceptions, across module and thread boundaries (docs/architecture.md idea 6).
#include <string>
#include <utility>

namespace fl {

/// Outcome of an operation: ok, or an error with a one-line, user-readable message.
class Status {
public:
    static Status success() { return Status(); }
    static Status error(std::string message) { return Status(std::move(message)); }

    bool ok() const { return m_ok; }
    const std::string& message() const { return m_message; }

private:
    Status() = default;
    explicit Status(std::string message) : m_ok(false), m_message(std::move(message)) {}
    bool m_ok = true;
    std::string m_message;
};

} // namespace fl
