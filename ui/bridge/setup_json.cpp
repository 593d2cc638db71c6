#include "bridge/setup_json.h"

#include <QJsonArray>

namespace fl::ui {

namespace {

bool numbersOnly(const QJsonArray& array)
{
    for (const QJsonValue& item : array)
        if (!item.isDouble())
            return false;
    return true;
}

/// [[x, y], ...]: every item a pair of numbers (an empty array is a list of numbers).
bool pairsOnly(const QJsonArray& array)
{
    if (array.isEmpty())
        return false;
    for (const QJsonValue& item : array)
        if (!item.isArray() || item.toArray().size() != 2 || !numbersOnly(item.toArray()))
            return false;
    return true;
}

std::vector<double> numbersOf(const QJsonArray& array)
{
    std::vector<double> out;
    for (const QJsonValue& item : array)
        out.push_back(item.toDouble());
    return out;
}

} // namespace

QJsonObject setupToJson(const fl::SetupRecord& record)
{
    QJsonObject object;
    for (const fl::SetupRecord::Field& field : record.fields()) {
        const QString key = QString::fromStdString(field.key);
        switch (field.kind) {
        case fl::SetupRecord::Field::Kind::Number: object.insert(key, field.number); break;
        case fl::SetupRecord::Field::Kind::Text: object.insert(key, QString::fromStdString(field.text)); break;
        case fl::SetupRecord::Field::Kind::Flag: object.insert(key, field.flag); break;
        case fl::SetupRecord::Field::Kind::Record: object.insert(key, setupToJson(field.record)); break;
        case fl::SetupRecord::Field::Kind::Points: {
            QJsonArray list;
            for (const auto& [x, y] : field.points)
                list.append(QJsonArray{x, y});
            object.insert(key, list);
            break;
        }
        case fl::SetupRecord::Field::Kind::Numbers: {
            QJsonArray list;
            for (double v : field.numbers)
                list.append(v);
            object.insert(key, list);
            break;
        }
        }
    }
    return object;
}

fl::SetupRecord setupFromJson(const QJsonObject& object)
{
    fl::SetupRecord record;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string key = it.key().toStdString();
        const QJsonValue value = it.value();
        if (value.isDouble())
            record.number(key, value.toDouble());
        else if (value.isString())
            record.text(key, value.toString().toStdString());
        else if (value.isBool())
            record.flag(key, value.toBool());
        else if (value.isObject())
            record.record(key, setupFromJson(value.toObject()));
        else if (value.isArray() && pairsOnly(value.toArray())) {
            std::vector<std::array<double, 2>> points;
            for (const QJsonValue& item : value.toArray())
                points.push_back({item.toArray().at(0).toDouble(), item.toArray().at(1).toDouble()});
            record.points(key, std::move(points));
        } else if (value.isArray() && numbersOnly(value.toArray()))
            record.numbers(key, numbersOf(value.toArray()));
        else // another array or null: kept as a word the analysis's reader refuses, naming the field
            record.text(key, value.isArray() ? "(an array of other values)" : "(null)");
    }
    return record;
}

} // namespace fl::ui
