#pragma once
// One theme and one scale for everything on screen (docs/architecture.md idea 14, after Stellarium's
// sizes derived from one font size): the application's palette and font, and every QCustomPlot's
// background, axes, grids, fonts, legend, titles, curve colours, line widths and markers. Base
// colours and widths are read from each plottable the first time it is styled (kept as dynamic
// properties), so a plot never needs to know the theme: roles set as the property "flRole"
// ("stickTint", "stickStrip", "stickLine", "grazeMarkers") take the theme's stick colours.
#include "presenter/theme.h"

#include <QFont>

class QCustomPlot;
class QWidget;

namespace fl::ui {

struct Appearance {
    QString themeId = QStringLiteral("light");
    double scale = 1.0;   ///< 1 .. 3: fonts, tick labels, line widths, markers

    const Theme& theme() const { return findTheme(themeId); }
};

/// Smallest and largest scale, and the step of Ctrl+= / Ctrl+−.
constexpr double kMinScale = 1.0;
constexpr double kMaxScale = 3.0;
constexpr double kScaleStep = 0.25;

/// The appearance in force (GUI thread only).
const Appearance& currentAppearance();
/// Makes `appearance` the one in force: the application palette and font (scaled from the font
/// the application started with). Plots follow through stylePlot.
void setCurrentAppearance(const Appearance& appearance);
/// The application's font at the current scale.
QFont scaledFont();

/// Keeps widget's font at `relative` times the type size in force, in the family and style of
/// `face` (a monospaced editor, a larger result): set now and again whenever the application font
/// changes (a size set once at 100 % stayed 100 % at 200 %).
void keepScaledFont(QWidget* widget, const QFont& face, double relative = 1.0);
/// widget->setStyleSheet(sheet) with its font kept at the type size in force (keepScaledFont): a
/// widget with a style sheet stops following the application's font (the Bifurcation tab's notes
/// and a field marked invalid stayed at 100 % at 200 %).
void setScaledStyleSheet(QWidget* widget, const QString& sheet);

/// Replots a restyled plot now if it is on screen, else when it is next shown: a scale or theme
/// change replotted every hidden tab's plots too (a large map's image cost the GUI thread 200 ms).
void replotWhenShown(QCustomPlot* plot);

/// Styles a plot with the current appearance and keeps it styled: plottables added later are
/// styled before the replot that first draws them.
void stylePlot(QCustomPlot* plot);

} // namespace fl::ui
