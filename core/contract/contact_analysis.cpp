#include "contract/contact_analysis.h"
#include "common/number_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

namespace fl {

namespace {

using contact::FrictionLoad;
using contact::PressureKind;

const std::pair<ContactShapeChoice, const char*> kShapes[] = {{ContactShapeChoice::Circle, "circle"},
                                                              {ContactShapeChoice::Ellipse, "ellipse"},
                                                              {ContactShapeChoice::Rectangle, "rectangle"},
                                                              {ContactShapeChoice::Polygon, "polygon"}};
const std::pair<PressureKind, const char*> kPressures[] = {{PressureKind::Uniform, "uniform"}, {PressureKind::Hertz, "hertz"}};
/// More vertices than anyone types; each edit checks every pair of edges.
constexpr size_t kMaxVertices = 1000;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

template <typename Kind, size_t N>
std::string idOf(const std::pair<Kind, const char*> (&table)[N], Kind kind)
{
    for (const auto& [k, id] : table)
        if (k == kind)
            return id;
    return table[0].second;
}

template <typename Kind, size_t N>
std::vector<std::string> idsOf(const std::pair<Kind, const char*> (&table)[N])
{
    std::vector<std::string> ids;
    for (const auto& entry : table)
        ids.emplace_back(entry.second);
    return ids;
}

template <typename Kind, size_t N>
Kind kindOf(const std::pair<Kind, const char*> (&table)[N], const std::string& id)
{
    for (const auto& [k, text] : table)
        if (id == text)
            return k;
    return table[0].first;
}

std::vector<double> component(const std::vector<FrictionLoad>& loads, double FrictionLoad::*member, double sign = 1.0)
{
    std::vector<double> out;
    out.reserve(loads.size());
    for (const FrictionLoad& f : loads)
        out.push_back(sign * (f.*member));
    return out;
}

std::vector<double> joined(std::vector<double> a, const std::vector<double>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

/// The closed (T_sx, M_s) section: the half computed, then its mirror image.
ContactTableCurve closedSection(const std::string& name, const std::vector<FrictionLoad>& section)
{
    return {name, joined(component(section, &FrictionLoad::tx), component(section, &FrictionLoad::tx, -1.0)),
            joined(component(section, &FrictionLoad::m), component(section, &FrictionLoad::m, -1.0))};
}

/// A label's number: four significant digits.
std::string shortNumber(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", v);
    return text;
}

std::string quoted(const std::string& text)
{
    std::string out = "\"";
    for (char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

/// A CSV cell: shortest exact text; NaN (a break in a curve) an empty cell.
std::string cell(double v) { return std::isnan(v) ? std::string() : formatNumber(v); }

} // namespace

SetupRecord ContactAnalysis::write(const Scenario&, const Setup& setup)
{
    SetupRecord values;
    for (const ParameterSpec& spec : setup.values.specs())
        values.number(spec.id, setup.values.value(spec.id));
    std::vector<std::array<double, 2>> polygon;
    for (const Eigen::Vector2d& v : setup.polygon)
        polygon.push_back({v.x(), v.y()});
    SetupRecord record;
    record.text("shape", idOf(kShapes, setup.shape))
        .text("pressure", idOf(kPressures, setup.pressure))
        .points("polygon", std::move(polygon))
        .record("values", std::move(values));
    return record;
}

void ContactAnalysis::read(SetupRecordReader& reader, const Scenario&, Setup& setup)
{
    std::string shape, pressure;
    if (reader.oneOf("shape", idsOf(kShapes), shape))
        setup.shape = kindOf(kShapes, shape);
    if (reader.oneOf("pressure", idsOf(kPressures), pressure))
        setup.pressure = kindOf(kPressures, pressure);
    std::vector<std::array<double, 2>> polygon;
    if (reader.points("polygon", 0, kMaxVertices, polygon)) {
        setup.polygon.clear();
        for (const auto& [x, y] : polygon)
            setup.polygon.emplace_back(x, y);
    }
    if (const SetupRecord* values = reader.record("values")) {
        SetupRecordReader v(*values, reader.pathOf("values"), reader.warnings());
        for (const ParameterSpec& spec : setup.values.specs()) {
            double value = setup.values.value(spec.id);
            if (v.number(spec.id, value))
                if (const Status status = setup.values.set(spec.id, value); !status.ok())
                    v.warn(spec.id, status.message());
        }
        v.finish();
    }
}

SetupProblem ContactAnalysis::check(const Scenario&, const Setup& setup)
{
    for (const ParameterSpec& spec : setup.values.specs()) {
        const double value = setup.values.value(spec.id);
        if (!(value >= spec.min && value <= spec.max))
            return SetupProblem::at("values." + spec.id, "must be in [" + formatNumber(spec.min) + ", " + formatNumber(spec.max) + "]");
    }
    // The polygon is checked as one, whichever shape is shown (it is the one the Polygon choice draws).
    ContactSettings polygon = setup;
    polygon.shape = ContactShapeChoice::Polygon;
    polygon.pressure = PressureKind::Uniform;
    if (const Status status = polygon.validate(); !status.ok())
        return SetupProblem::at("polygon", status.message());
    ContactSettings shape = setup;
    shape.pressure = shape.effectivePressure();
    if (const Status status = shape.validate(); !status.ok())
        return SetupProblem::at("shape", status.message());
    if (const Status status = setup.validate(); !status.ok())
        return SetupProblem::at("pressure", status.message());
    return SetupProblem::none();
}

ContactCurvesPtr ContactAnalysis::run(const Scenario&, const Setup& setup, const AnalysisContext& context)
{
    ContactCurvesPtr curves = computeContactCurves(setup);
    context.report(1.0);
    return curves;
}

const std::vector<std::string>& ContactAnalysis::titles()
{
    static const std::vector<std::string> list = {"(a) Fully developed sliding: T_sx(θ), M_s(θ)  [Acta Mech Fig. 2]",
                                                  "(b) Regularized law near zero motion  [Acta Mech Fig. 3]",
                                                  "(c) Limit surface: (T_sx, M_s) at φ = 0 and π",
                                                  "(d) Limit surface: section M_s = 0"};
    return list;
}

std::vector<ContactTable> ContactAnalysis::tables(const ContactCurves& c)
{
    const std::vector<std::string>& title = titles();
    const char* names[] = {"integral", "I(0,0)", "I(1,1)"};
    std::vector<ContactTable> out(4);

    // (a) T_sx and M_s over theta at phi (Acta Mech Fig. 2).
    ContactTable& sliding = out[0];
    sliding.name = "sliding";
    sliding.title = title[0];
    sliding.xLabel = "θ_s (rad) at φ_s = " + shortNumber(c.integral->phi) + " rad";
    sliding.yLabel = "T_sx (solid), M_s (dashed)";
    const std::vector<FrictionLoad>* fig2[] = {&c.integral->fig2, &c.i00.fig2, c.i11 ? &c.i11->fig2 : nullptr};
    for (double FrictionLoad::*member : {&FrictionLoad::tx, &FrictionLoad::m})
        for (int k = 0; k < 3; ++k)
            if (fig2[k])
                sliding.curves.push_back({std::string(member == &FrictionLoad::tx ? "T_sx " : "M_s ") + names[k], c.integral->theta,
                                          component(*fig2[k], member)});

    // (b) The regularized laws along the ray (theta, phi), with the kinetic levels and eta times them.
    ContactTable& law = out[1];
    law.name = "law";
    law.title = title[1];
    const ApproximantCurves& primary = c.i11 ? *c.i11 : c.i00;
    const double eta = c.settings.regularization().eta;
    law.xLabel = "λ_s along θ_s = " + shortNumber(c.settings.theta()) + ", φ_s = " + shortNumber(c.settings.phi()) + " rad (ε = "
                 + shortNumber(c.settings.regularization().eps) + ", η = " + shortNumber(eta) + "; levels of "
                 + (c.i11 ? "I(1,1)" : "I(0,0)") + ")";
    law.yLabel = "T_sxε (solid), M_sε (dashed)";
    const double end = c.lambda.back();
    std::vector<double> x, kinetic, peak;
    for (double level : {primary.kinetic.tx, primary.kinetic.m}) {
        x.insert(x.end(), {-end, 0.0, kNaN, 0.0, end, kNaN});
        kinetic.insert(kinetic.end(), {-level, -level, kNaN, level, level, kNaN});
        peak.insert(peak.end(), {-eta * level, -eta * level, kNaN, eta * level, eta * level, kNaN});
    }
    for (double FrictionLoad::*member : {&FrictionLoad::tx, &FrictionLoad::m}) {
        const bool tx = member == &FrictionLoad::tx;
        if (c.i11)
            law.curves.push_back({std::string(tx ? "T_sxε " : "M_sε ") + "I(1,1)", c.lambda, component(c.i11->law, member)});
        law.curves.push_back({std::string(tx ? "T_sxε " : "M_sε ") + "I(0,0)", c.lambda, component(c.i00.law, member)});
        law.curves.push_back({tx ? "kinetic level" : "η × kinetic level", x, tx ? kinetic : peak});
    }

    // (c) The closed (T_sx, M_s) section of the limit surface at phi = 0 and pi.
    ContactTable& section = out[2];
    section.name = "section";
    section.title = title[2];
    section.xLabel = "T_sx";
    section.yLabel = "M_s";
    section.curves.push_back(closedSection(names[0], c.integral->section));
    section.curves.push_back(closedSection(names[1], c.i00.section));
    if (c.i11)
        section.curves.push_back(closedSection(names[2], c.i11->section));

    // (d) The tractions on the section M_s = 0.
    ContactTable& traction = out[3];
    traction.name = "traction";
    traction.title = title[3];
    traction.xLabel = "T_sx";
    traction.yLabel = "T_sy";
    const std::vector<FrictionLoad>* loads[] = {&c.integral->traction, &c.i00.traction, c.i11 ? &c.i11->traction : nullptr};
    for (int k = 0; k < 3; ++k)
        if (loads[k])
            traction.curves.push_back({names[k], component(*loads[k], &FrictionLoad::tx), component(*loads[k], &FrictionLoad::ty)});
    return out;
}

std::string ContactAnalysis::tableCsv(const ContactTable& table, const ContactSettings& s)
{
    std::string out = "# " + table.title + "\n";
    out += "# FrictionLab contact explorer (Coulomb-Contensou contact)\n";
    out += "# contact: " + s.contactShape().description() + "\n";
    for (size_t i = 0; i < s.values.specs().size(); ++i) {
        const ParameterSpec& spec = s.values.specs()[i];
        out += "# " + spec.id + " = " + formatNumber(s.values.values()[i]) + (spec.unit == "–" ? std::string() : " " + spec.unit) + "\n";
    }
    if (table.curves.empty())
        return out;
    const std::vector<double>& firstX = table.curves.front().x;
    const bool shared = std::all_of(table.curves.begin(), table.curves.end(), [&](const ContactTableCurve& c) {
        return c.x.size() == firstX.size() && std::equal(c.x.begin(), c.x.end(), firstX.begin(), [](double a, double b) {
                   return a == b || (std::isnan(a) && std::isnan(b));
               });
    });
    std::vector<std::string> header;
    if (shared)
        header.push_back(quoted(table.xLabel));
    for (const ContactTableCurve& c : table.curves) {
        if (!shared)
            header.push_back(quoted(c.name + ": " + table.xLabel));
        header.push_back(quoted(shared ? c.name : c.name + ": " + table.yLabel));
    }
    const auto line = [](const std::vector<std::string>& fields) {
        std::string text;
        for (size_t i = 0; i < fields.size(); ++i)
            text += (i ? "," : "") + fields[i];
        return text + "\n";
    };
    out += line(header);
    size_t rows = 0;
    for (const ContactTableCurve& c : table.curves)
        rows = std::max(rows, c.x.size());
    for (size_t r = 0; r < rows; ++r) {
        std::vector<std::string> fields;
        if (shared)
            fields.push_back(cell(firstX[r]));
        for (const ContactTableCurve& c : table.curves) {
            const bool has = r < c.x.size();
            if (!shared)
                fields.push_back(has ? cell(c.x[r]) : std::string());
            fields.push_back(has ? cell(c.y[r]) : std::string());
        }
        out += line(fields);
    }
    return out;
}

std::vector<CsvFile> ContactAnalysis::csvFiles(const Scenario&, const Setup&, const Result& result)
{
    std::vector<CsvFile> files;
    for (const ContactTable& table : tables(*result))
        files.push_back({table.name, tableCsv(table, result->settings)});
    return files;
}

} // namespace fl
