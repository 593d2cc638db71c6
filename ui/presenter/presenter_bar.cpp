#include "presenter/presenter_bar.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>

#include <cmath>

namespace fl::ui {

namespace {

/// The platform's zoom keys are often the same as ours (Ctrl++ and Ctrl+- on Linux): one action
/// holding a sequence twice makes it "ambiguous" and the key does nothing (found by the random drive).
QList<QKeySequence> distinct(const QList<QKeySequence>& keys)
{
    QList<QKeySequence> out;
    for (const QKeySequence& k : keys)
        if (!k.isEmpty() && !out.contains(k))
            out << k;
    return out;
}

} // namespace

PresenterBar::PresenterBar(QWidget* parent) : QToolBar(tr("Presenter"), parent)
{
    setObjectName(QStringLiteral("presenterBar"));
    m_presenter = addAction(tr("Presenter"));
    m_presenter->setCheckable(true);
    m_presenter->setShortcut(QKeySequence(Qt::Key_F11));
    m_presenter->setToolTip(tr("Presenter mode: full screen (F11 toggles)"));
    m_presenter->setObjectName(QStringLiteral("presenterAction"));
    addSeparator();
    m_smaller = addAction(QStringLiteral("A−"));
    m_smaller->setShortcuts(distinct({QKeySequence(tr("Ctrl+-")), QKeySequence(QKeySequence::ZoomOut)}));
    m_smaller->setToolTip(tr("Smaller type, thinner lines (Ctrl+−)"));
    m_scaleLabel = new QLabel;
    m_scaleLabel->setToolTip(tr("Scale of every font, tick label, line and marker, 100 % .. 300 %"));
    addWidget(m_scaleLabel);
    m_larger = addAction(QStringLiteral("A+"));
    m_larger->setShortcuts(distinct({QKeySequence(tr("Ctrl+=")), QKeySequence(tr("Ctrl++")), QKeySequence(QKeySequence::ZoomIn)}));
    m_larger->setToolTip(tr("Larger type, thicker lines: readable from the back of the hall (Ctrl+=)"));
    m_resetScale = addAction(tr("Reset size"));
    m_resetScale->setShortcut(QKeySequence(tr("Ctrl+0")));
    m_resetScale->setToolTip(tr("Back to 100 % (Ctrl+0)"));
    addSeparator();
    m_theme = new QComboBox;
    for (const Theme& t : themes())
        m_theme->addItem(t.name, t.id);
    m_theme->setToolTip(tr("Colours: light, dark (a dim hall) or high contrast (a washed-out projector); "
                           "Ctrl+Shift+T switches to the next"));
    m_nextTheme = new QAction(tr("Next Theme"), this);
    m_nextTheme->setShortcut(QKeySequence(tr("Ctrl+Shift+T")));
    m_nextTheme->setObjectName(QStringLiteral("nextThemeAction"));
    connect(m_nextTheme, &QAction::triggered, this, [this] {
        const int next = (m_theme->currentIndex() + 1) % m_theme->count();
        m_appearance.themeId = m_theme->itemData(next).toString();
        emit appearanceRequested(m_appearance);
    });
    addWidget(m_theme);
    m_layout = new QComboBox;
    m_layout->addItems({tr("All views"), tr("Mechanism + time history"), tr("Mechanism + phase portrait"),
                        tr("Mechanism + characteristic"), tr("Time history only"), tr("Phase portrait only"),
                        tr("Characteristic only"), tr("Mechanism only")});
    m_layout->setToolTip(tr("Which views fill the simulation area"));
    addWidget(m_layout);
    m_panel = addAction(tr("Panel"));
    m_panel->setCheckable(true);
    m_panel->setChecked(true);
    m_panel->setShortcut(QKeySequence(tr("Ctrl+Shift+P")));
    m_panel->setToolTip(tr("Show or collapse the parameter panel (Ctrl+Shift+P)"));
    m_panel->setObjectName(QStringLiteral("panelAction"));

    connect(m_presenter, &QAction::toggled, this, &PresenterBar::presenterToggled);
    connect(m_panel, &QAction::toggled, this, &PresenterBar::panelToggled);
    connect(m_smaller, &QAction::triggered, this, [this] { changeScale(-kScaleStep); });
    connect(m_larger, &QAction::triggered, this, [this] { changeScale(kScaleStep); });
    connect(m_resetScale, &QAction::triggered, this, [this] { changeScale(1.0 - m_appearance.scale); });
    connect(m_theme, &QComboBox::activated, this, [this](int i) {
        m_appearance.themeId = m_theme->itemData(i).toString();
        emit appearanceRequested(m_appearance);
    });
    connect(m_layout, &QComboBox::activated, this, [this](int i) { emit layoutRequested(static_cast<PlotLayout>(i)); });
    showAppearance(m_appearance);
}

QList<QAction*> PresenterBar::shortcutActions() const
{
    return {m_presenter, m_smaller, m_larger, m_resetScale, m_panel, m_nextTheme};
}

void PresenterBar::changeScale(double delta)
{
    const double next = std::clamp(std::round((m_appearance.scale + delta) / kScaleStep) * kScaleStep, kMinScale, kMaxScale);
    if (next == m_appearance.scale)
        return;
    m_appearance.scale = next;
    emit appearanceRequested(m_appearance);
}

void PresenterBar::showAppearance(const Appearance& appearance)
{
    m_appearance = appearance;
    m_scaleLabel->setText(QStringLiteral(" %1 % ").arg(std::lround(appearance.scale * 100)));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(appearance.themeId)));
    m_smaller->setEnabled(appearance.scale > kMinScale);
    m_larger->setEnabled(appearance.scale < kMaxScale);
}

void PresenterBar::showLayout(PlotLayout layout)
{
    m_layout->setCurrentIndex(static_cast<int>(layout));
}

} // namespace fl::ui
