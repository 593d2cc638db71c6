#include "analysis/map_setup_panel.h"
#include "presenter/appearance.h"
#include "contract/map_analysis.h"
#include "bridge/qs.h"
#include "analysis/bifurcation_number_field.h"
#include "params/parameter_spec.h"
#include "simulation/simulate.h"
#include "solvers/poincare_section.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"
#include "plotdata/variable_text.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

struct ObservableEntry {
    fl::MapObservable observable;
    const char* text;
    const char* tip;
};
const ObservableEntry kObservables[] = {
    {fl::MapObservable::Amplitude, "Amplitude", "Half the peak-to-peak range of the chosen variable over the recording."},
    {fl::MapObservable::Period, "Period",
     "The attractor's period in Poincaré-section points: 1, 2, 3, …; 0 at rest, −1 not periodic up to the longest\n"
     "period, −2 too few section points in the recording to decide."},
    {fl::MapObservable::Lyapunov, "Largest Lyapunov exponent",
     "λ₁ by Benettin's method: > 0 chaos, ≈ 0 a periodic motion, < 0 rest. Regularized and explicit methods,\n"
     "and event-driven runs through saltation matrices (every system but the disk and ABS)."},
    {fl::MapObservable::StickFraction, "Fraction of time in stick",
     "Event-driven: the exact stick time; regularized: the system's near-stick rule (|v_r| below a threshold)."},
    {fl::MapObservable::StickPhases, "Stick phases per period",
     "Stick phases in one period of a periodic attractor (0, −1, −2 as for the period)."},
};

} // namespace

MapSetupPanel::MapSetupPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    auto* caseBox = new QGroupBox(tr("Case"), this);
    auto* caseLayout = new QVBoxLayout(caseBox);
    m_caseText = new QLabel(caseBox);
    m_caseText->setObjectName(QStringLiteral("caseText"));
    m_caseText->setWordWrap(true);
    m_caseText->setToolTip(tr("The main window's scenario: every point starts from its initial state.\n"
                              "Change the case in the main window's parameter panel or with a preset."));
    caseLayout->addWidget(m_caseText);
    layout->addWidget(caseBox);

    auto* planeBox = new QGroupBox(tr("Parameter plane"), this);
    auto* plane = new QFormLayout(planeBox);
    buildAxis(plane, 0, tr("x"));
    buildAxis(plane, 1, tr("y"));
    layout->addWidget(planeBox);

    auto* valueBox = new QGroupBox(tr("Value per point"), this);
    auto* form = new QFormLayout(valueBox);
    m_observable = new QComboBox(valueBox);
    m_observable->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // shrinks with the column, elided
    m_observable->setMinimumContentsLength(8);
    m_observable->setObjectName(QStringLiteral("observable"));
    for (const ObservableEntry& e : kObservables) {
        m_observable->addItem(tr(e.text), QString::fromLatin1(fl::mapObservableId(e.observable)));
        m_observable->setItemData(m_observable->count() - 1, tr(e.tip), Qt::ToolTipRole);
    }
    m_observable->setToolTip(tr("What is computed at every point of the plane"));
    form->addRow(tr("Observable"), m_observable);
    // Period and stick phases count the points of a section: which one, for the case shown.
    m_sectionText = new QLabel(valueBox);
    m_sectionText->setObjectName(QStringLiteral("sectionText"));
    m_sectionText->setWordWrap(true);
    m_sectionText->setToolTip(tr("The case's Poincaré section: the strobe at its forcing's period, or a crossing when it has\n"
                                 "no forcing (a model's: the maxima of its first coordinate). Taken again at every point's values."));
    form->addRow(m_sectionText);
    m_variable = new QComboBox(valueBox);
    m_variable->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // shrinks with the column, elided
    m_variable->setMinimumContentsLength(8);
    m_variable->setObjectName(QStringLiteral("variable"));
    m_variable->setToolTip(tr("Amplitude: the state variable whose range is measured"));
    form->addRow(tr("Variable"), m_variable);
    m_transient = makeNumberField(QStringLiteral("transient"), tr("Transient"), QString(), valueBox);
    form->addRow(tr("Transient"), m_transient);
    m_record = makeNumberField(QStringLiteral("record"), tr("Recording"), QString(), valueBox);
    form->addRow(tr("Recording"), m_record);
    m_maxPeriod = new QSpinBox(valueBox);
    m_maxPeriod->setObjectName(QStringLiteral("maxPeriod"));
    m_maxPeriod->setRange(1, fl::kMaxMapLongestPeriod);
    m_maxPeriod->setValue(16);
    m_maxPeriod->setToolTip(tr("Period and stick phases: the longest period looked for, [1, 64] section points"));
    form->addRow(tr("Longest period"), m_maxPeriod);
    m_threads = new QSpinBox(valueBox);
    m_threads->setObjectName(QStringLiteral("threads"));
    m_threads->setRange(1, 256);
    m_threads->setValue(std::max(1, QThread::idealThreadCount()));
    m_threads->setToolTip(tr("Worker threads, [1, 256] (default: all cores). The map is the same whatever their number."));
    form->addRow(tr("Threads"), m_threads);
    layout->addWidget(valueBox);

    m_messageLabel = new QLabel(this);
    m_messageLabel->setObjectName(QStringLiteral("message"));
    m_messageLabel->setWordWrap(true);
    setScaledStyleSheet(m_messageLabel, QStringLiteral("color: #c0392b;"));
    layout->addWidget(m_messageLabel);
    layout->addStretch(1);

    for (int axis = 0; axis < 2; ++axis) {
        connect(m_axis[axis].parameter, &QComboBox::currentIndexChanged, this, [this, axis] {
            if (m_filling)
                return;
            defaultRange(axis);
            updateHints();
            revalidate();
        });
        for (QLineEdit* field : {m_axis[axis].from, m_axis[axis].to})
            connect(field, &QLineEdit::textChanged, this, &MapSetupPanel::revalidate);
        connect(m_axis[axis].steps, &QSpinBox::valueChanged, this, &MapSetupPanel::revalidate);
    }
    connect(m_observable, &QComboBox::currentIndexChanged, this, &MapSetupPanel::revalidate);
    connect(m_variable, &QComboBox::currentIndexChanged, this, &MapSetupPanel::revalidate);
    connect(m_transient, &QLineEdit::textChanged, this, &MapSetupPanel::revalidate);
    connect(m_record, &QLineEdit::textChanged, this, &MapSetupPanel::revalidate);
    connect(m_maxPeriod, &QSpinBox::valueChanged, this, &MapSetupPanel::revalidate);
    connect(m_threads, &QSpinBox::valueChanged, this, &MapSetupPanel::revalidate);
    m_filling = false;
    setScenario(fl::defaultScenario());
}

void MapSetupPanel::buildAxis(QFormLayout* form, int axis, const QString& name)
{
    Axis& a = m_axis[axis];
    const QString prefix = axis == 0 ? QStringLiteral("x") : QStringLiteral("y");
    a.parameter = new QComboBox(this);
    a.parameter->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // shrinks with the column, elided
    a.parameter->setMinimumContentsLength(8);
    a.parameter->setObjectName(prefix + QStringLiteral("Parameter"));
    a.parameter->setToolTip(tr("The parameter along %1").arg(name));
    form->addRow(tr("%1 parameter").arg(name), a.parameter);
    a.from = makeNumberField(prefix + QStringLiteral("From"), tr("%1 from").arg(name), QString(), this);
    a.to = makeNumberField(prefix + QStringLiteral("To"), tr("%1 to").arg(name), QString(), this);
    auto* range = new QHBoxLayout;
    range->addWidget(a.from);
    range->addWidget(new QLabel(QStringLiteral("…"), this));
    range->addWidget(a.to);
    form->addRow(tr("%1 range").arg(name), range);
    a.steps = new QSpinBox(this);
    a.steps->setObjectName(prefix + QStringLiteral("Steps"));
    a.steps->setRange(2, fl::kMaxMapAxisSteps);
    a.steps->setValue(axis == 0 ? 60 : 40);
    a.steps->setToolTip(tr("Values along %1 (both ends included), [2, 2000]").arg(name));
    form->addRow(tr("%1 values").arg(name), a.steps);
}

int MapSetupPanel::threads() const { return m_threads->value(); }

void MapSetupPanel::setScenario(const fl::Scenario& scenario)
{
    const bool sameSystem = scenario.systemId == m_scenario.systemId;
    m_scenario = scenario;
    m_stateNames = fl::validate(scenario).ok() ? fl::stateNames(scenario) : std::vector<std::string>{};
    m_caseText->setText(qs(fl::describe(scenario)));
    // The section period and stick phases count points of: once per case, not at every edit.
    m_sectionText->setText(m_stateNames.empty() ? QString()
                                                : tr("Section: %1").arg(qs(fl::sectionDefinitionText(fl::defaultSection(scenario), m_stateNames))));
    m_filling = true;
    const QString variable = m_variable->currentData().toString();
    m_variable->clear();
    for (const std::string& name : m_stateNames)
        m_variable->addItem(variableText(scenario.systemId, name), qs(name));
    const int keep = m_variable->findData(variable);
    m_variable->setCurrentIndex(sameSystem && keep >= 0 ? keep : 0);
    fillParameters();
    if (!sameSystem || m_transient->text().isEmpty()) {
        const fl::SweepSpec sweep = fl::defaultSweep(scenario);
        setNumberField(m_transient, sweep.transient);
        setNumberField(m_record, std::min(sweep.maxRecordTime, 200.0));
    }
    m_filling = false;
    updateHints();
    revalidate();
}

void MapSetupPanel::fillParameters()
{
    const fl::ParameterSpecs& specs = m_scenario.params.specs();
    const fl::MapSpec plane = fl::MapAnalysis::defaults(m_scenario).spec; // for an axis whose parameter is gone
    for (int axis = 0; axis < 2; ++axis) {
        QComboBox* combo = m_axis[axis].parameter;
        const QString previous = combo->currentData().toString();
        combo->clear();
        for (const fl::ParameterSpec& p : specs)
            if (!fl::isRunControlParameter(p.id))
                combo->addItem(QStringLiteral("%1 — %2").arg(qs(p.symbol), qs(p.label)), qs(p.id));
        int index = combo->findData(previous);
        if (index < 0) { // first use or another system: the analysis's default plane
            index = combo->findData(qs(axis == 0 ? plane.x.parameter : plane.y.parameter));
            if (index < 0)
                index = std::min(axis, combo->count() - 1);
            combo->setCurrentIndex(index);
            defaultRange(axis);
        } else {
            combo->setCurrentIndex(index);
        }
    }
}

void MapSetupPanel::defaultRange(int axis)
{
    fl::MapAxis range;
    range.parameter = m_axis[axis].parameter->currentData().toString().toStdString();
    if (m_scenario.params.index(range.parameter) < 0)
        return;
    fl::defaultMapRange(m_scenario, range); // the analysis's (contract/map_analysis.h)
    setNumberField(m_axis[axis].from, range.from);
    setNumberField(m_axis[axis].to, range.to);
}

void MapSetupPanel::updateHints()
{
    const VariableLabel* time = fl::findVariableLabel(m_scenario.systemId, "t");
    const QString unit = time && !time->unit.empty() ? qs(time->unit) : tr("time units");
    m_transient->setToolTip(tr("Time discarded at every point before recording, in %1; ≥ 0").arg(unit));
    m_record->setToolTip(tr("Recording time at every point, in %1; > 0. Period and stick phases stop recording once\n"
                            "enough section points are in (longest period + max(longest period, 8)).").arg(unit));
    for (int axis = 0; axis < 2; ++axis) {
        const int index = m_scenario.params.index(m_axis[axis].parameter->currentData().toString().toStdString());
        if (index < 0)
            continue;
        const fl::ParameterSpec& p = m_scenario.params.specs()[size_t(index)];
        const QString tip = tr("%1 [%2], allowed %3").arg(qs(p.label), qs(p.unit), qs(fl::rangeText(p)));
        m_axis[axis].from->setToolTip(tip);
        m_axis[axis].to->setToolTip(tip);
    }
}

void MapSetupPanel::setSpec(const fl::MapSpec& spec)
{
    m_filling = true;
    const fl::MapAxis* axes[2] = {&spec.x, &spec.y};
    for (int axis = 0; axis < 2; ++axis) {
        m_axis[axis].parameter->setCurrentIndex(m_axis[axis].parameter->findData(qs(axes[axis]->parameter)));
        setNumberField(m_axis[axis].from, axes[axis]->from);
        setNumberField(m_axis[axis].to, axes[axis]->to);
        m_axis[axis].steps->setValue(axes[axis]->steps);
    }
    m_observable->setCurrentIndex(m_observable->findData(QString::fromLatin1(fl::mapObservableId(spec.observable))));
    if (spec.variable >= 0 && spec.variable < m_variable->count())
        m_variable->setCurrentIndex(spec.variable);
    setNumberField(m_transient, spec.transient);
    setNumberField(m_record, spec.record);
    m_maxPeriod->setValue(spec.maxPeriod);
    m_filling = false;
    updateHints();
    revalidate();
}

void MapSetupPanel::revalidate()
{
    if (m_filling)
        return;
    fl::MapSpec spec;
    QString error;
    bool numbers = true;
    const auto read = [&](QLineEdit* field, double& target) {
        QString fieldError;
        const bool ok = readNumberField(field, target, &fieldError);
        markNumberField(field, ok);
        if (!ok && numbers) {
            error = fieldError;
            numbers = false;
        }
    };
    fl::MapAxis* axes[2] = {&spec.x, &spec.y};
    for (int axis = 0; axis < 2; ++axis) {
        axes[axis]->parameter = m_axis[axis].parameter->currentData().toString().toStdString();
        read(m_axis[axis].from, axes[axis]->from);
        read(m_axis[axis].to, axes[axis]->to);
        axes[axis]->steps = m_axis[axis].steps->value();
    }
    read(m_transient, spec.transient);
    read(m_record, spec.record);
    fl::parseMapObservable(m_observable->currentData().toString().toStdString(), spec.observable);
    spec.variable = std::max(0, m_variable->currentIndex());
    spec.maxPeriod = m_maxPeriod->value();
    m_variable->setEnabled(spec.observable == fl::MapObservable::Amplitude);
    const bool counted = spec.observable == fl::MapObservable::Period || spec.observable == fl::MapObservable::StickPhases;
    m_maxPeriod->setEnabled(counted);
    m_sectionText->setVisible(counted && !m_sectionText->text().isEmpty());
    if (numbers) {
        const fl::Status status = fl::validateMap(m_scenario, spec);
        error = status.ok() ? QString() : qs(status.message());
    }
    m_spec = spec;
    m_message = error;
    m_messageLabel->setText(error);
    m_messageLabel->setVisible(!error.isEmpty());
    emit changed();
}

} // namespace fl::ui
