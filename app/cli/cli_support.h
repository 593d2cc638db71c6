#pragma once
// Pieces shared by the frictionlab-cli commands.
#include "analysis/bifurcation_sweep.h"
#include "bridge/escape_controls.h"
#include "common/status.h"
#include "scenario/scenario.h"
#include "cli/text_output.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace fl {
struct SystemInfo;
}
namespace fl::ui {
struct Session;
class SafeFileWriter;
}

namespace cli {

/// Prints "error: message" as one line on stderr (control characters escaped, e.g. \\n; a message
/// longer than kMaxMessageChars cut in its middle) and returns code.
int fail(int code, const QString& message);
/// The longest message line fail() prints (a safety net: echoed text is cut first, see echo()).
inline constexpr qsizetype kMaxMessageChars = 2000;
/// Most characters of the user's text (an id, a value, an argument) that a message echoes.
inline constexpr qsizetype kMaxEchoChars = 40;
/// The user's text as a message echoes it: whole up to kMaxEchoChars characters, else its first
/// kMaxEchoChars and "…", so that a 100 000-character argument still makes a short line.
QString echo(const QString& text);
std::string echo(const std::string& text);
/// A path as a message echoes it: whole up to 160 characters, else its start, "…" and its end
/// (the folder and the file name both stay recognisable).
QString echoPath(const QString& path);
std::string echoPath(const std::string& path);
/// An id the user gave (--system, --law, --preset, ...) as looked up: as given, or, longer than
/// any id can be (kMaxEchoChars), its echo, which names nothing, so that the message saying so
/// stays short whoever writes it.
std::string idArgument(const QString& value);
/// Whether a command takes positional arguments (None: the first one is an error).
enum class Positionals { Allowed, None };
/// Parses a command's arguments and handles --help and --help-all (print the help, run nothing).
/// Returns the exit code when the command must stop: 2 after "error: ..." (a parse error, an
/// option other than --set given twice, or with Positionals::None "unexpected argument 'X'"), 0
/// after printing the help text; nullopt when the command goes on.
std::optional<int> parseOrExit(QCommandLineParser& parser, const QStringList& arguments,
                               Positionals positionals = Positionals::None);
/// An option that the command would ignore is refused: the first of `options` given, as
/// "--X applies only to <where>" (success if none is given).
fl::Status refuseIgnored(const QCommandLineParser& parser, std::initializer_list<const char*> options, const QString& where);
/// --partial (see CommandFiles).
void addPartialOption(QCommandLineParser& parser);
/// Text from a file or the user, safe to print (bridge/escape_controls.h, shared with the GUI).
using fl::ui::escapeControls;
/// escapeControls(text), at most kMaxMessageChars long: a longer one keeps its start and end.
QString oneLine(const QString& text);
inline QString q(const std::string& s) { return QString::fromStdString(s); }

/// --system, --law, --method, --reg, --set id=value, --t-end, --dt, --tol, --eps, --integrator,
/// --preset, --session FILE and --scene N.
void addScenarioOptions(QCommandLineParser& parser);
/// The scenario those options describe, validated. --preset or --session (its state, or scene
/// N with --scene) is the base and the other options apply on top. A session's warnings go to
/// stderr as "warning: ..." lines; its errors read "FILE: problem". `sweep`, if given, receives
/// the base's bifurcation sweep: the preset's, or the session's bifurcation setup (absent otherwise).
/// Reads and registers a model file (systems/model_registry.h); an error "FILE:LINE:COL: reason".
fl::Status loadModelFile(const QString& path, const fl::SystemInfo*& system);
fl::Status buildScenario(const QCommandLineParser& parser, fl::Scenario& scenario,
                         std::optional<fl::SweepSpec>* sweep = nullptr);
/// Reads a session file: its warnings go to stderr as "warning: ..." lines; an error reads
/// "FILE: problem" and leaves `session` untouched.
fl::Status loadSession(const QString& path, fl::ui::Session& session);
/// The values a command steps a parameter through (map --x/--y, sweep --param, lyapunov --param):
/// each of value(0) .. value(steps - 1) must be of the parameter's kind (ParameterSpec::kind), so
/// that a whole-number parameter (max_steps, the chain's n) never receives 150.25. The error names
/// the parameter, its kind and the option that gives the value: "max_steps must be a whole number
/// (100 to 1e+09): --x-from is 150.25", or for a value inside the range "...: --x-steps 4 from
/// 100 to 200 gives 133.33333333333334". Assumes params.has(id).
fl::Status checkSteppedKind(const fl::ParameterSet& params, const std::string& id, int steps, const std::function<double(int)>& value,
                            const QString& fromOption, const QString& toOption, const QString& stepsOption);
/// --threads N (1..256), or every core when absent; false if the value is not allowed.
bool parseThreads(const QCommandLineParser& parser, int& threads);
/// text as a finite number: *ok false for text, "nan" and "inf" alike (QString::toDouble takes the
/// last two, and NaN passes every range check written as !(x < min) && !(x > max)).
double toFinite(const QString& text, bool* ok);
} // namespace cli
