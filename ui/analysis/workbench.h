#pragma once
// Installs the analysis views into the main window, in the order of the core's catalog of analyses
// (analysis/analysis_catalog.h): main tabs ("Bifurcation", "Map", ...) and tabs beside the friction
// characteristic ("Poincaré section", "Lyapunov"). A view whose analysis does not apply to the
// scenario has its tab hidden; Esc on a tab stops what its view computes. Each view's setup and the
// view in front belong to the window's Document (document/document.h), which the views follow. Then
// it wires the views that follow the window's runs, playback and presets.
#include <QObject>
#include <QString>

#include <map>
#include <string>

namespace fl::ui {

class AnalysisView;
class Document;
class BifurcationView;
class ContactExplorer;
class EpsStudyView;
class LawLab;
class LyapunovPanel;
class MapView;
class MainWindow;
class MethodComparison;
class PoincareView;
class SlipEventView;

class Workbench : public QObject {
    Q_OBJECT
public:
    /// Creates the views inside `window` (which owns them and this object).
    explicit Workbench(MainWindow& window);

    /// The widget showing a catalog id ("map", "lyapunov", "simulation", "characteristic", ...);
    /// nullptr for an unknown id.
    QWidget* view(const QString& id) const;
    /// The catalog id of a widget returned by view(); empty for any other widget.
    QString idOf(const QWidget* widget) const;
    /// The analysis views by catalog id (the window's own views are not among them).
    const std::map<std::string, QWidget*>& analysisViews() const { return m_views; }

    BifurcationView* bifurcation() const { return m_bifurcation; }
    /// "Map": two-parameter maps of one observable.
    MapView* map() const { return m_map; }
    MethodComparison* comparison() const { return m_comparison; }
    ContactExplorer* contactExplorer() const { return m_contact; }
    /// "ε study": runs a loaded preset's Preset::epsStudy (Acta Fig. 9), or any scenario on request.
    EpsStudyView* epsStudy() const { return m_epsStudy; }
    /// "Law lab": the scenario's law with memory under a prescribed motion; runs when shown.
    LawLab* lawLab() const { return m_lawLab; }
    PoincareView* poincare() const { return m_poincare; }
    LyapunovPanel* lyapunov() const { return m_lyapunov; }
    /// "Slip events": the chain's space-time map and event sizes (tab shown for system bk-chain).
    SlipEventView* slipEvents() const { return m_slipEvents; }
    int slipEventsTab() const;

private:
    void installViews();
    /// Keeps the document's open view and side view and the tabs in front the same.
    void followOpenViews();
    void onScenario();
    void onTabChanged(int index);

    MainWindow& m_window;
    Document& m_document;
    std::map<std::string, QWidget*> m_views; ///< catalog id -> view
    std::map<std::string, int> m_tabIndices; ///< catalog id -> index of its main tab
    BifurcationView* m_bifurcation = nullptr;
    MapView* m_map = nullptr;
    MethodComparison* m_comparison = nullptr;
    ContactExplorer* m_contact = nullptr;
    PoincareView* m_poincare = nullptr;
    LyapunovPanel* m_lyapunov = nullptr;
    EpsStudyView* m_epsStudy = nullptr;
    LawLab* m_lawLab = nullptr;
    SlipEventView* m_slipEvents = nullptr;
    bool m_comparisonStale = true;
};

} // namespace fl::ui
