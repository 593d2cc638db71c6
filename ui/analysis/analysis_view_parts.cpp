#include "analysis/analysis_view_parts.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QToolButton>

namespace fl::ui {

QCheckBox* makeLogScaleBox(QWidget* parent, bool checked, std::function<void(bool on)> onToggled)
{
    auto* box = new QCheckBox(QObject::tr("Log scale"), parent);
    box->setChecked(checked);
    box->setToolTip(QObject::tr("Logarithmic axis for the difference plot"));
    QObject::connect(box, &QCheckBox::toggled, parent, std::move(onToggled));
    return box;
}

QToolButton* makeExportButton(QWidget* parent, const QString& toolTip, std::function<void()> fillMenu)
{
    auto* button = new QToolButton(parent);
    button->setText(QObject::tr("Export"));
    button->setToolTip(toolTip);
    button->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(button);
    button->setMenu(menu);
    QObject::connect(menu, &QMenu::aboutToShow, parent, std::move(fillMenu));
    return button;
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

void execPlotExportMenu(QWidget* view, QWidget* plot, const QPoint& position, bool hasData,
                        std::function<void()> exportPlot, const QString& csvText, std::function<void()> exportCsv)
{
    QMenu menu(view);
    menu.addAction(QObject::tr("Export plot (PNG, SVG, PDF)…"), view, std::move(exportPlot));
    menu.addAction(csvText, view, std::move(exportCsv));
    for (QAction* action : menu.actions())
        action->setEnabled(hasData);
    menu.exec(plot->mapToGlobal(position));
}

void askPathAndWrite(QWidget* parent, const QString& caption, const QString& filter, QString& directory,
                     const std::function<bool(const QString& path, QString* error)>& write)
{
    const QString path = QFileDialog::getSaveFileName(parent, caption, directory, filter);
    if (path.isEmpty())
        return;
    directory = QFileInfo(path).absolutePath();
    QString error;
    if (!write(path, &error))
        QMessageBox::warning(parent, QObject::tr("Export failed"), QObject::tr("Could not write %1:\n%2").arg(path, error));
}

void setLogValueAxis(QCPAxis* axis, bool log)
{
    axis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    axis->setTicker(log ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog) : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis->setNumberFormat(log ? QStringLiteral("eb") : QStringLiteral("gb"));
    axis->setNumberPrecision(log ? 0 : 6);
}

} // namespace fl::ui
