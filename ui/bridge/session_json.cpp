#include "bridge/session_json.h"
#include "bridge/session.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace fl::ui::session_json {

// --- Writer -----------------------------------------------------------------------------------

void Writer::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_levels.empty())
        return;
    m_text += m_levels.back().count++ > 0 ? ",\n" : "\n";
    m_text += QByteArray(4 * static_cast<qsizetype>(m_levels.size()), ' ');
}

void Writer::open(char bracket)
{
    beforeValue();
    m_text += bracket;
    m_levels.push_back({});
}

void Writer::close(char bracket)
{
    const bool empty = m_levels.back().count == 0;
    m_levels.pop_back();
    if (!empty) {
        m_text += '\n';
        m_text += QByteArray(4 * static_cast<qsizetype>(m_levels.size()), ' ');
    }
    m_text += bracket;
}

void Writer::beginObject() { open('{'); }
void Writer::endObject() { close('}'); }
void Writer::beginArray() { open('['); }
void Writer::endArray() { close(']'); }

Writer& Writer::key(const QString& name)
{
    value(name); // the key's text, escaped as a string
    m_text += ": ";
    m_afterKey = true;
    return *this;
}

Writer& Writer::key(const char* name) { return key(QString::fromUtf8(name)); }

void Writer::value(const QString& text)
{
    beforeValue();
    m_text += '"';
    const QByteArray utf8 = text.toUtf8();
    for (char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"': m_text += "\\\""; break;
        case '\\': m_text += "\\\\"; break;
        case '\n': m_text += "\\n"; break;
        case '\r': m_text += "\\r"; break;
        case '\t': m_text += "\\t"; break;
        case '\b': m_text += "\\b"; break;
        case '\f': m_text += "\\f"; break;
        default:
            if (u < 0x20)
                m_text += QByteArray("\\u00") + QByteArray::number(u, 16).rightJustified(2, '0');
            else
                m_text += c;
        }
    }
    m_text += '"';
}

void Writer::value(double number)
{
    beforeValue();
    // The reader refuses non-finite numbers, so none is ever stored; null keeps the text JSON.
    m_text += std::isfinite(number) ? QByteArray::number(number, 'g', QLocale::FloatingPointShortest) : QByteArray("null");
}

void Writer::value(int number)
{
    beforeValue();
    m_text += QByteArray::number(number);
}

void Writer::value(bool flag)
{
    beforeValue();
    m_text += flag ? "true" : "false";
}

void Writer::value(const QJsonValue& json)
{
    switch (json.type()) {
    case QJsonValue::Bool: value(json.toBool()); break;
    case QJsonValue::Double: {
        const double number = json.toDouble();
        if (std::abs(number) < 1e9 && number == std::trunc(number))
            value(static_cast<int>(number));
        else
            value(number);
        break;
    }
    case QJsonValue::String: value(json.toString()); break;
    case QJsonValue::Array:
        beginArray();
        for (const QJsonValue& item : json.toArray())
            value(item);
        endArray();
        break;
    case QJsonValue::Object: {
        beginObject();
        const QJsonObject object = json.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            key(it.key()).value(it.value());
        endObject();
        break;
    }
    default: beforeValue(); m_text += "null"; break;
    }
}

void Writer::pair(double first, double second)
{
    beforeValue();
    const auto text = [](double v) {
        return std::isfinite(v) ? QByteArray::number(v, 'g', QLocale::FloatingPointShortest) : QByteArray("null");
    };
    m_text += '[' + text(first) + ", " + text(second) + ']';
}

// --- Warnings ---------------------------------------------------------------------------------

void Warnings::add(const QString& message)
{
    if (m_lines.size() < kMaxWarnings)
        m_lines.append(message);
    else
        ++m_skipped;
}

QStringList Warnings::lines() const
{
    QStringList lines = m_lines;
    if (m_skipped > 0)
        lines.append(QStringLiteral("... and %1 more unknown fields (ignored)").arg(m_skipped));
    return lines;
}

// --- Values -----------------------------------------------------------------------------------

QString typeName(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

QString numberText(double value)
{
    return QString::fromLatin1(QByteArray::number(value, 'g', QLocale::FloatingPointShortest));
}

QString childPath(const QString& path, const QString& key)
{
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

int nestingDepth(const QJsonValue& value, int limit)
{
    if (!value.isArray() && !value.isObject())
        return 0;
    int deepest = 0;
    const auto visit = [&](const QJsonValue& item) {
        deepest = std::max(deepest, nestingDepth(item, limit - 1));
        return deepest < limit; // past the limit is all the caller needs to know
    };
    if (limit > 0 && value.isArray()) {
        for (const QJsonValue& item : value.toArray())
            if (!visit(item))
                break;
    } else if (limit > 0) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            if (!visit(it.value()))
                break;
    }
    return 1 + deepest;
}

Status errorAt(const QString& path, const QString& message)
{
    return Status::error((path + QStringLiteral(": ") + message).toStdString());
}

Status toNumber(const QJsonValue& value, const QString& path, double lo, double hi, double& out)
{
    if (!value.isDouble())
        return errorAt(path, QStringLiteral("expected a number, got ") + typeName(value));
    const double v = value.toDouble();
    if (!std::isfinite(v))
        return errorAt(path, QStringLiteral("not a finite number"));
    if (v < lo || v > hi)
        return errorAt(path, numberText(v) + QStringLiteral(" is outside ") + numberText(lo) + QStringLiteral(" .. ")
                                 + numberText(hi));
    out = v;
    return Status::success();
}

Status toInteger(const QJsonValue& value, const QString& path, int lo, int hi, int& out)
{
    if (!value.isDouble())
        return errorAt(path, QStringLiteral("expected an integer, got ") + typeName(value));
    const double v = value.toDouble();
    if (!std::isfinite(v) || v != std::floor(v))
        return errorAt(path, QStringLiteral("expected an integer, got ") + numberText(v));
    if (v < lo || v > hi)
        return errorAt(path, numberText(v) + QStringLiteral(" is outside ") + QString::number(lo) + QStringLiteral(" .. ")
                                 + QString::number(hi));
    out = static_cast<int>(v);
    return Status::success();
}

// --- ObjectReader -----------------------------------------------------------------------------

ObjectReader::ObjectReader(const QJsonObject& object, QString path, Warnings& warnings)
    : m_object(object), m_path(std::move(path)), m_warnings(warnings)
{
}

bool ObjectReader::has(const QString& key)
{
    m_known.insert(key);
    return m_object.contains(key);
}

Status ObjectReader::require(const QString& key)
{
    return has(key) ? Status::success() : errorAt(pathOf(key), QStringLiteral("missing"));
}

Status ObjectReader::expect(const QString& key, QJsonValue::Type type, const char* what, QJsonValue& out, bool& present)
{
    present = has(key);
    if (!present)
        return Status::success();
    out = m_object.value(key);
    if (out.type() != type)
        return errorAt(pathOf(key), QStringLiteral("expected %1, got %2").arg(QLatin1String(what), typeName(out)));
    return Status::success();
}

Status ObjectReader::string(const QString& key, int maxChars, QString& out)
{
    QJsonValue value;
    bool present = false;
    Status status = expect(key, QJsonValue::String, "a string", value, present);
    if (!status.ok() || !present)
        return status;
    const QString text = value.toString();
    if (text.size() > maxChars)
        return errorAt(pathOf(key), QStringLiteral("%1 characters, at most %2").arg(text.size()).arg(maxChars));
    out = text;
    return Status::success();
}

Status ObjectReader::oneOf(const QString& key, const QStringList& allowed, QString& out)
{
    QString text;
    Status status = string(key, 200, text);
    if (!status.ok() || !has(key))
        return status;
    if (!allowed.contains(text))
        return errorAt(pathOf(key), QStringLiteral("'%1' is not one of %2").arg(text, allowed.join(QStringLiteral(", "))));
    out = text;
    return Status::success();
}

Status ObjectReader::number(const QString& key, double lo, double hi, double& out)
{
    return has(key) ? toNumber(m_object.value(key), pathOf(key), lo, hi, out) : Status::success();
}

Status ObjectReader::integer(const QString& key, int lo, int hi, int& out)
{
    return has(key) ? toInteger(m_object.value(key), pathOf(key), lo, hi, out) : Status::success();
}

Status ObjectReader::boolean(const QString& key, bool& out)
{
    QJsonValue value;
    bool present = false;
    Status status = expect(key, QJsonValue::Bool, "true or false", value, present);
    if (status.ok() && present)
        out = value.toBool();
    return status;
}

Status ObjectReader::object(const QString& key, QJsonObject& out, bool& present)
{
    QJsonValue value;
    Status status = expect(key, QJsonValue::Object, "an object", value, present);
    if (status.ok() && present)
        out = value.toObject();
    return status;
}

Status ObjectReader::array(const QString& key, int maxItems, QJsonArray& out, bool& present)
{
    QJsonValue value;
    Status status = expect(key, QJsonValue::Array, "an array", value, present);
    if (!status.ok() || !present)
        return status;
    const QJsonArray items = value.toArray();
    if (items.size() > maxItems)
        return errorAt(pathOf(key), QStringLiteral("%1 entries, at most %2").arg(items.size()).arg(maxItems));
    out = items;
    return Status::success();
}

void ObjectReader::finish()
{
    for (auto it = m_object.constBegin(); it != m_object.constEnd(); ++it)
        if (!m_known.contains(it.key()))
            m_warnings.add(pathOf(it.key()) + QStringLiteral(": unknown field (ignored; written by a newer FrictionLab?)"));
}

} // namespace fl::ui::session_json
