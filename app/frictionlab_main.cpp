// FrictionLab GUI: everything lives in ui/ (frictionlab_ui, frictionlab_analysis_ui).
//   frictionlab [FILE.frictionlab] [--scene N] [--preset ID] [--play]
// FILE opens a session or lecture (--scene N: its N-th scene, from 1); --preset opens a published
// or teaching case; --play starts it playing live (a lecturer's desktop shortcut). With none of
// these the last session is restored (File -> Restore Last Session on Start turns that off), and
// its first run plays at once.
#include "bridge/escape_controls.h"
#include "bridge/worker_pool.h"
#include "analysis/workbench.h"
#include "model/model_manager.h"
#include "session/open_at_start.h"
#include "session/session_manager.h"
#include "widgets/guarded_application.h"
#include "widgets/main_window.h"
#include "playback/playback_controller.h"

#include "systems/system_registry.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

#include <cstdio>
#include <memory>

namespace {

/// One line "frictionlab: ..." on stderr; text from the command line or a file is escaped
/// (fl::ui::escapeControls: no ESC sequence or bidirectional override reaches the terminal).
void printError(const QString& line)
{
    std::fprintf(stderr, "frictionlab: %s\n", qPrintable(fl::ui::escapeControls(line)));
}

} // namespace

int main(int argc, char* argv[])
{
    fl::ui::GuardedApplication app(argc, argv); // an exception in a slot is reported, not fatal
    QApplication::setOrganizationName(QStringLiteral("FrictionLab"));
    QApplication::setApplicationName(QStringLiteral("FrictionLab"));
    QApplication::setApplicationVersion(QStringLiteral(FRICTIONLAB_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/frictionlab.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("See and teach dry-friction dynamics."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption preset(QStringLiteral("preset"), QStringLiteral("Open the case with this preset id (see frictionlab-cli list)."),
                                    QStringLiteral("ID"));
    const QCommandLineOption play(QStringLiteral("play"), QStringLiteral("Start playing live at once."));
    const QCommandLineOption scene(QStringLiteral("scene"), QStringLiteral("With a lecture FILE: open its scene N (1 = first)."),
                                   QStringLiteral("N"));
    parser.addOption(preset);
    parser.addOption(play);
    parser.addOption(scene);
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A session or lecture (.frictionlab), or a model file (.flmodel), to open."), QStringLiteral("[FILE]"));
    // A parse error names what was typed: printed here, escaped (process() would echo it raw).
    if (!parser.parse(QApplication::arguments())) {
        printError(parser.errorText());
        return 2;
    }
    parser.process(app); // --help, --help-all, --version
    const QString presetId = parser.value(preset);
    if (!presetId.isEmpty() && !fl::findPreset(presetId.toStdString())) {
        printError(QStringLiteral("unknown preset '%1' (frictionlab-cli list shows the presets)").arg(presetId));
        return 2;
    }
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        std::fprintf(stderr, "frictionlab: one session file at a time (got %d)\n", int(files.size()));
        return 2;
    }
    int sceneNumber = 0;
    if (parser.isSet(scene)) {
        bool ok = false;
        sceneNumber = parser.value(scene).toInt(&ok);
        if (!ok || sceneNumber < 1 || files.isEmpty()) { // a wrong command line (not a file): one line
            std::fprintf(stderr, "frictionlab: --scene expects a number from 1 and a lecture FILE\n");
            return 2;
        }
    }
    fl::ui::installWorkerPool(); // the core's parallel loops share one pool sized to the cores
    fl::ui::MainWindow window;
    QObject::connect(&app, &fl::ui::GuardedApplication::exceptionCaught, &window,
                     [&window](const QString& message) { window.showNote(message, true); });
    auto* workbench = new fl::ui::Workbench(window); // owned by the window
    auto* sessions = new fl::ui::SessionManager(window, *workbench);
    auto* models = new fl::ui::ModelManager(window);
    // A file that cannot be opened (what a file manager's double click gives) still opens the
    // window, with the last good state, and says why in a dialog (session/open_at_start.h).
    const QString failure = fl::ui::openAtStart({files.value(0), sceneNumber, !presetId.isEmpty()}, *sessions, *models);
    if (!presetId.isEmpty())
        window.loadPreset(presetId);
    if (parser.isSet(play)) {
        window.setLive(true);
    } else if (files.isEmpty()) {
        // Opened without a file: the first thing a hall sees is the block moving. The first run
        // on screen plays (Space pauses it).
        auto once = std::make_shared<QMetaObject::Connection>();
        *once = QObject::connect(&window, &fl::ui::MainWindow::runDisplayed, &window, [&window, once] {
            QObject::disconnect(*once);
            if (!window.isLive())
                window.playback()->play();
        });
    }
    window.show();
    if (!failure.isEmpty())
        fl::ui::showOpenFailure(window, failure);
    return QApplication::exec();
}
