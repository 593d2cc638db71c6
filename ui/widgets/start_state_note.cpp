#include "widgets/start_state_note.h"
#include "bridge/display_text.h"

#include "systems/run_variables.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace fl::ui {

StartStateNote::StartStateNote(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("startStateNote"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_reset = new QPushButton(tr("Start from the initial values"), this);
    m_reset->setToolTip(tr("The run starts again from the system's initial-condition parameters, not from the loaded state"));
    layout->addWidget(m_text);
    layout->addWidget(m_reset, 0, Qt::AlignLeft);
    connect(m_reset, &QPushButton::clicked, this, &StartStateNote::resetRequested);
    setVisible(false);
}

void StartStateNote::showScenario(const fl::Scenario& scenario)
{
    const std::vector<double>& y = scenario.initialState;
    setVisible(!y.empty());
    if (y.empty())
        return;
    m_text->setText(tr("Starts from a loaded state: %1 (not the initial values below).").arg(stateText(stateNames(scenario), y, 6)));
}

QString StartStateNote::text() const { return isVisible() || !m_text->text().isEmpty() ? m_text->text() : QString(); }

} // namespace fl::ui
