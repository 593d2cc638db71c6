#include "bridge/setup_reader.h"

namespace fl::ui {

SetupReader::SetupReader(const QJsonObject& object, const QString& path, QStringList& warnings)
    : m_out(warnings), m_reader(object, path, m_warnings)
{
}

SetupReader::~SetupReader()
{
    finish();
}

bool SetupReader::take(const fl::Status& status)
{
    if (status.ok())
        return true;
    m_out << QString::fromStdString(status.message()) + QStringLiteral(" (not restored)");
    return false;
}

bool SetupReader::number(const QString& key, double lo, double hi, double& out)
{
    double value = out;
    if (!m_reader.has(key) || !take(m_reader.number(key, lo, hi, value)))
        return false;
    out = value;
    return true;
}

bool SetupReader::integer(const QString& key, int lo, int hi, int& out)
{
    int value = out;
    if (!m_reader.has(key) || !take(m_reader.integer(key, lo, hi, value)))
        return false;
    out = value;
    return true;
}

bool SetupReader::boolean(const QString& key, bool& out)
{
    bool value = out;
    if (!m_reader.has(key) || !take(m_reader.boolean(key, value)))
        return false;
    out = value;
    return true;
}

bool SetupReader::oneOf(const QString& key, const QStringList& allowed, QString& out)
{
    QString value = out;
    if (!m_reader.has(key) || !take(m_reader.oneOf(key, allowed, value)))
        return false;
    out = value;
    return true;
}

bool SetupReader::string(const QString& key, int maxChars, QString& out)
{
    QString value = out;
    if (!m_reader.has(key) || !take(m_reader.string(key, maxChars, value)))
        return false;
    out = value;
    return true;
}

bool SetupReader::object(const QString& key, QJsonObject& out)
{
    bool present = false;
    QJsonObject value;
    if (!take(m_reader.object(key, value, present)) || !present)
        return false;
    out = value;
    return true;
}

bool SetupReader::array(const QString& key, int maxItems, QJsonArray& out)
{
    bool present = false;
    QJsonArray value;
    if (!take(m_reader.array(key, maxItems, value, present)) || !present)
        return false;
    out = value;
    return true;
}

bool SetupReader::numbers(const QString& key, int minItems, int maxItems, double lo, double hi, std::vector<double>& out)
{
    QJsonArray items;
    if (!array(key, maxItems, items))
        return false;
    if (items.size() < minItems) {
        warn(key, QStringLiteral("%1 entries, at least %2").arg(items.size()).arg(minItems));
        return false;
    }
    std::vector<double> values;
    for (qsizetype i = 0; i < items.size(); ++i) {
        double value = 0.0;
        if (!take(session_json::toNumber(items.at(i), pathOf(key) + QStringLiteral("[%1]").arg(i), lo, hi, value)))
            return false;
        values.push_back(value);
    }
    out = std::move(values);
    return true;
}

void SetupReader::warn(const QString& key, const QString& message)
{
    m_out << pathOf(key) + QStringLiteral(": ") + message + QStringLiteral(" (not restored)");
}

void SetupReader::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_reader.finish();
    m_out << m_warnings.lines();
}

} // namespace fl::ui
