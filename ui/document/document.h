#pragma once
// The application's document: the state a session saves and undo walks through, kept outside the
// widgets. It holds the scenario, what every other system was left at, the preset the scenario came
// from, the view in front (main tab and side tab) and each analysis view's setup. Widgets observe it
// through its signals and change it through its commands; none of them owns this state. The undo
// history belongs here too (whole-scenario snapshots, ParameterUndo), as in LabPlot's backend, where
// the model's setters push their own undo commands: an undo restores the document, and every
// observer (the parameter panel, the simulation, the views) follows it as it follows an edit.
#include "scenario/scenario.h"

#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <map>
#include <string>
#include <vector>

class QWidget;

namespace fl::ui {

class ViewSetup;
class ParameterUndo;
class SetupEdits;

/// How the scenario came to change: observers simulate everything but a Replaced one.
enum class ScenarioChange {
    Edited,  ///< an edit in the parameter panel (one undo step, merged while a slider is dragged)
    Undone,  ///< undo or redo restored a snapshot
    Loaded,  ///< a preset, a clicked bifurcation column or map cell, an opened session (one undo step)
    Replaced ///< shown without an undo step or a run (the history goes on from it)
};

class Document : public QObject {
    Q_OBJECT
public:
    /// Starts at fl::defaultScenario(), with an empty history.
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    const fl::Scenario& scenario() const { return m_scenario; }

    /// Commands on the scenario. Each makes the scenario current (the system left behind is
    /// remembered as it was) and emits scenarioChanged. The scenario must be valid (fl::validate):
    /// the editor checks it first and shows what is wrong next to the field.
    /// An edit: one undo step, merged with the step before when both have the same non-empty
    /// mergeKey (one slider drag); undoText names it (empty: what changed, "v_b 0.5 → 0.8").
    void edit(const fl::Scenario& scenario, const QString& mergeKey = QString(), const QString& undoText = QString());
    /// A scenario from elsewhere (a preset, a picked column, a session): one undo step.
    void load(const fl::Scenario& scenario, const QString& undoText = QString());
    /// Shown without an undo step, and not simulated.
    void replace(const fl::Scenario& scenario);
    /// The undo history (the Edit menu's Undo and Redo).
    ParameterUndo* undo() const { return m_undo; }

    /// What another system was left at (switching back to it shows it); null when none.
    const fl::Scenario* remembered(const std::string& systemId) const;
    /// Every other system's remembered scenario, by system id; never the current system.
    std::vector<fl::Scenario> rememberedScenarios() const;
    /// Replaces that memory (a session being opened); entries of the current system are dropped.
    void setRememberedScenarios(const std::vector<fl::Scenario>& scenarios);

    /// The published or teaching case the scenario came from (empty: none).
    QString presetId() const { return m_presetId; }
    /// An edit or undo happened since the preset was set (the title says "(changed)").
    bool isPresetChanged() const { return m_presetChanged; }
    /// Names the preset (an unknown id names none) as unchanged.
    void setPresetId(const QString& presetId);
    /// A preset's scenario (one undo step, undoText), named as the preset before any observer hears
    /// of the scenario; then presetOpened, so that the views it concerns set themselves up for it.
    void loadPreset(const fl::Scenario& scenario, const QString& presetId, const QString& undoText = QString());

    /// The catalog id of the main tab in front ("simulation", "map", ...) and of the side tab
    /// ("characteristic", "poincare", "lyapunov"). Setting one emits the signal that the workbench
    /// follows by showing that view; the workbench sets them when the user changes tabs.
    QString openView() const { return m_openView; }
    QString openSideView() const { return m_openSideView; }
    void setOpenView(const QString& id);
    void setOpenSideView(const QString& id);

    /// The analysis views whose setups the document keeps, by catalog id (the workbench adds
    /// them as it builds them; a view lives as long as the document's window). The document holds
    /// each view's setup from then on: a session saves the document's copy, not the widgets'.
    /// With its widget, the user's edits of its setup are undo steps named "<title> setup"
    /// (document/setup_edits.h); a view that changes its setup later at the user's request (a
    /// fit's result) says so through ViewSetup::setupEdited.
    void addView(const QString& id, ViewSetup* view, QWidget* widget = nullptr, const QString& title = QString());
    /// The view's setup now, if the user changed it since the document last took it: one undo
    /// step (merged with the step before when both have the same non-empty mergeKey), and
    /// setupChanged. Called by SetupEdits after each input event that reached the view.
    void recordSetupEdit(const QString& id, const QString& mergeKey = QString());
    /// The views followed the document by themselves (a scenario, a preset, a tab shown): their
    /// setups as they are now are the document's, with no undo step. The document calls it after
    /// each of its own changes; the workbench after what it asks of the views outside those.
    void takeViewSetups();
    /// Shows a setup in its view (an undo or redo step) and takes it as the view's.
    void showSetup(const QString& id, const QJsonObject& setup);
    /// The document's copy of every view's setup that is not empty, by id, as a session saves it
    /// (an edit whose step still waits for the event loop is recorded first).
    QMap<QString, QJsonObject> setups();
    /// Shows saved setups; returns what a view could not take ("view.setups.map.x.steps: ...").
    QStringList restoreSetups(const QMap<QString, QJsonObject>& setups);

signals:
    void scenarioChanged(const fl::Scenario& scenario, fl::ui::ScenarioChange how);
    /// The preset or its changed mark.
    void presetChanged(const QString& presetId, bool changed);
    /// A preset was loaded (loadPreset), after scenarioChanged: the views it concerns follow it.
    void presetOpened(const QString& presetId);
    void openViewChanged(const QString& id);
    void openSideViewChanged(const QString& id);
    /// A view's setup changed by the user, or by undo or redo (the session is modified).
    void setupChanged(const QString& id);

private:
    /// Makes scenario current, remembering the system left, and emits scenarioChanged.
    void show(const fl::Scenario& scenario, ScenarioChange how);
    fl::Scenario m_scenario;
    ParameterUndo* m_undo = nullptr;
    std::map<std::string, fl::Scenario> m_remembered; ///< by system id
    QString m_presetId;
    bool m_presetChanged = false;
    QString m_openView;
    QString m_openSideView;
    QMap<QString, ViewSetup*> m_views;
    QMap<QString, QString> m_titles;
    QMap<QString, QJsonObject> m_setups; ///< each view's setup: what the view shows, what a session saves
    SetupEdits* m_edits = nullptr;
};

} // namespace fl::ui
