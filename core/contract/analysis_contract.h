#pragma once
// The analysis contract (docs/architecture.md, "The analysis contract"): one way to say "run this
// analysis with this setup on this scenario", shared by the window's views, `frictionlab-cli` and
// the sessions. An analysis is a traits class with
//   using Setup = ...;  using Result = ...;            plain value types
//   static Setup defaults(const Scenario&);            the setup a view starts from
//   static SetupRecord write(const Scenario&, const Setup&);              fields, as a session keeps them
//   static void read(SetupRecordReader&, const Scenario&, Setup&);       fields back (kinds only)
//   static SetupProblem check(const Scenario&, const Setup&);            THE one place limits live
//   static Result run(const Scenario&, const Setup&, const AnalysisContext&);
//   static Status status(const Result&);
//   static std::string csv(const Scenario&, const Setup&, const Result&); what Export … (CSV) writes
//   (or, for a view with several data files, static std::vector<CsvFile> csvFiles(...), each named)
// registered once (contract/analysis_registry.cpp) as a TypedAnalysis<Traits>, which the code
// that does not know the types (sessions, `session run`) reaches through AnalysisDefinition.
#include "common/setup_record.h"
#include "common/status.h"
#include "scenario/scenario.h"

#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace fl {

/// What a run may use: a cancel flag it polls, a progress sink, its share of the worker pool.
struct AnalysisContext {
    const std::atomic<bool>* cancel = nullptr;
    /// Fraction done, 0 .. 1, from any thread (may be empty).
    std::function<void(double)> progress;
    /// Worker threads (fl::runWorkers copies; the GUI's backend runs them on its one pool).
    int threads = 1;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    void report(double fraction) const
    {
        if (progress)
            progress(fraction);
    }
};

/// Why a setup cannot run: the field (its key in the record, e.g. "duration"; the command line
/// names its option, a view its field) and a message that reads after the field's name
/// ("must be > 0"). An empty message: the setup can run.
struct SetupProblem {
    std::string field;
    std::string message;
    bool ok() const { return message.empty(); }
    static SetupProblem none() { return {}; }
    static SetupProblem at(std::string field, std::string message) { return {std::move(field), std::move(message)}; }
};

/// One data file of a view: `name` empty for a view's one file ("<id>.csv"), else "<id>-<name>.csv"
/// (the name the view's Export offers, and the file `session run` writes).
struct CsvFile {
    std::string name;
    std::string text;
    std::string fileName(const std::string& id) const { return name.empty() ? id + ".csv" : id + "-" + name + ".csv"; }
};

/// An analysis seen without its types: what sessions and `frictionlab-cli session run` need.
class AnalysisDefinition {
public:
    virtual ~AnalysisDefinition() = default;
    /// The catalog id (analysis/analysis_catalog.h): the view, the session key, the CSV's name.
    virtual const std::string& id() const = 0;
    virtual SetupRecord defaultSetup(const Scenario& scenario) const = 0;
    /// A stored setup over the scenario's default: a field it cannot take (a wrong kind, or one that
    /// fails check()) becomes a warning "<path>.<field>: reason" and keeps the default.
    virtual SetupRecord readSetup(const Scenario& scenario, const SetupRecord& stored, const std::string& path,
                                  std::vector<std::string>& warnings) const = 0;
    virtual SetupProblem check(const Scenario& scenario, const SetupRecord& setup) const = 0;
    /// Runs the setup and writes its CSV files: the bytes the view's Export … (CSV) writes for it.
    virtual Status runToFiles(const Scenario& scenario, const SetupRecord& setup, const AnalysisContext& context,
                              std::vector<CsvFile>& files) const = 0;
};

/// "<field>: <message>" (sessions' and the views' wording).
inline std::string describe(const SetupProblem& problem)
{
    return problem.field.empty() ? problem.message : problem.field + ": " + problem.message;
}

/// The typed side: each analysis's own functions, and the erased interface over them.
template <class Traits>
class TypedAnalysis final : public AnalysisDefinition {
public:
    using Setup = typename Traits::Setup;
    using Result = typename Traits::Result;

    explicit TypedAnalysis(std::string id) : m_id(std::move(id)) {}
    const std::string& id() const override { return m_id; }

    /// The typed reading: fields onto the default, each field that fails check() back to its
    /// default with a warning.
    static Setup readTyped(const Scenario& scenario, const SetupRecord& stored, const std::string& path,
                           std::vector<std::string>& warnings)
    {
        const Setup defaults = Traits::defaults(scenario);
        Setup setup = defaults;
        SetupRecordReader reader(stored, path, warnings);
        Traits::read(reader, scenario, setup);
        reader.finish();
        // A field that fails goes back to its default (each at most once: it then passes or equals it).
        for (int pass = 0; pass < 64; ++pass) {
            const SetupProblem problem = Traits::check(scenario, setup);
            if (problem.ok() || problem.field.empty()) // the scenario's, not a field's: run() says it
                return setup;
            warnings.push_back((path.empty() ? "" : path + ".") + describe(problem) + "; the default is kept");
            SetupRecord fallback = Traits::write(scenario, setup);
            if (!fallback.takeField(Traits::write(scenario, defaults), problem.field))
                return defaults;
            std::vector<std::string> ignored;
            SetupRecordReader again(fallback, path, ignored);
            setup = defaults;
            Traits::read(again, scenario, setup);
        }
        return defaults;
    }

    SetupRecord defaultSetup(const Scenario& scenario) const override { return Traits::write(scenario, Traits::defaults(scenario)); }
    SetupRecord readSetup(const Scenario& scenario, const SetupRecord& stored, const std::string& path,
                          std::vector<std::string>& warnings) const override
    {
        return Traits::write(scenario, readTyped(scenario, stored, path, warnings));
    }
    SetupProblem check(const Scenario& scenario, const SetupRecord& setup) const override
    {
        std::vector<std::string> warnings;
        const Setup typed = readStrict(scenario, setup, warnings);
        if (!warnings.empty())
            return SetupProblem::at("", warnings.front());
        return Traits::check(scenario, typed);
    }
    Status runToFiles(const Scenario& scenario, const SetupRecord& setup, const AnalysisContext& context,
                      std::vector<CsvFile>& files) const override
    {
        std::vector<std::string> warnings;
        const Setup typed = readStrict(scenario, setup, warnings);
        if (!warnings.empty())
            return Status::error(warnings.front());
        if (const SetupProblem problem = Traits::check(scenario, typed); !problem.ok())
            return Status::error(describe(problem));
        const Result result = Traits::run(scenario, typed, context);
        if (const Status status = Traits::status(result); !status.ok())
            return status;
        files = csvFiles(scenario, typed, result);
        return Status::success();
    }

    /// The view's data files: Traits::csvFiles, or Traits::csv as the one file.
    static std::vector<CsvFile> csvFiles(const Scenario& scenario, const Setup& setup, const Result& result)
    {
        if constexpr (requires { Traits::csvFiles(scenario, setup, result); })
            return Traits::csvFiles(scenario, setup, result);
        else
            return {CsvFile{std::string(), Traits::csv(scenario, setup, result)}};
    }

private:
    static Setup readStrict(const Scenario& scenario, const SetupRecord& record, std::vector<std::string>& warnings)
    {
        Setup typed = Traits::defaults(scenario);
        SetupRecordReader reader(record, std::string(), warnings);
        Traits::read(reader, scenario, typed);
        reader.finish();
        return typed;
    }

    std::string m_id;
};

} // namespace fl
