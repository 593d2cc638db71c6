#pragma once
// The core's parallel loops (sweeps, maps, Lyapunov curves, ε studies) all have one shape: `count`
// copies of a worker pull task indices from a shared atomic counter until none is left, and each
// task's result goes to its own slot, so the result does not depend on which thread ran what
// (docs/architecture.md idea 8). runWorkers runs the copies and returns when all have returned.
// By default each copy gets its own std::jthread (the caller runs one); a program may install
// another backend once, before any run starts: the GUI runs them on its one pool sized to the cores,
// so two analyses at once share the cores instead of each taking all of them.
#include <functional>

namespace fl {

/// Runs `count` copies of `worker` (count <= 1: once, on the calling thread) and waits for them.
void runWorkers(int count, const std::function<void()>& worker);

/// How runWorkers runs its copies; it must return only when every copy has returned.
using WorkerBackend = std::function<void(int count, const std::function<void()>& worker)>;
/// Sets the backend for the whole process (empty: std::jthread). Call before any run starts.
void setWorkerBackend(WorkerBackend backend);

} // namespace fl
