// FrictionLab GUI: everything lives in ui/ (frictionlab_ui, frictionlab_analysis_ui).
#include "analysis/workbench.h"
#include "widgets/main_window.h"

#include <QApplication>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("FrictionLab"));
    QApplication::setApplicationVersion(QStringLiteral(FRICTIONLAB_VERSION));
    fl::ui::MainWindow window;
    new fl::ui::Workbench(window); // owned by the window
    window.show();
    return QApplication::exec();
}
