#pragma once
// Pieces shared by the frictionlab-cli commands.
#include "common/status.h"
#include "scenario/scenario.h"

#include <QCommandLineParser>
#include <QString>

#include <string>

namespace cli {

/// Prints "error: message" as one line on stderr and returns code.
int fail(int code, const QString& message);
inline QString q(const std::string& s) { return QString::fromStdString(s); }

/// --system, --law, --method, --reg, --set id=value, --t-end, --dt, --tol, --eps.
void addScenarioOptions(QCommandLineParser& parser);
/// The scenario those options describe, validated.
fl::Status buildScenario(const QCommandLineParser& parser, fl::Scenario& scenario);
/// --threads N (1..256), or every core when absent; false if the value is not allowed.
bool parseThreads(const QCommandLineParser& parser, int& threads);
/// Writes text to a file atomically (QSaveFile), or to stdout for "-".
fl::Status writeText(const QString& path, const std::string& text);

} // namespace cli
