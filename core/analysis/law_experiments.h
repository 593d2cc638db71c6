#pragma once
// The tribometer experiments of the law lab (ui/analysis/law_lab.h), on a law with memory alone
// driven by a prescribed relative motion (analysis/law_response.h):
// - pre-sliding: displacement reversals x = X sin(w t) of growing amplitude X; the force against
//   displacement loops, with the initial slope sigma0 (Dahl, LuGre, elasto-plastic);
// - frictional lag: sliding velocity v_r = v0 + dv sin(w t) at rising frequency; the (v_r, F) loop
//   opens as w reaches the law's relaxation rate (Hess & Soom 1990), over the steady curve;
// - speed steps: v_r steps from v1 to v2 and back; the force (for Ostermeyer mu) relaxes to the
//   new level with the law's memory (fading of a brake as the sliding power rises).
#include "common/status.h"
#include "friction/state_law.h"
#include "params/parameter_set.h"
#include "scenario/law_experiment_kind.h"

#include <atomic>
#include <string>
#include <vector>

namespace fl {

struct LawExperimentSpec {
    LawExperimentKind kind = LawExperimentKind::PreSliding;
    /// Pre-sliding: displacement amplitudes X; lag: frequencies w; steps: unused.
    std::vector<double> values;
    double omega = 0.05; ///< pre-sliding frequency (slow: the loops are quasi-static)
    double v0 = 0.01;    ///< lag: mean sliding velocity; steps: v1
    double dv = 0.009;   ///< lag: velocity amplitude; steps: v2 - v1
    double duration = 40.0; ///< steps: time at each level
    int periods = 3;     ///< pre-sliding and lag: periods run; the last one is drawn
    double initialSlope = 0.0; ///< pre-sliding: sigma0 of the law, drawn as F = sigma0 x (0: none)
};

struct LawCurve {
    std::string label; ///< e.g. "X = 1e-5", "ω = 10"
    std::vector<double> x, y;
};

struct LawExperimentResult {
    std::vector<LawCurve> curves;
    const char* xLabel = ""; ///< e.g. "x" (a column id; static text)
    const char* yLabel = "F";
    double initialSlope = 0.0;  ///< the spec's
    long steps = 0;
    Status status = Status::success();
};

/// Which experiments make sense for a law: pre-sliding needs a pre-sliding regime, which the law
/// declares by a reach (LawMemoryScales::preslidingReach: bristles, Bliman-Sorine's path eps_f).
std::vector<LawExperimentKind> experimentsFor(const std::string& lawId);
/// Sensible defaults from the scales the law declares at these parameters (LawMemoryScales):
/// pre-sliding amplitudes 0.25, 0.5, 1, 2, 4 times the reach (bristles: mu_k/sigma0), with the
/// bristle stiffness as the initial slope; lag around the law's lag speed (LuGre: 2 v_s) at
/// 0.001x to 1x the relaxation rate there (LuGre's loop is widest near 0.1x); steps between the
/// law's two step speeds, 8 relaxation times each.
LawExperimentSpec defaultExperiment(LawExperimentKind kind, const std::string& lawId, const ParameterSet& params);
/// Runs the experiment (cancel: stops between curves and inside them with status "cancelled").
LawExperimentResult runLawExperiment(const StateFrictionLaw& law, const LawExperimentSpec& spec,
                                     const std::atomic<bool>* cancel = nullptr);

} // namespace fl
