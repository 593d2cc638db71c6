#pragma once
// The contact explorer (docs/physics.md, "Plane contacts") as an analysis of the contract: the
// explorer, `session run` and the sessions share its setup (the contact and every number of
// contactSpecs()), its one check, its curves (analysis/contact_curves.h) and its four tables, one
// per plot, each written as a CSV file ("contact-sliding.csv", "contact-law.csv",
// "contact-section.csv", "contact-traction.csv").
#include "analysis/contact_curves.h"
#include "contact/contact_settings.h"
#include "contract/analysis_contract.h"

#include <string>
#include <vector>

namespace fl {

/// One curve of a plot: its name (the legend's) and points in order (NaN: a break).
struct ContactTableCurve {
    std::string name;
    std::vector<double> x, y;
};

/// One plot of the explorer as data: the curves shown (I(1,1) only where it applies) and the axes.
struct ContactTable {
    std::string name;   ///< the file's name after "contact-": sliding, law, section, traction
    std::string title;  ///< the plot's title
    std::string xLabel, yLabel;
    std::vector<ContactTableCurve> curves;
};

struct ContactAnalysis {
    using Setup = ContactSettings;
    using Result = ContactCurvesPtr;
    static Setup defaults(const Scenario&) { return ContactSettings::defaults(); }
    static SetupRecord write(const Scenario&, const Setup& setup);
    static void read(SetupRecordReader& reader, const Scenario&, Setup& setup);
    /// Each number in its spec's range; the polygon a simple one; the shape and the pressure a
    /// contact the explorer can draw (Hertz pressure on circles and ellipses only).
    static SetupProblem check(const Scenario&, const Setup& setup);
    /// The curves (the integral model sampled, the approximants, their regularized laws).
    static Result run(const Scenario&, const Setup& setup, const AnalysisContext& context);
    static Status status(const Result& result) { return result ? Status::success() : Status::error("no curves"); }
    static std::vector<CsvFile> csvFiles(const Scenario&, const Setup&, const Result& result);

    /// The four plots' titles, in the order of tables().
    static const std::vector<std::string>& titles();
    /// The four plots of the curves: (a) sliding, (b) law, (c) section, (d) traction.
    static std::vector<ContactTable> tables(const ContactCurves& curves);
    /// '#' lines (the title, then the explorer, the contact and every number), a header of quoted
    /// names, then the rows; curves on one x share its column, else each has its own x and y.
    static std::string tableCsv(const ContactTable& table, const ContactSettings& settings);
};

} // namespace fl
