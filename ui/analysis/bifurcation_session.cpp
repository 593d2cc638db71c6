// The bifurcation sweep's setup in a session file (view.setups.bifurcation): the sweep and the
// worker threads (contract/sweep_analysis.h), read and checked by the analysis, so the view,
// `frictionlab-cli sweep` and `session run` take the same values. Version 1 and 2 files kept it
// as view.sweep and view.sweepThreads; the session reader turns those into this setup.
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/bifurcation_view.h"
#include "bridge/setup_json.h"

#include "contract/sweep_analysis.h"

#include <QSpinBox>
#include <QThread>

#include <algorithm>

namespace fl::ui {

QJsonObject BifurcationView::saveSetup() const
{
    if (!m_setup->isValid())
        return {};
    return setupToJson(fl::SweepAnalysis::write(m_setup->scenario(), fl::SweepSetup{m_setup->spec(), m_setup->threads()}));
}

void BifurcationView::restoreSetup(const QJsonObject& object, const QString& path, QStringList& warnings)
{
    std::vector<std::string> problems;
    const fl::SweepSetup setup =
        fl::TypedAnalysis<fl::SweepAnalysis>::readTyped(m_setup->scenario(), setupFromJson(object), path.toStdString(), problems);
    for (const std::string& problem : problems)
        warnings << QString::fromStdString(problem);
    m_setup->setSpec(setup.spec);
    if (auto* threads = m_setup->findChild<QSpinBox*>(QStringLiteral("threads")))
        threads->setValue(setup.threads > 0 ? setup.threads : std::max(1, QThread::idealThreadCount()));
}

} // namespace fl::ui
