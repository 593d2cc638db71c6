#pragma once
// Curves of located points drawn over the two-parameter map (docs/continuation.md, "A located point
// in a second parameter"): each curve a black line through its points in the map's (x, y) plane,
// labelled with its type's short label at its middle; drawn only when the map is of the two
// parameters the curves were followed in (either way round) and of the same system.
#include "analysis/located_curves_shown.h"

#include <QObject>

#include <string>
#include <vector>

class QCustomPlot;
class QCPCurve;
class QCPItemText;

namespace fl::ui {

class LocatedCurvesLayer : public QObject {
    Q_OBJECT
public:
    explicit LocatedCurvesLayer(QCustomPlot* plot);

    /// The curves of the last continuation with a second parameter (null: none).
    void setCurves(const LocatedCurvesPtr& curves);
    /// The map's plane: the system and its x and y parameters. Draws the curves that lie in it.
    void showPlane(const std::string& systemId, const std::string& x, const std::string& y);
    /// The curves drawn now (tests).
    const std::vector<QCPCurve*>& drawn() const { return m_drawn; }
    const std::vector<QCPItemText*>& labels() const { return m_labels; }

private:
    void redraw();

    QCustomPlot* m_plot;
    LocatedCurvesPtr m_curves;
    std::string m_system, m_x, m_y;
    std::vector<QCPCurve*> m_drawn;
    std::vector<QCPItemText*> m_labels;
};

} // namespace fl::ui
