// The Continuation box's drawn branches (continuation_box.h): each finished branch is kept with
// its case and setup, a session saves them beside the form's setup, and a restored session's
// branches are drawn again on request, one after the other.
#include "analysis/continuation_box.h"
#include "bridge/qs.h"
#include "common/number_text.h"

#include <QFormLayout>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>

namespace fl::ui {

void ContinuationBox::buildDrawnRow()
{
    auto* form = static_cast<QFormLayout*>(layout());
    m_drawSession = new QPushButton(this);
    m_drawSession->setObjectName(QStringLiteral("drawSessionBranches"));
    m_drawSession->setToolTip(tr("Continues the branches the session was saved with, each with its own case and setup,\n"
                                 "and draws them as they grow (the figure as it was saved)"));
    m_drawSession->setVisible(false);
    form->addRow(m_drawSession);
    connect(m_drawSession, &QPushButton::clicked, this, &ContinuationBox::drawSessionBranches);
}

void ContinuationBox::showPending()
{
    m_drawSession->setText(m_pending.size() == 1 ? tr("Draw the session's branch") : tr("Draw the session's %1 branches").arg(m_pending.size()));
    m_drawSession->setVisible(!m_pending.empty());
    m_drawSession->setEnabled(!m_jobs.isRunning());
    if (!m_pending.empty()) // in sight in the form's scroll area once laid out (it sits below the sweep's form)
        QTimer::singleShot(0, this, [this] {
            for (QWidget* w = parentWidget(); w; w = w->parentWidget())
                if (auto* area = qobject_cast<QScrollArea*>(w)) {
                    area->ensureWidgetVisible(m_drawSession);
                    break;
                }
        });
}

std::vector<fl::DrawnBranch> ContinuationBox::keptBranches() const
{
    std::vector<fl::DrawnBranch> kept = m_drawn;
    kept.insert(kept.end(), m_pending.begin(), m_pending.end());
    kept.insert(kept.end(), m_queue.begin(), m_queue.end());
    if (kept.size() > fl::kMaxDrawnBranches) // the newest
        kept.erase(kept.begin(), kept.end() - static_cast<std::ptrdiff_t>(fl::kMaxDrawnBranches));
    return kept;
}

void ContinuationBox::forgetDrawn()
{
    if (m_drawn.empty())
        return;
    m_drawn.clear();
    setupRefilled();
}

bool ContinuationBox::drawSessionBranches()
{
    if (m_jobs.isRunning() || m_pending.empty())
        return false;
    m_queue = std::move(m_pending);
    m_pending.clear();
    showPending();
    startQueued();
    return true;
}

void ContinuationBox::afterFinished(bool ok)
{
    if (m_result && !m_result->branch.points.empty()) {
        m_drawn.push_back({m_resultScenario, m_resultSetup.branch});
        if (m_drawn.size() > fl::kMaxDrawnBranches)
            m_drawn.erase(m_drawn.begin());
        setupRefilled();
    }
    if (!ok)
        m_queue.clear();
    if (m_queue.empty())
        showPending();
    else
        startQueued();
}

void ContinuationBox::startQueued()
{
    const fl::DrawnBranch next = m_queue.front();
    m_queue.erase(m_queue.begin());
    fl::ContinuationAnalysisSetup setup;
    setup.branch = next.branch;
    const int left = static_cast<int>(m_queue.size());
    startCase(next.scenario, setup);
    setStatus(tr("Drawing the session's branches: %1 over [%2, %3] (%4 more after this one)")
                  .arg(qs(next.branch.parameter), qs(fl::formatNumber(next.branch.from)), qs(fl::formatNumber(next.branch.to)))
                  .arg(left));
}

} // namespace fl::ui
