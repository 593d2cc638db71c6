#pragma once
// Reads an analysis view's saved setup (ui/analysis/analysis_view.h) field by field, with the checks
// and messages of session files (type, range, finiteness, the field's path): a field that is present
// but wrong becomes one warning line and keeps its value, so the rest of the setup still applies.
// Each getter returns true when it read a value into `out`.
#include "bridge/session_json.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <vector>

namespace fl::ui {

class SetupReader {
public:
    SetupReader(const QJsonObject& object, const QString& path, QStringList& warnings);
    ~SetupReader();

    QString pathOf(const QString& key) const { return m_reader.pathOf(key); }
    bool number(const QString& key, double lo, double hi, double& out);
    bool integer(const QString& key, int lo, int hi, int& out);
    bool boolean(const QString& key, bool& out);
    bool oneOf(const QString& key, const QStringList& allowed, QString& out);
    bool string(const QString& key, int maxChars, QString& out);
    bool object(const QString& key, QJsonObject& out);
    bool array(const QString& key, int maxItems, QJsonArray& out);
    /// An array of minItems to maxItems numbers, each in [lo, hi]; a bad item rejects the whole
    /// field with one warning naming the item ("<path>.<key>[2]: ...").
    bool numbers(const QString& key, int minItems, int maxItems, double lo, double hi, std::vector<double>& out);
    /// Whether the field is present (it then counts as read): for a field the view cannot take at
    /// all in its current scenario, which it names with warn().
    bool has(const QString& key) { return m_reader.has(key); }
    /// A check of the caller's own (e.g. session_json::toNumber on an item of an array): true when
    /// it passed, else its message (which names the path) becomes one warning.
    bool check(const fl::Status& status) { return take(status); }
    /// A warning of the caller's own about a field, "<path>.<key>: message".
    void warn(const QString& key, const QString& message);
    /// One warning per field no getter asked for (called by the destructor if not before).
    void finish();

private:
    bool take(const fl::Status& status);

    QStringList& m_out;
    session_json::Warnings m_warnings;
    session_json::ObjectReader m_reader;
    bool m_finished = false;
};

} // namespace fl::ui
