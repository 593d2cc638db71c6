#include "widgets/about_text.h"
#include "friction/friction_law.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QCoreApplication>

namespace fl::ui {
namespace {

QString esc(const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); }

/// One list item (with its detail, if any); the current entry is shown in bold.
QString item(bool current, const QString& name, const QString& detail)
{
    const QString text = detail.isEmpty() ? name : QStringLiteral("%1: <i>%2</i>").arg(name, detail);
    return QStringLiteral("<li>%1</li>").arg(current ? QStringLiteral("<b>%1</b>").arg(text) : text);
}

QString tr(const char* text) { return QCoreApplication::translate("fl::ui::About", text); }

} // namespace

QString aboutHtml(const fl::Scenario& current)
{
    // Names only: the equations, typeset, are in the help (F1), which the registries' one-line
    // formulas (cut with "…", TeX exponents) cannot replace.
    QString html = QStringLiteral("<h3>FrictionLab %1</h3><p>%2</p><p>%3</p>")
                       .arg(QCoreApplication::applicationVersion(),
                            tr("Dry-friction dynamics: stick-slip of mechanical systems under set-valued "
                               "and regularized friction laws. Each parameter's tooltip gives its meaning, "
                               "unit, allowed range and default."),
                            tr("<b>Help → FrictionLab Help (F1)</b> explains what is on screen: each system with "
                               "its sketch and equations of motion, each friction law, how to read every plot, "
                               "and what FrictionLab found in the papers. The entries in use are in bold below."));
    html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Systems"));
    for (const fl::SystemInfo& s : fl::systems())
        html += item(s.id == current.systemId, esc(s.name), QString());
    for (const fl::LawFamilyInfo& family : fl::lawFamilies()) {
        html += QStringLiteral("</ul><p><b>%1</b></p><ul>").arg(esc(family.name));
        for (const fl::FrictionLawInfo& law : family.laws())
            html += item(law.id == current.lawId, esc(law.name), QString());
    }
    html += QStringLiteral("</ul><p><b>%1</b></p><ul>").arg(tr("Regularizations (smooth methods)"));
    const bool smooth = fl::usesRegularization(current);
    for (const fl::RegularizationInfo& r : fl::regularizations())
        html += item(smooth && r.kind == current.regularization, esc(r.name), QString());
    html += QStringLiteral("</ul><p><b>%1</b></p><ul>").arg(tr("Methods"));
    for (const fl::MethodInfo& m : fl::methods())
        html += item(m.method == current.method, esc(m.name), esc(m.description));
    html += QStringLiteral("</ul>");
    return html;
}

} // namespace fl::ui
