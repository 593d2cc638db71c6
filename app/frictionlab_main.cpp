// FrictionLab GUI: everything lives in ui/ (frictionlab_ui).
#include "widgets/main_window.h"

#include <QApplication>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("FrictionLab"));
    QApplication::setApplicationVersion(QStringLiteral(FRICTIONLAB_VERSION));
    fl::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
