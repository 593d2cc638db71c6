#include "common/setup_record.h"
#include "common/number_text.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace fl {

namespace {

const char* kindName(SetupRecord::Field::Kind kind)
{
    switch (kind) {
    case SetupRecord::Field::Kind::Number: return "a number";
    case SetupRecord::Field::Kind::Text: return "a string";
    case SetupRecord::Field::Kind::Flag: return "a boolean";
    case SetupRecord::Field::Kind::Record: return "an object";
    case SetupRecord::Field::Kind::Numbers: return "an array of numbers";
    case SetupRecord::Field::Kind::Points: return "an array of [x, y] pairs";
    }
    return "a value";
}

} // namespace

SetupRecord& SetupRecord::number(std::string key, double value)
{
    Field field;
    field.key = std::move(key);
    field.number = value;
    m_fields.push_back(std::move(field));
    return *this;
}

SetupRecord& SetupRecord::text(std::string key, std::string value)
{
    Field field;
    field.key = std::move(key);
    field.kind = Field::Kind::Text;
    field.text = std::move(value);
    m_fields.push_back(std::move(field));
    return *this;
}

SetupRecord& SetupRecord::flag(std::string key, bool value)
{
    Field field;
    field.key = std::move(key);
    field.kind = Field::Kind::Flag;
    field.flag = value;
    m_fields.push_back(std::move(field));
    return *this;
}

SetupRecord& SetupRecord::record(std::string key, SetupRecord value)
{
    Field field;
    field.key = std::move(key);
    field.kind = Field::Kind::Record;
    field.record = std::move(value);
    m_fields.push_back(std::move(field));
    return *this;
}

SetupRecord& SetupRecord::numbers(std::string key, std::vector<double> values)
{
    Field field;
    field.key = std::move(key);
    field.kind = Field::Kind::Numbers;
    field.numbers = std::move(values);
    m_fields.push_back(std::move(field));
    return *this;
}

SetupRecord& SetupRecord::points(std::string key, std::vector<std::array<double, 2>> values)
{
    Field field;
    field.key = std::move(key);
    field.kind = Field::Kind::Points;
    field.points = std::move(values);
    m_fields.push_back(std::move(field));
    return *this;
}

const SetupRecord::Field* SetupRecord::find(std::string_view key) const
{
    for (const Field& field : m_fields)
        if (field.key == key)
            return &field;
    return nullptr;
}

bool SetupRecord::takeField(const SetupRecord& source, std::string_view path)
{
    const size_t dot = path.find('.');
    const std::string_view key = path.substr(0, dot);
    const Field* from = source.find(key);
    Field* to = nullptr;
    for (Field& field : m_fields)
        if (field.key == key)
            to = &field;
    if (!from)
        return false;
    if (!to) { // a field the setup leaves out when it has its default: written back
        m_fields.push_back(*from);
        return true;
    }
    if (dot != std::string_view::npos)
        return from->kind == Field::Kind::Record && to->kind == Field::Kind::Record && to->record.takeField(from->record, path.substr(dot + 1));
    const bool same = from->kind == to->kind && from->number == to->number && from->text == to->text && from->flag == to->flag
                      && from->numbers == to->numbers && from->points == to->points && from->kind != Field::Kind::Record;
    if (same)
        return false;
    *to = *from;
    return true;
}

std::string SetupRecord::describe() const
{
    std::string out;
    for (const Field& field : m_fields) {
        if (!out.empty())
            out += ", ";
        out += field.key + " = ";
        switch (field.kind) {
        case Field::Kind::Number: out += formatNumber(field.number); break;
        case Field::Kind::Text: out += field.text; break;
        case Field::Kind::Flag: out += field.flag ? "true" : "false"; break;
        case Field::Kind::Record:
            out += '{';
            out += field.record.describe();
            out += '}';
            break;
        case Field::Kind::Numbers: {
            out += "[";
            for (size_t i = 0; i < field.numbers.size(); ++i) {
                if (i)
                    out += ' ';
                out += formatNumber(field.numbers[i]);
            }
            out += "]";
            break;
        }
        case Field::Kind::Points: {
            out += "[";
            for (size_t i = 0; i < field.points.size(); ++i) {
                out += i ? " [" : "[";
                out += formatNumber(field.points[i][0]);
                out += ", ";
                out += formatNumber(field.points[i][1]);
                out += "]";
            }
            out += "]";
            break;
        }
        }
    }
    return out;
}

std::string joinWords(const std::vector<std::string>& words)
{
    std::string list;
    for (const std::string& word : words)
        list += (list.empty() ? "" : ", ") + word;
    return list;
}

SetupRecordReader::SetupRecordReader(const SetupRecord& record, std::string path, std::vector<std::string>& warnings)
    : m_record(record), m_path(std::move(path)), m_warnings(warnings)
{
}

std::string SetupRecordReader::pathOf(std::string_view key) const
{
    return m_path.empty() ? std::string(key) : m_path + "." + std::string(key);
}

void SetupRecordReader::warn(std::string_view key, const std::string& message) { m_warnings.push_back(pathOf(key) + ": " + message); }

const SetupRecord::Field* SetupRecordReader::take(std::string_view key, SetupRecord::Field::Kind kind)
{
    const SetupRecord::Field* field = m_record.find(key);
    if (!field)
        return nullptr;
    m_read.emplace_back(key);
    if (field->kind != kind) {
        warn(key, std::string("expected ") + kindName(kind) + ", got " + kindName(field->kind));
        return nullptr;
    }
    return field;
}

bool SetupRecordReader::number(std::string_view key, double& out)
{
    const SetupRecord::Field* field = take(key, SetupRecord::Field::Kind::Number);
    if (!field)
        return false;
    if (!std::isfinite(field->number)) {
        warn(key, "not a finite number");
        return false;
    }
    out = field->number;
    return true;
}

bool SetupRecordReader::integer(std::string_view key, int lo, int hi, int& out)
{
    const SetupRecord::Field* field = take(key, SetupRecord::Field::Kind::Number);
    if (!field)
        return false;
    const double v = field->number;
    if (!(v >= lo && v <= hi) || v != std::floor(v)) {
        warn(key, formatNumber(v) + " is not a whole number in " + std::to_string(lo) + " .. " + std::to_string(hi));
        return false;
    }
    out = static_cast<int>(v);
    return true;
}

bool SetupRecordReader::text(std::string_view key, std::string& out)
{
    const SetupRecord::Field* field = take(key, SetupRecord::Field::Kind::Text);
    if (!field)
        return false;
    out = field->text;
    return true;
}

bool SetupRecordReader::oneOf(std::string_view key, const std::vector<std::string>& allowed, std::string& out)
{
    std::string word;
    if (!text(key, word))
        return false;
    if (std::find(allowed.begin(), allowed.end(), word) == allowed.end()) {
        warn(key, "'" + word.substr(0, 80) + "' is not one of " + joinWords(allowed));
        return false;
    }
    out = word;
    return true;
}

bool SetupRecordReader::flag(std::string_view key, bool& out)
{
    const SetupRecord::Field* field = take(key, SetupRecord::Field::Kind::Flag);
    if (!field)
        return false;
    out = field->flag;
    return true;
}

const SetupRecord* SetupRecordReader::record(std::string_view key)
{
    const SetupRecord::Field* field = take(key, SetupRecord::Field::Kind::Record);
    return field ? &field->record : nullptr;
}

bool SetupRecordReader::numbers(std::string_view key, size_t minItems, size_t maxItems, std::vector<double>& out)
{
    const SetupRecord::Field* field = take(key, SetupRecord::Field::Kind::Numbers);
    if (!field)
        return false;
    if (field->numbers.size() < minItems || field->numbers.size() > maxItems) {
        warn(key, std::to_string(field->numbers.size()) + " items, expected " + std::to_string(minItems) + " .. " + std::to_string(maxItems));
        return false;
    }
    for (size_t i = 0; i < field->numbers.size(); ++i)
        if (!std::isfinite(field->numbers[i])) {
            warn(std::string(key) + "[" + std::to_string(i) + "]", "not a finite number");
            return false;
        }
    out = field->numbers;
    return true;
}

bool SetupRecordReader::points(std::string_view key, size_t minItems, size_t maxItems, std::vector<std::array<double, 2>>& out)
{
    const SetupRecord::Field* field = take(key, SetupRecord::Field::Kind::Points);
    if (!field)
        return false;
    if (field->points.size() < minItems || field->points.size() > maxItems) {
        warn(key, std::to_string(field->points.size()) + " points, expected " + std::to_string(minItems) + " .. " + std::to_string(maxItems));
        return false;
    }
    for (size_t i = 0; i < field->points.size(); ++i)
        if (!std::isfinite(field->points[i][0]) || !std::isfinite(field->points[i][1])) {
            warn(std::string(key) + "[" + std::to_string(i) + "]", "not two finite numbers");
            return false;
        }
    out = field->points;
    return true;
}

void SetupRecordReader::finish()
{
    for (const SetupRecord::Field& field : m_record.fields())
        if (std::find(m_read.begin(), m_read.end(), field.key) == m_read.end()) {
            m_read.push_back(field.key);
            warn(field.key, "unknown field (ignored; written by a newer FrictionLab?)");
        }
}

} // namespace fl
