#pragma once
// What the window asks of every view in the catalog of analyses (analysis/analysis_catalog.h in the
// core): Esc, the setup a session keeps, and what it exports. Each view is a QWidget that also derives from this;
// the workbench (analysis/workbench.h) builds them from the catalog and the session (session/
// session_view.h) saves and restores every setup under the view's id.
#include "document/view_setup.h"
#include "widgets/export_items.h"

namespace fl::ui {

class AnalysisView : public ViewSetup {
public:
    /// Esc on the view's tab: stops what it computes. False when nothing ran, so that the key goes on
    /// to the simulation's run.
    virtual bool stopWork() { return false; }
    /// A scene or session that shows this view was entered: compute what it shows from its setup
    /// (progressively; stopWork cancels it). False when the view shows its result without that
    /// (it follows the run, or runs when shown) or could not start (it says why).
    virtual bool computeOnEntry() { return false; }
    // saveSetup() and restoreSetup(): ViewSetup (document/view_setup.h).

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
