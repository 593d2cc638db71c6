#pragma once
// The names an expression may use for its variables: name -> slot, the index of the variable's
// value in the array an evaluation reads. Slots need not be contiguous (a model may put its
// coordinates, velocities, time and parameters wherever its state vector has them).
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fl::expr {

class SymbolTable {
public:
    static constexpr int kMaxSlot = 1 << 24;

    SymbolTable() = default;
    /// names[i] at slot i.
    SymbolTable(std::initializer_list<std::string> names);

    /// Adds name at slot; false (and no change) when the name is not an identifier
    /// ([A-Za-z_][A-Za-z0-9_]*, optionally ended by primes: x' names a velocity), is a function's name or "pi", is already there, or the slot is not
    /// in [0, kMaxSlot].
    bool add(std::string name, int slot);
    /// The slot of name, or -1.
    int slotOf(std::string_view name) const;
    /// The name at slot, or "" (the first added when several names share it).
    std::string_view nameOf(int slot) const;
    /// Largest slot + 1 (0 when empty).
    int slotCount() const { return m_slotCount; }
    /// "x, v, t, k": the names in the order of their slots, for error messages.
    std::string listing() const;
    const std::vector<std::pair<std::string, int>>& entries() const { return m_entries; }

private:
    std::vector<std::pair<std::string, int>> m_entries; // in the order added
    int m_slotCount = 0;
};

/// Whether text is an identifier that is not reserved (a function's name or "pi").
bool isFreeName(std::string_view text);

} // namespace fl::expr
