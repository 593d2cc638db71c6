#pragma once
// FrictionLab's help: the pages compiled in from resources/help (qrc:/help/...), the page for what
// the main window shows (F1), and the Help menu's actions.
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

namespace fl::ui {

class HelpBrowser;
class MainWindow;

struct HelpPage {
    QString file;  ///< under qrc:/help/, e.g. "system-belt.html"
    QString title; ///< as listed in the contents
};

/// The contents, in reading order.
const QList<HelpPage>& helpPages();
/// qrc:/help/<file>, with #anchor when given.
QUrl helpUrl(const QString& file, const QString& anchor = QString());
/// What is on screen, as help: the page to open and links to the pages of what it uses.
struct HelpContext {
    QUrl page;
    QList<QPair<QString, QUrl>> related; ///< (label, page#anchor): the active law, regularization
};
/// The page of what `window` shows (F1): in the Simulation tab the active system's page, with the
/// active law (and regularization, for a smooth method) as related links; the Poincaré or Lyapunov
/// page when that side tab is in front; the page of the Bifurcation, Compare methods or Contact
/// explorer tab.
HelpContext contextHelp(const MainWindow& window);
/// Adds "FrictionLab Help" (F1) and "What the papers get wrong" to the window's Help menu
/// (objectName "helpMenu"). The browser is made on first use, a child window of `window`.
void installHelp(MainWindow& window);
/// Opens (or raises) the window's help browser at url.
HelpBrowser* showHelp(MainWindow& window, const QUrl& url);
/// The window's help browser; null until help was first opened.
HelpBrowser* helpBrowser(const MainWindow& window);

} // namespace fl::ui
