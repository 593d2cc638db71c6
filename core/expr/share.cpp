#include "expr/share.h"

#include <bit>
#include <cstdint>
#include <unordered_map>

namespace fl::expr {
namespace {

struct Key {
    Kind kind;
    Function function;
    std::uint8_t arity;
    int slot;
    std::uint64_t value; ///< the number's bits
    const Node* a;
    const Node* b;
    bool operator==(const Key&) const = default;
};

struct KeyHash {
    std::size_t operator()(const Key& k) const
    {
        std::uint64_t h = static_cast<std::uint64_t>(k.kind) | static_cast<std::uint64_t>(k.function) << 8
                          | static_cast<std::uint64_t>(k.arity) << 16 | static_cast<std::uint64_t>(static_cast<std::uint32_t>(k.slot)) << 24;
        h ^= k.value * 0x9e3779b97f4a7c15ull;
        h ^= reinterpret_cast<std::uintptr_t>(k.a) * 0xff51afd7ed558ccdull;
        h ^= reinterpret_cast<std::uintptr_t>(k.b) * 0xc4ceb9fe1a85ec53ull;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

class Sharer {
public:
    Expr operator()(const Expr& x)
    {
        if (const auto it = m_done.find(x.get()); it != m_done.end())
            return it->second;
        const Expr a = x->a ? (*this)(x->a) : Expr();
        const Expr b = x->b ? (*this)(x->b) : Expr();
        const Key key{x->kind, x->kind == Kind::Call ? x->function : Function::Sin, x->arity,
                      x->kind == Kind::Variable ? x->slot : -1,
                      x->kind == Kind::Number ? std::bit_cast<std::uint64_t>(x->value) : 0, a.get(), b.get()};
        Expr result;
        if (const auto it = m_unique.find(key); it != m_unique.end()) {
            result = it->second;
        } else {
            result = (a == x->a && b == x->b) ? x : rebuilt(*x, a, b);
            m_unique.emplace(key, result);
        }
        m_done.emplace(x.get(), result);
        return result;
    }

private:
    static Expr rebuilt(const Node& x, const Expr& a, const Expr& b)
    {
        switch (x.kind) {
        case Kind::Negate: return makeUnary(x.kind, a);
        case Kind::Call: return makeCall(x.function, a, b);
        default: return makeBinary(x.kind, a, b); // leaves never get here: their children are the same
        }
    }

    std::unordered_map<const Node*, Expr> m_done;
    std::unordered_map<Key, Expr, KeyHash> m_unique;
};

} // namespace

std::vector<Expr> shareCommon(std::span<const Expr> trees)
{
    Sharer share;
    std::vector<Expr> out;
    out.reserve(trees.size());
    for (const Expr& t : trees)
        out.push_back(t ? share(t) : t);
    return out;
}

} // namespace fl::expr
