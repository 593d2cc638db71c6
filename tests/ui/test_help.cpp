// The help (ui/help, resources/help): every page in the contents loads from the compiled-in
// resources with a title, its images and internal links resolve, no equation is cut or left as
// TeX; F1 opens the page of what the main window shows; every page is rendered to PNG (900x700,
// and 1280x720 dark at 150 %) into the build directory. (The installed tree: test_install.cpp.)
#include "analysis/bifurcation_view.h"
#include "analysis/contact_explorer.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/method_comparison.h"
#include "analysis/poincare_view.h"
#include "analysis/workbench.h"
#include "help/help_browser.h"
#include "help/help_context.h"
#include "presenter/appearance.h"
#include "widgets/about_text.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"

#include "friction/friction_law.h"
#include "friction/regularization.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QIcon>
#include <QLabel>
#include <QPainter>
#include <QScrollBar>
#include <QSet>
#include <QStandardPaths>
#include <QTextBlock>
#include <QTest>

using namespace fl::ui;

namespace {

struct Fragments {
    QStringList images;  ///< image names as written
    QStringList links;   ///< hrefs as written
    QSet<QString> anchors;
};

Fragments fragmentsOf(const QTextDocument* doc)
{
    Fragments out;
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat format = it.fragment().charFormat();
            if (format.isImageFormat())
                out.images << format.toImageFormat().name();
            if (format.isAnchor()) {
                if (!format.anchorHref().isEmpty())
                    out.links << format.anchorHref();
                for (const QString& name : format.anchorNames())
                    out.anchors.insert(name);
            }
        }
    }
    return out;
}

QString screenshotDir()
{
    const QString dir = QStringLiteral(FRICTIONLAB_HELP_SCREENSHOTS);
    QDir().mkpath(dir);
    return dir;
}

QAction* helpAction(MainWindow& window) { return window.findChild<QAction*>(QStringLiteral("helpAction")); }

QString pageShown(MainWindow& window)
{
    HelpBrowser* browser = helpBrowser(window);
    return browser ? browser->currentPage().fileName() : QString();
}

} // namespace

class TestHelp : public QObject {
    Q_OBJECT
private slots:
    /// help.qrc and icons.qrc are linked into the program without Q_INIT_RESOURCE.
    void resourcesAreCompiledIn()
    {
        QVERIFY(QFile::exists(QStringLiteral(":/help/index.html")));
        QVERIFY(QFile::exists(QStringLiteral(":/help/sketches/belt.svg")));
        QVERIFY(QFile::exists(QStringLiteral(":/icons/frictionlab.svg")));
        const QIcon icon(QStringLiteral(":/icons/frictionlab.svg"));
        QVERIFY(!icon.pixmap(32, 32).isNull());
        QVERIFY(!QImage(QStringLiteral(":/icons/frictionlab-16.png")).isNull());
    }

    /// Every page of the contents: title, images, internal links (and their anchors), no cut or TeX.
    void everyPageIsComplete()
    {
        HelpBrowser browser;
        browser.resize(900, 700);
        browser.show();
        QVERIFY(helpPages().size() >= 14);
        QHash<QString, QSet<QString>> anchors; // page file -> anchor names
        QList<QPair<QString, QUrl>> links;     // (page, resolved link)
        for (const HelpPage& page : helpPages()) {
            const QUrl url = helpUrl(page.file);
            QVERIFY2(QFile::exists(QStringLiteral(":/help/") + page.file), qPrintable(page.file));
            browser.open(url);
            QTextDocument* doc = browser.text()->document();
            QVERIFY2(!doc->isEmpty(), qPrintable(page.file));
            QVERIFY2(!browser.text()->documentTitle().isEmpty(), qPrintable(page.file + ": no <title>"));
            const QString text = doc->toPlainText();
            QVERIFY2(!text.contains(QChar(0x2026)), qPrintable(page.file + ": contains '…'"));
            for (const char* tex : {"^{", "_{", "\\frac", "\\sqrt", "$$"})
                QVERIFY2(!text.contains(QLatin1String(tex)), qPrintable(page.file + ": raw TeX " + tex));
            const Fragments f = fragmentsOf(doc);
            for (const QString& image : f.images) {
                const QVariant resource = doc->resource(QTextDocument::ImageResource, QUrl(image));
                const QImage img = resource.value<QImage>();
                QVERIFY2(!img.isNull(), qPrintable(page.file + ": image " + image));
                // Never wider than the text view.
                QVERIFY2(img.width() / img.devicePixelRatio() <= browser.text()->viewport()->width(), qPrintable(page.file + ": " + image));
            }
            if (page.file.startsWith(QLatin1String("system-")))
                QVERIFY2(!f.images.isEmpty(), qPrintable(page.file + ": no sketch"));
            anchors[page.file] = f.anchors;
            for (const QString& href : f.links)
                links.append({page.file, url.resolved(QUrl(href))});
            // Nothing (table, image, long formula) wider than the text view at 900x700.
            QCoreApplication::processEvents();
            QVERIFY2(doc->idealWidth() <= browser.text()->viewport()->width() + 1,
                     qPrintable(page.file + QStringLiteral(": %1 px wide in a %2 px view").arg(doc->idealWidth()).arg(browser.text()->viewport()->width())));
        }
        for (const auto& [from, link] : links) {
            if (link.scheme() != QLatin1String("qrc"))
                continue;
            const QString file = link.adjusted(QUrl::RemoveFragment).fileName();
            QVERIFY2(QFile::exists(QStringLiteral(":") + link.path()), qPrintable(from + " links to " + link.toString()));
            QVERIFY2(anchors.contains(file), qPrintable(from + " links to a page not in the contents: " + file));
            if (!link.fragment().isEmpty())
                QVERIFY2(anchors[file].contains(link.fragment()), qPrintable(from + " links to a missing anchor " + link.toString()));
        }
        QVERIFY(links.size() > 50);
        // The anchors F1's related links point at: every law, regularization and method section.
        for (const fl::FrictionLawInfo& law : fl::lawsOf(fl::LawFamily::OneDimensional))
            QVERIFY2(anchors[QString::fromStdString(fl::lawHelpPage(law))].contains(QString::fromStdString(law.id)), law.id.c_str());
        for (const fl::FrictionLawInfo& law : fl::lawsOf(fl::LawFamily::PlaneContact))
            QVERIFY2(anchors[QStringLiteral("contact-models.html")].contains(QString::fromStdString(law.id)), law.id.c_str());
        QVERIFY(anchors[QStringLiteral("contact-models.html")].contains(QStringLiteral("regularized")));
        for (const fl::RegularizationInfo& r : fl::regularizations())
            QVERIFY2(anchors[QStringLiteral("regularizations.html")].contains(QString::fromStdString(r.id)), r.id.c_str());
        QVERIFY(anchors[QStringLiteral("regularizations.html")].contains(QStringLiteral("methods")));
        QVERIFY(anchors[QStringLiteral("regularizations.html")].contains(QStringLiteral("epsilon")));
    }

    /// Each page rendered as the user sees it; the PNGs are looked at by hand.
    void screenshots()
    {
        const QString dir = screenshotDir();
        HelpBrowser browser;
        browser.resize(900, 700);
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));
        for (const HelpPage& page : helpPages()) {
            browser.open(helpUrl(page.file));
            QCoreApplication::processEvents();
            const QString name = QFileInfo(page.file).completeBaseName();
            QVERIFY(browser.grab().save(dir + QStringLiteral("/") + name + QStringLiteral(".png")));
            // The whole page in one image, for reading it through.
            QTextDocument* doc = browser.text()->document();
            QImage full(doc->size().toSize(), QImage::Format_ARGB32);
            full.fill(browser.text()->palette().base().color());
            QPainter painter(&full);
            doc->drawContents(&painter);
            painter.end();
            QVERIFY(full.save(dir + QStringLiteral("/full-") + name + QStringLiteral(".png")));
        }
        // A lecture hall: dark theme at 150 % in a 1280x720 window.
        const Appearance saved = currentAppearance();
        Appearance dark;
        dark.themeId = QStringLiteral("dark");
        dark.scale = 1.5;
        setCurrentAppearance(dark);
        browser.applyAppearance();
        browser.resize(1280, 720);
        for (const QString& file : {QStringLiteral("system-belt.html"), QStringLiteral("system-pendulum.html")}) {
            browser.open(helpUrl(file));
            QCoreApplication::processEvents();
            QVERIFY(browser.grab().save(dir + QStringLiteral("/dark150-") + QFileInfo(file).completeBaseName() + QStringLiteral(".png")));
            QTextDocument* doc = browser.text()->document();
            QImage full(doc->size().toSize(), QImage::Format_ARGB32);
            full.fill(browser.text()->palette().base().color());
            QPainter painter(&full);
            doc->drawContents(&painter);
            painter.end();
            QVERIFY(full.save(dir + QStringLiteral("/full-dark150-") + QFileInfo(file).completeBaseName() + QStringLiteral(".png")));
        }
        setCurrentAppearance(saved);
    }

    /// F1 opens the active system's page with the law in use linked; the tab or side tab in front
    /// chooses the page otherwise.
    void f1OpensThePageOfWhatIsOnScreen()
    {
        MainWindow window;
        auto* bench = new Workbench(window);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(helpAction(window));
        QCOMPARE(helpAction(window)->shortcut(), QKeySequence(QKeySequence::HelpContents));
        QTest::keyClick(&window, Qt::Key_F1);
        QVERIFY(helpBrowser(window));
        QVERIFY(helpBrowser(window)->isVisible());
        QCOMPARE(pageShown(window), QStringLiteral("system-belt.html"));
        QVERIFY(helpBrowser(window)->relatedLabel()->text().contains(QStringLiteral("laws-1d.html#coulomb")));
        // A resized browser draws its sketches again for the new width once the resize has settled.
        helpBrowser(window)->resize(900, 700);
        QTest::qWait(400);
        QVERIFY(helpBrowser(window)->grab().save(screenshotDir() + QStringLiteral("/f1-belt.png")));
        {
            const Fragments f = fragmentsOf(helpBrowser(window)->text()->document());
            QVERIFY(!f.images.isEmpty());
            const QImage sketch = helpBrowser(window)->text()->document()->resource(QTextDocument::ImageResource, QUrl(f.images.first())).value<QImage>();
            QVERIFY2(sketch.width() / sketch.devicePixelRatio() >= 560, "the sketch follows the wider window");
        }

        QVERIFY(window.loadPreset(QStringLiteral("jtam2016-fig4a")));
        QCOMPARE(window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("disk"));
        helpAction(window)->trigger();
        QCOMPARE(pageShown(window), QStringLiteral("system-disk.html"));
        QVERIFY(helpBrowser(window)->relatedLabel()->text().contains(QStringLiteral("contact-models.html#I00")));

        QVERIFY(window.loadPreset(QStringLiteral("acta2016-fig6a")));
        helpAction(window)->trigger();
        QCOMPARE(pageShown(window), QStringLiteral("system-pendulum.html"));
        QVERIFY(helpBrowser(window)->relatedLabel()->text().contains(QStringLiteral("contact-models.html#regularized")));

        const QList<QPair<QWidget*, QString>> tabs = {{bench->viewAs<fl::ui::BifurcationView>("bifurcation"), QStringLiteral("bifurcation.html")},
                                                      {bench->viewAs<fl::ui::MethodComparison>("compare"), QStringLiteral("compare-methods.html")},
                                                      {bench->viewAs<fl::ui::ContactExplorer>("contact"), QStringLiteral("contact-explorer.html")}};
        for (const auto& [view, page] : tabs) {
            window.showView(view);
            helpAction(window)->trigger();
            QCOMPARE(pageShown(window), page);
        }
        // The ε study tab, where the window has one, opens "Choosing ε, and the ε study".
        for (int i = 1; i < window.tabs()->count(); ++i) {
            if (QLatin1String(window.viewAt(i)->metaObject()->className()) == QLatin1String("fl::ui::EpsStudyView")) {
                window.tabs()->setCurrentIndex(i);
                helpAction(window)->trigger();
                QCOMPARE(pageShown(window), QStringLiteral("regularizations.html"));
                QCOMPARE(helpBrowser(window)->text()->source().fragment(), QStringLiteral("epsilon"));
            }
        }
        window.tabs()->setCurrentIndex(0);
        window.showSideView(bench->viewAs<fl::ui::PoincareView>("poincare"));
        helpAction(window)->trigger();
        QCOMPARE(pageShown(window), QStringLiteral("poincare.html"));
        window.showSideView(bench->viewAs<fl::ui::LyapunovPanel>("lyapunov"));
        helpAction(window)->trigger();
        QCOMPARE(pageShown(window), QStringLiteral("lyapunov.html"));
        window.sideTabs()->setCurrentIndex(0);
        helpAction(window)->trigger();
        QCOMPARE(pageShown(window), QStringLiteral("system-pendulum.html"));

        // The contact explorer's approximant box: a plain title, the denominator typeset under it.
        auto* denominator = bench->viewAs<fl::ui::ContactExplorer>("contact")->findChild<QLabel*>(QStringLiteral("denominatorLabel"));
        QVERIFY(denominator);
        QVERIFY(denominator->text().contains(QLatin1String("<sup>")));
        for (const QGroupBox* box : bench->viewAs<fl::ui::ContactExplorer>("contact")->findChildren<QGroupBox*>())
            QVERIFY2(!box->title().contains(QChar(0x207F)) && !box->title().contains(QLatin1String("^(")), qPrintable(box->title()));

        // The papers action, and one browser for the window.
        auto* papers = window.findChild<QAction*>(QStringLiteral("papersHelpAction"));
        QVERIFY(papers);
        papers->trigger();
        QCOMPARE(pageShown(window), QStringLiteral("papers.html"));
        QCOMPARE(window.findChildren<HelpBrowser*>().size(), 1);
    }

    /// Find (Ctrl+F's bar) locates text and wraps round.
    void findInPage()
    {
        HelpBrowser browser;
        browser.open(helpUrl(QStringLiteral("system-belt.html")));
        QVERIFY(browser.find(QStringLiteral("stick-slip")));
        QVERIFY(browser.find(QStringLiteral("stick-slip")));
        QVERIFY(!browser.find(QStringLiteral("no such words in the page")));
    }

    /// The About box no longer prints the registries' cut or TeX formulas.
    void aboutIsClean()
    {
        for (const char* system : {"belt", "disk", "pendulum"}) {
            fl::Scenario scenario;
            scenario.systemId = system;
            const QString html = aboutHtml(scenario);
            QVERIFY(!html.contains(QChar(0x2026)));
            QVERIFY(!html.contains(QLatin1String("^{")));
            QVERIFY(html.contains(QLatin1String("F1")));
        }
    }
};

QTEST_MAIN(TestHelp)
#include "test_help.moc"
