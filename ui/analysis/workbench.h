#pragma once
// Installs the analysis views into the main window and wires them to its scenario and runs:
// tabs "Bifurcation", "Map", "Compare methods", "Contact explorer", "ε study", "Law lab", "Slip events" (shown
// for the Burridge–Knopoff chain only); beside the friction characteristic
// "Poincaré section" (filling live while a run goes on) and "Lyapunov".
#include <QObject>

namespace fl::ui {

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
    int slipEventsTab() const { return m_slipEventsTab; }

private:
    void onScenario();
    void onTabChanged(int index);

    MainWindow& m_window;
    BifurcationView* m_bifurcation;
    MapView* m_map = nullptr;
    MethodComparison* m_comparison;
    ContactExplorer* m_contact;
    PoincareView* m_poincare;
    LyapunovPanel* m_lyapunov;
    EpsStudyView* m_epsStudy = nullptr;
    int m_epsStudyTab = -1;
    LawLab* m_lawLab = nullptr;
    int m_lawLabTab = -1;
    int m_comparisonTab = -1;
    SlipEventView* m_slipEvents = nullptr;
    int m_slipEventsTab = -1;
    bool m_comparisonStale = true;
};

} // namespace fl::ui
