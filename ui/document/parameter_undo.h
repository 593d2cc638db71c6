#pragma once
#include "scenario/scenario.h"

#include <QObject>
#include <QString>

#include <functional>

class QMenu;
class QMenuBar;
class QUndoStack;
class QWidget;

namespace fl::ui {

/// The document's undo history (document/document.h): a QUndoStack of whole-scenario snapshots
/// (before, after). The document records each change before its observers hear of it (record);
/// consecutive changes with the same merge key are one step (one slider drag, one typed value).
/// Undo and redo hand a snapshot to the apply function, the document's, which makes it current
/// and emits scenarioChanged with ScenarioChange::Undone: every observer follows it as it follows
/// an edit.
class ParameterUndo : public QObject {
    Q_OBJECT
public:
    using Apply = std::function<void(const fl::Scenario&)>;
    /// Steps kept; older ones are dropped (each holds two whole scenarios).
    static constexpr int kUndoLimit = 500;

    /// initial: the scenario shown now, the state before the first step.
    ParameterUndo(const fl::Scenario& initial, Apply apply, QObject* parent = nullptr);

    QUndoStack* stack() const { return m_stack; }
    /// The scenario of the current step (the last one recorded, undone to or redone).
    const fl::Scenario& current() const { return m_current; }
    /// Records a change already shown: one step from current() to after, merged into the step
    /// before when both have the same non-empty mergeKey. text names the step ("reset to
    /// defaults"); empty: describeChange(). A change to the same scenario is no step.
    void record(const fl::Scenario& after, const QString& mergeKey = QString(), const QString& text = QString());
    /// Makes scenario the current one without a step (the editor was set from outside).
    void setCurrent(const fl::Scenario& scenario);
    /// Shows a snapshot through the apply function and makes it current (used by the steps).
    void show(const fl::Scenario& scenario);

    /// Adds an Edit menu to bar: Undo (Ctrl+Z) and Redo (Ctrl+Shift+Z, Ctrl+Y), their texts
    /// naming the step ("Undo v_b 0.5 → 0.8"), as window-wide actions of window.
    QMenu* addEditMenu(QMenuBar* bar, QWidget* window);

    /// What changed from before to after: system, law, method or regularization by name, else
    /// the parameters ("v_b 0.5 → 0.8", "μ_s, μ_k", "5 values").
    static QString describeChange(const fl::Scenario& before, const fl::Scenario& after);
    /// Same system, law, method, regularization and values.
    static bool sameScenario(const fl::Scenario& a, const fl::Scenario& b);

private:
    QUndoStack* m_stack;
    Apply m_apply;
    fl::Scenario m_current;
};

} // namespace fl::ui
