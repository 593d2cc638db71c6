#include "analysis/bifurcation_recording_box.h"
#include "analysis/bifurcation_number_field.h"
#include "plotdata/variable_text.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <numbers>

namespace fl::ui {
namespace {

constexpr int kIdRole = Qt::UserRole + 1; ///< a variable item's column id (its text is the display label)

QComboBox* combo(const QString& name, const QString& tip, QWidget* parent)
{
    auto* box = new QComboBox(parent);
 box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // shrinks with the column, elided
 box->setMinimumContentsLength(8);
    box->setObjectName(name);
    box->setToolTip(tip);
    return box;
}

} // namespace

BifurcationRecordingBox::BifurcationRecordingBox(QWidget* parent) : QGroupBox(tr("Recording"), parent)
{
    m_form = new QFormLayout(this);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_transient = makeNumberField(QStringLiteral("transient"), tr("Transient"),
                                  tr("Time integrated and discarded at every value before recording (time unit of "
                                     "the system). Allowed: >= 0"), this);
    m_samples = new QSpinBox(this);
    m_samples->setObjectName(QStringLiteral("samples"));
    m_samples->setRange(1, 100000);
    m_samples->setToolTip(tr("Points recorded per value (section points or maxima). Allowed: [1, 100000]"));
    m_maxRecordTime = makeNumberField(QStringLiteral("maxRecordTime"), tr("Max record time"),
                                      tr("Recording stops after this time even with fewer points (time unit of the "
                                         "system). Allowed: > 0"), this);
    m_observable = combo(QStringLiteral("observable"),
                         tr("What is plotted over the parameter: local maxima of a variable, its values where a\n"
                            "state variable crosses a level, or its values once per period"), this);
    m_observable->addItem(tr("Maxima of the recorded variable"), int(fl::SweepObservable::Maxima));
    m_observable->addItem(tr("Hyperplane section"), int(fl::SweepObservable::Hyperplane));
    m_observable->addItem(tr("Stroboscopic section"), int(fl::SweepObservable::Stroboscopic));
    m_variable = combo(QStringLiteral("variable"), tr("The state variable whose values are plotted"), this);
    m_sectionVariable = combo(QStringLiteral("sectionVariable"),
                              tr("Hyperplane: the state variable that crosses the level, or type a plane through several,\n"
                                 "affine with coefficients of the parameters: x1 - x2, dx1 + 0.5*x1, x - d (evaluated at\n"
                                 "each swept value; a velocity as dx or x')"), this);
    m_sectionVariable->setEditable(true); // a typed plane stays text (not a new item)
    m_sectionVariable->setInsertPolicy(QComboBox::NoInsert);
    m_level = makeNumberField(QStringLiteral("level"), tr("Level"), tr("Hyperplane: the crossing level (any number)"), this);
    m_crossing = combo(QStringLiteral("crossing"), tr("Hyperplane: which crossings count"), this);
    m_crossing->addItem(tr("Upward"), 1);
    m_crossing->addItem(tr("Downward"), -1);
    m_crossing->addItem(tr("Both"), 0);
    m_period = makeNumberField(QStringLiteral("period"), tr("Period"),
                               tr("Stroboscopic: the section period, t = k T (time unit of the system): a number, or an\n"
                                  "expression of the parameters evaluated at each swept value, e.g. 2*pi/w. Allowed: > 0"),
                               this);
    setNumberField(m_period, 2.0 * std::numbers::pi);
    m_level->setText(QStringLiteral("0"));
    m_form->addRow(tr("Transient"), m_transient);
    m_form->addRow(tr("Samples"), m_samples);
    m_form->addRow(tr("Max record time"), m_maxRecordTime);
    m_form->addRow(tr("Observable"), m_observable);
    m_form->addRow(tr("Recorded variable"), m_variable);
    m_form->addRow(tr("Section variable"), m_sectionVariable);
    m_form->addRow(tr("Level"), m_level);
    m_form->addRow(tr("Crossing"), m_crossing);
    m_form->addRow(tr("Period"), m_period);

    auto notify = [this] {
        if (!m_showing)
            emit changed();
    };
    for (QLineEdit* edit : {m_transient, m_maxRecordTime, m_level, m_period})
        connect(edit, &QLineEdit::textChanged, this, notify);
    connect(m_samples, &QSpinBox::valueChanged, this, notify);
    for (QComboBox* box : {m_variable, m_sectionVariable, m_crossing})
        connect(box, &QComboBox::currentIndexChanged, this, notify);
    connect(m_sectionVariable, &QComboBox::editTextChanged, this, notify);
    connect(m_observable, &QComboBox::currentIndexChanged, this, [this, notify] {
        updateRows();
        notify();
    });
    updateRows();
}

void BifurcationRecordingBox::setStateNames(const std::string& systemId, const std::vector<std::string>& names)
{
    // Items show the display label (x′, φ [rad]); the column id under kIdRole keeps a selection.
    for (QComboBox* box : {m_variable, m_sectionVariable}) {
        const QVariant previous = box->currentData(kIdRole);
        const QSignalBlocker block(box);
        box->clear();
        for (size_t i = 0; i < names.size(); ++i) {
            box->addItem(variableText(systemId, names[i]), int(i));
            box->setItemData(box->count() - 1, QString::fromStdString(names[i]), kIdRole);
        }
        box->setCurrentIndex(std::max(0, box->findData(previous, kIdRole)));
    }
}

void BifurcationRecordingBox::showSpec(const fl::SweepSpec& spec)
{
    m_showing = true;
    setNumberField(m_transient, spec.transient);
    m_samples->setValue(spec.samples);
    setNumberField(m_maxRecordTime, spec.maxRecordTime);
    selectData(m_observable, int(spec.observable));
    selectData(m_variable, spec.variable);
    selectData(m_sectionVariable, spec.sectionVariable);
    if (!spec.sectionPlane.empty())
        m_sectionVariable->setEditText(QString::fromStdString(spec.sectionPlane));
    setNumberField(m_level, spec.level);
    selectData(m_crossing, spec.crossingDirection);
    if (!spec.periodText.empty())
        m_period->setText(QString::fromStdString(spec.periodText));
    else if (spec.period > 0.0)
        setNumberField(m_period, spec.period);
    m_showing = false;
    updateRows();
    emit changed();
}

void BifurcationRecordingBox::applyTo(fl::SweepSpec& spec) const
{
    readNumberField(m_transient, spec.transient);
    spec.samples = m_samples->value();
    readNumberField(m_maxRecordTime, spec.maxRecordTime);
    spec.observable = static_cast<fl::SweepObservable>(m_observable->currentData().toInt());
    spec.variable = std::max(0, m_variable->currentData().toInt());
    // Maxima and strobes need no section variable; keep it valid (it is then the recorded one).
    spec.sectionVariable = spec.observable == fl::SweepObservable::Hyperplane
                               ? std::max(0, m_sectionVariable->currentData().toInt())
                               : spec.variable;
    // Hyperplane: the text shown, an item's label or id is that variable, anything else a plane (x1 - x2).
    spec.sectionPlane.clear();
    const QString typed = m_sectionVariable->currentText().trimmed();
    if (spec.observable == fl::SweepObservable::Hyperplane && !typed.isEmpty()) {
        int item = m_sectionVariable->findText(typed);
        if (item < 0)
            item = m_sectionVariable->findData(typed, kIdRole);
        if (item >= 0)
            spec.sectionVariable = m_sectionVariable->itemData(item).toInt();
        else
            spec.sectionPlane = typed.toStdString();
    }
    readNumberField(m_level, spec.level);
    spec.crossingDirection = m_crossing->currentData().toInt();
    // A number, or an expression of the parameters (2*pi/w), which the sweep's check parses.
    double period = 0.0;
    if (readNumberField(m_period, period)) {
        spec.period = period;
        spec.periodText.clear();
    } else {
        spec.periodText = m_period->text().trimmed().toStdString();
    }
}

QString BifurcationRecordingBox::fieldError()
{
    const auto kind = static_cast<fl::SweepObservable>(m_observable->currentData().toInt());
    QString message;
    for (QLineEdit* field : {m_transient, m_maxRecordTime, m_level, m_period}) {
        // Level and period count only for their observable.
        const bool relevant = (field != m_level || kind == fl::SweepObservable::Hyperplane)
                              && (field != m_period || kind == fl::SweepObservable::Stroboscopic);
        double scratch = 0.0;
        QString error;
        // The period may be an expression (checked with the parameters' names by the sweep's check).
        const bool expression = field == m_period && !field->text().trimmed().isEmpty();
        const bool ok = !relevant || readNumberField(field, scratch, &error) || expression;
        markNumberField(field, ok);
        if (!ok && message.isEmpty())
            message = error;
    }
    return message;
}

void BifurcationRecordingBox::markPeriod(bool valid)
{
    if (!valid) // fieldError() cleared it: a valid period stays as it marked it
        markNumberField(m_period, false);
}

void BifurcationRecordingBox::markSection(bool valid)
{
    markNumberField(m_sectionVariable->lineEdit(), valid);
}

void BifurcationRecordingBox::updateRows()
{
    const auto kind = static_cast<fl::SweepObservable>(m_observable->currentData().toInt());
    const bool hyperplane = kind == fl::SweepObservable::Hyperplane;
    m_form->setRowVisible(m_sectionVariable, hyperplane);
    m_form->setRowVisible(m_level, hyperplane);
    m_form->setRowVisible(m_crossing, hyperplane);
    m_form->setRowVisible(m_period, kind == fl::SweepObservable::Stroboscopic);
}

} // namespace fl::ui
