// The Bifurcation view's continuation (docs/continuation.md, "In the window"): the Continuation box
// under the sweep's form runs it; the branch is drawn over the diagram as it grows, the point under
// the mouse is described (its multipliers), a located point chosen in the list is marked, and the
// branch and its points are exported as `frictionlab-cli continue` writes them.
#include "analysis/bifurcation_plot.h"
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/bifurcation_view.h"
#include "analysis/continuation_box.h"
#include "analysis/continuation_layer.h"
#include "analysis/analysis_text.h"
#include "analysis/long_run_controls.h"
#include "bridge/display_text.h"
#include "bridge/qs.h"
#include "document/parameter_undo.h"
#include "bridge/safe_file.h"
#include "plotdata/variable_text.h"

#include "systems/run_variables.h"

#include <QKeySequence>
#include <QLabel>
#include <QShortcut>

#include <cmath>
#include <complex>

namespace fl::ui {
namespace {

/// "0.52", "0.31 ± 0.2i": a multiplier or eigenvalue, short.
QString complexText(std::complex<double> z)
{
    if (std::abs(z.imag()) < 1e-12 * std::max(1.0, std::abs(z)))
        return QString::number(z.real(), 'g', 4);
    return QStringLiteral("%1 ± %2i").arg(QString::number(z.real(), 'g', 4), QString::number(std::abs(z.imag()), 'g', 4));
}

/// The multipliers (or eigenvalues) once each (a complex pair once), largest modulus first.
QString multipliersText(const std::vector<std::complex<double>>& values)
{
    QStringList parts;
    for (size_t i = 0; i < values.size(); ++i) {
        if (values[i].imag() < 0.0 && i > 0 && std::abs(values[i] - std::conj(values[i - 1])) < 1e-9 * std::max(1.0, std::abs(values[i])))
            continue; // the conjugate of the one before
        parts << (values[i] == std::complex<double>(0.0) ? QObject::tr("0 (stick)") : complexText(values[i]));
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

void BifurcationView::connectContinuation()
{
    m_hover = new QLabel(this);
    m_hover->setObjectName(QStringLiteral("branchPoint"));
    m_hover->setWordWrap(true);
    m_hover->setVisible(false);
    m_controls->addLine(m_hover);
    ContinuationLayer* layer = m_plot->continuation();
    connect(m_box, &ContinuationBox::started, this, &BifurcationView::onContinuationStarted);
    connect(m_box, &ContinuationBox::pointFound, layer, &ContinuationLayer::addPoint);
    connect(m_box, &ContinuationBox::finished, this, [this, layer] {
        if (const fl::ContinuationResult* result = m_box->result())
            layer->finishBranch(result->branch);
    });
    connect(m_box, &ContinuationBox::clearRequested, this, [this, layer] {
        layer->clear();
        onBranchHovered({});
    });
    connect(m_box, &ContinuationBox::locatedChosen, this, &BifurcationView::onLocatedChosen);
    connect(layer, &ContinuationLayer::hovered, this, &BifurcationView::onBranchHovered);
    connect(layer, &ContinuationLayer::clicked, this, &BifurcationView::onBranchClicked);
    // The sweep panel's case (its system or preset chosen there) is the continuation's too.
    connect(m_setup, &BifurcationSetupPanel::changed, this, &BifurcationView::followSetupScenario);
    auto* shortcut = new QShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+K")), this);
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(shortcut, &QShortcut::activated, m_box, &ContinuationBox::start);
    followSetupScenario();
}

AnalysisView::Part BifurcationView::part(std::string_view id)
{
    if (id == "continuation")
        return {m_box, m_box};
    return {};
}

void BifurcationView::followRun(const RunOutputPtr& run) { m_box->followRun(run); }

bool BifurcationView::stopWork()
{
    if (m_runner.isRunning()) {
        cancel();
        return true;
    }
    if (m_box->isRunning()) {
        m_box->cancel();
        return true;
    }
    return false;
}

void BifurcationView::followSetupScenario()
{
    if (!ParameterUndo::sameScenario(m_setup->scenario(), m_box->scenario()))
        m_box->setScenario(m_setup->scenario());
    // Once the sweep's form has settled (a new parameter reports its change before its range).
    QMetaObject::invokeMethod(
        this,
        [this] {
            const fl::SweepSpec spec = m_setup->spec();
            m_box->followSweep(spec.parameter, spec.from, spec.to);
        },
        Qt::QueuedConnection);
}

void BifurcationView::onContinuationStarted(const fl::Scenario& scenario, const fl::ContinuationAnalysisSetup& setup)
{
    // Over the diagram when it is of the same case and parameter; else on axes of its own.
    const bool overDiagram = !m_columns.empty() && m_sweepSpec.parameter == setup.branch.parameter
                             && m_sweepScenario.systemId == scenario.systemId;
    const int variable = overDiagram ? m_sweepSpec.variable : std::max(0, m_setup->spec().variable);
    const std::vector<std::string> names = stateNames(scenario);
    ContinuationLayer* layer = m_plot->continuation();
    // Branches of the same parameter and system stay beside the new one; others go.
    const bool sameAxes = !layer->branches().empty() && layer->branches().back().parameter == setup.branch.parameter
                          && layer->branches().back().stateNames == names && m_branchSystem == scenario.systemId;
    if (!overDiagram && !sameAxes && !m_runner.isRunning()) {
        m_columns.clear();
        const QString parameterLabel = parameterAxisLabel(scenario, setup.branch.parameter);
        const QString valueLabel = static_cast<size_t>(variable) < names.size() ? variableText(scenario.systemId, names[size_t(variable)]) : QString();
        m_plot->beginSweep(tr("%1 on the section, continued in %2").arg(valueLabel, parameterLabel.section(QLatin1Char(' '), 0, 0)),
                           parameterLabel, valueLabel, setup.branch.from, setup.branch.to, 0);
    }
    if (!sameAxes) {
        layer->clear();
        m_box->forgetDrawn();
    }
    m_branchSystem = scenario.systemId;
    layer->setVariable(variable);
    layer->beginBranch(scenario, setup.branch.parameter, setup.branch.equilibrium, names);
    onBranchHovered({});
}

void BifurcationView::onBranchHovered(const ContinuationLayer::Hit& hit)
{
    const ContinuationLayer* layer = m_plot->continuation();
    if (!hit.valid() || size_t(hit.branch) >= layer->branches().size() || size_t(hit.index) >= layer->branches()[size_t(hit.branch)].points.size()) {
        m_hover->clear();
        m_hover->setVisible(false);
        return;
    }
    const ContinuationLayer::Drawn& branch = layer->branches()[size_t(hit.branch)];
    const fl::BranchPoint& p = branch.points[size_t(hit.index)];
    QString text = tr("%1 = %2 · %3 %4 · %5").arg(qs(branch.parameter), QString::number(p.parameter, 'g', 8),
                                                   p.orbit.stable ? tr("stable") : tr("unstable"),
                                                   branch.equilibria ? tr("equilibrium") : tr("orbit"), stateText(branch.stateNames, p.orbit.y, 4));
    if (!branch.equilibria)
        text += tr(" · period %1 · modes %2").arg(QString::number(p.orbit.period, 'g', 6), qs(p.orbit.sequence));
    text += tr(" · %1: %2").arg(branch.equilibria ? tr("eigenvalues") : tr("multipliers"), multipliersText(p.orbit.multipliers));
    m_hover->setText(text);
    m_hover->setVisible(true);
}

void BifurcationView::onBranchClicked(const ContinuationLayer::Hit& hit)
{
    // That orbit (or equilibrium) in the main window: the branch's scenario at the point's value,
    // started from its state on the section, so that the run is the orbit from its first instant.
    const ContinuationLayer* layer = m_plot->continuation();
    if (!hit.valid() || size_t(hit.branch) >= layer->branches().size())
        return;
    const ContinuationLayer::Drawn& branch = layer->branches()[size_t(hit.branch)];
    if (size_t(hit.index) >= branch.points.size())
        return;
    const fl::BranchPoint& p = branch.points[size_t(hit.index)];
    fl::Scenario scenario = branch.scenario;
    if (!scenario.params.set(branch.parameter, p.parameter).ok())
        return;
    scenario.initialState = p.orbit.y;
    m_plot->markParameter(p.parameter);
    setStatus(tr("Loaded the %1 at %2 = %3 into the Simulation tab, started on its section.")
                  .arg(branch.equilibria ? tr("equilibrium") : tr("orbit"), qs(branch.parameter), QString::number(p.parameter, 'g', 10)));
    emit parameterPicked(scenario);
}

QString BifurcationView::hoverText() const { return m_hover->text(); }

void BifurcationView::onLocatedChosen(int index)
{
    const fl::ContinuationResult* result = m_box->result();
    if (!result || index < 0 || static_cast<size_t>(index) >= result->branch.located.size())
        return;
    const fl::LocatedPoint& p = result->branch.located[size_t(index)];
    m_plot->markParameter(p.parameter);
    setStatus(tr("%1 at %2 = %3: %4").arg(qs(p.type), qs(m_box->resultSetup().branch.parameter), QString::number(p.parameter, 'g', 10),
                                          qs(p.condition)));
}

QList<ExportItem> BifurcationView::continuationExportItems()
{
    QList<ExportItem> items;
    const std::pair<QString, QString> files[] = {{QStringLiteral("branch"), tr("Continued branch (CSV)…")},
                                                 {QStringLiteral("points"), tr("Located points (CSV)…")}};
    for (const auto& [name, label] : files) {
        ExportItem item = ExportItem::dataItem(
            QStringLiteral("csv:") + name, label, tr("Export %1").arg(label.chopped(1).toLower()), tr("CSV file (*.csv)"),
            [this, name](const QString& path, QString* error) {
                for (const fl::CsvFile& file : m_box->csvFiles())
                    if (qs(file.name) == name)
                        return writeFileSafely(path, QByteArray::fromStdString(file.text), error);
                if (error)
                    *error = tr("no continued branch to export yet");
                return false;
            },
            [this] { return !m_box->isRunning() && m_box->result() && !m_box->result()->branch.points.empty(); });
        item.fileName = QStringLiteral("continuation-%1.csv").arg(name);
        items << item;
    }
    return items;
}

} // namespace fl::ui
