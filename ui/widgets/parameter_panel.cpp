#include "widgets/parameter_panel.h"
#include "widgets/start_state_note.h"
#include "widgets/system_combo.h"
#include "bridge/qs.h"
#include "document/document.h"
#include "friction/friction_law.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"
#include "widgets/parameter_row.h"
#include "document/parameter_undo.h"
#include "widgets/elided_label.h"
#include "widgets/wheel_guard.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace fl::ui {
namespace {

/// Selects the entry whose data is id.
void selectData(QComboBox* combo, const QString& id)
{
    const QSignalBlocker block(combo);
    combo->setCurrentIndex(std::max(0, combo->findData(id)));
}

} // namespace

ParameterPanel::ParameterPanel(Document& document, QWidget* parent) : QWidget(parent), m_document(&document)
{
    build();
}

ParameterPanel::ParameterPanel(QWidget* parent) : QWidget(parent), m_document(new Document(this))
{
    build();
}

void ParameterPanel::build()
{
    auto* layout = new QVBoxLayout(this);
    buildModelBox(layout);
    // Under the model, where it is seen without scrolling: the run starts from a loaded state.
    m_startState = new StartStateNote(this);
    layout->addWidget(m_startState);
    connect(m_startState, &StartStateNote::resetRequested, this, [this] {
        m_scenario.initialState.clear();
        checkAndEmit(QString(), QString(), tr("Start from the initial values"));
        m_startState->showScenario(m_scenario); // the panel's own edit is not shown back to it
    });
    m_rowsLayout = new QVBoxLayout;
    m_rowsLayout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_rowsLayout);
    m_reset = new QPushButton(tr("Reset to defaults"), this);
    m_reset->setToolTip(tr("Every parameter of the current system, law and method back to its default value"));
    layout->addWidget(m_reset, 0, Qt::AlignLeft);
    layout->addStretch(1);
    connect(m_reset, &QPushButton::clicked, this, &ParameterPanel::resetToDefaults);
    connect(m_document, &Document::scenarioChanged, this, &ParameterPanel::onDocumentChanged);
    showScenario(m_document->scenario());
}

void ParameterPanel::buildModelBox(QVBoxLayout* layout)
{
    auto* box = new QGroupBox(tr("Model"), this);
    auto* form = new QFormLayout(box);
    m_system = new QComboBox(box);
    fillSystemCombo(m_system);
    m_law = new QComboBox(box); // filled by syncCombos with the laws of the system's family
    m_method = new QComboBox(box);
    for (const fl::MethodInfo& info : fl::methods()) {
        m_method->addItem(qs(info.name), qs(info.id));
        m_method->setItemData(m_method->count() - 1, qs(info.description), Qt::ToolTipRole);
    }
    m_regularization = new QComboBox(box);
    for (const fl::RegularizationInfo& info : fl::regularizations()) {
        m_regularization->addItem(qs(info.name), qs(info.id));
        m_regularization->setItemData(m_regularization->count() - 1, qs(info.formula), Qt::ToolTipRole);
    }
    m_regularization->setToolTip(tr("Smooth replacement of sgn(v_r) used by the regularized methods"));
    // Where the panel is narrow (overlaid at a high scale) the names stand above the boxes, and
    // the boxes take the width they are given.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    for (QComboBox* combo : {m_system, m_law, m_method, m_regularization}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(12);
    }
    form->addRow(tr("System"), m_system);
    form->addRow(tr("Friction law"), m_law);
    form->addRow(tr("Method"), m_method);
    form->addRow(tr("Regularization"), m_regularization);
    layout->addWidget(box);
    connect(m_system, &QComboBox::currentIndexChanged, this, &ParameterPanel::onSystemSelected);
    connect(m_law, &QComboBox::currentIndexChanged, this, &ParameterPanel::onLawSelected);
    connect(m_method, &QComboBox::currentIndexChanged, this, &ParameterPanel::onMethodSelected);
    connect(m_regularization, &QComboBox::currentIndexChanged, this, &ParameterPanel::onRegularizationSelected);
    // The wheel over a box the user has not chosen scrolls the panel.
    for (QComboBox* combo : {m_system, m_law, m_method, m_regularization})
        WheelGuard::install(combo);
}

void ParameterPanel::setScenario(const fl::Scenario& scenario) { m_document->replace(scenario); }

void ParameterPanel::loadScenario(const fl::Scenario& scenario, const QString& undoText)
{
    m_document->load(scenario, undoText);
}

ParameterUndo* ParameterPanel::undo() const { return m_document->undo(); }

void ParameterPanel::onDocumentChanged(const fl::Scenario& scenario, ScenarioChange how)
{
    if (m_committing)
        return; // this panel's own edit: already shown
    showScenario(scenario);
    // Undo and redo are simulated like the edit they restore.
    if (how == ScenarioChange::Undone)
        emit scenarioChanged(m_scenario);
}

void ParameterPanel::showScenario(const fl::Scenario& scenario)
{
    const bool sameRows = scenario.systemId == m_rowsSystem && scenario.lawId == m_scenario.lawId
                          && scenario.params.specs().size() == m_rows.size();
    m_scenario = scenario;
    m_startState->showScenario(scenario);
    syncCombos();
    if (sameRows)
        showValues();
    else
        rebuildRows();
}

std::vector<fl::Scenario> ParameterPanel::rememberedScenarios() const { return m_document->rememberedScenarios(); }

void ParameterPanel::setRememberedScenarios(const std::vector<fl::Scenario>& scenarios)
{
    m_document->setRememberedScenarios(scenarios);
}

void ParameterPanel::showValues()
{
    m_rejectedInput.clear();
    for (size_t i = 0; i < m_rows.size(); ++i) {
        m_rows[i]->setValue(m_scenario.params.values()[i]);
        m_rows[i]->setError(QString());
    }
    updateEnabled();
}

ParameterRow* ParameterPanel::row(const QString& id) const
{
    for (ParameterRow* r : m_rows)
        if (r->id() == id)
            return r;
    return nullptr;
}

void ParameterPanel::resetToDefaults()
{
    fl::Scenario fresh;
    const fl::Status status = fl::makeScenario(m_scenario.systemId, m_scenario.lawId, m_scenario.method,
                                               m_scenario.regularization, fresh);
    if (!status.ok()) {
        emit scenarioRejected(qs(status.message()));
        return;
    }
    fresh.stiffIntegrator = m_scenario.stiffIntegrator; // a numerics choice, like the method
    showScenario(fresh);
    checkAndEmit(QString(), QString(), tr("reset to defaults"));
}

void ParameterPanel::syncCombos()
{
    const fl::SystemInfo* system = fl::findSystem(m_scenario.systemId);
    if (system) // a model opened by the user joins the list, after the built-in systems
        addSystemEntry(m_system, *system);
    selectData(m_system, qs(m_scenario.systemId));
    {
        // The laws the system takes, in its order (1-D laws for the belt, plane-contact laws for disks).
        const QSignalBlocker block(m_law);
        m_law->clear();
        if (system)
            for (const fl::FrictionLawInfo* info : fl::lawsOf(*system)) {
                m_law->addItem(qs(info->name), qs(info->id));
                m_law->setItemData(m_law->count() - 1, qs(info->formula), Qt::ToolTipRole);
            }
    }
    selectData(m_law, qs(m_scenario.lawId));
    syncMethods();
    selectData(m_regularization, qs(fl::regularizationInfo(m_scenario.regularization).id));
    if (m_integrator)
        selectData(m_integrator, qs(fl::stiffIntegratorInfo(m_scenario.stiffIntegrator).id));
}

void ParameterPanel::syncMethods()
{
    const fl::SystemInfo* system = fl::findSystem(m_scenario.systemId);
    // Methods the system does not take stay listed, disabled.
    if (auto* model = qobject_cast<QStandardItemModel*>(m_method->model())) {
        for (int i = 0; i < model->rowCount(); ++i) {
            const auto method = fl::findMethod(m_method->itemData(i).toString().toStdString());
            const fl::FrictionLawInfo* law = system ? fl::findLaw(system->lawFamily, m_scenario.lawId) : nullptr;
            // A law with memory has no set-valued form for the event-driven method.
            const bool lawTakes = !law || law->eventDriven || (method && fl::methodInfo(*method).smooth);
            model->item(i)->setEnabled(system && method && lawTakes
                                       && std::find(system->methods.begin(), system->methods.end(), *method)
                                              != system->methods.end());
        }
    }
    selectData(m_method, qs(fl::methodInfo(m_scenario.method).id));
}

void ParameterPanel::rebuildRows()
{
    // The old rows may be in the middle of emitting a signal: delete them later.
    if (m_rowsWidget) {
        m_rowsWidget->hide();
        m_rowsWidget->deleteLater();
    }
    const std::vector<ParameterRow*> oldRows = std::exchange(m_rows, {});
    const bool sameSystem = m_rowsSystem == m_scenario.systemId;
    m_rowsSystem = m_scenario.systemId;
    m_rejectedInput.clear();
    m_rowsWidget = new QWidget(this);
    auto* layout = new QVBoxLayout(m_rowsWidget);
    layout->setContentsMargins(0, 0, 0, 0);
    const fl::SystemInfo* system = fl::findSystem(m_scenario.systemId);
    const fl::FrictionLawInfo* law = system ? fl::findLaw(system->lawFamily, m_scenario.lawId) : nullptr;
    const size_t systemEnd = system ? system->specs.size() : 0;
    // A model with several contacts keeps its laws' parameters among its own (SystemInfo::ownLaws).
    const bool lawGroup = law && !system->ownLaws;
    const size_t lawEnd = systemEnd + (lawGroup ? law->specs.size() : 0);
    if (system) {
        addGroup(layout, elideChars(qs(system->name)), qs(system->equation), 0, systemEnd);
        // A model's paragraph of help on its equations.
        if (auto* formula = m_rowsWidget->findChild<QLabel*>(QStringLiteral("modelFormula")); formula && !system->about.empty())
            formula->setToolTip(QStringLiteral("<p>%1</p>").arg(qs(system->about).toHtmlEscaped()));
    }
    if (lawGroup)
        addGroup(layout, qs(law->name), qs(law->formula), systemEnd, lawEnd);
    addGroup(layout, tr("Numerics"), QString(), lawEnd, m_scenario.params.specs().size(), tr("Integrator"),
             makeIntegratorCombo());
    m_rowsLayout->addWidget(m_rowsWidget);
    updateEnabled();
    // A slider narrowed to home in on a threshold stays narrowed across a law change.
    if (sameSystem)
        for (const ParameterRow* old : oldRows)
            if (ParameterRow* now = row(old->id()); now && old->scale().isNarrowed())
                now->narrowLike(*old);
}

QComboBox* ParameterPanel::makeIntegratorCombo()
{
    m_integrator = new QComboBox(m_rowsWidget);
    m_integrator->setObjectName(QStringLiteral("integratorCombo"));
    for (const fl::StiffIntegratorInfo& info : fl::stiffIntegrators())
        m_integrator->addItem(qs(info.name), qs(info.id));
    m_integrator->setToolTip(tr("Stiff integrator of the regularized method (also of its sweeps and Lyapunov exponents).\n"
                                "BDF keeps its order on forced and time-dependent runs, where Rosenbrock4 needs\n"
                                "~30x more steps at tol 1e-10; Rosenbrock4 stays for comparison.\n"
                                "The explicit method always uses Dormand–Prince 8(5,3)."));
    selectData(m_integrator, qs(fl::stiffIntegratorInfo(m_scenario.stiffIntegrator).id));
    connect(m_integrator, &QComboBox::currentIndexChanged, this, &ParameterPanel::onIntegratorSelected);
    WheelGuard::install(m_integrator);
    return m_integrator;
}

void ParameterPanel::addGroup(QVBoxLayout* layout, const QString& title, const QString& formula, size_t first,
                              size_t end, const QString& leadingLabel, QWidget* leading)
{
    auto* box = new QGroupBox(title, m_rowsWidget);
    auto* grid = new QGridLayout(box);
    grid->setColumnStretch(1, 1);
    grid->setVerticalSpacing(2);
    int gridRow = 0;
    if (!formula.isEmpty()) {
        auto* label = new QLabel(formula, box);
        label->setWordWrap(true);
        // Italic in the theme's text colour: a font, not a style sheet (a styled label kept the
        // old palette's dark text when the theme was switched live). Size follows the scale.
        label->setObjectName(QStringLiteral("modelFormula"));
        QFont italic;
        italic.setItalic(true);
        label->setFont(italic);
        grid->addWidget(label, gridRow++, 0, 1, 4);
    }
    if (leading) {
        leading->setParent(box);
        auto* label = new QLabel(leadingLabel, box);
        label->setBuddy(leading);
        grid->addWidget(label, gridRow, 0);
        grid->addWidget(leading, gridRow++, 1, 1, 3);
    }
    for (size_t i = first; i < end; ++i, gridRow += ParameterRow::kGridRows) {
        auto* row = new ParameterRow(m_scenario.params.specs()[i], grid, gridRow, box);
        row->setValue(m_scenario.params.values()[i]);
        connect(row, &ParameterRow::edited, this, &ParameterPanel::onEdited);
        connect(row, &ParameterRow::invalidText, this, &ParameterPanel::rejectInput);
        m_rows.push_back(row);
    }
    layout->addWidget(box);
}

void ParameterPanel::updateEnabled()
{
    // eps and the regularization enter only where a smooth method replaces sgn(v_r): not for laws
    // that are smooth as they stand (LuGre, Dahl, ...).
    const bool regularized = fl::usesRegularization(m_scenario);
    m_regularization->setEnabled(regularized);
    if (m_integrator)
        m_integrator->setEnabled(m_scenario.method == fl::Method::Regularized);
    if (ParameterRow* eps = row(QStringLiteral("eps")))
        eps->setEnabled(regularized);
}

void ParameterPanel::onEdited(const QString& id, double value)
{
    const fl::Status status = m_scenario.params.set(id.toStdString(), value);
    if (!status.ok()) {
        rejectInput(id, qs(status.message()));
        return;
    }
    m_rejectedInput.remove(id);
    checkAndEmit(id, row(id)->editKey());
}

void ParameterPanel::onSystemSelected()
{
    // Back to a system used before: its scenario as it was left.
    if (const fl::Scenario* remembered = m_document->remembered(m_system->currentData().toString().toStdString())) {
        const fl::Scenario back = *remembered;
        showScenario(back);
        checkAndEmit(QString());
        return;
    }
    // Another system's parameters mean other things: start from its defaults, keeping the law
    // and method where the system takes them (changeModel falls back to its first ones).
    fl::Scenario next = m_scenario;
    fl::Status status = fl::changeModel(next, m_system->currentData().toString().toStdString(), m_scenario.lawId);
    fl::Scenario fresh;
    if (status.ok())
        status = fl::makeScenario(next.systemId, next.lawId, next.method, next.regularization, fresh);
    fresh.stiffIntegrator = next.stiffIntegrator;
    if (!status.ok()) {
        syncCombos();
        emit scenarioRejected(qs(status.message()));
        return;
    }
    showScenario(fresh);
    checkAndEmit(QString());
}

void ParameterPanel::onLawSelected()
{
    // Parameters both laws have (and all system and numerics parameters) keep their values.
    const fl::Status status = fl::changeModel(m_scenario, m_scenario.systemId, m_law->currentData().toString().toStdString());
    if (!status.ok()) {
        syncCombos();
        emit scenarioRejected(qs(status.message()));
        return;
    }
    rebuildRows();
    syncMethods(); // a law with memory switches an event-driven scenario to the stiff method
    checkAndEmit(QString());
}

void ParameterPanel::onMethodSelected()
{
    const std::vector<std::string> before = stateNames(m_scenario);
    if (const auto method = fl::findMethod(m_method->currentData().toString().toStdString()))
        m_scenario.method = *method;
    if (stateNames(m_scenario) != before) // a loaded state of another method's variables
        m_scenario.initialState.clear();
    updateEnabled();
    checkAndEmit(QString());
}

void ParameterPanel::onRegularizationSelected()
{
    if (const auto kind = fl::findRegularization(m_regularization->currentData().toString().toStdString()))
        m_scenario.regularization = *kind;
    checkAndEmit(QString());
}

void ParameterPanel::onIntegratorSelected()
{
    if (const auto kind = fl::findStiffIntegrator(m_integrator->currentData().toString().toStdString()))
        m_scenario.stiffIntegrator = *kind;
    checkAndEmit(QString());
}

void ParameterPanel::rejectInput(const QString& id, const QString& message)
{
    m_rejectedInput.insert(id);
    row(id)->setError(message);
    emit scenarioRejected(message);
}

void ParameterPanel::checkAndEmit(const QString& id, const QString& mergeKey, const QString& undoText)
{
    const fl::Status status = fl::validate(m_scenario);
    // A field keeps its own error while it still holds text that was not applied.
    for (ParameterRow* r : m_rows)
        if (!m_rejectedInput.contains(r->id()))
            r->setError(QString());
    if (status.ok()) {
        {
            const QScopedValueRollback committing(m_committing, true); // reset also if a slot throws
            m_document->edit(m_scenario, mergeKey, undoText);
        }
        emit scenarioChanged(m_scenario);
        return;
    }
    if (ParameterRow* r = row(id))
        r->setError(qs(status.message()));
    emit scenarioRejected(qs(status.message()));
}

} // namespace fl::ui
