#include "document/parameter_undo.h"
#include "bridge/qs.h"
#include "bridge/display_text.h"
#include "friction/friction_law.h"
#include "systems/system_registry.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QUndoCommand>
#include <QUndoStack>
#include <QWidget>

#include <utility>

namespace fl::ui {
namespace {

QString systemName(const fl::Scenario& scenario)
{
    const fl::SystemInfo* system = fl::findSystem(scenario.systemId);
    return system ? qs(system->name) : qs(scenario.systemId);
}

QString lawName(const fl::Scenario& scenario)
{
    const fl::SystemInfo* system = fl::findSystem(scenario.systemId);
    const fl::FrictionLawInfo* law = system ? fl::findLaw(system->lawFamily, scenario.lawId) : nullptr;
    return law ? qs(law->name) : qs(scenario.lawId);
}

/// The parameters whose values differ (same system and law: the same specs).
QString describeValues(const fl::ParameterSet& before, const fl::ParameterSet& after)
{
    QStringList symbols;
    int last = -1;
    for (size_t i = 0; i < after.values().size() && i < before.values().size(); ++i)
        if (before.values()[i] != after.values()[i]) {
            symbols << qs(after.specs()[i].symbol);
            last = static_cast<int>(i);
        }
    if (symbols.size() == 1)
        return QStringLiteral("%1 %2 → %3").arg(symbols.front(), valueText(before.values()[last]),
                                                valueText(after.values()[last]));
    if (symbols.size() <= 3)
        return symbols.join(QStringLiteral(", "));
    return ParameterUndo::tr("%1 values").arg(symbols.size());
}

/// One undoable step: the scenario before and after it. Steps with the same merge key in a row
/// become one (QUndoStack merges commands of equal id()); a step back to its start is dropped.
class ScenarioStep : public QUndoCommand {
public:
    ScenarioStep(ParameterUndo* owner, fl::Scenario before, fl::Scenario after, QString key, QString fixedText)
        : m_owner(owner), m_before(std::move(before)), m_after(std::move(after)), m_key(std::move(key)),
          m_fixedText(std::move(fixedText))
    {
        updateText();
    }

    int id() const override { return m_key.isEmpty() ? -1 : 1; }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const ScenarioStep*>(other); // equal id(): a ScenarioStep
        if (next->m_key != m_key)
            return false;
        m_after = next->m_after;
        updateText();
        return true;
    }

    void redo() override
    {
        // The editor shows the change already when it is recorded.
        if (m_shown) {
            m_shown = false;
            return;
        }
        m_owner->show(m_after);
    }

    void undo() override { m_owner->show(m_before); }

private:
    void updateText()
    {
        // The Edit menu shows it: a model's name from its file is cut to a line.
        setText(elideChars(m_fixedText.isEmpty() ? ParameterUndo::describeChange(m_before, m_after) : m_fixedText, 120));
        setObsolete(ParameterUndo::sameScenario(m_before, m_after));
    }

    ParameterUndo* m_owner;
    fl::Scenario m_before;
    fl::Scenario m_after;
    QString m_key;
    QString m_fixedText;
    bool m_shown = true;
};

} // namespace

ParameterUndo::ParameterUndo(const fl::Scenario& initial, Apply apply, QObject* parent)
    : QObject(parent), m_stack(new QUndoStack(this)), m_apply(std::move(apply)), m_current(initial)
{
    // Each step holds two whole scenarios: unbounded, an hour of live edits grew the heap by tens
    // of MB (the one-hour soak). The oldest steps go beyond kUndoLimit.
    m_stack->setUndoLimit(kUndoLimit);
}

void ParameterUndo::record(const fl::Scenario& after, const QString& mergeKey, const QString& text)
{
    // Pushed as obsolete when nothing changed: merged into a running drag, or dropped.
    auto* step = new ScenarioStep(this, m_current, after, mergeKey, text);
    m_current = after;
    m_stack->push(step);
}

void ParameterUndo::setCurrent(const fl::Scenario& scenario) { m_current = scenario; }

void ParameterUndo::show(const fl::Scenario& scenario)
{
    m_current = scenario;
    m_apply(scenario);
}

QMenu* ParameterUndo::addEditMenu(QMenuBar* bar, QWidget* window)
{
    QMenu* menu = bar->addMenu(tr("&Edit"));
    QAction* undo = m_stack->createUndoAction(window, tr("&Undo"));
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setStatusTip(tr("Undoes the last change of a parameter, law, method or system (a slider drag is one step)"));
    QAction* redo = m_stack->createRedoAction(window, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setStatusTip(tr("Redoes the change last undone"));
    menu->addAction(undo);
    menu->addAction(redo);
    // On the window too: the keys work while the menu bar is hidden (full screen).
    window->addAction(undo);
    window->addAction(redo);
    return menu;
}

QString ParameterUndo::describeChange(const fl::Scenario& before, const fl::Scenario& after)
{
    if (before.systemId != after.systemId)
        return tr("system %1 → %2").arg(systemName(before), systemName(after));
    QStringList parts;
    if (before.lawId != after.lawId)
        parts << tr("law %1 → %2").arg(lawName(before), lawName(after));
    if (before.method != after.method)
        parts << tr("method %1 → %2").arg(qs(fl::methodInfo(before.method).name), qs(fl::methodInfo(after.method).name));
    if (before.regularization != after.regularization)
        parts << tr("regularization %1 → %2")
                     .arg(qs(fl::regularizationInfo(before.regularization).name),
                          qs(fl::regularizationInfo(after.regularization).name));
    if (before.stiffIntegrator != after.stiffIntegrator)
        parts << tr("integrator %1 → %2")
                     .arg(qs(fl::stiffIntegratorInfo(before.stiffIntegrator).id), qs(fl::stiffIntegratorInfo(after.stiffIntegrator).id));
    if (!parts.isEmpty())
        return parts.join(QStringLiteral(", "));
    return describeValues(before.params, after.params);
}

bool ParameterUndo::sameScenario(const fl::Scenario& a, const fl::Scenario& b)
{
    return a.systemId == b.systemId && a.lawId == b.lawId && a.method == b.method
           && a.regularization == b.regularization && a.stiffIntegrator == b.stiffIntegrator
           && a.params.values() == b.params.values() && a.initialState == b.initialState;
}

} // namespace fl::ui
