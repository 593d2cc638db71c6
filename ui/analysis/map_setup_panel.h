#pragma once
// The settings of a two-parameter map as a form: the case (the main window's scenario), the two
// parameters with their ranges and resolutions, the observable and its recording. Every field
// names its unit and allowed range in its tooltip; the form checks itself with fl::validateMap and
// shows the message in red.
#include "analysis/parameter_map.h"
#include "scenario/scenario.h"

#include <QJsonObject>
#include <QStringList>
#include <QWidget>

#include <string>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace fl::ui {

class MapSetupPanel : public QWidget {
    Q_OBJECT
public:
    explicit MapSetupPanel(QWidget* parent = nullptr);

    /// The main window's scenario becomes the case; axis choices that still exist are kept.
    void setScenario(const fl::Scenario& scenario);
    /// Shows a map in the fields (its parameters and variable must exist in the scenario).
    void setSpec(const fl::MapSpec& spec);

    const fl::Scenario& scenario() const { return m_scenario; }
    /// The map as entered; meaningful when isValid().
    fl::MapSpec spec() const { return m_spec; }
    int threads() const;
    /// The fields for a session (map_setup_session.cpp): both axes, the observable and its
    /// recording, the threads; and back, field by field (one warning per field it cannot take).
    QJsonObject saveSetup() const;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings);
    const std::vector<std::string>& stateNames() const { return m_stateNames; }
    bool isValid() const { return m_message.isEmpty(); }
    QString validationMessage() const { return m_message; }

    QComboBox* parameterCombo(int axis) const { return m_axis[axis].parameter; }
    QLineEdit* fromField(int axis) const { return m_axis[axis].from; }
    QLineEdit* toField(int axis) const { return m_axis[axis].to; }
    QSpinBox* stepsBox(int axis) const { return m_axis[axis].steps; }
    QComboBox* observableCombo() const { return m_observable; }
    QComboBox* variableCombo() const { return m_variable; }
    QLineEdit* transientField() const { return m_transient; }
    QLineEdit* recordField() const { return m_record; }

signals:
    /// A field or the case changed (validity may have changed too).
    void changed();

private:
    struct Axis {
        QComboBox* parameter = nullptr;
        QLineEdit* from = nullptr;
        QLineEdit* to = nullptr;
        QSpinBox* steps = nullptr;
    };
    void buildAxis(QFormLayout* form, int axis, const QString& name);
    void fillParameters();
    /// Range fields of an axis from its parameter: around the case's value, inside the allowed range.
    void defaultRange(int axis);
    void updateHints();
    void revalidate();

    fl::Scenario m_scenario;
    std::vector<std::string> m_stateNames;
    fl::MapSpec m_spec;
    QString m_message;
    bool m_filling = true;

    QLabel* m_caseText;
    Axis m_axis[2];
    QComboBox* m_observable;
    QLabel* m_sectionText; ///< the section period and stick phases count points of
    QComboBox* m_variable;
    QLineEdit* m_transient;
    QLineEdit* m_record;
    QSpinBox* m_maxPeriod;
    QSpinBox* m_threads;
    QLabel* m_messageLabel;
};

} // namespace fl::ui
