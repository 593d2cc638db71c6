// FrictionLab GUI: everything lives in ui/ (frictionlab_ui, frictionlab_analysis_ui).
//   frictionlab [--preset ID] [--play]
// --preset opens a published or teaching case, --play starts it playing live (a lecturer's
// desktop shortcut). A session file argument joins these when sessions exist.
#include "analysis/workbench.h"
#include "widgets/main_window.h"

#include "systems/system_registry.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("FrictionLab"));
    QApplication::setApplicationVersion(QStringLiteral(FRICTIONLAB_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("See and teach dry-friction dynamics."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption preset(QStringLiteral("preset"), QStringLiteral("Open the case with this preset id (see frictionlab-cli list)."),
                                    QStringLiteral("ID"));
    const QCommandLineOption play(QStringLiteral("play"), QStringLiteral("Start playing live at once."));
    parser.addOption(preset);
    parser.addOption(play);
    parser.process(app);
    const QString presetId = parser.value(preset);
    if (!presetId.isEmpty() && !fl::findPreset(presetId.toStdString())) {
        std::fprintf(stderr, "frictionlab: unknown preset '%s' (frictionlab-cli list shows the presets)\n", qPrintable(presetId));
        return 2;
    }

    fl::ui::MainWindow window;
    new fl::ui::Workbench(window); // owned by the window
    if (!presetId.isEmpty())
        window.loadPreset(presetId);
    if (parser.isSet(play))
        window.setLive(true);
    window.show();
    return QApplication::exec();
}
