// The Continuation box's run: Continue and Cancel, the progress, the points handed to the view as
// they are found, the located points listed (continuation_box.h).
#include "analysis/continuation_box.h"
#include "analysis/continuation_layer.h"
#include "analysis/branch_switch.h"
#include "bridge/display_text.h"
#include "bridge/qs.h"
#include "bridge/thread_handoff.h"
#include "presenter/appearance.h"

#include "common/number_text.h"
#include "systems/run_variables.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QComboBox>
#include <QCheckBox>
#include <QSpinBox>
#include <QTreeWidget>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

constexpr int kProgressSteps = 1000;

} // namespace

ContinuationBox::~ContinuationBox() { m_jobs.cancel(); }

void ContinuationBox::buildRunRow()
{
    auto* form = static_cast<QFormLayout*>(layout());
    m_continue = new QPushButton(tr("Continue"), this);
    m_continue->setObjectName(QStringLiteral("continue"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("cancelContinuation"));
    m_cancel->setToolTip(tr("Stops the continuation after the point it computes (Esc); the points so far stay"));
    m_clear = new QPushButton(tr("Clear"), this);
    m_clear->setObjectName(QStringLiteral("clearBranches"));
    m_clear->setToolTip(tr("Removes the continued branches from the diagram (a new branch of the same parameter is drawn beside them)"));
    auto* row = new QHBoxLayout;
    row->addWidget(m_continue);
    row->addWidget(m_cancel);
    row->addWidget(m_clear);
    form->addRow(row);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, kProgressSteps);
    m_progress->setValue(0);
    m_progress->setFormat(tr("Not started"));
    m_progress->setTextVisible(true);
    form->addRow(m_progress);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("continuationStatus"));
    m_status->setWordWrap(true);
    form->addRow(m_status);
    m_points = new QTreeWidget(this);
    m_points->setObjectName(QStringLiteral("locatedPoints"));
    m_points->setHeaderLabels({tr("Located point"), tr("at")});
    m_points->setRootIsDecorated(false);
    m_points->setToolTip(tr("Each point with the condition it solves (its tooltip); choose one to mark it on the diagram"));
    m_points->header()->setStretchLastSection(true);
    m_points->setMinimumHeight(fontMetrics().height() * 6);
    m_points->setMinimumWidth(fontMetrics().averageCharWidth() * 12);
    m_points->setVisible(false);
    form->addRow(m_points);
    m_branch = new QPushButton(tr("Continue the branch born here"), this);
    m_branch->setObjectName(QStringLiteral("branchFromPoint"));
    m_branch->setToolTip(tr("At a period doubling: the orbit of twice the period; at a Hopf point of steady sliding: the\n"
                            "orbit born there. Its first orbit is found next to the point and continued over the range."));
    m_branch->setVisible(false);
    form->addRow(m_branch);
    buildDrawnRow();
    connect(m_branch, &QPushButton::clicked, this, &ContinuationBox::branchFromChosen);
    connect(m_continue, &QPushButton::clicked, this, &ContinuationBox::start);
    connect(m_cancel, &QPushButton::clicked, this, &ContinuationBox::cancel);
    connect(m_clear, &QPushButton::clicked, this, [this] {
        forgetDrawn();
        emit clearRequested();
    });
    connect(&m_jobs, &JobRunner::progress, this, [this](long long done, long long total, double secondsLeft) {
        m_progress->setValue(total > 0 ? static_cast<int>(done * kProgressSteps / total) : 0);
        m_progress->setFormat(secondsLeft >= 0.0 ? tr("%p% · %1 s left").arg(std::ceil(secondsLeft)) : tr("%p%"));
    });
    connect(m_points, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        updateState();
        if (item)
            emit locatedChosen(item->data(0, Qt::UserRole).toInt());
    });
}

void ContinuationBox::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    setScaledStyleSheet(m_status, error ? QStringLiteral("color: #b00020;") : QString());
}

QString ContinuationBox::statusText() const { return m_status->text(); }

void ContinuationBox::updateState()
{
    const bool running = m_jobs.isRunning();
    const bool orbits = m_kind->currentData().toString() == QLatin1String("orbits");
    m_periods->setEnabled(orbits);
    m_segments->setEnabled(orbits);
    m_transient->setEnabled(orbits && m_guess.empty());
    m_startFrom->setEnabled(orbits);
    for (QWidget* w : std::initializer_list<QWidget*>{m_parameter2, m_from2, m_to2, m_steps2})
        w->setEnabled(m_curves->isChecked());
    QString note;
    if (!m_guess.empty())
        note = tr("From the state %1").arg(stateText(stateNames(m_scenario), m_guess, 6));
    m_guessNote->setText(note);
    m_guessNote->setVisible(!note.isEmpty());
    fl::ContinuationAnalysisSetup setup;
    QString error;
    const bool valid = readSetup(setup, &error);
    m_continue->setEnabled(!running && valid);
    m_continue->setToolTip(valid ? tr("Finds the first orbit and continues it both ways over the range (Ctrl+Shift+K)") : error);
    m_cancel->setEnabled(running);
    m_clear->setEnabled(!running);
    const fl::LocatedPoint* chosen = chosenPoint();
    m_branch->setVisible(chosen && fl::branchesAt(chosen->type));
    m_branch->setEnabled(!running);
    if (!running && !valid)
        setStatus(error, true);
    else if (!running && m_status->property("invalid").toBool())
        setStatus(QString());
    m_status->setProperty("invalid", !running && !valid);
}

bool ContinuationBox::start()
{
    fl::ContinuationAnalysisSetup setup;
    QString error;
    if (m_jobs.isRunning() || !readSetup(setup, &error)) {
        if (!error.isEmpty())
            setStatus(error, true);
        return false;
    }
    m_queue.clear();
    startCase(m_scenario, setup);
    return true;
}

void ContinuationBox::startCase(const fl::Scenario& scenario, const fl::ContinuationAnalysisSetup& setup)
{
    m_used = true;
    m_jobs.start(
        [scenario, setup, receiver = this](JobContext& context) {
            fl::AnalysisContext analysis;
            analysis.cancel = context.cancelFlag();
            analysis.progress = [&context](double f) { context.report(std::llround(f * kProgressSteps), kProgressSteps); };
            const quint64 run = context.runId();
            return fl::ContinuationAnalysis::runObserved(scenario, setup, analysis, [receiver, run](const fl::BranchPoint& p, int direction) {
                handoff::post(receiver, [receiver, run, p, direction] {
                    if (receiver->m_jobs.runId() == run && receiver->m_jobs.isRunning())
                        emit receiver->pointFound(p, direction);
                });
            });
        },
        [this](const fl::ContinuationResult& result) { onFinished(result); });
    m_resultScenario = scenario;
    m_resultSetup = setup;
    m_points->clear();
    m_points->setVisible(false);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%p%"));
    setStatus(setup.branch.guess.empty() ? tr("Finding the first orbit at %1 = %2…").arg(qs(setup.branch.parameter), qs(fl::formatNumber(setup.branch.start)))
                                         : tr("Refining the window's orbit at %1 = %2…").arg(qs(setup.branch.parameter), qs(fl::formatNumber(setup.branch.start))));
    updateState();
    emit started(scenario, setup);
}

void ContinuationBox::cancel()
{
    if (!m_jobs.isRunning())
        return;
    m_queue.clear();
    m_jobs.cancel();
    setStatus(tr("Cancelling…"));
}

void ContinuationBox::onFinished(const fl::ContinuationResult& result)
{
    m_result = std::make_shared<const fl::ContinuationResult>(result);
    const fl::Branch& b = m_result->branch;
    const bool ok = b.status.ok();
    m_progress->setValue(ok ? kProgressSteps : m_progress->value());
    m_progress->setFormat(tr("%1 points in %2 s").arg(b.points.size()).arg(m_jobs.elapsedSeconds(), 0, 'f', 1));
    const int located = static_cast<int>(std::count_if(b.located.begin(), b.located.end(), [](const fl::LocatedPoint& p) { return p.type != "branch-end"; }));
    if (ok)
        setStatus(tr("%n %1, %2 located point(s)%3. Hover a point of the branch for its multipliers.", nullptr, static_cast<int>(b.points.size()))
                      .arg(b.equilibria ? tr("equilibria") : tr("orbits"))
                      .arg(located)
                      .arg(m_resultSetup.followsCurves() ? tr(", followed in %1 (the points file)").arg(qs(m_resultSetup.curves.parameter)) : QString()));
    else
        setStatus(tr("Stopped: %1").arg(qs(b.status.message())), !b.cancelled);
    showLocated();
    updateState();
    if (m_resultSetup.followsCurves() && !m_result->curves.empty())
        emit curvesComputed(std::make_shared<const LocatedCurvesShown>(
            LocatedCurvesShown{m_resultScenario, m_resultSetup.branch.parameter, m_resultSetup.curves.parameter, m_result->curves}));
    emit finished(ok);
    afterFinished(ok);
}

void ContinuationBox::showLocated()
{
    m_points->clear();
    if (!m_result)
        return;
    const std::vector<fl::LocatedPoint>& located = m_result->branch.located;
    for (size_t i = 0; i < located.size(); ++i) {
        const fl::LocatedPoint& p = located[i];
        const QString label = ContinuationLayer::shortLabel(p.type);
        auto* item = new QTreeWidgetItem(m_points, {label.isEmpty() ? qs(p.type) : QStringLiteral("%1  %2").arg(label, qs(p.type)),
                                                    QStringLiteral("%1 = %2").arg(qs(m_resultSetup.branch.parameter), QString::number(p.parameter, 'g', 10))});
        item->setData(0, Qt::UserRole, static_cast<int>(i));
        item->setToolTip(0, qs(p.condition));
        item->setToolTip(1, qs(p.condition));
    }
    m_points->setVisible(!located.empty());
}

const fl::LocatedPoint* ContinuationBox::chosenPoint() const
{
    const QTreeWidgetItem* item = m_points->currentItem();
    if (!m_result || !item)
        return nullptr;
    const int index = item->data(0, Qt::UserRole).toInt();
    return index >= 0 && static_cast<size_t>(index) < m_result->branch.located.size() ? &m_result->branch.located[size_t(index)] : nullptr;
}

bool ContinuationBox::branchFromChosen()
{
    const fl::LocatedPoint* chosen = chosenPoint();
    if (m_jobs.isRunning() || !chosen || !fl::branchesAt(chosen->type))
        return false;
    const fl::LocatedPoint point = *chosen;
    const fl::Scenario scenario = m_resultScenario;
    const fl::ContinuationSetup parent = m_resultSetup.branch;
    m_jobs.start(
        [scenario, parent, point](JobContext& context) {
            std::pair<fl::Status, fl::ContinuationSetup> found{fl::Status::success(), {}};
            found.first = fl::bornBranchSetup(scenario, parent, point, found.second, context.cancelFlag());
            return found;
        },
        [this](const std::pair<fl::Status, fl::ContinuationSetup>& found) {
            if (!found.first.ok()) {
                setStatus(tr("No branch found: %1").arg(qs(found.first.message())), true);
                updateState();
                return;
            }
            // The born branch's setup in the fields (the user's step), then continued.
            fl::ContinuationAnalysisSetup setup;
            setup.branch = found.second;
            showSetup(setup);
            m_used = true;
            setupEdited();
            start();
        });
    setStatus(point.type == "hopf" ? tr("Finding the orbit born at the Hopf point…") : tr("Finding the orbit of twice the period…"));
    updateState();
    return true;
}

std::vector<fl::CsvFile> ContinuationBox::csvFiles() const
{
    if (!m_result || m_result->branch.points.empty())
        return {};
    return fl::TypedAnalysis<fl::ContinuationAnalysis>::csvFiles(m_resultScenario, m_resultSetup, *m_result);
}

} // namespace fl::ui
