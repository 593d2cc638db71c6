#pragma once
// Installs the analysis views into the main window, in the order of the core's catalog of analyses
// (analysis/analysis_catalog.h): main tabs ("Bifurcation", "Map", ...) and tabs beside the friction
// characteristic ("Poincaré section", "Lyapunov"). A view whose analysis does not apply to the
// scenario has its tab hidden; Esc on a tab stops what its view computes. Each view's setup and the
// view in front belong to the window's Document (document/document.h). Every view follows the
// document's scenario, the presets, the window's runs, playback and look through the same calls
// (analysis/analysis_view.h), made for all views alike: nothing here knows a view's type, so a
// new view needs no line in this file.
#include "analysis/located_curves_shown.h"
#include "scenario/scenario.h"

#include <QObject>
#include <QString>

#include <functional>
#include <map>
#include <string>

namespace fl {
struct AnalysisInfo;
}

namespace fl::ui {

class AnalysisView;
class Document;
class MainWindow;

class Workbench : public QObject {
    Q_OBJECT
public:
    /// Creates the views inside `window` (which owns them and this object).
    explicit Workbench(MainWindow& window);

    /// The widget showing a catalog id ("map", "lyapunov", "simulation", "characteristic", ...);
    /// nullptr for an unknown id.
    QWidget* view(const QString& id) const;
    /// The view of a catalog id as its class (tests, and code that knows the view it wants);
    /// nullptr for an unknown id or another class.
    template <class View>
    View* viewAs(const char* id) const
    {
        return qobject_cast<View*>(view(QLatin1String(id)));
    }
    /// The catalog id of a widget returned by view(); empty for any other widget.
    QString idOf(const QWidget* widget) const;
    /// The analysis views by catalog id (the window's own views are not among them).
    const std::map<std::string, QWidget*>& analysisViews() const { return m_views; }
    /// The index of a view's main tab; -1 for a side view or an unknown id.
    int tabIndex(const char* id) const;

private slots:
    /// A view's parameterPicked(fl::Scenario) (a clicked bifurcation column or map cell): the
    /// document loads it (one undo step) and the Simulation tab comes to the front.
    void pickScenario(const fl::Scenario& scenario);
    /// A view's seekRequested(double) (a click on the slip events' map): play from there.
    void seek(double t);
    /// A part's curvesComputed (the continuation's located points in a second parameter): every
    /// view follows them (the Map view draws those of its plane).
    void shareCurves(const fl::ui::LocatedCurvesPtr& curves);

private:
    void installViews();
    /// A part of a view (AnalysisPlace::Part): its setup added to the document under its id.
    void installPart(const fl::AnalysisInfo& analysis, const QString& title);
    /// Connects a view's signal to a slot of this object when the view declares it (by name:
    /// the workbench knows no view's type).
    void connectIfDeclared(QWidget* view, const char* signal, const char* slot);
    /// Keeps the document's open view and side view and the tabs in front the same.
    void followOpenViews();
    void forEachView(const std::function<void(AnalysisView&)>& call) const;
    void onScenario();
    void onPreset(const QString& presetId);
    /// The view of main tab `index` comes to the front or its scenario changed (followShown).
    void followShown(int index);

    MainWindow& m_window;
    Document& m_document;
    std::map<std::string, QWidget*> m_views; ///< catalog id -> view
    std::map<std::string, int> m_tabIndices; ///< catalog id -> index of its main tab
};

} // namespace fl::ui
