#include "expr/symbols.h"
#include "expr/functions.h"

#include <algorithm>

namespace fl::expr {

bool isFreeName(std::string_view text)
{
    if (text.empty() || text == "pi" || findFunction(text))
        return false;
    auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
    if (!letter(text.front()))
        return false;
    const std::string_view stem = text.substr(0, text.find_last_not_of('\'') + 1); // primes may end it (x')
    return std::all_of(stem.begin(), stem.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

SymbolTable::SymbolTable(std::initializer_list<std::string> names)
{
    int slot = 0;
    for (const std::string& name : names)
        add(name, slot++);
}

bool SymbolTable::add(std::string name, int slot)
{
    if (slot < 0 || slot > kMaxSlot || !isFreeName(name) || slotOf(name) >= 0)
        return false;
    m_entries.emplace_back(std::move(name), slot);
    m_slotCount = std::max(m_slotCount, slot + 1);
    return true;
}

int SymbolTable::slotOf(std::string_view name) const
{
    for (const auto& [entry, slot] : m_entries)
        if (entry == name)
            return slot;
    return -1;
}

std::string_view SymbolTable::nameOf(int slot) const
{
    for (const auto& [entry, s] : m_entries)
        if (s == slot)
            return entry;
    return {};
}

std::string SymbolTable::listing() const
{
    std::vector<std::pair<int, std::string_view>> bySlot;
    for (const auto& [name, slot] : m_entries)
        bySlot.emplace_back(slot, name);
    std::stable_sort(bySlot.begin(), bySlot.end(), [](const auto& l, const auto& r) { return l.first < r.first; });
    std::string text;
    for (const auto& [slot, name] : bySlot) {
        if (!text.empty())
            text += ", ";
        text += name;
    }
    return text;
}

} // namespace fl::expr
