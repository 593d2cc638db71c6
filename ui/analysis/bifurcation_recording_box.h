#pragma once
// The "Recording" part of the bifurcation form: transient, samples, recording time and the
// observable (maxima of a variable, a hyperplane section, a stroboscopic section) with the rows
// that belong to it.
#include "analysis/bifurcation_sweep.h"

#include <QGroupBox>

#include <string>
#include <vector>

class QComboBox;
class QFormLayout;
class QLineEdit;
class QSpinBox;

namespace fl::ui {

class BifurcationRecordingBox : public QGroupBox {
    Q_OBJECT
public:
    explicit BifurcationRecordingBox(QWidget* parent = nullptr);

    /// The state variables (column ids) of a system to choose from, shown by their display
    /// labels; selections are kept by id where they still exist.
    void setStateNames(const std::string& systemId, const std::vector<std::string>& names);
    /// Shows the recording part of a sweep (state indices must be valid for the names).
    void showSpec(const fl::SweepSpec& spec);
    /// Writes the recording part into a sweep (numbers that do not parse are left as they are).
    void applyTo(fl::SweepSpec& spec) const;
    /// The first field of the observable in use whose text is not a number (marked red), or empty.
    QString fieldError();
    /// Marks the period field (a period written as an expression that the sweep's check refused).
    void markPeriod(bool valid);
    /// Marks the section field (a plane the sweep's check refused).
    void markSection(bool valid);

signals:
    void changed();

private:
    void updateRows();

    QFormLayout* m_form;
    QLineEdit* m_transient;
    QSpinBox* m_samples;
    QLineEdit* m_maxRecordTime;
    QComboBox* m_observable;
    QComboBox* m_variable;
    QComboBox* m_sectionVariable;
    QLineEdit* m_level;
    QComboBox* m_crossing;
    QLineEdit* m_period;
    bool m_showing = false; ///< showSpec in progress: one changed() at its end
};

} // namespace fl::ui
