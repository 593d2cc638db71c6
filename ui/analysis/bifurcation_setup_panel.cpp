#include "analysis/bifurcation_setup_panel.h"
#include "params/parameter_spec.h"
#include "solvers/dynamics_factory.h"
#include "systems/system_registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fl::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

/// The exact shortest text where it is short, else 7 significant digits.
QString numberText(double value)
{
    const QString exact = qs(fl::formatNumber(value));
    return exact.size() <= 10 ? exact : QString::number(value, 'g', 7);
}

QString unitText(const fl::ParameterSpec& spec) { return spec.unit == "–" ? QString() : qs(spec.unit); }

/// Numerics that make no sense to sweep (the sweep has its own transient and recording time).
bool sweepable(const std::string& id) { return id != "t_end" && id != "dt" && id != "max_steps"; }

QLineEdit* numberEdit(const QString& name, const QString& label, const QString& tip, QWidget* parent)
{
    auto* edit = new QLineEdit(parent);
    edit->setObjectName(name);
    edit->setProperty("fieldLabel", label);
    edit->setToolTip(tip);
    edit->setAlignment(Qt::AlignRight);
    edit->setMaxLength(24);
    return edit;
}

/// A field with its unit label on the right.
QWidget* withUnit(QWidget* field, QLabel* unit, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(field, 1);
    unit->setMinimumWidth(unit->fontMetrics().horizontalAdvance(QStringLiteral("kg m²")));
    row->addWidget(unit);
    return box;
}

void selectData(QComboBox* combo, const QVariant& data)
{
    const int index = combo->findData(data);
    if (index >= 0)
        combo->setCurrentIndex(index);
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
    m_recordingForm = addBox(tr("Recording"));
    buildRecordingBox(m_recordingForm);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("validationMessage"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b;"));
    layout->addWidget(m_error);
    layout->addStretch(1);

    fl::Scenario start;
    fl::applyPreset("acta2016-fig5a", start);
    setScenario(start);
    selectPreset(QStringLiteral("acta2016-fig5a"));
}

void BifurcationSetupPanel::buildCaseBox(QFormLayout* form)
{
    QWidget* box = form->parentWidget();
    m_system = new QComboBox(box);
    m_system->setObjectName(QStringLiteral("system"));
    for (const fl::SystemInfo& info : fl::systems())
        m_system->addItem(qs(info.name), qs(info.id));
    m_system->setToolTip(tr("The mechanical system; another system starts from its default parameters"));
    m_preset = new QComboBox(box);
    m_preset->setObjectName(QStringLiteral("preset"));
    m_preset->setToolTip(tr("A published case; presets of bifurcation figures also fill in their sweep"));
    m_caseText = new QLabel(box);
    m_caseText->setWordWrap(true);
    m_caseText->setStyleSheet(QStringLiteral("color: #505050; font-style: italic;"));
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
    m_parameter->setObjectName(QStringLiteral("parameter"));
    m_from = numberEdit(QStringLiteral("from"), tr("From"), QString(), box);
    m_to = numberEdit(QStringLiteral("to"), tr("To"), QString(), box);
    m_fromUnit = new QLabel(box);
    m_toUnit = new QLabel(box);
    m_steps = new QSpinBox(box);
    m_steps->setObjectName(QStringLiteral("steps"));
    m_steps->setRange(2, 100000);
    m_steps->setToolTip(tr("Parameter values from..to inclusive, equally spaced. Allowed: [2, 100000]"));
    m_direction = new QComboBox(box);
    m_direction->setObjectName(QStringLiteral("direction"));
    m_direction->addItem(tr("Up (from → to)"), int(fl::SweepDirection::Up));
    m_direction->addItem(tr("Down (to → from)"), int(fl::SweepDirection::Down));
    m_direction->addItem(tr("Both (hysteresis)"), int(fl::SweepDirection::Both));
    m_direction->setToolTip(tr("Order of the values; with continuation, Both shows coexisting attractors"));
    m_continuation = new QCheckBox(tr("Continuation (start from the previous value's final state)"), box);
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

void BifurcationSetupPanel::buildRecordingBox(QFormLayout* form)
{
    QWidget* box = form->parentWidget();
    m_transient = numberEdit(QStringLiteral("transient"), tr("Transient"),
                             tr("Time integrated and discarded at every value before recording (time unit of the "
                                "system). Allowed: >= 0"), box);
    m_samples = new QSpinBox(box);
    m_samples->setObjectName(QStringLiteral("samples"));
    m_samples->setRange(1, 100000);
    m_samples->setToolTip(tr("Points recorded per value (section points or maxima). Allowed: [1, 100000]"));
    m_maxRecordTime = numberEdit(QStringLiteral("maxRecordTime"), tr("Max record time"),
                                 tr("Recording stops after this time even with fewer points (time unit of the "
                                    "system). Allowed: > 0"), box);
    m_observable = new QComboBox(box);
    m_observable->setObjectName(QStringLiteral("observable"));
    m_observable->addItem(tr("Maxima of the recorded variable"), int(fl::SweepObservable::Maxima));
    m_observable->addItem(tr("Hyperplane section"), int(fl::SweepObservable::Hyperplane));
    m_observable->addItem(tr("Stroboscopic section"), int(fl::SweepObservable::Stroboscopic));
    m_observable->setToolTip(tr("What is plotted over the parameter: local maxima of a variable, its values where a\n"
                                "state variable crosses a level, or its values once per period"));
    m_variable = new QComboBox(box);
    m_variable->setObjectName(QStringLiteral("variable"));
    m_variable->setToolTip(tr("The state variable whose values are plotted"));
    m_sectionVariable = new QComboBox(box);
    m_sectionVariable->setObjectName(QStringLiteral("sectionVariable"));
    m_sectionVariable->setToolTip(tr("Hyperplane: the state variable that crosses the level"));
    m_level = numberEdit(QStringLiteral("level"), tr("Level"), tr("Hyperplane: the crossing level (any number)"), box);
    m_crossing = new QComboBox(box);
    m_crossing->setObjectName(QStringLiteral("crossing"));
    m_crossing->addItem(tr("Upward"), 1);
    m_crossing->addItem(tr("Downward"), -1);
    m_crossing->addItem(tr("Both"), 0);
    m_crossing->setToolTip(tr("Hyperplane: which crossings count"));
    m_period = numberEdit(QStringLiteral("period"), tr("Period"),
                          tr("Stroboscopic: the section period, t = k T (time unit of the system). Allowed: > 0"), box);
    form->addRow(tr("Transient"), m_transient);
    form->addRow(tr("Samples"), m_samples);
    form->addRow(tr("Max record time"), m_maxRecordTime);
    form->addRow(tr("Observable"), m_observable);
    form->addRow(tr("Recorded variable"), m_variable);
    form->addRow(tr("Section variable"), m_sectionVariable);
    form->addRow(tr("Level"), m_level);
    form->addRow(tr("Crossing"), m_crossing);
    form->addRow(tr("Period"), m_period);
    for (QLineEdit* edit : {m_transient, m_maxRecordTime, m_level, m_period})
        connect(edit, &QLineEdit::textChanged, this, &BifurcationSetupPanel::revalidate);
    connect(m_samples, &QSpinBox::valueChanged, this, &BifurcationSetupPanel::revalidate);
    for (QComboBox* combo : {m_variable, m_sectionVariable, m_crossing})
        connect(combo, &QComboBox::currentIndexChanged, this, &BifurcationSetupPanel::revalidate);
    connect(m_observable, &QComboBox::currentIndexChanged, this, [this] {
        updateObservableRows();
        revalidate();
    });
    m_period->setText(numberText(2.0 * std::numbers::pi));
    m_level->setText(QStringLiteral("0"));
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
    if (const fl::Preset* preset = fl::findPreset(id.toStdString()); preset && preset->sweep)
        setSpec(*preset->sweep);
}

void BifurcationSetupPanel::useScenario(const fl::Scenario& scenario)
{
    m_scenario = scenario;
    m_stateNames.clear();
    if (fl::validate(scenario).ok())
        m_stateNames = fl::makeDynamics(scenario)->stateNames();
    m_caseText->setText(qs(fl::describe(scenario)));
    {
        const QSignalBlocker block(m_system);
        selectData(m_system, qs(scenario.systemId));
    }
    fillParameters();
    fillVariables();
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
            if (!sweepable(spec.id))
                continue;
            const QString unit = unitText(spec);
            m_parameter->addItem(QStringLiteral("%1  %2%3").arg(qs(spec.symbol), qs(spec.label),
                                                                unit.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(unit)),
                                 qs(spec.id));
            m_parameter->setItemData(m_parameter->count() - 1,
                                     QStringLiteral("%1 (%2): %3\nAllowed range %4").arg(qs(spec.id), qs(spec.label), qs(spec.help),
                                                                                         qs(fl::rangeText(spec))),
                                     Qt::ToolTipRole);
        }
        const int keep = m_parameter->findData(previous);
        m_parameter->setCurrentIndex(std::max(0, keep));
        if (keep < 0 && m_parameter->count() > 0) {
            // A new parameter: start around its default value.
            const fl::ParameterSpec& spec = m_scenario.params.specs()[size_t(m_scenario.params.index(m_parameter->currentData().toString().toStdString()))];
            const double d = spec.defaultValue;
            const double lo = d != 0.0 ? std::max(spec.min, std::min(0.5 * d, 1.5 * d)) : spec.min;
            const double hi = d != 0.0 ? std::min(spec.max, std::max(0.5 * d, 1.5 * d)) : spec.max;
            m_from->setText(numberText(lo));
            m_to->setText(numberText(hi));
        }
    }
    updateParameterHints();
}

void BifurcationSetupPanel::fillVariables()
{
    for (QComboBox* combo : {m_variable, m_sectionVariable}) {
        const QString previous = combo->currentText();
        const QSignalBlocker block(combo);
        combo->clear();
        for (size_t i = 0; i < m_stateNames.size(); ++i)
            combo->addItem(qs(m_stateNames[i]), int(i));
        combo->setCurrentIndex(std::max(0, combo->findText(previous)));
    }
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

void BifurcationSetupPanel::updateObservableRows()
{
    const auto kind = static_cast<fl::SweepObservable>(m_observable->currentData().toInt());
    const bool hyperplane = kind == fl::SweepObservable::Hyperplane;
    m_recordingForm->setRowVisible(m_sectionVariable, hyperplane);
    m_recordingForm->setRowVisible(m_level, hyperplane);
    m_recordingForm->setRowVisible(m_crossing, hyperplane);
    m_recordingForm->setRowVisible(m_period, kind == fl::SweepObservable::Stroboscopic);
}

void BifurcationSetupPanel::setSpec(const fl::SweepSpec& spec)
{
    m_filling = true;
    selectData(m_parameter, qs(spec.parameter));
    m_from->setText(numberText(spec.from));
    m_to->setText(numberText(spec.to));
    m_steps->setValue(spec.steps);
    selectData(m_direction, int(spec.direction));
    m_continuation->setChecked(spec.continuation);
    m_transient->setText(numberText(spec.transient));
    m_samples->setValue(spec.samples);
    m_maxRecordTime->setText(numberText(spec.maxRecordTime));
    selectData(m_observable, int(spec.observable));
    selectData(m_variable, spec.variable);
    selectData(m_sectionVariable, spec.sectionVariable);
    m_level->setText(numberText(spec.level));
    selectData(m_crossing, spec.crossingDirection);
    if (spec.period > 0.0)
        m_period->setText(numberText(spec.period));
    m_filling = false;
    updateParameterHints();
    updateObservableRows();
    revalidate();
}

fl::SweepSpec BifurcationSetupPanel::spec() const
{
    fl::SweepSpec spec;
    spec.parameter = m_parameter->currentData().toString().toStdString();
    readNumber(m_from, spec.from, nullptr);
    readNumber(m_to, spec.to, nullptr);
    spec.steps = m_steps->value();
    spec.direction = static_cast<fl::SweepDirection>(m_direction->currentData().toInt());
    spec.continuation = m_continuation->isChecked();
    readNumber(m_transient, spec.transient, nullptr);
    spec.samples = m_samples->value();
    readNumber(m_maxRecordTime, spec.maxRecordTime, nullptr);
    spec.observable = static_cast<fl::SweepObservable>(m_observable->currentData().toInt());
    spec.variable = std::max(0, m_variable->currentData().toInt());
    // Maxima need no section variable; keep it valid (it is then the recorded one).
    spec.sectionVariable = spec.observable == fl::SweepObservable::Hyperplane ? std::max(0, m_sectionVariable->currentData().toInt())
                                                                              : spec.variable;
    readNumber(m_level, spec.level, nullptr);
    spec.crossingDirection = m_crossing->currentData().toInt();
    readNumber(m_period, spec.period, nullptr);
    return spec;
}

int BifurcationSetupPanel::threads() const { return m_threads->value(); }

bool BifurcationSetupPanel::readNumber(QLineEdit* field, double& value, QString* error) const
{
    bool ok = false;
    const double parsed = QLocale::c().toDouble(field->text().trimmed(), &ok);
    if (ok && std::isfinite(parsed)) {
        value = parsed;
        return true;
    }
    if (error)
        *error = tr("%1: \"%2\" is not a number. %3").arg(field->property("fieldLabel").toString(), field->text().trimmed(),
                                                          field->toolTip());
    return false;
}

void BifurcationSetupPanel::revalidate()
{
    if (m_filling)
        return;
    QString message;
    double scratch = 0.0;
    const auto kind = static_cast<fl::SweepObservable>(m_observable->currentData().toInt());
    QLineEdit* fields[] = {m_from, m_to, m_transient, m_maxRecordTime, m_level, m_period};
    for (QLineEdit* field : fields) {
        QString error;
        // Level and period count only for their observable.
        const bool relevant = (field != m_level || kind == fl::SweepObservable::Hyperplane)
                              && (field != m_period || kind == fl::SweepObservable::Stroboscopic);
        const bool ok = !relevant || readNumber(field, scratch, &error);
        field->setStyleSheet(ok ? QString() : QStringLiteral("border: 1px solid #c0392b;"));
        if (!ok && message.isEmpty())
            message = error;
    }
    if (message.isEmpty() && m_stateNames.empty())
        message = qs(fl::validate(m_scenario).message());
    if (message.isEmpty()) {
        const fl::Status status = fl::validateSweep(m_scenario, spec());
        if (!status.ok())
            message = qs(status.message());
    }
    m_message = message;
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
    emit changed();
}

} // namespace fl::ui
