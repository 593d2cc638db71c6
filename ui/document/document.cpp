#include "document/document.h"
#include "document/parameter_undo.h"
#include "document/setup_edits.h"
#include "document/view_setup.h"

#include "systems/system_registry.h"
#include "systems/scenario_setup.h"

#include <QUndoCommand>
#include <QUndoStack>

namespace fl::ui {

namespace {

/// A view's setup edited by the user: undo and redo show the setup before or after in the view.
class SetupStep : public QUndoCommand {
public:
    SetupStep(Document* document, QString id, QJsonObject before, QJsonObject after, QString key, const QString& title)
        : m_document(document), m_id(std::move(id)), m_before(std::move(before)), m_after(std::move(after)), m_key(std::move(key))
    {
        setText(QObject::tr("%1 setup").arg(title.isEmpty() ? m_id : title));
    }
    int id() const override { return m_key.isEmpty() ? -1 : 2; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const SetupStep*>(other); // equal id(): a SetupStep
        if (next->m_key != m_key)
            return false;
        m_after = next->m_after;
        setObsolete(m_before == m_after);
        return true;
    }
    void redo() override
    {
        if (m_shown) { // the view shows it already when it is recorded
            m_shown = false;
            return;
        }
        m_document->showSetup(m_id, m_after);
    }
    void undo() override { m_document->showSetup(m_id, m_before); }

private:
    Document* m_document;
    QString m_id;
    QJsonObject m_before;
    QJsonObject m_after;
    QString m_key;
    bool m_shown = true;
};

} // namespace

Document::Document(QObject* parent) : QObject(parent), m_scenario(fl::defaultScenario())
{
    m_undo = new ParameterUndo(m_scenario, [this](const fl::Scenario& snapshot) { show(snapshot, ScenarioChange::Undone); }, this);
    m_edits = new SetupEdits(*this);
}

Document::~Document() = default;

void Document::edit(const fl::Scenario& scenario, const QString& mergeKey, const QString& undoText)
{
    // Recorded before the observers hear of it: a slot that reads the history sees this step.
    m_undo->record(scenario, mergeKey, undoText);
    show(scenario, ScenarioChange::Edited);
}

void Document::load(const fl::Scenario& scenario, const QString& undoText)
{
    m_undo->record(scenario, QString(), undoText);
    show(scenario, ScenarioChange::Loaded);
}

void Document::replace(const fl::Scenario& scenario)
{
    m_undo->setCurrent(scenario);
    show(scenario, ScenarioChange::Replaced);
}

void Document::show(const fl::Scenario& scenario, ScenarioChange how)
{
    // The system we leave is remembered as it was (S1 -> S2 -> S1 keeps the edits of S1).
    if (scenario.systemId != m_scenario.systemId)
        m_remembered[m_scenario.systemId] = m_scenario;
    m_remembered.erase(scenario.systemId);
    m_scenario = scenario;
    // The user changed the preset's scenario: the title says so (a loaded one is not a change).
    const bool byUser = how == ScenarioChange::Edited || how == ScenarioChange::Undone;
    if (byUser && !m_presetId.isEmpty() && !m_presetChanged) {
        m_presetChanged = true;
        emit presetChanged(m_presetId, true);
    }
    emit scenarioChanged(m_scenario, how);
    // The views refilled their fields for it (a sweep's range for another system), which is no
    // edit of the user's: the document's copies follow without a step.
    takeViewSetups();
}

void Document::takeViewSetups()
{
    for (auto it = m_views.begin(); it != m_views.end(); ++it)
        m_setups.insert(it.key(), it.value()->saveSetup());
}

const fl::Scenario* Document::remembered(const std::string& systemId) const
{
    const auto found = m_remembered.find(systemId);
    return found == m_remembered.end() ? nullptr : &found->second;
}

std::vector<fl::Scenario> Document::rememberedScenarios() const
{
    std::vector<fl::Scenario> out;
    for (const auto& [id, scenario] : m_remembered)
        out.push_back(scenario);
    return out;
}

void Document::setRememberedScenarios(const std::vector<fl::Scenario>& scenarios)
{
    m_remembered.clear();
    for (const fl::Scenario& scenario : scenarios)
        if (scenario.systemId != m_scenario.systemId)
            m_remembered[scenario.systemId] = scenario;
}

void Document::setPresetId(const QString& presetId)
{
    m_presetId = fl::findPreset(presetId.toStdString()) ? presetId : QString();
    m_presetChanged = false;
    emit presetChanged(m_presetId, false);
}

void Document::loadPreset(const fl::Scenario& scenario, const QString& presetId, const QString& undoText)
{
    m_undo->record(scenario, QString(), undoText);
    setPresetId(presetId);
    show(scenario, ScenarioChange::Loaded);
    emit presetOpened(m_presetId);
    takeViewSetups(); // the views the preset concerns set themselves up for it
}

void Document::setOpenView(const QString& id)
{
    if (id == m_openView)
        return;
    m_openView = id;
    emit openViewChanged(id);
}

void Document::setOpenSideView(const QString& id)
{
    if (id == m_openSideView)
        return;
    m_openSideView = id;
    emit openSideViewChanged(id);
}

void Document::addView(const QString& id, ViewSetup* view, QWidget* widget, const QString& title)
{
    m_views.insert(id, view);
    m_titles.insert(id, title);
    m_setups.insert(id, view->saveSetup());
    view->m_edited = [this, id] { recordSetupEdit(id); };
    view->m_refilled = [this, id, view] { m_setups.insert(id, view->saveSetup()); };
    if (widget)
        m_edits->watch(id, widget);
}

void Document::recordSetupEdit(const QString& id, const QString& mergeKey)
{
    ViewSetup* view = m_views.value(id);
    if (!view)
        return;
    const QJsonObject now = view->saveSetup();
    const QJsonObject before = m_setups.value(id);
    if (now == before)
        return;
    m_setups.insert(id, now);
    m_undo->stack()->push(new SetupStep(this, id, before, now, mergeKey, m_titles.value(id)));
    emit setupChanged(id);
}

void Document::showSetup(const QString& id, const QJsonObject& setup)
{
    ViewSetup* view = m_views.value(id);
    if (!view)
        return;
    QStringList warnings; // a setup the view itself saved
    view->restoreSetup(setup, QStringLiteral("view.setups.") + id, warnings);
    m_setups.insert(id, view->saveSetup());
    emit setupChanged(id);
}

QMap<QString, QJsonObject> Document::setups()
{
    m_edits->flush();
    QMap<QString, QJsonObject> out;
    for (auto it = m_setups.begin(); it != m_setups.end(); ++it)
        if (!it.value().isEmpty())
            out.insert(it.key(), it.value());
    return out;
}

QStringList Document::restoreSetups(const QMap<QString, QJsonObject>& setups)
{
    QStringList warnings;
    for (auto it = setups.begin(); it != setups.end(); ++it)
        if (ViewSetup* view = m_views.value(it.key()))
            view->restoreSetup(it.value(), QStringLiteral("view.setups.") + it.key(), warnings);
    takeViewSetups();
    return warnings;
}

} // namespace fl::ui
