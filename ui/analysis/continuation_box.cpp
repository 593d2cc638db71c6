// The Continuation box's fields and its setup (continuation_box.h); running: continuation_box_run.cpp.
#include "analysis/continuation_box.h"
#include "analysis/bifurcation_number_field.h"
#include "bridge/qs.h"
#include "bridge/setup_json.h"
#include "presenter/appearance.h"

#include "params/parameter_spec.h"
#include "systems/run_variables.h"
#include "contract/sweep_analysis.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

namespace fl::ui {
namespace {

QSpinBox* makeCount(const QString& name, int lo, int hi, const QString& tip, QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(lo, hi);
    box->setToolTip(tip);
    box->setAccelerated(true);
    return box;
}

void selectData(QComboBox* combo, const QString& data)
{
    const int index = combo->findData(data);
    if (index >= 0)
        combo->setCurrentIndex(index);
}

} // namespace

ContinuationBox::ContinuationBox(QWidget* parent) : QGroupBox(tr("Continuation"), parent)
{
    setObjectName(QStringLiteral("continuationBox"));
    setToolTip(tr("Follows one orbit (or the steady sliding) through the parameter, stable or not, and\n"
                  "locates where it changes: folds, period doublings, Neimark-Sacker, Hopf points,\n"
                  "grazing, stick onset, holding tangency. F1: the method and the types."));
    buildFields();
    buildRunRow();
    m_scenario = fl::defaultScenario();
    fillParameters();
    showSetup(fl::ContinuationAnalysis::defaults(m_scenario));
    updateState();
}

void ContinuationBox::buildFields()
{
    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("continuationKind"));
    m_kind->addItem(tr("Periodic orbits"), QStringLiteral("orbits"));
    m_kind->addItem(tr("Equilibria (steady sliding)"), QStringLiteral("equilibria"));
    m_kind->setToolTip(tr("Periodic orbits by shooting (forced: at the forcing period; autonomous: at the section),\n"
                          "or equilibria of an autonomous system, with their Hopf points"));
    form->addRow(tr("Follow"), m_kind);
    m_parameter = new QComboBox(this);
    m_parameter->setObjectName(QStringLiteral("continuationParameter"));
    form->addRow(tr("Parameter"), m_parameter);
    const QString names[3] = {QStringLiteral("continuationStart"), QStringLiteral("continuationFrom"), QStringLiteral("continuationTo")};
    const QString labels[3] = {tr("Start at"), tr("From"), tr("To")};
    QLineEdit** fields[3] = {&m_start, &m_from, &m_to};
    for (int i = 0; i < 3; ++i) {
        *fields[i] = makeNumberField(names[i], labels[i], QString(), this);
        m_units[i] = new QLabel(this);
        form->addRow(labels[i], withUnit(*fields[i], m_units[i], this));
        connect(*fields[i], &QLineEdit::textChanged, this, &ContinuationBox::updateState);
    }
    m_periods = makeCount(QStringLiteral("continuationPeriods"), 1, 64,
                          tr("Forcing periods per orbit (autonomous: section crossings), [1, 64]: 2 follows a period-2 orbit"), this);
    form->addRow(tr("Periods"), m_periods);
    m_transient = makeCount(QStringLiteral("continuationTransient"), 0, 100000,
                            tr("Periods run from the initial state before the first orbit is refined, [0, 100000]"), this);
    form->addRow(tr("Transient"), m_transient);
    m_maxPoints = makeCount(QStringLiteral("continuationPoints"), 2, 100000, tr("Most points each way from the start, [2, 100000]"), this);
    form->addRow(tr("Points"), m_maxPoints);
    m_segments = makeCount(QStringLiteral("continuationSegments"), 1, 32,
                           tr("Shooting segments per period, [1, 32]: 1 shoots the whole period at once; more shoot it in\n"
                              "pieces solved together (multiple shooting), for periods that hold many stick/slip switches"),
                           this);
    form->addRow(tr("Segments"), m_segments);
    m_startFrom = new QComboBox(this);
    m_startFrom->setObjectName(QStringLiteral("continuationStartFrom"));
    m_startFrom->addItem(tr("A run from the initial state"), QStringLiteral("run"));
    m_startFrom->addItem(tr("The window's run (its last section point)"), QStringLiteral("window"));
    m_startFrom->addItem(tr("The state below (a saved or born branch's)"), QStringLiteral("state"));
    m_startFrom->setToolTip(tr("Where the first orbit comes from: a run at the start value that settles after the\n"
                               "transient, or the last Poincaré point of the window's run (an orbit you loaded from\n"
                               "the diagram or the section), refined by Newton at that run's parameter value"));
    form->addRow(tr("Start from"), m_startFrom);
    m_guessNote = new QLabel(this);
    m_guessNote->setObjectName(QStringLiteral("guessNote"));
    m_guessNote->setWordWrap(true);
    form->addRow(m_guessNote);
    m_curves = new QCheckBox(tr("Follow the located points in"), this);
    m_curves->setObjectName(QStringLiteral("continuationCurves"));
    m_curves->setToolTip(tr("Each located point followed as a curve in a second parameter (written to the points file)"));
    m_parameter2 = new QComboBox(this);
    m_parameter2->setObjectName(QStringLiteral("continuationParameter2"));
    form->addRow(m_curves);
    form->addRow(tr("Parameter 2"), m_parameter2);
    m_from2 = makeNumberField(QStringLiteral("continuationFrom2"), tr("From (2)"), tr("Lower end of the second parameter's range"), this);
    m_to2 = makeNumberField(QStringLiteral("continuationTo2"), tr("To (2)"), tr("Upper end of the second parameter's range"), this);
    form->addRow(tr("From (2)"), m_from2);
    form->addRow(tr("To (2)"), m_to2);
    m_steps2 = makeCount(QStringLiteral("continuationSteps2"), 2, 2000, tr("Values of the second parameter over its range, [2, 2000]"), this);
    form->addRow(tr("Steps (2)"), m_steps2);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ContinuationBox::updateState);
    connect(m_parameter, &QComboBox::currentIndexChanged, this, &ContinuationBox::onParameterChanged);
    connect(m_startFrom, &QComboBox::currentIndexChanged, this, &ContinuationBox::onStartFromChanged);
    connect(m_curves, &QCheckBox::toggled, this, &ContinuationBox::updateState);
    for (QLineEdit* field : {m_from2, m_to2})
        connect(field, &QLineEdit::textChanged, this, &ContinuationBox::updateState);
    // What the user does (not the refills, which set m_filling or block signals).
    for (QLineEdit* field : {m_start, m_from, m_to, m_from2, m_to2})
        connect(field, &QLineEdit::textEdited, this, &ContinuationBox::markUsed);
    for (QComboBox* combo : {m_kind, m_parameter, m_startFrom, m_parameter2})
        connect(combo, &QComboBox::activated, this, &ContinuationBox::markUsed);
    for (QSpinBox* box : {m_periods, m_transient, m_maxPoints, m_segments, m_steps2})
        connect(box, &QSpinBox::valueChanged, this, &ContinuationBox::markUsed);
    connect(m_curves, &QCheckBox::clicked, this, &ContinuationBox::markUsed);
    for (QComboBox* combo : {m_kind, m_parameter, m_startFrom, m_parameter2}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // shrinks with the column, elided
        combo->setMinimumContentsLength(8);
    }
}

void ContinuationBox::markUsed()
{
    if (!m_filling)
        m_used = true;
}

void ContinuationBox::fillParameters()
{
    for (QComboBox* combo : {m_parameter, m_parameter2}) {
        const QSignalBlocker block(combo);
        const QString previous = combo->currentData().toString();
        combo->clear();
        for (const fl::ParameterSpec& spec : m_scenario.params.specs())
            if (!fl::isRunControlParameter(spec.id) && spec.kind == fl::ParameterKind::Real)
                addParameterItem(combo, spec);
        selectData(combo, previous);
    }
}

void ContinuationBox::setScenario(const fl::Scenario& scenario)
{
    const bool otherSystem = scenario.systemId != m_scenario.systemId || scenario.lawId != m_scenario.lawId
                             || stateNames(scenario) != stateNames(m_scenario);
    m_scenario = scenario;
    fillParameters();
    // The same system keeps what the user set (even a field being typed, not yet valid); another
    // starts from the analysis's defaults.
    if (otherSystem || !m_scenario.params.has(m_parameter->currentData().toString().toStdString()))
        showSetup(fl::ContinuationAnalysis::defaults(m_scenario));
    else
        updateState();
}

void ContinuationBox::followSweep(const std::string& parameter, double from, double to)
{
    if (m_used || m_jobs.isRunning() || !m_scenario.params.has(parameter))
        return;
    fl::ContinuationAnalysisSetup setup = fl::ContinuationAnalysis::defaults(m_scenario);
    setup.branch.parameter = parameter;
    setup.branch.from = from;
    setup.branch.to = to;
    setup.branch.start = std::clamp(m_scenario.params.value(parameter), from, to);
    if (fl::ContinuationAnalysis::check(m_scenario, setup).ok())
        showSetup(setup);
}

void ContinuationBox::onParameterChanged()
{
    if (m_filling)
        return;
    // A new parameter: its default range around its value, as the sweep's.
    const std::string id = m_parameter->currentData().toString().toStdString();
    if (!m_scenario.params.has(id))
        return;
    const fl::ParameterSpec& spec = m_scenario.params.specs()[static_cast<size_t>(m_scenario.params.index(id))];
    double from = 0.0, to = 1.0;
    fl::defaultSweepRange(spec, from, to);
    setNumberField(m_from, from);
    setNumberField(m_to, to);
    setNumberField(m_start, std::clamp(m_scenario.params.value(id), from, to));
    m_guess.clear();
    {
        const QSignalBlocker block(m_startFrom);
        m_startFrom->setCurrentIndex(0);
    }
    updateState();
}

void ContinuationBox::onStartFromChanged()
{
    if (m_filling)
        return;
    if (m_startFrom->currentData().toString() == QLatin1String("state")) {
        // Only a state set by a session or a born branch: nothing to choose here.
        if (m_guess.empty()) {
            const QSignalBlocker block(m_startFrom);
            m_startFrom->setCurrentIndex(0);
        }
        updateState();
        return;
    }
    m_guess.clear();
    if (m_startFrom->currentData().toString() == QLatin1String("window")) {
        // The window's run: its last section point, at its value of the parameter.
        const std::string id = m_parameter->currentData().toString().toStdString();
        const size_t n = stateNames(m_scenario).size();
        const fl::RunResult* r = m_run ? &m_run->result : nullptr;
        if (!r || m_run->scenario.systemId != m_scenario.systemId || n == 0 || r->sectionStates.size() < n
            || !m_run->scenario.params.has(id)) {
            setStatus(tr("The window's run has no section point of this system yet: run it (or click a column of the diagram) first"), true);
            const QSignalBlocker block(m_startFrom);
            m_startFrom->setCurrentIndex(0);
        } else {
            m_guess.assign(r->sectionStates.end() - static_cast<std::ptrdiff_t>(n), r->sectionStates.end());
            setNumberField(m_start, m_run->scenario.params.value(id));
        }
    }
    updateState();
}

bool ContinuationBox::readSetup(fl::ContinuationAnalysisSetup& setup, QString* error) const
{
    setup = fl::ContinuationAnalysisSetup();
    fl::ContinuationSetup& b = setup.branch;
    b.equilibrium = m_kind->currentData().toString() == QLatin1String("equilibria");
    b.parameter = m_parameter->currentData().toString().toStdString();
    for (auto [field, value] : {std::pair{m_start, &b.start}, std::pair{m_from, &b.from}, std::pair{m_to, &b.to}})
        if (!readNumberField(field, *value, error))
            return false;
    b.periods = m_periods->value();
    b.transientPeriods = m_transient->value();
    b.maxPoints = m_maxPoints->value();
    b.segments = m_segments->value();
    b.guess = m_guess;
    if (m_curves->isChecked()) {
        setup.curves.parameter = m_parameter2->currentData().toString().toStdString();
        setup.curves.steps = m_steps2->value();
        for (auto [field, value] : {std::pair{m_from2, &setup.curves.from}, std::pair{m_to2, &setup.curves.to}})
            if (!readNumberField(field, *value, error))
                return false;
    }
    const fl::SetupProblem problem = fl::ContinuationAnalysis::check(m_scenario, setup);
    // The field at fault by the name it has in the box ("Start at: ..."), as the sweep's form says it.
    static const std::pair<const char*, const char*> labels[] = {
        {"parameter", QT_TR_NOOP("Parameter")}, {"start", QT_TR_NOOP("Start at")},   {"from", QT_TR_NOOP("From")},
        {"to", QT_TR_NOOP("To")},               {"periods", QT_TR_NOOP("Periods")},  {"transient", QT_TR_NOOP("Transient")},
        {"maxPoints", QT_TR_NOOP("Points")},    {"segments", QT_TR_NOOP("Segments")}, {"guess", QT_TR_NOOP("Start from")}, {"parameter2", QT_TR_NOOP("Parameter 2")},
        {"from2", QT_TR_NOOP("From (2)")},      {"to2", QT_TR_NOOP("To (2)")},       {"steps2", QT_TR_NOOP("Steps (2)")}};
    if (!problem.ok() && error) {
        QString field = qs(problem.field);
        for (const auto& [id, label] : labels)
            if (problem.field == id)
                field = tr(label);
        *error = field.isEmpty() ? qs(problem.message) : tr("%1: %2").arg(field, qs(problem.message));
    }
    for (const auto& [field, name] : {std::pair{m_start, "start"}, std::pair{m_from, "from"}, std::pair{m_to, "to"},
                                      std::pair{m_from2, "from2"}, std::pair{m_to2, "to2"}})
        markNumberField(field, problem.field != name);
    return problem.ok();
}

void ContinuationBox::showSetup(const fl::ContinuationAnalysisSetup& setup)
{
    m_filling = true;
    const fl::ContinuationSetup& b = setup.branch;
    selectData(m_kind, b.equilibrium ? QStringLiteral("equilibria") : QStringLiteral("orbits"));
    selectData(m_parameter, qs(b.parameter));
    setNumberField(m_start, b.start);
    setNumberField(m_from, b.from);
    setNumberField(m_to, b.to);
    m_periods->setValue(b.periods);
    m_transient->setValue(b.transientPeriods);
    m_maxPoints->setValue(b.maxPoints);
    m_segments->setValue(b.segments);
    m_guess = b.guess;
    m_startFrom->setCurrentIndex(b.guess.empty() ? 0 : 2);
    m_curves->setChecked(setup.followsCurves());
    if (setup.followsCurves()) {
        selectData(m_parameter2, qs(setup.curves.parameter));
        setNumberField(m_from2, setup.curves.from);
        setNumberField(m_to2, setup.curves.to);
        m_steps2->setValue(setup.curves.steps);
    } else {
        // The second parameter's default: the first other real parameter, around its value.
        for (int i = 0; i < m_parameter2->count(); ++i)
            if (m_parameter2->itemData(i).toString() != qs(b.parameter)) {
                m_parameter2->setCurrentIndex(i);
                break;
            }
        const std::string id = m_parameter2->currentData().toString().toStdString();
        if (m_scenario.params.has(id)) {
            double from = 0.0, to = 1.0;
            fl::defaultSweepRange(m_scenario.params.specs()[static_cast<size_t>(m_scenario.params.index(id))], from, to);
            setNumberField(m_from2, from);
            setNumberField(m_to2, to);
        }
        m_steps2->setValue(20);
    }
    m_filling = false;
    updateState();
}

QJsonObject ContinuationBox::saveSetup() const
{
    fl::ContinuationAnalysisSetup setup;
    if (!m_used || !readSetup(setup))
        return {};
    setup.drawn = keptBranches();
    return setupToJson(fl::ContinuationAnalysis::write(m_scenario, setup));
}

void ContinuationBox::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    std::vector<std::string> problems;
    const fl::ContinuationAnalysisSetup setup = fl::TypedAnalysis<fl::ContinuationAnalysis>::readTyped(
        m_scenario, setupFromJson(object), path.toStdString(), problems);
    for (const std::string& problem : problems)
        warnings << qs(problem);
    // The drawn branches: those the diagram shows already (an undo step of a field) stay; others
    // wait for "Draw the session's branches".
    const bool sameDrawn = object.value(QStringLiteral("drawn")) == saveSetup().value(QStringLiteral("drawn"));
    showSetup(setup);
    m_used = !object.isEmpty();
    if (!sameDrawn) {
        m_drawn.clear(); // the diagram's branches are not this session's
        m_pending = setup.drawn;
        showPending();
    }
}

} // namespace fl::ui
