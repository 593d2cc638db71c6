#pragma once
// The settings of a bifurcation sweep as a form: the case (system, preset), the swept parameter
// and its range, the transient and the observable. Every field names its unit and allowed range in
// its tooltip; the form checks itself with fl::validateSweep and shows the message in red.
#include "analysis/bifurcation_sweep.h"
#include "scenario/scenario.h"

#include <QWidget>

#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace fl::ui {

class BifurcationRecordingBox;

class BifurcationSetupPanel : public QWidget {
    Q_OBJECT
public:
    explicit BifurcationSetupPanel(QWidget* parent = nullptr);

    /// Takes the main window's scenario: the case to sweep unless a preset is chosen. Sweep
    /// fields that still apply (parameter, variables by name) keep their values.
    void setScenario(const fl::Scenario& scenario);
    /// Chooses a preset by id (its system too); a preset with a sweep fills every field. False if
    /// there is no such preset.
    bool selectPreset(const QString& presetId);
    /// Shows a sweep in the fields (the parameter and variables must exist in the scenario).
    void setSpec(const fl::SweepSpec& spec);

    /// The scenario the sweep starts from.
    const fl::Scenario& scenario() const { return m_scenario; }
    /// The sweep as entered; meaningful when isValid().
    fl::SweepSpec spec() const;
    /// Worker threads chosen (1 .. 256).
    int threads() const;
    /// The note under the threads field, shown while continuation leaves chosen threads idle.
    QLabel* threadsNote() const { return m_threadsNote; }
    /// The scenario's state variable names (empty if the scenario is invalid).
    const std::vector<std::string>& stateNames() const { return m_stateNames; }
    bool isValid() const { return m_message.isEmpty(); }
    /// Why the form cannot start a sweep (empty when it can).
    QString validationMessage() const { return m_message; }

signals:
    /// A field, the case or the scenario changed (validity may have changed too).
    void changed();

private:
    void buildCaseBox(QFormLayout* form);
    void buildSweepBox(QFormLayout* form);
    void connectSweepBox();
    void onSystemSelected();
    void onPresetSelected();
    /// The selected system's case: the main window's scenario if it is that system, else its defaults.
    void useSystem();
    void useScenario(const fl::Scenario& scenario);
    void fillPresets();
    void fillParameters();
    void updateParameterHints();
    void revalidate();
    void updateThreadsNote();

    fl::Scenario m_external;  ///< the scenario from setScenario
    fl::Scenario m_scenario;  ///< the case being swept
    std::vector<std::string> m_stateNames;
    QString m_message;
    bool m_filling = true;    ///< fields are being filled programmatically (or built)

    QComboBox* m_system;
    QComboBox* m_preset;
    QLabel* m_caseText;
    QComboBox* m_parameter;
    QLineEdit* m_from;
    QLineEdit* m_to;
    QLabel* m_fromUnit;
    QLabel* m_toUnit;
    QSpinBox* m_steps;
    QComboBox* m_direction;
    QCheckBox* m_continuation;
    QSpinBox* m_threads;
    QLabel* m_threadsNote;
    BifurcationRecordingBox* m_recording;
    QLabel* m_error;
};

} // namespace fl::ui
