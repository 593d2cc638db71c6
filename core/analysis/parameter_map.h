#pragma once
// Two-parameter maps (docs/physics.md sec. 5): every point of a grid over two parameters is
// one run from the scenario's initial state: a transient is discarded, then an observable of the
// attractor is recorded. No continuation: a point is a pure function of (scenario, spec, i, j), so
// a map is bit-identical whatever the thread count, the order of the points or the process
// (threads, MPI ranks) that computed it.
#include "solvers/poincare_section.h"
#include "common/status.h"
#include "scenario/scenario.h"

#include <atomic>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace fl {

enum class MapObservable {
    Amplitude,     ///< half the peak-to-peak range of one state variable over the recording
    Period,        ///< the attractor's period in section points (kMapAtRest, kMapNotPeriodic, kMapUndecided)
    Lyapunov,      ///< the largest Lyapunov exponent (smooth methods: Benettin, lyapunov.h)
    StickFraction, ///< fraction of the recording time in stick (event-driven) or near-stick (smooth)
    StickPhases,   ///< stick phases in one period of a periodic attractor (or the period's special values)
};

/// Values of the period and stick-phase observables that are no count.
inline constexpr double kMapAtRest = 0.0;       ///< the motion came to rest (an equilibrium)
inline constexpr double kMapNotPeriodic = -1.0; ///< no period up to MapSpec::maxPeriod
/// The recording held too few section points to decide (raise the recording time).
inline constexpr double kMapUndecided = -2.0;
/// Section points that decide every period up to maxPeriod: a period-p check compares the last
/// max(p, 8) points with those p earlier.
inline int sectionPointsToDecide(int maxPeriod) { return maxPeriod + (maxPeriod > 8 ? maxPeriod : 8); }

/// "amplitude", "period", "lyapunov", "stick-fraction", "stick-phases" (the CLI's words).
const char* mapObservableId(MapObservable observable);
bool parseMapObservable(std::string_view id, MapObservable& observable);

struct MapAxis {
    std::string parameter;
    double from = 0.0;
    double to = 1.0;
    int steps = 11; ///< values from..to inclusive
    /// The k-th value (k = 0 .. steps-1); exact at both ends.
    double value(int k) const;
};

struct MapSpec {
    MapAxis x, y;
    MapObservable observable = MapObservable::Amplitude;
    double transient = 100.0;      ///< time discarded per point
    /// Recording time per point; period and stick-phases stop recording once
    /// sectionPointsToDecide(maxPeriod) section points are in.
    double record = 100.0;
    int variable = 0;              ///< amplitude: the state variable
    int maxPeriod = 16;            ///< period: longest period looked for (section points)
    double periodTolerance = 1e-5; ///< period: section points repeat to this, relative to the attractor's size
    double lyapunovInterval = 1.0; ///< lyapunov: re-orthonormalisation period
};

/// Most points a map may have, and most time per point (transient + record); most values per axis
/// and the longest period looked for. The one set of limits: validateMap, the analysis's check
/// (contract/map_analysis.h), the Map view's fields and the command line's options.
inline constexpr long kMaxMapPoints = 4'000'000;
inline constexpr double kMaxMapPointTime = 1e8;
inline constexpr int kMaxMapAxisSteps = 100000;
inline constexpr int kMaxMapLongestPeriod = 1000;

/// Checks a map against a scenario: both parameters exist, differ, do not change the state's
/// size, ranges inside their allowed ranges, steps, times, the observable fits the method.
Status validateMap(const Scenario& base, const MapSpec& spec);

struct MapPoint {
    double value = std::numeric_limits<double>::quiet_NaN();
    Status status = Status::success();
    long steps = 0; ///< integrator steps
};

/// One point: x at index i, y at index j. Never throws (an exception becomes the status).
MapPoint computeMapPoint(const Scenario& base, const MapSpec& spec, int i, int j, const std::atomic<bool>* cancel = nullptr);

/// A map's values, row-major (value(i, j) = values[j * x.steps + i]); a failed point is NaN.
struct MapResult {
    std::vector<double> values;
    long failed = 0;            ///< points whose run failed
    Status firstFailure = Status::success();
    int firstFailureIndex = -1; ///< j * x.steps + i of the first failed point in row-major order
    long steps = 0;
    bool cancelled = false;
};

/// Row j of the map (x.steps points) into out[0 .. x.steps); returns the points' steps and the
/// failures. The unit of work the threads and MPI ranks are handed.
struct MapRow {
    std::vector<double> values;
    std::vector<Status> failures; ///< one per failed point, with its i in failedAt
    std::vector<int> failedAt;
    long steps = 0;
};
/// With threads > 1 the row's points are shared among that many threads (same values).
MapRow computeMapRow(const Scenario& base, const MapSpec& spec, int j, const std::atomic<bool>* cancel = nullptr,
                     int threads = 1);
/// The points first .. first+count-1 in row-major order (index j * x.steps + i); failedAt holds
/// offsets from first. A row is the range (j * x.steps, x.steps).
MapRow computeMapRange(const Scenario& base, const MapSpec& spec, long first, long count,
                       const std::atomic<bool>* cancel = nullptr, int threads = 1);

/// Adds a finished row to a result (values, failures, steps).
void addMapRow(const MapSpec& spec, int j, const MapRow& row, MapResult& result);
/// Adds a finished range (computeMapRange) that starts at point `first`.
void addMapRange(const MapSpec& spec, long first, const MapRow& range, MapResult& result);

/// The whole map on `threads` threads; rows are handed out one at a time (a slow chaotic row never
/// holds the others up). onRow is called from worker threads as rows finish, in no fixed order.
MapResult runMap(const Scenario& base, const MapSpec& spec, int threads, const std::atomic<bool>* cancel = nullptr,
                 const std::function<void(int j, const MapRow& row)>& onRow = {});

/// A grid point in a coarse-to-fine order, with the side (in grid points) of the block its value
/// stands for on screen until finer points arrive.
struct MapCell {
    int i = 0;
    int j = 0;
    int block = 1;
};
/// Every point of an nx x ny grid exactly once, coarse to fine: first the points whose indices are
/// multiples of the largest power of two below max(nx, ny), then of half that, ..., finally all;
/// so a picture of the whole plane appears at once and sharpens (the map view's order).
std::vector<MapCell> progressiveOrder(int nx, int ny);

/// The smallest p in [1, maxPeriod] with y(k + p) = y(k) for the last section points (at least
/// max(p, 8) comparisons), to tolerance * (1 + scale_v) per variable v; angles (angle[v]) compare
/// modulo 2 pi. kMapNotPeriodic if none; kMapUndecided if none and there are fewer than
/// sectionPointsToDecide(maxPeriod) points.
double attractorPeriod(const std::vector<SectionPoint>& points, const std::vector<double>& scale,
                       const std::vector<char>& angle, int maxPeriod, double tolerance);

} // namespace fl
