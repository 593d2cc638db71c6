#include "analysis/analysis_view_parts.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QLabel>

namespace fl::ui {

QCheckBox* makeLogScaleBox(QWidget* parent, bool checked, std::function<void(bool on)> onToggled)
{
    auto* box = new QCheckBox(QObject::tr("Log scale"), parent);
    box->setChecked(checked);
    box->setToolTip(QObject::tr("Logarithmic axis for the difference plot"));
    QObject::connect(box, &QCheckBox::toggled, parent, std::move(onToggled));
    return box;
}

QLabel* makeMessageLabel(QWidget* parent, const QString& objectName)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("color: #c0392b;"));
    label->hide();
    return label;
}

void setLogValueAxis(QCPAxis* axis, bool log)
{
    axis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    axis->setTicker(log ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog) : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis->setNumberFormat(log ? QStringLiteral("eb") : QStringLiteral("gb"));
    axis->setNumberPrecision(log ? 0 : 6);
}

} // namespace fl::ui
