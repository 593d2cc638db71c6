#include "analysis/contact_controls.h"
#include "presenter/appearance.h"
#include "analysis/contact_curves.h"
#include "widgets/parameter_row.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace fl::ui {
namespace {

using fl::contact::PressureKind;

QLabel* noteLabel(QWidget* parent, const QString& objectName)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    return label;
}

QString rmsText(double rms) { return rms < 0.0 ? QStringLiteral("–") : QString::number(rms, 'g', 4); }

} // namespace

ContactControls::ContactControls(QWidget* parent) : QWidget(parent), m_settings(ContactSettings::defaults())
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildContactBox());
    layout->addWidget(buildApproximantBox());
    layout->addWidget(buildLawBox());
    layout->addStretch(1);
    setSettings(m_settings);
}

QGridLayout* ContactControls::addRows(QWidget* box, const QStringList& ids)
{
    auto* grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setColumnStretch(1, 1);
    for (const QString& id : ids) {
        const fl::ParameterSpecs& specs = m_settings.values.specs();
        const int index = m_settings.values.index(id.toStdString());
        auto* row = new ParameterRow(specs[static_cast<size_t>(index)], grid, grid->rowCount(), box);
        m_rows.insert(id, row);
        connect(row, &ParameterRow::edited, this, &ContactControls::onEdited);
        connect(row, &ParameterRow::invalidText, this, &ContactControls::onInvalidText);
    }
    return grid;
}

QWidget* ContactControls::buildContactBox()
{
    auto* box = new QGroupBox(tr("Contact area F and pressure σ"), this);
    auto* layout = new QVBoxLayout(box);
    auto* form = new QFormLayout;
    m_shape = new QComboBox(box);
    m_shape->setObjectName(QStringLiteral("shapeCombo"));
    m_shape->addItem(tr("Circle (radius 1)"), int(ContactShapeChoice::Circle));
    m_shape->addItem(tr("Ellipse x²/a² + y²/b² ≤ 1"), int(ContactShapeChoice::Ellipse));
    m_shape->addItem(tr("Rectangle w × h"), int(ContactShapeChoice::Rectangle));
    m_shape->addItem(tr("Polygon"), int(ContactShapeChoice::Polygon));
    m_shape->setToolTip(tr("Shape of the contact area F, lengths in units of the contact length a (JTAM sec. 2).\n"
                           "Rectangles and polygons carry uniform pressure."));
    m_pressure = new QComboBox(box);
    m_pressure->setObjectName(QStringLiteral("pressureCombo"));
    m_pressure->addItem(tr("Uniform, σ = 1/area"), int(PressureKind::Uniform));
    m_pressure->addItem(tr("Hertz, σ ∝ √(1 − x²/a² − y²/b²)"), int(PressureKind::Hertz));
    m_pressure->setToolTip(tr("Dimensionless contact pressure σ(x, y), integral 1 (Help → Contact models).\n"
                              "Choosing it resets (b, m) of the approximants to the values fitted for it."));
    form->addRow(tr("Shape"), m_shape);
    form->addRow(tr("Pressure"), m_pressure);
    layout->addLayout(form);

    m_ellipseBox = new QWidget(box);
    m_ellipseBox->setLayout(addRows(m_ellipseBox, {QStringLiteral("semi_a"), QStringLiteral("semi_b")}));
    m_rectangleBox = new QWidget(box);
    m_rectangleBox->setLayout(addRows(m_rectangleBox, {QStringLiteral("width"), QStringLiteral("height")}));
    m_polygonBox = new QWidget(box);
    auto* polygonLayout = new QVBoxLayout(m_polygonBox);
    polygonLayout->setContentsMargins(0, 0, 0, 0);
    m_polygon = new QLineEdit(m_polygonBox);
    m_polygon->setObjectName(QStringLiteral("polygonEdit"));
    m_polygon->setToolTip(tr("<b>Polygon vertices</b> in order, \"x1,y1; x2,y2; ...\" (at least 3, not repeated at the end),"
                             " in units of the contact length a; a simple polygon of either orientation, anywhere"
                             " relative to the pole A. Uniform pressure."));
    m_polygonError = noteLabel(m_polygonBox, QStringLiteral("polygonError"));
    setScaledStyleSheet(m_polygonError, QStringLiteral("color: #c0392b;"));
    m_polygonError->hide();
    polygonLayout->addWidget(new QLabel(tr("Vertices x,y; x,y; …"), m_polygonBox));
    polygonLayout->addWidget(m_polygon);
    polygonLayout->addWidget(m_polygonError);
    for (QWidget* w : {m_ellipseBox, m_rectangleBox, m_polygonBox})
        layout->addWidget(w);

    connect(m_shape, &QComboBox::activated, this, &ContactControls::onShapeChosen);
    connect(m_pressure, &QComboBox::activated, this, &ContactControls::onPressureChosen);
    // Checked while typing, applied on Return or when the field loses focus: every keystroke
    // would otherwise draw the intermediate polygons.
    connect(m_polygon, &QLineEdit::textEdited, this, [this](const QString& text) { checkPolygon(text, nullptr); });
    connect(m_polygon, &QLineEdit::editingFinished, this, &ContactControls::onPolygonFinished);
    return box;
}

QWidget* ContactControls::buildApproximantBox()
{
    auto* box = new QGroupBox(tr("Approximants I(0,0), I(1,1)"), this);
    box->setToolTip(tr("JTAM (3.3)-(3.4), Acta Mech (2)-(3): n = 1 for I(0,0), n = 3 for I(1,1)."));
    auto* layout = new QVBoxLayout(box);
    // A group box title is plain text: the common denominator is typeset in a label under it.
    QLabel* denominator = noteLabel(box, QStringLiteral("denominatorLabel"));
    denominator->setText(tr("<i>D</i> = (|<i>v</i>|<sup><i>nm</i></sup> + <i>b</i><sup><i>m</i></sup>|<i>ω</i>|<sup><i>nm</i></sup>)"
                            "<sup>1/<i>m</i></sup>, &nbsp;<i>n</i> = 1 for I(0,0), <i>n</i> = 3 for I(1,1)"));
    layout->addWidget(denominator);
    layout->addLayout(addRows(box, {QStringLiteral("b00"), QStringLiteral("m00"), QStringLiteral("b11"), QStringLiteral("m11")}));
    m_i11Note = noteLabel(box, QStringLiteral("i11Note"));
    m_i11Note->setText(tr("<i>I(1,1) needs circularly symmetric pressure (a circle, or an ellipse with a = b): "
                          "it is not shown for this contact.</i>"));
    layout->addWidget(m_i11Note);
    auto* buttons = new QHBoxLayout;
    m_fit = new QPushButton(tr("Fit (b, m)"), box);
    m_fit->setObjectName(QStringLiteral("fitButton"));
    m_defaults = new QPushButton(tr("Fitted defaults"), box);
    m_defaults->setObjectName(QStringLiteral("defaultsButton"));
    m_defaults->setToolTip(tr("(b, m) of both approximants back to FrictionLab's fitted values for this pressure."));
    buttons->addWidget(m_fit);
    buttons->addWidget(m_defaults);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_rms = noteLabel(box, QStringLiteral("rmsLabel"));
    m_rms->setToolTip(tr("Root-mean-square residual sqrt(S / 2N) of T_sx and M_s against the integral model over "
                         "θ ∈ [0, π/2], φ = 0 (the objective of the fit, approximant_fit.h)."));
    m_fitInfo = noteLabel(box, QStringLiteral("fitLabel"));
    layout->addWidget(m_rms);
    layout->addWidget(m_fitInfo);
    connect(m_fit, &QPushButton::clicked, this, &ContactControls::fitRequested);
    connect(m_defaults, &QPushButton::clicked, this, &ContactControls::resetApproximants);
    return box;
}

QWidget* ContactControls::buildLawBox()
{
    auto* box = new QGroupBox(tr("Regularized law and direction (JTAM (2.3), (4.4); Acta Mech (6))"), this);
    auto* layout = new QVBoxLayout(box);
    layout->addLayout(addRows(box, {QStringLiteral("eta"), QStringLiteral("eps"), QStringLiteral("theta"), QStringLiteral("phi")}));
    return box;
}

void ContactControls::setSettings(const ContactSettings& settings)
{
    m_settings = settings;
    m_shape->setCurrentIndex(m_shape->findData(int(settings.shape)));
    m_pressure->setCurrentIndex(m_pressure->findData(int(settings.pressure)));
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it) {
        it.value()->setValue(settings.values.value(it.key().toStdString()));
        it.value()->setError(QString());
    }
    m_polygon->setText(QString::fromStdString(polygonText(settings.polygon)));
    m_polygonError->hide();
    updateVisibility();
}

void ContactControls::updateVisibility()
{
    const ContactShapeChoice shape = m_settings.shape;
    m_ellipseBox->setVisible(shape == ContactShapeChoice::Ellipse);
    m_rectangleBox->setVisible(shape == ContactShapeChoice::Rectangle);
    m_polygonBox->setVisible(shape == ContactShapeChoice::Polygon);
    const bool roundShape = shape == ContactShapeChoice::Circle || shape == ContactShapeChoice::Ellipse;
    m_pressure->setEnabled(roundShape);
    const bool symmetric = m_settings.supportsI11();
    m_rows.value(QStringLiteral("b11"))->setEnabled(symmetric);
    m_rows.value(QStringLiteral("m11"))->setEnabled(symmetric);
    m_i11Note->setVisible(!symmetric);
    m_fit->setEnabled(symmetric && !m_fitRunning);
    m_fit->setToolTip(symmetric ? tr("Least squares of (b, m) for both approximants against 91 samples of the integral model, "
                                     "θ ∈ [0, π/2], φ = 0 (Nelder–Mead, approximant_fit.h); runs on a worker thread.")
                                : tr("The fit's field θ ∈ [0, π/2], φ = 0 represents circularly symmetric contacts only."));
}

void ContactControls::accept(const ContactSettings& candidate, const QString& errorRow)
{
    const fl::Status status = candidate.validate();
    if (!status.ok()) {
        // The combo boxes go back to what the settings hold.
        m_shape->setCurrentIndex(m_shape->findData(int(m_settings.shape)));
        m_pressure->setCurrentIndex(m_pressure->findData(int(m_settings.pressure)));
        const QString message = QString::fromStdString(status.message());
        if (errorRow == QStringLiteral("polygon")) {
            m_polygonError->setText(message);
            m_polygonError->show();
        } else if (ParameterRow* row = m_rows.value(errorRow)) {
            row->setError(message);
        }
        emit inputRejected(message);
        return;
    }
    // A fit's report belongs to the contact it was made for.
    if (!(candidate.contactShape() == m_settings.contactShape()))
        m_fitInfo->clear();
    m_settings = candidate;
    m_pressure->setCurrentIndex(m_pressure->findData(int(m_settings.pressure)));
    updateVisibility();
    emit settingsChanged(m_settings);
}

void ContactControls::onEdited(const QString& id, double value)
{
    ContactSettings candidate = m_settings;
    const fl::Status status = candidate.values.set(id.toStdString(), value);
    ParameterRow* row = m_rows.value(id);
    if (!status.ok()) {
        const QString message = QString::fromStdString(status.message());
        row->setError(message);
        emit inputRejected(message);
        return;
    }
    row->setError(QString());
    accept(candidate, id);
}

void ContactControls::onInvalidText(const QString& id, const QString& message)
{
    m_rows.value(id)->setError(message);
    emit inputRejected(message);
}

void ContactControls::onShapeChosen()
{
    ContactSettings candidate = m_settings;
    candidate.shape = static_cast<ContactShapeChoice>(m_shape->currentData().toInt());
    const bool polygonal = candidate.shape == ContactShapeChoice::Rectangle || candidate.shape == ContactShapeChoice::Polygon;
    if (polygonal && candidate.pressure == PressureKind::Hertz) {
        // Polygons carry uniform pressure: the approximants' defaults follow it.
        candidate.pressure = PressureKind::Uniform;
        setApproximantDefaults(candidate);
    }
    accept(candidate, candidate.shape == ContactShapeChoice::Polygon ? QStringLiteral("polygon") : QString());
}

void ContactControls::onPressureChosen()
{
    ContactSettings candidate = m_settings;
    candidate.pressure = static_cast<PressureKind>(m_pressure->currentData().toInt());
    setApproximantDefaults(candidate);
    accept(candidate, QString());
}

void ContactControls::resetApproximants()
{
    ContactSettings candidate = m_settings;
    setApproximantDefaults(candidate);
    accept(candidate, QString());
}

void ContactControls::setApproximantDefaults(ContactSettings& candidate)
{
    using fl::contact::ApproximantKind;
    const PressureKind pressure = candidate.effectivePressure();
    setApproximants(candidate, fl::contact::defaultApproximantParams(ApproximantKind::I00, pressure),
                    fl::contact::defaultApproximantParams(ApproximantKind::I11, pressure));
}

void ContactControls::setApproximants(ContactSettings& candidate, fl::contact::ApproximantParams i00,
                                      fl::contact::ApproximantParams i11)
{
    // Fitted values lie inside the specs' ranges; a fit that wandered outside keeps the old value.
    candidate.values.set("b00", i00.b);
    candidate.values.set("m00", i00.m);
    candidate.values.set("b11", i11.b);
    candidate.values.set("m11", i11.m);
    for (const QString& id : {QStringLiteral("b00"), QStringLiteral("m00"), QStringLiteral("b11"), QStringLiteral("m11")}) {
        m_rows.value(id)->setValue(candidate.values.value(id.toStdString()));
        m_rows.value(id)->setError(QString());
    }
}

bool ContactControls::checkPolygon(const QString& text, ContactSettings* candidate)
{
    ContactSettings trial = m_settings;
    trial.shape = ContactShapeChoice::Polygon;
    fl::Status status = parsePolygon(text.toStdString(), trial.polygon);
    if (status.ok())
        status = trial.validate();
    if (!status.ok()) {
        m_polygonError->setText(QString::fromStdString(status.message()));
        m_polygonError->show();
        emit inputRejected(m_polygonError->text());
        return false;
    }
    m_polygonError->hide();
    if (candidate)
        candidate->polygon = trial.polygon;
    return true;
}

void ContactControls::onPolygonFinished()
{
    ContactSettings candidate = m_settings;
    if (checkPolygon(m_polygon->text(), &candidate) && candidate.polygon != m_settings.polygon)
        accept(candidate, QStringLiteral("polygon"));
}

void ContactControls::applyFit(const ContactFit& fit)
{
    ContactSettings candidate = m_settings;
    setApproximants(candidate, fit.i00.params, fit.i11.params);
    m_fitInfo->setText(tr("Fit: I(0,0) rms %1%2, I(1,1) rms %3%4 (%5 ms)")
                           .arg(rmsText(fit.i00.rms), fit.i00.converged ? QString() : tr(" (not converged)"),
                                rmsText(fit.i11.rms), fit.i11.converged ? QString() : tr(" (not converged)"))
                           .arg(fit.seconds * 1e3, 0, 'f', 0));
    accept(candidate, QString());
}

void ContactControls::showRms(double rmsI00, double rmsI11)
{
    if (rmsI00 < 0.0 && rmsI11 < 0.0) {
        m_rms->setText(tr("rms: defined for circularly symmetric pressure only."));
        return;
    }
    m_rms->setText(tr("rms against the integral model (θ ∈ [0, π/2], φ = 0):<br>I(0,0) %1, I(1,1) %2").arg(rmsText(rmsI00), rmsText(rmsI11)));
}

void ContactControls::setFitRunning(bool running)
{
    m_fitRunning = running;
    m_fit->setText(running ? tr("Fitting…") : tr("Fit (b, m)"));
    m_fit->setEnabled(!running && m_settings.supportsI11());
}

QString ContactControls::errorText() const
{
    QStringList errors;
    for (ParameterRow* row : m_rows)
        if (!row->error().isEmpty() && row->editor()->isVisibleTo(this))
            errors << row->error();
    if (!m_polygonError->isHidden() && m_settings.shape == ContactShapeChoice::Polygon)
        errors << m_polygonError->text();
    return errors.join(QLatin1Char('\n'));
}

} // namespace fl::ui
