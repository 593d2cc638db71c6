#pragma once
// The JSON plumbing of session files (ui/bridge/session.h) and of the views' setups in them
// (bridge/setup_reader.h), private to the session library:
// an ordered, indented writer (QJsonObject sorts its keys; a session keeps the order of the
// format and parameters in spec order) and a reader of one object's fields that checks type,
// range and finiteness and names the field's path in every message.
#include "common/status.h"
#include "scenario/scenario.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

/// Returns from the calling function with expr's status when it is an error (the readers).
#define FL_TRY(expr)                                                                                                   \
    do {                                                                                                               \
        fl::Status status_ = (expr);                                                                                   \
        if (!status_.ok())                                                                                             \
            return status_;                                                                                            \
    } while (false)

namespace fl::ui::session_json {

/// Streams JSON text, UTF-8, four spaces per level; empty containers as {} and [].
class Writer {
public:
    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    /// The key of the next value (inside an object).
    Writer& key(const char* name);
    Writer& key(const QString& name);
    void value(const QString& text);
    void value(const char* text) { value(QString::fromUtf8(text)); }
    void value(double number); ///< shortest text that reads back to the same double
    void value(int number);
    void value(bool flag);
    /// Any JSON value, objects with their keys in QJsonObject's (sorted) order; integral numbers
    /// as integers, others in the shortest round-trip text.
    void value(const QJsonValue& json);
    /// A two-number array on one line, e.g. [0, 1.5].
    void pair(double first, double second);
    QByteArray text() const { return m_text + '\n'; }

private:
    void beforeValue();
    void open(char bracket);
    void close(char bracket);
    struct Level {
        int count = 0;
    };
    QByteArray m_text;
    std::vector<Level> m_levels;
    bool m_afterKey = false;
};

/// Unknown-field warnings, at most kMaxWarnings lines and then a count of the rest.
class Warnings {
public:
    void add(const QString& message);
    /// The lines, with "... N more" if some were skipped.
    QStringList lines() const;

private:
    QStringList m_lines;
    int m_skipped = 0;
};

/// "a string", "a number", "an object", ... for "expected X, got Y".
QString typeName(const QJsonValue& value);
/// Text of a number in messages (shortest round trip, as the core's formatNumber).
QString numberText(double value);
/// Joins a path and a key: "state" + "view" = "state.view"; "" + "title" = "title".
QString childPath(const QString& path, const QString& key);

/// Levels of objects and arrays in value (a number 0, [] 1, {"a": [1]} 2), counted to at most
/// limit + 1 (a hostile nesting is not walked to its end).
int nestingDepth(const QJsonValue& value, int limit);

/// A finite number in [lo, hi].
Status toNumber(const QJsonValue& value, const QString& path, double lo, double hi, double& out);
/// An integer (a JSON number without fraction) in [lo, hi].
Status toInteger(const QJsonValue& value, const QString& path, int lo, int hi, int& out);

/// The fields of one JSON object at `path`. Each getter leaves `out` alone when the field is
/// absent (its default stays) and returns an error naming the path when it is present but
/// wrong. finish() warns once per field no getter asked for.
class ObjectReader {
public:
    ObjectReader(const QJsonObject& object, QString path, Warnings& warnings);

    const QString& path() const { return m_path; }
    QString pathOf(const QString& key) const { return childPath(m_path, key); }
    /// Whether the field is present (and marks it as known).
    bool has(const QString& key);

    Status string(const QString& key, int maxChars, QString& out);
    /// A string out of a fixed list of ids.
    Status oneOf(const QString& key, const QStringList& allowed, QString& out);
    Status number(const QString& key, double lo, double hi, double& out);
    Status integer(const QString& key, int lo, int hi, int& out);
    Status boolean(const QString& key, bool& out);
    /// An object; `present` false when absent.
    Status object(const QString& key, QJsonObject& out, bool& present);
    /// An array of at most maxItems entries; `present` false when absent.
    Status array(const QString& key, int maxItems, QJsonArray& out, bool& present);
    /// A field that must be present.
    Status require(const QString& key);

    /// One warning per field of the object that no getter asked for.
    void finish();

private:
    Status expect(const QString& key, QJsonValue::Type type, const char* what, QJsonValue& out, bool& present);

    QJsonObject m_object;
    QString m_path;
    Warnings& m_warnings;
    QSet<QString> m_known;
};

/// Status::error("<path>: <message>").
Status errorAt(const QString& path, const QString& message);

/// view.setups of a session file (session_read_setups.cpp): one object per view of the catalog of
/// analyses, kept as written for the view to check when it restores it, at most kMaxSetupDepth deep;
/// a view this version does not have is skipped with a warning.
Status readSetups(ObjectReader& view, QMap<QString, QJsonObject>& out, Warnings& warnings);

/// The setups versions 1 and 2 kept beside view.setups (session_read_older.cpp): the bifurcation
/// sweep (view.sweep, view.sweepThreads) and the Poincaré plane by state indices (view.poincare),
/// read as then and put into `setups` as those views' setups where it has none.
Status readOlderSetups(ObjectReader& view, const fl::Scenario& scenario, QMap<QString, QJsonObject>& setups, Warnings& warnings);

} // namespace fl::ui::session_json
