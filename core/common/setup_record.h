#pragma once
// An analysis's setup as named fields: what a session file stores under the view's id and what
// `frictionlab-cli session show` lists. Values are numbers (whole numbers too), words, flags,
// nested records, lists of numbers or of (x, y) points, in the order written. Each analysis turns its typed setup into a record and back
// (core/contract/); the session code turns records into JSON and back (ui/bridge/setup_json.h).
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace fl {

class SetupRecord {
public:
    struct Field;

    SetupRecord& number(std::string key, double value);
    SetupRecord& text(std::string key, std::string value);
    SetupRecord& flag(std::string key, bool value);
    SetupRecord& record(std::string key, SetupRecord value);
    SetupRecord& numbers(std::string key, std::vector<double> values);
    SetupRecord& points(std::string key, std::vector<std::array<double, 2>> values);

    const std::vector<Field>& fields() const { return m_fields; }
    const Field* find(std::string_view key) const;
    bool empty() const { return m_fields.empty(); }
    /// Sets the field at `path` ("x.steps": field steps of record x) to source's field at that path
    /// (adding it where this record has none); false when source has none there or it was equal.
    bool takeField(const SetupRecord& source, std::string_view path);
    /// One line, "key = value, key = {key = value, ...}", numbers in shortest round-trip form.
    std::string describe() const;

private:
    std::vector<Field> m_fields;
};

struct SetupRecord::Field {
    enum class Kind { Number, Text, Flag, Record, Numbers, Points };
    std::string key;
    Kind kind = Kind::Number;
    double number = 0.0;
    std::string text;
    bool flag = false;
    SetupRecord record;
    std::vector<double> numbers; ///< Kind::Numbers: a list (the ε study's widths)
    std::vector<std::array<double, 2>> points; ///< Kind::Points: (x, y) pairs (a polygon's vertices)
};

/// "a, b, c": the words a message lists as the allowed ones.
std::string joinWords(const std::vector<std::string>& words);

/// Reads a record field by field into a typed setup. A field of the wrong kind, or one a setter
/// refuses, becomes one warning "<path>.<key>: reason" and leaves the setup as it was; a field no
/// getter asked for is a warning too (a newer version's field), named by finish().
class SetupRecordReader {
public:
    SetupRecordReader(const SetupRecord& record, std::string path, std::vector<std::string>& warnings);

    std::string pathOf(std::string_view key) const;
    /// Where the warnings go (a nested record's reader adds to them).
    std::vector<std::string>& warnings() { return m_warnings; }
    bool number(std::string_view key, double& out);
    /// A whole number within [lo, hi] (the kind's own range, not the analysis's limits).
    bool integer(std::string_view key, int lo, int hi, int& out);
    bool text(std::string_view key, std::string& out);
    /// A word out of `allowed` (the message lists them).
    bool oneOf(std::string_view key, const std::vector<std::string>& allowed, std::string& out);
    bool flag(std::string_view key, bool& out);
    const SetupRecord* record(std::string_view key);
    /// A list of minItems .. maxItems finite numbers.
    bool numbers(std::string_view key, size_t minItems, size_t maxItems, std::vector<double>& out);
    /// A list of minItems .. maxItems points, each two finite numbers.
    bool points(std::string_view key, size_t minItems, size_t maxItems, std::vector<std::array<double, 2>>& out);
    void warn(std::string_view key, const std::string& message);
    /// Warns of every field no getter asked for.
    void finish();

private:
    const SetupRecord::Field* take(std::string_view key, SetupRecord::Field::Kind kind);

    const SetupRecord& m_record;
    std::string m_path;
    std::vector<std::string>& m_warnings;
    std::vector<std::string> m_read;
};

} // namespace fl
