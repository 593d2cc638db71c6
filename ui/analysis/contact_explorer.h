#pragma once
#include "analysis/analysis_view.h"
#include "analysis/contact_curves.h"
#include "bridge/job_runner.h"

#include <QWidget>

#include <array>

class QLabel;

namespace fl::ui {

class ContactControls;
class ContactPlot;
class ViewExporter;

/// Coupled friction force and torque on a plane contact (Coulomb-Contensou, docs/physics.md sec. 3):
/// the inputs (ContactControls) on the left and four plots on the right:
///  (a) Acta Mech Fig. 2: T_sx(theta) and M_s(theta), theta in [0, pi/2] at the chosen phi, of the
///      integral model (JTAM (2.2)) with I(0,0) and I(1,1) (JTAM (3.4), Acta Mech (2)-(3));
///  (b) Acta Mech Fig. 3: the regularized I(1,1) and I(0,0) (Acta Mech (6), JTAM (4.4)) against
///      lambda_s along the direction (theta, phi), with the kinetic level and eta times it;
///  (c) the limit surface's section in the (T, M) plane: (T_sx, M_s)(theta) at phi = 0 and pi;
///  (d) its section M_s = 0 in the (T_x, T_y) plane (JTAM (2.4)-(2.5)).
/// Curves are computed on a worker pool (the integral model is an adaptive quadrature per point);
/// only the newest request is drawn, and a rejected input leaves the last good curves in place.
/// Each plot exports as PNG/SVG/PDF and its data as CSV (right click, or exportPlot/exportCsv).
class ContactExplorer : public QWidget, public AnalysisView {
    Q_OBJECT
public:
    explicit ContactExplorer(QWidget* parent = nullptr);
    /// Waits for the computations in flight.
    ~ContactExplorer() override;

    ContactControls* controls() const { return m_controls; }
    ContactPlot* slidingPlot() const { return m_plots[0]; }
    ContactPlot* lawPlot() const { return m_plots[1]; }
    ContactPlot* sectionPlot() const { return m_plots[2]; }
    ContactPlot* tractionPlot() const { return m_plots[3]; }
    const std::array<ContactPlot*, 4>& plots() const { return m_plots; }

    /// The curves on display (null before the first ones arrive).
    ContactCurvesPtr curves() const { return m_curves; }
    /// True from a change of the settings until its curves are drawn.
    bool isComputing() const { return m_computing; }
    bool isFitting() const { return m_fit.isRunning(); }
    /// The status line: computing, the last computation's cost, or the input error.
    QString statusText() const;

    /// The inputs' settings (ContactControls::saveSetup). A restored setup is computed at once,
    /// as any change of the inputs is.
    QJsonObject saveSetup() const override;
    void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings) override;

    /// Writes a plot as PNG, SVG or PDF (by suffix; atomically, plot_export.h).
    bool exportPlot(ContactPlot* plot, const QString& path, QString* error = nullptr);
    /// Writes a plot's curves as CSV with the settings as '#' lines (contract/contact_analysis.h,
    /// tableCsv; atomically, QSaveFile).
    bool exportCsv(ContactPlot* plot, const QString& path, QString* error = nullptr);
    /// Each plot as a picture and as its curves (CSV, named as `session run` names it:
    /// contact-sliding.csv, ...); available once curves are shown.
    QList<ExportItem> exportItems() override;

public slots:
    /// Computes the curves of the current settings again.
    void refresh();
    /// Fits (b, m) of both approximants on a worker thread (circularly symmetric pressure only).
    void fit();

signals:
    /// The curves of the newest settings were handed to the plots (replots are queued).
    void curvesShown();
    /// A fit finished and its values were put into the fields.
    void fitFinished();

private:
    void buildPlots();
    void onSettingsChanged(const ContactSettings& settings);
    void onInputRejected(const QString& message);
    void showCurves(const ContactCurvesPtr& curves);
    void updateStatus();

    ContactControls* m_controls;
    std::array<ContactPlot*, 4> m_plots{};
    QLabel* m_status = nullptr;
    QString m_inputError;
    bool m_computing = false;
    ContactCurvesPtr m_curves;
    IntegralSamplesPtr m_cache; ///< newest integral samples computed, reused while shape and phi stay
    ViewExporter* m_exporter;
    /// Last: destroyed first, each waits for its running task.
    JobRunner m_curveJobs; ///< curves; a newer request supersedes (a queued one never starts)
    JobRunner m_fit;       ///< fits, never dropped: a fit starts only when none runs
};

} // namespace fl::ui
