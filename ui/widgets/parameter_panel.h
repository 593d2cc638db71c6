#pragma once
#include "scenario/scenario.h"

#include <QSet>
#include <QString>
#include <QWidget>

#include <map>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace fl::ui {

class ParameterRow;
class ParameterUndo;

/// The scenario editor: combo boxes for system, friction law, method and regularization, and one
/// ParameterRow per ParameterSpec of the scenario, grouped as system / law / numerics. It owns
/// the edited fl::Scenario; every edit that leaves it valid emits scenarioChanged, every other
/// edit shows its error (next to the field) and emits scenarioRejected instead. Every applied
/// change (a slider drag, a typed value, a combo box, reset, a loaded scenario) is one step of
/// its undo history. The wheel changes a slider or combo box only while the user has given it
/// the keyboard focus (WheelGuard); otherwise it scrolls the scroll area the panel sits in.
class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(QWidget* parent = nullptr);

    /// The scenario as last accepted (ranges always valid; relations valid unless rejected).
    const fl::Scenario& scenario() const { return m_scenario; }
    /// Shows a scenario: selects its combo entries and shows its values (new rows for another
    /// system or law; a narrowed slider keeps its narrowing where its parameter stays). Emits
    /// nothing and is no undo step: the history goes on from this scenario.
    void setScenario(const fl::Scenario& scenario);
    /// Shows a scenario as one undoable step (a preset, a clicked bifurcation column); emits
    /// nothing: the caller simulates it. undoText names the step ("preset acta2016-fig9");
    /// empty: what changed ("ω₀ 40 → 52.5").
    void loadScenario(const fl::Scenario& scenario, const QString& undoText = QString());
    /// The undo history of the changes made here (the window's Edit menu: Undo, Redo). Undo and
    /// redo show a snapshot and emit scenarioChanged, as an edit does.
    ParameterUndo* undo() const { return m_undo; }
    /// The row of a parameter id, or nullptr.
    ParameterRow* row(const QString& id) const;
    const std::vector<ParameterRow*>& rows() const { return m_rows; }

    QComboBox* systemCombo() const { return m_system; }
    QComboBox* lawCombo() const { return m_law; }
    QComboBox* methodCombo() const { return m_method; }
    QComboBox* regularizationCombo() const { return m_regularization; }
    /// The stiff integrator of the regularized method (top of the Numerics group).
    QComboBox* integratorCombo() const { return m_integrator; }
    QPushButton* resetButton() const { return m_reset; }
    /// What every other system was left at: switching to a system shows its remembered
    /// scenario (S1 -> S2 -> S1 keeps the edits of S1); never holds the current system.
    std::vector<fl::Scenario> rememberedScenarios() const;
    /// Replaces that memory (a session being opened); entries of the current system are dropped.
    void setRememberedScenarios(const std::vector<fl::Scenario>& scenarios);

public slots:
    /// Every parameter of the current system, law and method back to its default.
    void resetToDefaults();

signals:
    /// The scenario changed and is valid: simulate it.
    void scenarioChanged(const fl::Scenario& scenario);
    /// An edit was not applied, or left the scenario invalid; message says why.
    void scenarioRejected(const QString& message);

private:
    void buildModelBox(QVBoxLayout* layout);
    /// setScenario without touching the undo history.
    void showScenario(const fl::Scenario& scenario);
    /// Undo/redo: shows a snapshot and simulates it like an edit.
    void showFromHistory(const fl::Scenario& scenario);
    /// The values of m_scenario in the existing rows (same system and law).
    void showValues();
    void rebuildRows();
    /// A titled group of rows; leadingLabel/leading (optional) is a first row above them.
    void addGroup(QVBoxLayout* layout, const QString& title, const QString& formula, size_t first, size_t end,
                  const QString& leadingLabel = QString(), QWidget* leading = nullptr);
    /// The Numerics group's integrator choice (rebuilt with the rows).
    QComboBox* makeIntegratorCombo();
    /// The method combo: the scenario's method, items the system or law does not take disabled.
    void syncMethods();
    void syncCombos();
    void updateEnabled();
    void onEdited(const QString& id, double value);
    void onSystemSelected();
    void onLawSelected();
    void onMethodSelected();
    void onRegularizationSelected();
    void onIntegratorSelected();
    /// Shows why the text in row id was not applied.
    void rejectInput(const QString& id, const QString& message);
    /// Validates relations; records an undo step (merged with the last one of the same
    /// mergeKey; undoText names it) and emits scenarioChanged, or shows the error next to row id.
    void checkAndEmit(const QString& id, const QString& mergeKey = QString(), const QString& undoText = QString());

    fl::Scenario m_scenario;
    QComboBox* m_system;
    QComboBox* m_law;
    QComboBox* m_method;
    QComboBox* m_regularization;
    QComboBox* m_integrator = nullptr;
    QPushButton* m_reset;
    QVBoxLayout* m_rowsLayout;
    QWidget* m_rowsWidget = nullptr;
    std::vector<ParameterRow*> m_rows;
    std::string m_rowsSystem;      ///< the system the rows were built for
    ParameterUndo* m_undo = nullptr;
    QSet<QString> m_rejectedInput; ///< rows showing text that was not applied
    std::map<std::string, fl::Scenario> m_remembered; ///< rememberedScenarios(), by system id
};

} // namespace fl::ui
