#pragma once
// What the window asks of every view in the catalog of analyses (analysis/analysis_catalog.h in the
// core): what it follows (the document's scenario, presets, the window's run and playback), Esc, the
// setup a session keeps, and what it exports. Each view is a QWidget that also derives from this;
// the workbench (analysis/workbench.h) builds them from the catalog and calls these for every view
// alike, never by the view's type, and the session (session/session_view.h) saves and restores
// every setup under the view's id. A view overrides what concerns it; the rest do nothing.
#include "bridge/playback_frame.h"
#include "analysis/located_curves_shown.h"
#include "bridge/run_output.h"
#include "document/view_setup.h"
#include "widgets/export_items.h"

#include <string_view>

namespace fl {
struct Preset;
struct Scenario;
}

namespace fl::ui {

class AnalysisView : public ViewSetup {
public:
    /// The document's scenario, after each change (an edit, an undo, a preset, a session): the
    /// view takes it (its fields follow the system; nothing heavy runs here).
    virtual void followScenario(const fl::Scenario& scenario) { (void)scenario; }
    /// Its tab came to the front, or the scenario changed while it is in front: a view that
    /// computes only while shown (the comparison, the law lab) does so now.
    virtual void followShown() {}
    /// A preset was loaded (after followScenario): a view the preset is about (a law experiment,
    /// an ε study, a sweep, a comparison of laws) sets itself up for it; true brings it to the front.
    virtual bool openPreset(const fl::Preset& preset) { (void)preset; return false; }
    /// The window's simulation: a run of the document's scenario started; its Poincaré points while
    /// it runs; the run on display; the playback's instant; the theme or scale.
    virtual void followRunStarted() {}
    virtual void followSection(const SectionChunk& chunk) { (void)chunk; }
    virtual void followRun(const RunOutputPtr& run) { (void)run; }
    virtual void followFrame(const PlaybackFrame& frame) { (void)frame; }
    virtual void followAppearance() {}
    /// A continuation's located points followed in a second parameter (the Continuation box's):
    /// a view of the same plane draws them (the Map view).
    virtual void followLocatedCurves(const LocatedCurvesPtr& curves) { (void)curves; }

    /// Esc on the view's tab: stops what it computes. False when nothing ran, so that the key goes on
    /// to the simulation's run.
    virtual bool stopWork() { return false; }
    /// A scene or session that shows this view was entered: compute what it shows from its setup
    /// (progressively; stopWork cancels it). False when the view shows its result without that
    /// (it follows the run, or runs when shown) or could not start (it says why).
    virtual bool computeOnEntry() { return false; }
    // saveSetup() and restoreSetup(): ViewSetup (document/view_setup.h).

    /// A part of this view with a setup of its own (a catalog entry placed AnalysisPlace::Part with
    /// this view as its host, as the Bifurcation view's continuation): its setup, which the document
    /// keeps under the part's id, and the widget holding its fields (whose edits are undo steps).
    struct Part {
        ViewSetup* setup = nullptr;
        QWidget* widget = nullptr;
    };
    virtual Part part(std::string_view id) { (void)id; return {}; }

    /// Its plots and data files, declared (widgets/export_items.h); the view's ViewExporter
    /// (widgets/view_exporter.h) builds its Export menus from them, and File → Export from This
    /// Tab shows them when the view is in front.
    virtual QList<ExportItem> exportItems() { return {}; }

protected:
    /// stopWork of a view that runs one computation at a time (isRunning(), cancel()).
    template <class View>
    static bool cancelIfRunning(View& view)
    {
        if (!view.isRunning())
            return false;
        view.cancel();
        return true;
    }
};

} // namespace fl::ui
