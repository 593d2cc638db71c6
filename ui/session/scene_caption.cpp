#include "session/scene_caption.h"
#include "presenter/appearance.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace fl::ui {

SceneCaption::SceneCaption(QWidget* parent)
    : QFrame(parent), m_counter(new QLabel), m_title(new QLabel), m_note(new QLabel)
{
    setObjectName(QStringLiteral("sceneCaption"));
    setFrameShape(QFrame::StyledPanel);
    m_title->setObjectName(QStringLiteral("sceneTitle"));
    m_note->setObjectName(QStringLiteral("sceneNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_title->setTextFormat(Qt::PlainText);
    m_counter->setToolTip(tr("PageDown: next scene · PageUp: previous scene (Lecture menu)"));
    auto* top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_counter);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 4, 10, 6);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_note);
    restyle();
    hide();
}

void SceneCaption::showScene(int index, int count, const QString& title, const QString& note)
{
    if (index < 0) {
        hide();
        return;
    }
    m_counter->setText(tr("Scene %1 / %2").arg(index + 1).arg(count));
    m_title->setText(title);
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    show();
}

void SceneCaption::restyle()
{
    QFont base = font();
    QFont title = base;
    title.setBold(true);
    title.setPointSizeF(base.pointSizeF() * 1.5);
    m_title->setFont(title);
    QFont note = base;
    note.setPointSizeF(base.pointSizeF() * 1.15);
    m_note->setFont(note);
}

QString SceneCaption::titleText() const { return m_title->text(); }

QString SceneCaption::noteText() const { return m_note->text(); }

} // namespace fl::ui
