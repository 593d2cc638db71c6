#pragma once
#include "contact/contact_settings.h"

#include <QJsonObject>
#include <QMap>
#include <QStringList>
#include <QWidget>

class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace fl {
struct ContactFit;
}

namespace fl::ui {

class ParameterRow;

/// The contact explorer's inputs: shape and pressure, the approximants' (b, m) with a Fit button,
/// the regularization (eta, eps) and the direction (theta, phi). Every number has a ParameterRow
/// generated from contactSpecs() (tooltip: meaning, unit, allowed range, default). An edit that
/// keeps the settings valid emits settingsChanged; any other shows its error next to the field
/// (with the allowed range) and emits inputRejected, and the settings stay as they were.
/// The polygon's vertices are checked while typing and applied on Return or when the field
/// loses focus. Choosing a pressure resets (b, m) to the fitted defaults for it (approximant_fit.h).
class ContactControls : public QWidget {
    Q_OBJECT
public:
    explicit ContactControls(QWidget* parent = nullptr);

    /// The settings as last accepted (always valid).
    const ContactSettings& settings() const { return m_settings; }
    /// Shows settings (valid ones) in every field; emits nothing.
    void setSettings(const ContactSettings& settings);
    /// The settings as a session keeps them (contact_session.cpp): shape, pressure, polygon and
    /// every number by its id.
    QJsonObject saveSetup() const;
    /// Shows a saved setup, field by field (a field the contact cannot take is a warning and keeps
    /// its value); emits nothing. True when the settings changed.
    bool restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings);

    /// Puts the fitted (b, m) of both approximants into their fields and emits settingsChanged.
    void applyFit(const ContactFit& fit);
    /// Shows the rms of the current (b, m) against the integral model (negative: not defined).
    void showRms(double rmsI00, double rmsI11);
    /// While a fit runs the Fit button is disabled and says so.
    void setFitRunning(bool running);

    /// Every input error on display, one per line (empty when all fields are accepted).
    QString errorText() const;
    ParameterRow* row(const QString& id) const { return m_rows.value(id); }
    QComboBox* shapeCombo() const { return m_shape; }
    QComboBox* pressureCombo() const { return m_pressure; }
    QLineEdit* polygonEdit() const { return m_polygon; }
    QPushButton* fitButton() const { return m_fit; }
    QLabel* rmsLabel() const { return m_rms; }
    QLabel* fitLabel() const { return m_fitInfo; }

signals:
    void settingsChanged(const fl::ContactSettings& settings);
    void inputRejected(const QString& message);
    void fitRequested();

private:
    QWidget* buildContactBox();
    QWidget* buildApproximantBox();
    QWidget* buildLawBox();
    QGridLayout* addRows(QWidget* box, const QStringList& ids);
    void onEdited(const QString& id, double value);
    void onInvalidText(const QString& id, const QString& message);
    void onShapeChosen();
    void onPressureChosen();
    /// Parses and validates polygon text, showing the error under the field; on success puts
    /// the vertices into candidate (if given).
    bool checkPolygon(const QString& text, ContactSettings* candidate);
    void onPolygonFinished();
    void resetApproximants();
    /// (b, m) of both approximants to the fitted defaults for candidate's pressure, in the fields too.
    void setApproximantDefaults(ContactSettings& candidate);
    void setApproximants(ContactSettings& candidate, fl::contact::ApproximantParams i00, fl::contact::ApproximantParams i11);
    void updateVisibility();
    /// Accepts candidate if valid (emits settingsChanged), else shows why next to errorRow.
    void accept(const ContactSettings& candidate, const QString& errorRow);

    ContactSettings m_settings;
    QMap<QString, ParameterRow*> m_rows;
    QComboBox* m_shape = nullptr;
    QComboBox* m_pressure = nullptr;
    QWidget* m_ellipseBox = nullptr;
    QWidget* m_rectangleBox = nullptr;
    QWidget* m_polygonBox = nullptr;
    QLineEdit* m_polygon = nullptr;
    QLabel* m_polygonError = nullptr;
    QLabel* m_i11Note = nullptr;
    QPushButton* m_fit = nullptr;
    QPushButton* m_defaults = nullptr;
    QLabel* m_rms = nullptr;
    QLabel* m_fitInfo = nullptr;
    bool m_fitRunning = false;
};

} // namespace fl::ui
