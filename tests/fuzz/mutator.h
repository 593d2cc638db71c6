#pragma once
// Seeded mutations of outside input for the fuzz tests and the fuzz benchmark: bytes
// (flips, inserts, deletions, duplications, truncations, splices), JSON values replaced by
// hostile ones at random paths, and hostile words for command lines. Deterministic for a seed.
#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <random>

namespace fuzz {

class Mutator {
public:
    explicit Mutator(std::uint64_t seed) : m_rng(seed) {}

    int below(int n) { return n <= 1 ? 0 : static_cast<int>(m_rng() % static_cast<std::uint64_t>(n)); }
    bool chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(m_rng) < p; }
    template <class List>
    const auto& pick(const List& list) { return list[below(static_cast<int>(list.size()))]; }

    /// 1 to 8 byte-level edits of input.
    QByteArray mutateBytes(QByteArray input);
    /// Parses input as JSON and replaces 1 to 4 values at random paths by hostile ones (or, for
    /// input that is not JSON, falls back to mutateBytes); sometimes also mutates the text. An edit
    /// adds at most a few MiB (its copies of an element are bounded by their size).
    QByteArray mutateJson(const QByteArray& input);
    /// 1 to 6 edits of an expression's text at the level of its tokens: operators, names, calls,
    /// numbers in and out of range, parentheses (balanced or not), newlines; ranges deleted,
    /// duplicated or wrapped in a call; deep nests and long chains (up to a few hundred KiB); or byte
    /// edits.
    QByteArray mutateExpression(QByteArray input);
    /// Random bytes, up to maxSize.
    QByteArray randomBytes(int maxSize);
    /// A hostile JSON value: extreme or negative numbers, wrong types, long or odd strings, deep nesting.
    QJsonValue hostileValue(int depth = 0);
    /// Text of a number as a user might mistype it: nan, inf, 1e400, -0, 0x10, "", "1,5", "1e", huge digit strings...
    QString hostileNumberText();
    /// A plausible number in [lo, hi] (uniform or log-uniform), as text.
    QString plausibleNumberText(double lo, double hi);

private:
    QJsonValue mutateValue(const QJsonValue& value, int depth);
    std::mt19937_64 m_rng;
};

} // namespace fuzz
