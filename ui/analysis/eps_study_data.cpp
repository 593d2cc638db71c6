#include "analysis/eps_study_data.h"
#include "analysis/method_comparison_data.h"
#include "systems/scenario_setup.h"
#include "plotdata/variable_text.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace fl::ui {
namespace {

QCPRange unite(const QCPRange& a, const QCPRange& b, bool first)
{
    return first ? b : QCPRange(std::min(a.lower, b.lower), std::max(a.upper, b.upper));
}

} // namespace

QString epsText(double eps) { return QString::fromStdString(fl::epsLabel(eps)); }

bool parseEpsList(const QString& text, std::vector<double>& eps, QString* error)
{
    std::vector<double> out;
    for (const QString& word : text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = word.toDouble(&ok);
        if (!ok || !std::isfinite(v) || v <= 0.0 || v > 1.0) {
            if (error)
                *error = QObject::tr("'%1' is not an ε in (0, 1]").arg(word);
            return false;
        }
        out.push_back(v);
    }
    if (out.empty()) {
        if (error)
            *error = QObject::tr("give at least one ε, e.g. 1e-4, 1e-3, 1e-2");
        return false;
    }
    eps = std::move(out);
    return true;
}

QString epsListText(const std::vector<double>& eps)
{
    QStringList parts;
    for (double e : eps)
        parts << epsText(e);
    return parts.join(QStringLiteral(", "));
}

EpsStudyPlotPtr prepareEpsStudy(const std::shared_ptr<const fl::EpsStudy>& study)
{
    auto data = std::make_shared<EpsStudyPlotData>();
    data->study = study;
    for (const fl::EpsStudyRun& run : study->runs)
        data->legends.push_back(QObject::tr("ε = %1").arg(epsText(run.eps)));
    if (study->t.empty())
        return data;
    data->timeRange = QCPRange(study->t.front(), study->t.back());
    const std::string systemId = study->runs.empty() ? std::string() : study->runs.front().scenario.systemId;
    for (size_t v = 0; v < study->variables.size(); ++v) {
        EpsStudyVariable var;
        var.id = QString::fromStdString(study->variables[v]);
        var.label = variableText(systemId, study->variables[v]);
        bool firstValue = true, firstDifference = true;
        for (const fl::EpsStudyRun& run : study->runs) {
            if (v >= run.differences.size()) {
                var.values.emplace_back();
                var.differences.emplace_back();
                var.max.push_back(std::nan(""));
                var.maxTime.push_back(std::nan(""));
                continue;
            }
            const fl::EpsDifference& d = run.differences[v];
            var.values.push_back(envelope(study->t, d.values));
            QVector<QCPGraphData> diff = envelope(study->t, d.difference);
            for (QCPGraphData& p : diff)
                if (!(p.value > 0.0))
                    p.value = std::numeric_limits<double>::quiet_NaN();
            var.differences.push_back(diff);
            const bool ok = run.result.status.ok();
            var.max.push_back(ok ? d.max : std::nan(""));
            var.maxTime.push_back(ok ? d.maxTime : std::nan(""));
            const QCPRange values = finiteRange(d.values);
            var.valueRange = unite(var.valueRange, values, firstValue);
            firstValue = false;
            double lo = std::numeric_limits<double>::infinity(), hi = 0.0;
            for (double x : d.difference)
                if (x > 0.0 && std::isfinite(x)) {
                    lo = std::min(lo, x);
                    hi = std::max(hi, x);
                }
            if (hi > 0.0) {
                var.differenceRange = unite(var.differenceRange, QCPRange(lo, hi), firstDifference);
                firstDifference = false;
            }
        }
        if (firstDifference)
            var.differenceRange = QCPRange(1e-12, 1.0);
        data->variables.push_back(std::move(var));
    }
    return data;
}

} // namespace fl::ui
