#pragma once
// What the eps study view draws (Acta Mech 2016 Fig. 9), prepared off the GUI thread from a
// finished fl::EpsStudy: per variable, each run's curve and its |difference| from the run at the
// smallest eps, reduced for display (the study's CSV is the analysis's, contract/
// eps_study_analysis.h). Pure functions, safe on any thread.
#include "analysis/eps_study.h"
#include "contract/eps_study_analysis.h"

#include <QByteArray>
#include <QString>
#include <QVector>
#include <qcustomplot.h>

#include <memory>
#include <vector>

namespace fl::ui {

/// One variable of the study.
struct EpsStudyVariable {
    QString id;                                   ///< column id, e.g. "phi"
    QString label;                                ///< display text, e.g. "φ [rad]"
    std::vector<QVector<QCPGraphData>> values;    ///< per run (ascending eps)
    std::vector<QVector<QCPGraphData>> differences; ///< per run; non-positive values as NaN (log axis)
    std::vector<double> max;                      ///< max |Δ| per run (0 for the reference, NaN if failed)
    std::vector<double> maxTime;
    QCPRange valueRange;
    QCPRange differenceRange;                     ///< positive differences only (lower > 0)
};

struct EpsStudyPlotData {
    std::shared_ptr<const fl::EpsStudy> study;
    std::vector<QString> legends;                 ///< per run: "ε = 1e-4"
    std::vector<EpsStudyVariable> variables;
    QCPRange timeRange;
};
using EpsStudyPlotPtr = std::shared_ptr<const EpsStudyPlotData>;

/// fl::epsLabel: "1e-4" for powers of ten, otherwise three significant digits ("0.0003", "0.025").
QString epsText(double eps);
/// Parses a list of eps ("1e-4, 1e-3 1e-2;0.1"): false with a message for an empty list, a word
/// that is no number, or a value outside (0, 1].
bool parseEpsList(const QString& text, std::vector<double>& eps, QString* error);
/// The list as typed back: "1e-4, 1e-3, 1e-2, 1e-1".
QString epsListText(const std::vector<double>& eps);

/// The plot data of a study (its finished runs, even when the study failed or was cancelled).
EpsStudyPlotPtr prepareEpsStudy(const std::shared_ptr<const fl::EpsStudy>& study);

} // namespace fl::ui

Q_DECLARE_METATYPE(fl::ui::EpsStudyPlotPtr)
