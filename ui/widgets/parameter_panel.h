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

class Document;
enum class ScenarioChange;
class ParameterRow;
class StartStateNote;
class ParameterUndo;

/// The scenario editor: combo boxes for system, friction law, method and regularization, and one
/// ParameterRow per ParameterSpec of the scenario, grouped as system / law / numerics. It edits the
/// scenario of a Document (document/document.h) and shows whatever the document holds: every edit
/// that leaves the scenario valid is the document's edit command (one undo step of the document's
/// history) and emits scenarioChanged; every other edit shows its error (next to the field) and
/// emits scenarioRejected instead, and the document keeps its last valid scenario. The wheel changes a slider or combo box only while the user has given it
/// the keyboard focus (WheelGuard); otherwise it scrolls the scroll area the panel sits in.
class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    /// Edits `document`, which must outlive the panel.
    explicit ParameterPanel(Document& document, QWidget* parent = nullptr);
    /// A panel with a document of its own (a panel on its own, as in tests).
    explicit ParameterPanel(QWidget* parent = nullptr);

    Document& document() const { return *m_document; }
    /// The scenario in the fields (ranges always valid; relations valid unless rejected, when the
    /// document still holds the last valid one).
    const fl::Scenario& scenario() const { return m_scenario; }
    /// Document::replace: shows a scenario (its combo entries and values; new rows for another
    /// system or law; a narrowed slider keeps its narrowing where its parameter stays) without an
    /// undo step or a run: the history goes on from this scenario.
    void setScenario(const fl::Scenario& scenario);
    /// Document::load: a scenario as one undoable step (a preset, a clicked bifurcation column),
    /// simulated by the document's observers. undoText names the step ("preset acta2016-fig9");
    /// empty: what changed ("ω₀ 40 → 52.5").
    void loadScenario(const fl::Scenario& scenario, const QString& undoText = QString());
    /// The document's undo history (the window's Edit menu: Undo, Redo). Undo and redo show a
    /// snapshot here and emit scenarioChanged, as an edit does.
    ParameterUndo* undo() const;
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
    /// The line shown while the scenario starts from a loaded state.
    StartStateNote* startStateNote() const { return m_startState; }
    /// The document's memory of every other system (Document::rememberedScenarios): switching to
    /// a system shows its remembered scenario (S1 -> S2 -> S1 keeps the edits of S1).
    std::vector<fl::Scenario> rememberedScenarios() const;
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
    void build();
    void buildModelBox(QVBoxLayout* layout);
    /// Shows a scenario in the fields (the document is not changed).
    void showScenario(const fl::Scenario& scenario);
    /// The document changed: shown here, unless it is this panel's own edit.
    void onDocumentChanged(const fl::Scenario& scenario, ScenarioChange how);
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

    Document* m_document;
    bool m_committing = false; ///< inside the document's edit command of this panel's edit
    fl::Scenario m_scenario;
    QComboBox* m_system;
    QComboBox* m_law;
    QComboBox* m_method;
    QComboBox* m_regularization;
    QComboBox* m_integrator = nullptr;
    QPushButton* m_reset;
    StartStateNote* m_startState;
    QVBoxLayout* m_rowsLayout;
    QWidget* m_rowsWidget = nullptr;
    std::vector<ParameterRow*> m_rows;
    std::string m_rowsSystem;      ///< the system the rows were built for
    QSet<QString> m_rejectedInput; ///< rows showing text that was not applied
};

} // namespace fl::ui
