#pragma once
#include "scenario/scenario.h"

#include <QSet>
#include <QString>
#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace fl::ui {

class ParameterRow;

/// The scenario editor: combo boxes for system, friction law, method and regularization, and one
/// ParameterRow per ParameterSpec of the scenario, grouped as system / law / numerics. It owns
/// the edited fl::Scenario; every edit that leaves it valid emits scenarioChanged, every other
/// edit shows its error (next to the field) and emits scenarioRejected instead.
class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(QWidget* parent = nullptr);

    /// The scenario as last accepted (ranges always valid; relations valid unless rejected).
    const fl::Scenario& scenario() const { return m_scenario; }
    /// Shows a scenario: selects its combo entries and rebuilds the rows. Emits nothing.
    void setScenario(const fl::Scenario& scenario);
    /// The row of a parameter id, or nullptr.
    ParameterRow* row(const QString& id) const;
    const std::vector<ParameterRow*>& rows() const { return m_rows; }

    QComboBox* systemCombo() const { return m_system; }
    QComboBox* lawCombo() const { return m_law; }
    QComboBox* methodCombo() const { return m_method; }
    QComboBox* regularizationCombo() const { return m_regularization; }
    QPushButton* resetButton() const { return m_reset; }

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
    void rebuildRows();
    void addGroup(QVBoxLayout* layout, const QString& title, const QString& formula, size_t first, size_t end);
    void syncCombos();
    void updateEnabled();
    void onEdited(const QString& id, double value);
    void onSystemSelected();
    void onLawSelected();
    void onMethodSelected();
    void onRegularizationSelected();
    /// Shows why the text in row id was not applied.
    void rejectInput(const QString& id, const QString& message);
    /// Validates relations; emits scenarioChanged, or shows the error next to row id.
    void checkAndEmit(const QString& id);

    fl::Scenario m_scenario;
    QComboBox* m_system;
    QComboBox* m_law;
    QComboBox* m_method;
    QComboBox* m_regularization;
    QPushButton* m_reset;
    QVBoxLayout* m_rowsLayout;
    QWidget* m_rowsWidget = nullptr;
    std::vector<ParameterRow*> m_rows;
    QSet<QString> m_rejectedInput; ///< rows showing text that was not applied
};

} // namespace fl::ui
