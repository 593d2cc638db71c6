#include "mutator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace fuzz {

namespace {

/// Bytes a "many copies" edit may add to a document. A session file has at most 8 MiB (the
/// product refuses larger files before parsing), so larger copies test nothing more; and unbounded
/// they compound: a later edit of the same mutation copying an ancestor of copied elements
/// multiplies them again (400 x 400 copies of an indented 300-deep nesting are tens of gigabytes).
constexpr qsizetype kMaxCopyBytes = 4 * 1024 * 1024;

/// Roughly the bytes of value in indented JSON text at nesting depth `depth`, counted no further
/// than past `limit` (so that sizing a huge value stays cheap).
qsizetype textSize(const QJsonValue& value, int depth, qsizetype limit)
{
    const qsizetype line = 4 * static_cast<qsizetype>(depth) + 2; // indentation, ",\n"
    switch (value.type()) {
    case QJsonValue::String: return line + 2 + value.toString().size();
    case QJsonValue::Array: {
        qsizetype size = 2 * line;
        for (const QJsonValue& item : value.toArray()) {
            size += textSize(item, depth + 1, limit - size);
            if (size > limit)
                break;
        }
        return size;
    }
    case QJsonValue::Object: {
        qsizetype size = 2 * line;
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end() && size <= limit; ++it)
            size += it.key().size() + 4 + textSize(it.value(), depth + 1, limit - size);
        return size;
    }
    default: return line + 24; // a number, true, false or null
    }
}

} // namespace

QByteArray Mutator::mutateBytes(QByteArray input)
{
    const int edits = 1 + below(8);
    for (int e = 0; e < edits; ++e) {
        const int n = static_cast<int>(input.size());
        const int at = below(n + 1);
        switch (below(7)) {
        case 0: // flip a bit
            if (n > 0) {
                // One draw per statement: the order of draws within an expression is unspecified, so
                // a seed would make different cases in different builds.
                const int i = below(n);
                const int bit = below(8);
                input[i] = static_cast<char>(input[i] ^ (1 << bit));
            }
            break;
        case 1: // insert a random or a structural byte
            if (chance(0.5))
                input.insert(at, static_cast<char>(below(256)));
            else
                input.insert(at, "{}[]\",:-.0e\\"[below(12)]);
            break;
        case 2: // delete a range
            if (n > 0)
                input.remove(at, 1 + below(std::min(n - std::min(at, n - 1), 64)));
            break;
        case 3: // duplicate a range
            if (n > 0) {
                const int from = below(n);
                input.insert(at, input.mid(from, 1 + below(std::min(n - from, 256))));
            }
            break;
        case 4: // truncate
            input.truncate(at);
            break;
        case 5: // a hostile number in place of a digit
            for (int i = 0; i < n; ++i)
                if (const int j = (at + i) % n; j < n && std::isdigit(static_cast<unsigned char>(input[j]))) {
                    input.replace(j, 1, hostileNumberText().toUtf8());
                    break;
                }
            break;
        default: { // splice in a run of one byte (long strings, long numbers)
            const int length = 1 + below(4096);
            input.insert(at, QByteArray(length, "a9 \"\\\x00\xff"[below(7)]));
            break;
        }
        }
    }
    return input;
}

QByteArray Mutator::mutateExpression(QByteArray input)
{
    static const std::vector<const char*> tokens = {"(", ")", "+", "-", "*", "/", "^", ",", "x", "v", "t", "k", "sin(", "atan2(", "min(",
                                         "pow(", "hypot(", "sign(", "log(", "pi", "pi(", "sqrt", "1e999", "1e-999", "0", "2", ".5",
                                         "1e-3", "1.", "2x", "1e", "\n", "\n\n  ", " ", "\t", "vv", "--", "x^x^", "#", "\xc3\xa9",
                                         "\x01", "0/0", "1/0", "exp(exp(exp(", "))))", "max(x,", "y"};
    if (chance(0.2))
        return mutateBytes(input);
    if (chance(0.3)) { // edits that keep a valid expression valid, so that accepted trees get checked too
        static const std::vector<const char*> terms = {"+x", "*v", "-2", "/k", "^2", "+sin(t)", "*-x", "-(-v)", "^-.5", "*pi"};
        static const std::vector<const char*> calls = {"sin(", "exp(", "abs(", "sqrt(", "-(", "("};
        for (int e = 1 + below(4); e > 0; --e) {
            switch (below(3)) {
            case 0: input.append(pick(terms)); break;
            case 1: input = pick(calls) + input + ")"; break;
            default: input = "(" + input + (chance(0.5) ? ")^2" : ")*\n  max(x, v)"); break;
            }
        }
        return input;
    }
    const int edits = 1 + below(6);
    for (int e = 0; e < edits; ++e) {
        const int n = static_cast<int>(input.size());
        const int at = below(n + 1);
        switch (below(8)) {
        case 0:
        case 1: // insert a token
            input.insert(at, pick(tokens));
            break;
        case 2: // delete a range
            if (n > 0)
                input.remove(at, 1 + below(16));
            break;
        case 3: // duplicate a range
            if (n > 0) {
                const int from = below(n);
                input.insert(at, input.mid(from, 1 + below(std::min(n - from, 64))));
            }
            break;
        case 4: { // wrap a range in a call or in parentheses
            const int length = below(n - at + 1);
            input.insert(at + length, ")");
            static const std::vector<const char*> calls = {"(", "sin(", "abs(", "exp(", "-(", "atan2(x, "};
            input.insert(at, pick(calls));
            break;
        }
        case 5: { // a deep nest in front: parentheses, signs, calls or powers
            static const std::vector<const char*> opens = {"(", "-", "sin(", "x^", "+", "min(x,"};
            const char* open = pick(opens);
            const int count = 1 + below(chance(0.5) ? 120 : 20000);
            QByteArray nest;
            for (int i = 0; i < count; ++i)
                nest += open;
            input.insert(0, nest);
            if (chance(0.7) && open[std::strlen(open) - 1] == '(')
                input.append(QByteArray(count, ')'));
            break;
        }
        case 6: { // a long chain
            static const std::vector<const char*> links = {"+x", "*v", "-1", "/t", "^k", "+sin(x)"};
            const char* link = pick(links);
            QByteArray chain;
            for (int i = 1 + below(chance(0.5) ? 900 : 6000); i > 0; --i)
                chain += link;
            input.insert(at, chain);
            break;
        }
        default: // truncate
            input.truncate(at);
            break;
        }
    }
    return input;
}

QByteArray Mutator::randomBytes(int maxSize)
{
    QByteArray bytes(below(maxSize + 1), '\0');
    for (char& c : bytes)
        c = static_cast<char>(below(256));
    return bytes;
}

QString Mutator::hostileNumberText()
{
    static const QStringList words = {"nan", "NaN", "inf", "-inf", "Infinity", "1e400", "-1e400", "1e308", "-1e308", "4.9e-324",
                                      "1e-320", "-0", "0", "-1", "0x10", "", " ", "1,5", "1e", "e5", "--1", "+", "1.2.3", "١٢",
                                      "99999999999999999999999999999", "2147483648", "-2147483649", "9223372036854775808",
                                      "0.1e-999999", "1e999999999", "abc", "1 2", "\t3", "5\n"};
    return pick(words);
}

QString Mutator::plausibleNumberText(double lo, double hi)
{
    double value;
    if (lo > 0.0 && hi / lo > 1e3 && chance(0.5))
        value = lo * std::pow(hi / lo, std::uniform_real_distribution<double>(0.0, 1.0)(m_rng));
    else
        value = std::uniform_real_distribution<double>(lo, hi)(m_rng);
    return QString::number(value, 'g', 1 + below(17));
}

QJsonValue Mutator::hostileValue(int depth)
{
    switch (below(depth >= 2 ? 9 : 12)) {
    case 0: return QJsonValue(QJsonValue::Null);
    case 1: return QJsonValue(chance(0.5));
    case 2: return QJsonValue(std::pow(10.0, below(617) - 308) * (chance(0.5) ? 1.0 : -1.0));
    case 3: return QJsonValue(static_cast<double>(static_cast<std::int64_t>(m_rng())));
    case 4: return QJsonValue(0.0);
    case 5: return QJsonValue(-1.0);
    case 6: {
        const int length = below(20000);
        return QJsonValue(QString(length, QChar(0x41 + below(26))));
    }
    case 7: return QJsonValue(hostileNumberText());
    case 8: return QJsonValue(QString::fromUtf8("\xF0\x9F\x98\x80 \x01\x02 \xE2\x80\xAE ünï"));
    case 9: {
        QJsonArray a;
        for (int i = below(8); i > 0; --i)
            a.append(hostileValue(depth + 1));
        return a;
    }
    case 10: {
        QJsonValue v = QJsonArray{1};
        for (int i = below(300); i > 0; --i)
            v = chance(0.5) ? QJsonValue(QJsonArray{v}) : QJsonValue(QJsonObject{{"x", v}});
        return v;
    }
    default: return QJsonObject{{"format", "frictionlab-session"}, {"version", 1}};
    }
}

QJsonValue Mutator::mutateValue(const QJsonValue& value, int depth)
{
    // Replace here, or descend into a random child.
    if (depth > 12 || (!value.isObject() && !value.isArray()) || chance(0.15))
        return hostileValue();
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        if (object.isEmpty())
            return hostileValue();
        const QStringList keys = object.keys();
        const QString key = pick(keys);
        switch (below(8)) {
        case 0: object.remove(key); break;
        case 1: object.insert(key + QString::number(below(3)), hostileValue()); break;
        default: object.insert(key, mutateValue(object.value(key), depth + 1)); break;
        }
        return object;
    }
    QJsonArray array = value.toArray();
    if (array.isEmpty())
        return chance(0.5) ? hostileValue() : QJsonValue(QJsonArray{hostileValue()});
    const int i = below(static_cast<int>(array.size()));
    switch (below(8)) {
    case 0: array.removeAt(i); break;
    case 1: { // many copies (size limits), as many as kMaxCopyBytes holds
        const qsizetype each = std::max<qsizetype>(1, textSize(array.at(i), depth + 1, kMaxCopyBytes));
        for (qsizetype k = std::min<qsizetype>(below(400), kMaxCopyBytes / each); k > 0; --k)
            array.append(array.at(i));
        break;
    }
    default: array.replace(i, mutateValue(array.at(i), depth + 1)); break;
    }
    return array;
}

QByteArray Mutator::mutateJson(const QByteArray& input)
{
    const QJsonDocument document = QJsonDocument::fromJson(input);
    if (document.isNull())
        return mutateBytes(input);
    QJsonValue root = document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array());
    for (int edits = 1 + below(4); edits > 0; --edits)
        root = mutateValue(root, 0);
    QByteArray text = root.isObject() ? QJsonDocument(root.toObject()).toJson() : root.isArray() ? QJsonDocument(root.toArray()).toJson()
                                                                                                   : QByteArray("null");
    return chance(0.2) ? mutateBytes(text) : text;
}

} // namespace fuzz
