#include "analysis/bifurcation_setup_panel.h"
#include "presenter/appearance.h"
#include "contract/sweep_analysis.h"
#include "bridge/qs.h"
#include "analysis/bifurcation_number_field.h"
#include "analysis/bifurcation_recording_box.h"
#include "params/parameter_spec.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"
#include "widgets/system_combo.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

namespace fl::ui {
namespace {

/// A hidden, wrapping note under a field (shown when the field needs a word of explanation).
QLabel* makeNote(const QString& name, QWidget* parent)
{
    auto* note = new QLabel(parent);
    note->setObjectName(name);
    note->setWordWrap(true);
    setScaledStyleSheet(note, QStringLiteral("color: #8a5a00;"));
    note->setVisible(false);
    return note;
}

} // namespace

BifurcationSetupPanel::BifurcationSetupPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto addBox = [&](const QString& title) {
        auto* box = new QGroupBox(title, this);
        auto* form = new QFormLayout(box);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        layout->addWidget(box);
        return form;
    };
    buildCaseBox(addBox(tr("Case")));
    buildSweepBox(addBox(tr("Sweep")));
    m_recording = new BifurcationRecordingBox(this);
    layout->addWidget(m_recording);
    connect(m_recording, &BifurcationRecordingBox::changed, this, &BifurcationSetupPanel::revalidate);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("validationMessage"));
    m_error->setWordWrap(true);
    setScaledStyleSheet(m_error, QStringLiteral("color: #c0392b;"));
    layout->addWidget(m_error);
    layout->addStretch(1);
    m_filling = false;

    fl::Scenario start;
    fl::applyPreset("acta2016-fig5a", start);
    setScenario(start);
    selectPreset(QStringLiteral("acta2016-fig5a"));
}

void BifurcationSetupPanel::buildCaseBox(QFormLayout* form)
{
    QWidget* box = form->parentWidget();
    m_system = new QComboBox(box);
    m_system->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // shrinks with the column, elided
    m_system->setMinimumContentsLength(8);
    m_system->setObjectName(QStringLiteral("system"));
    fillSystemCombo(m_system);
    m_system->setToolTip(tr("The mechanical system; another system starts from its default parameters"));
    m_preset = new QComboBox(box);
    m_preset->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // shrinks with the column, elided
    m_preset->setMinimumContentsLength(8);
    m_preset->setObjectName(QStringLiteral("preset"));
    m_preset->setToolTip(tr("A published case; presets of bifurcation figures also fill in their sweep"));
    m_caseText = new QLabel(box);
    m_caseText->setWordWrap(true);
    QFont caseFont;
    caseFont.setItalic(true);
    m_caseText->setFont(caseFont); // the theme's text colour (a fixed grey was dark on the dark theme)
    form->addRow(tr("System"), m_system);
    form->addRow(tr("Preset"), m_preset);
    form->addRow(m_caseText);
    connect(m_system, &QComboBox::currentIndexChanged, this, &BifurcationSetupPanel::onSystemSelected);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &BifurcationSetupPanel::onPresetSelected);
}

void BifurcationSetupPanel::buildSweepBox(QFormLayout* form)
{
    QWidget* box = form->parentWidget();
    m_parameter = new QComboBox(box);
    m_parameter->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // shrinks with the column, elided
    m_parameter->setMinimumContentsLength(8);
    m_parameter->setObjectName(QStringLiteral("parameter"));
    m_from = makeNumberField(QStringLiteral("from"), tr("From"), QString(), box);
    m_to = makeNumberField(QStringLiteral("to"), tr("To"), QString(), box);
    m_fromUnit = new QLabel(box);
    m_toUnit = new QLabel(box);
    m_steps = new QSpinBox(box);
    m_steps->setObjectName(QStringLiteral("steps"));
    m_steps->setRange(2, 100000);
    m_steps->setToolTip(tr("Parameter values from..to inclusive, equally spaced. Allowed: [2, 100000]"));
    m_direction = new QComboBox(box);
    m_direction->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // shrinks with the column, elided
    m_direction->setMinimumContentsLength(8);
    m_direction->setObjectName(QStringLiteral("direction"));
    m_direction->addItem(tr("Up (from → to)"), int(fl::SweepDirection::Up));
    m_direction->addItem(tr("Down (to → from)"), int(fl::SweepDirection::Down));
    m_direction->addItem(tr("Both (hysteresis)"), int(fl::SweepDirection::Both));
    m_direction->setToolTip(tr("Order of the values; with continuation, Both shows coexisting attractors"));
    m_continuation = new QCheckBox(tr("Start from the previous value"), box); // short: the column stays narrow at 200 %
    m_continuation->setObjectName(QStringLiteral("continuation"));
    m_continuation->setToolTip(tr("On: each value starts where the previous one ended (follows an attractor).\n"
                                  "Off: every value starts from the scenario's initial state (columns run in parallel)."));
    m_threads = new QSpinBox(box);
    m_threads->setObjectName(QStringLiteral("threads"));
    m_threads->setRange(1, 256);
    m_threads->setValue(std::max(1, QThread::idealThreadCount()));
    m_threads->setToolTip(tr("Worker threads, [1, 256] (default: all cores). With continuation each branch is one\n"
                             "sequential job, so at most one thread per branch is busy."));
    form->addRow(tr("Parameter"), m_parameter);
    form->addRow(tr("From"), withUnit(m_from, m_fromUnit, box));
    form->addRow(tr("To"), withUnit(m_to, m_toUnit, box));
    form->addRow(tr("Steps"), m_steps);
    form->addRow(tr("Direction"), m_direction);
    form->addRow(m_continuation);
    form->addRow(tr("Threads"), m_threads);
    m_threadsNote = makeNote(QStringLiteral("threadsNote"), box);
    form->addRow(QString(), m_threadsNote);
    connectSweepBox();
}

void BifurcationSetupPanel::connectSweepBox()
{
    connect(m_parameter, &QComboBox::currentIndexChanged, this, [this] {
        updateParameterHints();
        revalidate();
    });
    for (QLineEdit* edit : {m_from, m_to})
        connect(edit, &QLineEdit::textChanged, this, &BifurcationSetupPanel::revalidate);
    connect(m_steps, &QSpinBox::valueChanged, this, &BifurcationSetupPanel::revalidate);
    connect(m_direction, &QComboBox::currentIndexChanged, this, &BifurcationSetupPanel::revalidate);
    connect(m_continuation, &QCheckBox::toggled, this, &BifurcationSetupPanel::revalidate);
    connect(m_threads, &QSpinBox::valueChanged, this, &BifurcationSetupPanel::revalidate);
}

void BifurcationSetupPanel::setScenario(const fl::Scenario& scenario)
{
    m_external = scenario;
    useScenario(scenario);
    fillPresets();
}

bool BifurcationSetupPanel::selectPreset(const QString& presetId)
{
    const fl::SystemInfo* system = nullptr;
    if (!fl::findPreset(presetId.toStdString(), &system))
        return false;
    selectData(m_system, qs(system->id)); // refills the presets when the system changes
    if (m_preset->currentData().toString() == presetId)
        onPresetSelected(); // applies it again
    else
        selectData(m_preset, presetId);
    return m_preset->currentData().toString() == presetId;
}

void BifurcationSetupPanel::onSystemSelected()
{
    if (m_filling)
        return;
    useSystem();
    fillPresets();
}

void BifurcationSetupPanel::useSystem()
{
    const std::string id = m_system->currentData().toString().toStdString();
    if (id == m_external.systemId) {
        useScenario(m_external);
    } else {
        // Another system's parameters mean other things: its defaults, keeping law and method where it takes them.
        fl::Scenario next = m_scenario;
        fl::Scenario fresh;
        fl::Status status = fl::changeModel(next, id, m_scenario.lawId);
        if (status.ok())
            status = fl::makeScenario(next.systemId, next.lawId, next.method, next.regularization, fresh);
        if (status.ok())
            useScenario(fresh);
    }
}

void BifurcationSetupPanel::onPresetSelected()
{
    if (m_filling)
        return;
    const QString id = m_preset->currentData().toString();
    if (id.isEmpty()) {
        useSystem();
        return;
    }
    fl::Scenario scenario;
    if (!fl::applyPreset(id.toStdString(), scenario).ok())
        return;
    useScenario(scenario);
    const fl::Preset* preset = fl::findPreset(id.toStdString());
    if (!preset)
        return;
    m_caseText->setText(qs(preset->title) + QStringLiteral("\n") + qs(fl::describe(scenario)));
    if (preset->sweep)
        setSpec(*preset->sweep);
}

void BifurcationSetupPanel::useScenario(const fl::Scenario& scenario)
{
    const std::vector<std::string> previousNames = m_stateNames;
    m_scenario = scenario;
    m_stateNames.clear();
    if (fl::validate(scenario).ok())
        m_stateNames = fl::stateNames(scenario);
    m_caseText->setText(qs(fl::describe(scenario)));
    {
        const QSignalBlocker block(m_system);
        if (const fl::SystemInfo* system = fl::findSystem(scenario.systemId)) // a model: its entry, as the parameter panel's
            addSystemEntry(m_system, *system);
        selectData(m_system, qs(scenario.systemId));
    }
    fillParameters();
    m_recording->setStateNames(scenario.systemId, m_stateNames);
    // Another system: its own recording (its Poincaré section, times in its own unit), not
    // leftover indices and times of the previous one.
    if (m_stateNames != previousNames && !m_stateNames.empty())
        m_recording->showSpec(fl::defaultSweep(scenario));
    revalidate();
}

void BifurcationSetupPanel::fillPresets()
{
    m_filling = true;
    m_preset->clear();
    m_preset->addItem(tr("None: the current parameters"), QString());
    if (const fl::SystemInfo* system = fl::findSystem(m_scenario.systemId)) {
        for (const fl::Preset& preset : system->presets) {
            const QString mark = preset.sweep ? tr(" [sweep]") : QString();
            m_preset->addItem(qs(preset.id) + mark, qs(preset.id));
            m_preset->setItemData(m_preset->count() - 1, qs(preset.title + (preset.note.empty() ? "" : "\n" + preset.note)),
                                  Qt::ToolTipRole);
        }
    }
    m_filling = false;
}

void BifurcationSetupPanel::fillParameters()
{
    const QString previous = m_parameter->currentData().toString();
    {
        const QSignalBlocker block(m_parameter);
        m_parameter->clear();
        for (const fl::ParameterSpec& spec : m_scenario.params.specs()) {
            if (fl::isRunControlParameter(spec.id))
                continue;
            addParameterItem(m_parameter, spec);
        }
        const int keep = m_parameter->findData(previous);
        // Another system: the analysis's default parameter (a real one: not the chain's n).
        const int first = m_parameter->findData(qs(fl::SweepAnalysis::defaults(m_scenario).spec.parameter));
        m_parameter->setCurrentIndex(keep >= 0 ? keep : std::max(0, first));
        if (keep < 0 && m_parameter->count() > 0) {
            // A new parameter: start around its default value.
            const fl::ParameterSpec& spec = m_scenario.params.specs()[size_t(m_scenario.params.index(m_parameter->currentData().toString().toStdString()))];
            double lo = 0.0, hi = 0.0;
            fl::defaultSweepRange(spec, lo, hi); // the analysis's (contract/sweep_analysis.h)
            setNumberField(m_from, lo);
            setNumberField(m_to, hi);
        }
    }
    updateParameterHints();
}

void BifurcationSetupPanel::updateParameterHints()
{
    const int index = m_scenario.params.index(m_parameter->currentData().toString().toStdString());
    if (index < 0)
        return;
    const fl::ParameterSpec& spec = m_scenario.params.specs()[size_t(index)];
    const QString unit = unitText(spec);
    m_fromUnit->setText(unit);
    m_toUnit->setText(unit);
    const QString tip = tr("%1 (%2)%3: allowed range %4; from < to").arg(qs(spec.label), qs(spec.symbol),
                                                                         unit.isEmpty() ? QString() : QStringLiteral(" in ") + unit,
                                                                         qs(fl::rangeText(spec)));
    m_from->setToolTip(tr("First value of ") + tip);
    m_to->setToolTip(tr("Last value of ") + tip);
    m_parameter->setToolTip(m_parameter->itemData(m_parameter->currentIndex(), Qt::ToolTipRole).toString());
}

void BifurcationSetupPanel::setSpec(const fl::SweepSpec& spec)
{
    m_filling = true;
    selectData(m_parameter, qs(spec.parameter));
    setNumberField(m_from, spec.from);
    setNumberField(m_to, spec.to);
    m_steps->setValue(spec.steps);
    selectData(m_direction, int(spec.direction));
    m_continuation->setChecked(spec.continuation);
    m_recording->showSpec(spec);
    m_filling = false;
    updateParameterHints();
    revalidate();
}

fl::SweepSpec BifurcationSetupPanel::spec() const
{
    fl::SweepSpec spec;
    spec.parameter = m_parameter->currentData().toString().toStdString();
    readNumberField(m_from, spec.from);
    readNumberField(m_to, spec.to);
    spec.steps = m_steps->value();
    spec.direction = static_cast<fl::SweepDirection>(m_direction->currentData().toInt());
    spec.continuation = m_continuation->isChecked();
    m_recording->applyTo(spec);
    return spec;
}

int BifurcationSetupPanel::threads() const { return m_threads->value(); }

void BifurcationSetupPanel::updateThreadsNote()
{
    // Continuation is sequential along a branch: more threads than branches would idle.
    const fl::SweepSpec sweep = spec();
    const int used = fl::sweepThreads(sweep, m_threads->value());
    m_threadsNote->setText(tr("Starting from the previous value runs each branch in order: 1 thread per branch (up+down: 2), "
                              "so this sweep uses %1 of the %2 threads.").arg(used).arg(m_threads->value()));
    m_threadsNote->setVisible(sweep.continuation && used < m_threads->value());
}

void BifurcationSetupPanel::revalidate()
{
    if (m_filling)
        return;
    QString message;
    for (QLineEdit* field : {m_from, m_to}) {
        double scratch = 0.0;
        QString error;
        const bool ok = readNumberField(field, scratch, &error);
        markNumberField(field, ok);
        if (!ok && message.isEmpty())
            message = error;
    }
    const QString recordingError = m_recording->fieldError();
    if (message.isEmpty())
        message = recordingError;
    if (message.isEmpty() && m_stateNames.empty())
        message = qs(fl::validate(m_scenario).message());
    if (message.isEmpty()) {
        const fl::Status status = fl::validateSweep(m_scenario, spec());
        if (!status.ok())
            message = qs(status.message());
        m_recording->markPeriod(status.ok() || !fl::isPeriodProblem(status.message())); // 2*pi/q: the field's fault
        m_recording->markSection(status.message().rfind("the section plane", 0) != 0);
    }
    updateThreadsNote();
    m_message = message;
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
    emit changed();
}

} // namespace fl::ui
