#include "help/help_context.h"
#include "help/help_browser.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "widgets/main_window.h"
#include "document/document.h"

#include "analysis/analysis_catalog.h"
#include "friction/friction_law.h"
#include "scenario/scenario.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QMenu>
#include <QMenuBar>

namespace fl::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("fl::ui::Help", text); }

/// The help page of a tab's view: the catalog's page of the analysis the view shows (the workbench
/// names each view's catalog id in its "analysisId" property; the analysis views live in another library).
QString pageOfView(const QWidget* view)
{
    if (!view)
        return {};
    const fl::AnalysisInfo* analysis = fl::findAnalysis(view->property("analysisId").toString().toStdString());
    return analysis ? QString::fromStdString(analysis->helpPage) : QString();
}

/// The law's section on its family's page (fl::lawHelpPage, fl::lawHelpAnchor).
QUrl lawUrl(const fl::FrictionLawInfo& law)
{
    return helpUrl(QString::fromStdString(fl::lawHelpPage(law)), QString::fromStdString(fl::lawHelpAnchor(law)));
}

} // namespace

const QList<HelpPage>& helpPages()
{
    static const QList<HelpPage> pages = {
        {QStringLiteral("index.html"), tr("Welcome: how to use this help")},
        {QStringLiteral("system-belt.html"), tr("S1 · Block on a moving belt")},
        {QStringLiteral("system-disk.html"), tr("S2 · Disk on a moving belt")},
        {QStringLiteral("system-pendulum.html"), tr("S3 · Pendulum on a rotating disk")},
        {QStringLiteral("system-brake.html"), tr("S4 · Two-DOF brake model")},
        {QStringLiteral("system-bk-chain.html"), tr("S5 · Burridge–Knopoff chain")},
        {QStringLiteral("system-absorber.html"), tr("S6 · Vibration absorber with dry friction")},
        {QStringLiteral("system-abs.html"), tr("S7 · ABS wheel")},
        {QStringLiteral("model-files.html"), tr("Model files: your own oscillator")},
        {QStringLiteral("laws-1d.html"), tr("Friction laws along a line")},
        {QStringLiteral("laws-memory.html"), tr("Friction laws with memory")},
        {QStringLiteral("contact-models.html"), tr("Friction on a plane contact")},
        {QStringLiteral("regularizations.html"), tr("Regularization and methods")},
        {QStringLiteral("plots.html"), tr("Reading the simulation plots")},
        {QStringLiteral("poincare.html"), tr("Poincaré section")},
        {QStringLiteral("bifurcation.html"), tr("Bifurcation diagram")},
        {QStringLiteral("continuation.html"), tr("Continuation: following an orbit")},
        {QStringLiteral("map.html"), tr("Two-parameter maps")},
        {QStringLiteral("lyapunov.html"), tr("Lyapunov exponents")},
        {QStringLiteral("compare-methods.html"), tr("Compare methods")},
        {QStringLiteral("contact-explorer.html"), tr("Contact explorer")},
        {QStringLiteral("papers.html"), tr("What FrictionLab found in the papers")},
    };
    return pages;
}

QUrl helpUrl(const QString& file, const QString& anchor)
{
    QUrl url(QStringLiteral("qrc:/help/") + file);
    if (!anchor.isEmpty())
        url.setFragment(anchor);
    return url;
}

HelpContext contextHelp(const MainWindow& window)
{
    HelpContext context;
    const QWidget* tab = window.tabs() ? window.currentView() : nullptr;
    const bool simulationTab = !window.tabs() || window.tabs()->currentIndex() == 0;
    // In a part of the tab's view with a page of its own (the Bifurcation tab's Continuation box),
    // where the keyboard is, that page.
    const QWidget* focus = QApplication::focusWidget();
    const QWidget* part = nullptr;
    for (const QWidget* w = focus; tab && w && w != tab; w = w->parentWidget())
        if (!w->property("analysisId").toString().isEmpty()) {
            part = w;
            break;
        }
    QString page = simulationTab ? pageOfView(window.sideTabs() ? window.currentSideView() : nullptr)
                                 : pageOfView(part && tab->isAncestorOf(part) ? part : tab);
    const fl::Scenario& scenario = window.document()->scenario();
    if (page.isEmpty())
        page = fl::findModel(scenario.systemId) ? QStringLiteral("model-files.html")
                                                : QStringLiteral("system-%1.html").arg(QString::fromStdString(scenario.systemId));
    context.page = helpUrl(page.section(QLatin1Char('#'), 0, 0), page.section(QLatin1Char('#'), 1));
    // Links to what the run uses: its law, and the regularization of a smooth method.
    const fl::FrictionLawInfo* law = fl::findAnyLaw(scenario.lawId);
    if (law)
        context.related.append({tr("Law: %1").arg(QString::fromStdString(law->name)), lawUrl(*law)});
    if (fl::usesRegularization(scenario)) {
        const bool oneDimensional = law && law->family == fl::LawFamily::OneDimensional;
        if (oneDimensional)
            context.related.append({tr("Regularization: %1").arg(QString::fromStdString(fl::regularizationInfo(scenario.regularization).name)),
                                    helpUrl(QStringLiteral("regularizations.html"), QString::fromStdString(fl::regularizationInfo(scenario.regularization).id))});
        else
            context.related.append({tr("Regularized contact law"), helpUrl(QStringLiteral("contact-models.html"), QStringLiteral("regularized"))});
    }
    context.related.append({tr("Method: %1").arg(QString::fromStdString(fl::methodInfo(scenario.method).name)),
                            helpUrl(QStringLiteral("regularizations.html"), QStringLiteral("methods"))});
    return context;
}

HelpBrowser* helpBrowser(const MainWindow& window)
{
    return window.findChild<HelpBrowser*>(QString(), Qt::FindDirectChildrenOnly);
}

HelpBrowser* showHelp(MainWindow& window, const QUrl& url)
{
    HelpBrowser* browser = helpBrowser(window);
    if (!browser) {
        browser = new HelpBrowser(&window);
        QObject::connect(&window, &MainWindow::appearanceChanged, browser, &HelpBrowser::applyAppearance);
    }
    browser->show(); // first: the sketches are drawn for the width the text has on screen
    browser->open(url);
    browser->raise();
    browser->activateWindow();
    return browser;
}

void installHelp(MainWindow& window)
{
    QMenu* menu = window.menuBar()->findChild<QMenu*>(QStringLiteral("helpMenu"));
    if (!menu)
        return;
    const QList<QAction*> existing = menu->actions();
    QAction* before = existing.isEmpty() ? nullptr : existing.first();
    auto* help = new QAction(tr("FrictionLab &Help"), menu);
    help->setObjectName(QStringLiteral("helpAction"));
    help->setShortcut(QKeySequence::HelpContents);
    help->setStatusTip(tr("Opens the help page of what is on screen: the system, the law, the tab"));
    QObject::connect(help, &QAction::triggered, &window, [&window] {
        const HelpContext context = contextHelp(window);
        showHelp(window, context.page)->setRelated(context.related);
    });
    auto* papers = new QAction(tr("&What the papers get wrong"), menu);
    papers->setObjectName(QStringLiteral("papersHelpAction"));
    papers->setStatusTip(tr("The inconsistencies FrictionLab found in the papers, with the numbers and the decisions"));
    QObject::connect(papers, &QAction::triggered, &window, [&window] {
        showHelp(window, helpUrl(QStringLiteral("papers.html")))->setRelated({});
    });
    menu->insertAction(before, help);
    menu->insertAction(before, papers);
    if (before)
        menu->insertSeparator(before);
    // F1 works wherever the focus is inside the main window (its menu bar is not always shown).
    window.addAction(help);
}

} // namespace fl::ui
