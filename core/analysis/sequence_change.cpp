#include "analysis/sequence_change.h"
#include "solvers/dynamics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl {
namespace {

std::vector<std::string> labelsOf(const std::vector<ModePhase>& phases)
{
    std::vector<std::string> labels;
    for (const ModePhase& p : phases)
        labels.push_back(p.label);
    return labels;
}

bool isSlip(const std::string& part) { return part.rfind("slip", 0) == 0; }

/// A contact's guard as the label of its phase names its mode: +-v_r in slip+/slip-, the holding
/// margin in stick.
class GuardMinimum final : public DynamicsObserver {
public:
    GuardMinimum(const Dynamics& d, int contact, const std::string& part, std::vector<std::pair<double, double>> intervals)
        : m_dynamics(d), m_contact(static_cast<size_t>(contact)), m_intervals(std::move(intervals)),
          m_y(static_cast<size_t>(d.dimension())), m_vr(std::max<size_t>(1, d.contactNames().size())), m_margin(m_vr.size())
    {
        m_sign = part == "slip+" ? 1.0 : (part == "slip-" ? -1.0 : 0.0);
    }
    bool onStep(const StepView& step, int) override
    {
        for (const auto& [a, b] : m_intervals) {
            const double lo = std::max(a, step.t0), hi = std::min(b, step.t1);
            if (hi > lo)
                scan(step, lo, hi);
        }
        return ok;
    }
    double minimum = std::numeric_limits<double>::infinity();
    bool ok = true;

private:
    double guardAt(const StepView& step, double t)
    {
        step.stateAt(t, m_y.data());
        if (!m_dynamics.switchConditions(t, m_y.data(), m_vr.data(), m_margin.data())) {
            ok = false;
            return 0.0;
        }
        return m_sign != 0.0 ? m_sign * m_vr[m_contact] : m_margin[m_contact];
    }
    /// Samples [lo, hi], then narrows the least sample's neighbourhood by golden sections (the
    /// guard is smooth inside a phase, so its minimum is found to round-off).
    void scan(const StepView& step, double lo, double hi)
    {
        constexpr int kSamples = 8;
        const double dt = (hi - lo) / kSamples;
        int best = 0;
        double bestValue = std::numeric_limits<double>::infinity();
        for (int i = 0; i <= kSamples && ok; ++i) {
            const double g = guardAt(step, lo + i * dt);
            if (g < bestValue) {
                bestValue = g;
                best = i;
            }
        }
        double a = std::max(lo, lo + (best - 1) * dt), b = std::min(hi, lo + (best + 1) * dt);
        const double r = 0.5 * (std::sqrt(5.0) - 1.0);
        double c = b - r * (b - a), d = a + r * (b - a);
        double gc = guardAt(step, c), gd = guardAt(step, d);
        for (int i = 0; i < 60 && ok && b - a > 1e-15 * (1.0 + std::abs(b)); ++i) {
            if (gc < gd) {
                b = d, d = c, gd = gc;
                c = b - r * (b - a);
                gc = guardAt(step, c);
            } else {
                a = c, c = d, gc = gd;
                d = a + r * (b - a);
                gd = guardAt(step, d);
            }
        }
        minimum = std::min({minimum, bestValue, gc, gd});
    }

    const Dynamics& m_dynamics;
    size_t m_contact;
    std::vector<std::pair<double, double>> m_intervals;
    std::vector<double> m_y, m_vr, m_margin;
    double m_sign = 0.0;
};

} // namespace

std::string contactPart(const std::string& label, int contact)
{
    size_t begin = 0;
    for (int c = 0; c < contact; ++c) {
        begin = label.find('/', begin);
        if (begin == std::string::npos)
            return {};
        ++begin;
    }
    const size_t end = label.find('/', begin);
    return label.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

std::string SequenceChangeTest::description() const
{
    const std::string who = "contact " + std::to_string(contact + 1);
    switch (kind) {
    case Kind::Arrival:
        return "F_s - |F_h| = 0 for " + who + " at its arrival at v_r = 0 (switch " + std::to_string(phase) + " of the period)";
    case Kind::Minimum:
        return std::string("min over phase ") + std::to_string(phase + 1) + " of the period of "
               + (isSlip(contactPart(simple[phase], contact)) ? "|v_r|" : "F_s - |F_h|") + " of " + who + " = 0";
    case Kind::None:
        break;
    }
    return {};
}

SequenceChangeTest sequenceChangeTest(const std::vector<ModePhase>& simplePhases, const std::vector<ModePhase>& otherPhases)
{
    SequenceChangeTest test;
    test.simple = labelsOf(simplePhases);
    const std::vector<std::string>& s = test.simple;
    const std::vector<std::string> o = labelsOf(otherPhases);
    if (s.empty() || o.size() < s.size())
        return test;
    const bool longer = o.size() > s.size(); // else a phase replaced: only a switch on both sides applies
    const int contacts = static_cast<int>(std::count(s.front().begin(), s.front().end(), '/')) + 1;
    for (size_t j = 0; j < s.size(); ++j) {
        // Phase j split on the other side: it ends early there, a new phase follows, then phase j's
        // mode again, ending where the simple side's phase j ends.
        if (longer && s[j] == o[j] && j + 2 < o.size() && o[j + 2] == s[j] && o[j + 1] != s[j]
            && std::abs(otherPhases[j + 2].t1 - simplePhases[j].t1) < std::abs(otherPhases[j].t1 - simplePhases[j].t1)) {
            for (int c = 0; c < contacts; ++c) {
                const std::string part = contactPart(s[j], c);
                if (contactPart(o[j + 1], c) == part || !(isSlip(part) || part == "stick"))
                    continue;
                test.kind = SequenceChangeTest::Kind::Minimum;
                test.phase = j;
                test.contact = c;
                test.simpleEnd = simplePhases[j].t1;
                test.otherEnd = otherPhases[j].t1;
                return test;
            }
            return test;
        }
        if (s[j] == o[j])
            continue;
        // The phases differ from j on: the switch that starts phase j, made on both sides (a contact
        // arriving at v_r = 0 from slip that sticks on one side and slips on on the other).
        if (j == 0)
            return test; // at the section: the phases are not aligned
        for (int c = 0; c < contacts; ++c) {
            const std::string prev = contactPart(s[j - 1], c), sn = contactPart(s[j], c), on = contactPart(o[j], c);
            if (sn == on || prev == on || prev == sn || !isSlip(prev))
                continue;
            test.kind = SequenceChangeTest::Kind::Arrival;
            test.phase = j;
            test.contact = c;
            return test;
        }
        return test;
    }
    return test;
}

std::optional<double> sequenceChangeValue(const Dynamics& dynamics, const std::vector<double>& y0, double t0, double period,
                                          const SequenceChangeTest& test)
{
    if (test.kind == SequenceChangeTest::Kind::None)
        return std::nullopt;
    // Only the phases up to the change count: where two changes come close (the chain's two blocks
    // a half period apart), the orbit's later phases may show the other one or not.
    const std::vector<ModePhase> phases = modePhases(dynamics, y0, t0, period);
    const size_t k = test.phase;
    const bool arrival = test.kind == SequenceChangeTest::Kind::Arrival;
    const size_t compared = arrival ? k : k + 1;
    if (phases.size() <= k || !std::equal(test.simple.begin(), test.simple.begin() + static_cast<std::ptrdiff_t>(compared), phases.begin(),
                                          [](const std::string& label, const ModePhase& p) { return label == p.label; }))
        return std::nullopt;
    const size_t contacts = std::max<size_t>(1, dynamics.contactNames().size());
    if (arrival) {
        const double t = phases[k].t0;
        std::vector<double> y = y0, vr(contacts), margin(contacts);
        if (!integrateExactly(dynamics, y, t0, t).ok() || !dynamics.switchConditions(t, y.data(), vr.data(), margin.data()))
            return std::nullopt;
        return margin[static_cast<size_t>(test.contact)];
    }
    const ModePhase& split = phases[k];
    if (std::abs(split.t1 - test.simpleEnd) >= 0.5 * std::abs(test.otherEnd - test.simpleEnd))
        return std::nullopt; // split: the other side
    std::vector<std::pair<double, double>> intervals{{split.t0, split.t1}};
    if (k + 1 == phases.size() && phases.size() > 1 && phases.front().label == split.label)
        intervals.emplace_back(phases.front().t0, phases.front().t1); // the last phase goes on into the first
    GuardMinimum minimum(dynamics, test.contact, contactPart(split.label, test.contact), intervals);
    std::vector<double> y = y0;
    if (!integrateExactly(dynamics, y, t0, t0 + period, &minimum).ok() || !minimum.ok)
        return std::nullopt;
    return minimum.minimum;
}

} // namespace fl
