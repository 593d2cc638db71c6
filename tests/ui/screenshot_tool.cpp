// frictionlab_screenshot: grabs the main window (QWidget::grab) to a PNG once the scenario asked
// for has been simulated and plotted; used for docs/screenshot.png and by the ui_screenshot test.
//   frictionlab_screenshot OUT.png [--system ID] [--law ID] [--method ID] [--regularization ID]
//                          [--size WxH] [--preset ID] [--time T] [--live SECONDS] [--mechanism-only]
//                          [--theme light|dark|high-contrast] [--scale S] [--no-panel] [--layout N] [--sweep] [--continue]
//                          [--side TITLE]
//                          [--map X:FROM:TO:N,Y:FROM:TO:M,OBSERVABLE[,TRANSIENT,RECORD]]
// --time seeks the playback to T (cursors and mechanism); --live plays live for SECONDS first;
// --sweep shows the Bifurcation tab after running its sweep (the preset's, e.g. a frequency response);
// --continue runs the Continuation box's default continuation there too (after --sweep), its box in view;
// --map shows the Map tab after computing that map of the case.
#include "bridge/simulation_controller.h"
#include "analysis/bifurcation_view.h"
#include "analysis/continuation_box.h"
#include "analysis/map_setup_panel.h"
#include "analysis/map_view.h"
#include "analysis/slip_event_view.h"
#include "analysis/workbench.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"

#include "model/model_manager.h"

#include <QPushButton>
#include <QScrollArea>
#include "playback/playback_controller.h"
#include "presenter/appearance.h"
#include "presenter/presenter_bar.h"

#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QPixmap>
#include <QThread>

#include <cstdio>

namespace {

/// Runs the event loop until done() or `limitMs` have passed (a full published diagram, e.g. the
/// brake's 401 values, takes longer than a run).
bool waitFor(const std::function<bool()>& done, qint64 limitMs = 30000)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > limitMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(2);
    }
    return true;
}

/// Selects the combo entry whose data is id; false if there is none.
bool select(QComboBox* combo, const QString& id)
{
    if (id.isEmpty())
        return true;
    const int index = combo->findData(id);
    if (index < 0)
        return false;
    combo->setCurrentIndex(index);
    return true;
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("FrictionLab"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Grabs the FrictionLab main window to a PNG."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("output"), QStringLiteral("PNG file to write"));
    const QCommandLineOption system(QStringLiteral("system"), QStringLiteral("System id"), QStringLiteral("id"));
    const QCommandLineOption law(QStringLiteral("law"), QStringLiteral("Friction law id"), QStringLiteral("id"));
    const QCommandLineOption method(QStringLiteral("method"), QStringLiteral("Method id"), QStringLiteral("id"));
    const QCommandLineOption regularization(QStringLiteral("regularization"), QStringLiteral("Regularization id"),
                                            QStringLiteral("id"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size WxH"), QStringLiteral("WxH"),
                                  QStringLiteral("1400x900"));
    const QCommandLineOption preset(QStringLiteral("preset"), QStringLiteral("Preset id"), QStringLiteral("id"));
    const QCommandLineOption time(QStringLiteral("time"), QStringLiteral("Playback time to show"), QStringLiteral("t"));
    const QCommandLineOption live(QStringLiteral("live"), QStringLiteral("Play live for this many seconds first"),
                                  QStringLiteral("seconds"));
    const QCommandLineOption mechanismOnly(QStringLiteral("mechanism-only"), QStringLiteral("The mechanism fills the window"));
    const QCommandLineOption theme(QStringLiteral("theme"), QStringLiteral("Theme id"), QStringLiteral("id"), QStringLiteral("light"));
    const QCommandLineOption scale(QStringLiteral("scale"), QStringLiteral("Presenter scale 1..3"), QStringLiteral("s"), QStringLiteral("1"));
    const QCommandLineOption noPanel(QStringLiteral("no-panel"), QStringLiteral("Collapse the parameter panel"));
    const QCommandLineOption layout(QStringLiteral("layout"), QStringLiteral("Plot layout index (PresenterBar)"), QStringLiteral("n"));
    const QCommandLineOption sweep(QStringLiteral("sweep"), QStringLiteral("Run the Bifurcation tab's sweep and show it"));
    const QCommandLineOption continuation(QStringLiteral("continue"),
                                          QStringLiteral("Run the Bifurcation tab's continuation (its setup for the case) and show it"));
    const QCommandLineOption tab(QStringLiteral("tab"), QStringLiteral("Show the tab with this title, e.g. \"Slip events\""), QStringLiteral("title"));
    const QCommandLineOption map(QStringLiteral("map"), QStringLiteral("Compute this map in the Map tab and show it"),
                                 QStringLiteral("X:FROM:TO:N,Y:FROM:TO:M,OBSERVABLE[,TRANSIENT,RECORD]"));
    const QCommandLineOption side(QStringLiteral("side"), QStringLiteral("Show the side tab with this title, e.g. \"Lyapunov\""),
                                  QStringLiteral("title"));
    const QCommandLineOption model(QStringLiteral("model"), QStringLiteral("Open this model file (.flmodel) first"), QStringLiteral("file"));
    parser.addOptions({system, law, method, regularization, size, preset, time, live, mechanismOnly, theme, scale, noPanel, layout, sweep, continuation, tab, map, side, model});
    parser.process(app);
    if (parser.positionalArguments().size() != 1)
        parser.showHelp(2);

    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    fl::ui::MainWindow window;
    new fl::ui::Workbench(window); // the application's tabs, as a user sees them
    window.resize(wh.value(0).toInt(), wh.value(1).toInt());
    window.show();
    fl::ui::ParameterPanel* panel = window.findChild<fl::ui::ParameterPanel*>();
    auto* models = new fl::ui::ModelManager(window);
    if (QString error; parser.isSet(model) && !models->openFile(parser.value(model), &error)) {
        std::fprintf(stderr, "model: %s\n", qPrintable(error));
        return 2;
    }
    if (parser.isSet(preset) && !window.loadPreset(parser.value(preset))) {
        std::fprintf(stderr, "unknown preset\n");
        return 2;
    }
    if (!select(panel->systemCombo(), parser.value(system)) || !select(panel->lawCombo(), parser.value(law)) || !select(panel->methodCombo(), parser.value(method))
        || !select(panel->regularizationCombo(), parser.value(regularization))) {
        std::fprintf(stderr, "unknown system, law, method or regularization id\n");
        return 2;
    }
    const bool shown = waitFor([&] {
        return window.currentRun() && window.currentRun()->runId == window.controller()->latestRunId();
    });
    if (!shown) {
        std::fprintf(stderr, "no run was displayed: %s\n", qPrintable(window.statusMessage()));
        return 1;
    }
    window.setMechanismOnly(parser.isSet(mechanismOnly));
    fl::ui::Appearance appearance;
    appearance.themeId = parser.value(theme);
    appearance.scale = parser.value(scale).toDouble();
    window.setAppearance(appearance);
    window.setPanelShown(!parser.isSet(noPanel));
    if (parser.isSet(layout))
        window.setPlotLayout(static_cast<fl::ui::PlotLayout>(parser.value(layout).toInt()));
    if (parser.isSet(time))
        window.playback()->seek(parser.value(time).toDouble());
    if (parser.isSet(live)) {
        window.setLive(true);
        QElapsedTimer playing;
        playing.start();
        waitFor([&] { return playing.elapsed() > parser.value(live).toDouble() * 1000.0; });
        window.playback()->pause();
    }
    if (parser.isSet(sweep)) {
        auto* view = window.findChild<fl::ui::BifurcationView*>();
        if (!view) {
            std::fprintf(stderr, "no bifurcation view\n");
            return 1;
        }
        window.showView(view);
        if (parser.isSet(preset))
            view->selectPreset(parser.value(preset));
        bool finished = false;
        QObject::connect(view, &fl::ui::BifurcationView::sweepFinished, [&finished] { finished = true; });
        if (!view->start() || !waitFor([&] { return finished; }, 300000)) {
            std::fprintf(stderr, "the sweep did not finish: %s\n", qPrintable(view->statusText()));
            return 1;
        }
    }
    if (parser.isSet(continuation)) {
        auto* view = window.findChild<fl::ui::BifurcationView*>();
        if (!view) {
            std::fprintf(stderr, "no bifurcation view\n");
            return 1;
        }
        window.showView(view);
        fl::ui::ContinuationBox* box = view->continuationBox();
        bool finished = false;
        QObject::connect(box, &fl::ui::ContinuationBox::finished, [&finished] { finished = true; });
        if (!box->start() || !waitFor([&] { return finished; }, 300000)) {
            std::fprintf(stderr, "the continuation did not finish: %s\n", qPrintable(box->statusText()));
            return 1;
        }
        for (QWidget* up = box->parentWidget(); up; up = up->parentWidget())
            if (auto* scroll = qobject_cast<QScrollArea*>(up)) {
                scroll->ensureWidgetVisible(box->continueButton());
                break;
            }
    }
    if (parser.isSet(map)) {
        auto* view = window.findChild<fl::ui::MapView*>();
        const QStringList parts = parser.value(map).split(QLatin1Char(','));
        if (!view || parts.size() < 3) {
            std::fprintf(stderr, "no map view, or --map is not X:FROM:TO:N,Y:FROM:TO:M,OBSERVABLE\n");
            return 2;
        }
        window.showView(view);
        fl::MapSpec spec = view->setupPanel()->spec();
        fl::MapAxis* axes[2] = {&spec.x, &spec.y};
        for (int k = 0; k < 2; ++k) {
            const QStringList a = parts[k].split(QLatin1Char(':'));
            *axes[k] = {a.value(0).toStdString(), a.value(1).toDouble(), a.value(2).toDouble(), a.value(3).toInt()};
        }
        fl::parseMapObservable(parts[2].toStdString(), spec.observable);
        if (parts.size() >= 5) {
            spec.transient = parts[3].toDouble();
            spec.record = parts[4].toDouble();
        }
        view->setupPanel()->setSpec(spec);
        bool finished = false;
        QObject::connect(view, &fl::ui::MapView::mapFinished, [&finished] { finished = true; });
        if (!view->start() || !waitFor([&] { return finished; }, 600000)) {
            std::fprintf(stderr, "the map did not finish: %s\n", qPrintable(view->statusText()));
            return 1;
        }
    }
    if (parser.isSet(tab)) {
        int index = -1;
        for (int i = 0; i < window.tabs()->count(); ++i)
            if (window.tabs()->tabText(i) == parser.value(tab))
                index = i;
        if (index < 0 || !window.tabs()->isTabVisible(index)) {
            std::fprintf(stderr, "no visible tab '%s'\n", qPrintable(parser.value(tab)));
            return 2;
        }
        window.tabs()->setCurrentIndex(index);
        if (auto* slips = qobject_cast<fl::ui::SlipEventView*>(window.viewAt(index)))
            waitFor([&] { return slips->data() && !slips->isComputing(); });
    }
    if (parser.isSet(side)) {
        bool found = false;
        for (int i = 0; i < window.sideTabs()->count(); ++i)
            if (window.sideTabs()->tabText(i) == parser.value(side)) {
                window.sideTabs()->setCurrentIndex(i);
                found = true;
            }
        if (!found) {
            std::fprintf(stderr, "no side tab '%s'\n", qPrintable(parser.value(side)));
            return 2;
        }
    }
    // Let the queued replots and the repaint happen.
    QElapsedTimer settle;
    settle.start();
    waitFor([&] { return settle.elapsed() > 300; });
    const QString path = parser.positionalArguments().first();
    if (!window.grab().save(path)) {
        std::fprintf(stderr, "could not write %s\n", qPrintable(path));
        return 1;
    }
    std::printf("wrote %s (%dx%d): %s\n", qPrintable(path), window.width(), window.height(),
                qPrintable(window.runSummary()));
    return 0;
}
