#include "session/scene_caption.h"
#include "presenter/appearance.h"
#include "widgets/elided_label.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QTextLayout>
#include <QVBoxLayout>

namespace fl::ui {

SceneCaption::SceneCaption(QWidget* parent)
    : QFrame(parent), m_counter(new QLabel), m_title(new ElidedLabel), m_note(new QLabel)
{
    setObjectName(QStringLiteral("sceneCaption"));
    setFrameShape(QFrame::StyledPanel);
    m_title->setObjectName(QStringLiteral("sceneTitle"));
    m_note->setObjectName(QStringLiteral("sceneNote"));
    m_counter->setObjectName(QStringLiteral("sceneCounter"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setMinimumWidth(1); // the note is cut to the width (fitNote), never widens the window
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_counter->setToolTip(tr("PageDown: next scene · PageUp: previous scene (Lecture menu)"));
    auto* top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_counter, 0, Qt::AlignRight | Qt::AlignVCenter);
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
    m_counterText = tr("Scene %1 / %2").arg(index + 1).arg(count);
    m_counter->setText(m_counterText);
    m_title->setFullText(title);
    m_fullNote = note;
    m_note->setVisible(!note.isEmpty());
    fitNote();
    show();
}

void SceneCaption::restyle()
{
    // From the scaled application font, not from this widget's: one relation at every scale
    // (title 1.4x, note 1.1x the type size in force).
    const QFont base = scaledFont();
    QFont title = base;
    title.setBold(true);
    title.setPointSizeF(base.pointSizeF() * 1.4);
    m_title->setFont(title);
    QFont note = base;
    note.setPointSizeF(base.pointSizeF() * 1.1);
    m_note->setFont(note);
    m_counter->setFont(base);
    fitNote();
}

int SceneCaption::foldedLines() const
{
    // From 250 % only the title fits above two rows of views on a 720-pixel projector.
    const double scale = currentAppearance().scale;
    return scale < 1.5 ? 2 : scale < 2.5 ? 1 : 0;
}

void SceneCaption::setNoteUnfolded(bool on)
{
    m_unfolded = on;
    fitNote();
}

void SceneCaption::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    fitNote();
}

void SceneCaption::fitNote()
{
    // The caption's width less its margins (the note label's own is stale while it is hidden).
    const QMargins margins = layout()->contentsMargins();
    const int width = contentsRect().width() - margins.left() - margins.right();
    if (m_unfolded || width <= 0 || m_fullNote.isEmpty()) {
        m_counter->setText(m_counterText);
        m_note->setVisible(!m_fullNote.isEmpty());
        m_note->setText(m_fullNote);
        m_note->setToolTip(QString());
        return;
    }
    // Lay the note out at the label's width and keep foldedLines() lines, the last one ending
    // in "…" and the key that shows the rest.
    const QFontMetrics metrics(m_note->font());
    QTextLayout layout(m_fullNote, m_note->font());
    layout.beginLayout();
    QStringList lines;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        lines << m_fullNote.mid(line.textStart(), line.textLength());
    }
    layout.endLayout();
    const int keep = foldedLines();
    m_note->setVisible(keep > 0);
    if (keep == 0) {
        m_counter->setText(m_counterText + tr(" · note: Ctrl+Shift+N"));
        return;
    }
    m_counter->setText(m_counterText);
    if (lines.size() <= keep) {
        m_note->setText(m_fullNote);
        m_note->setToolTip(QString());
        return;
    }
    const QString more = tr(" … (Ctrl+Shift+N)");
    QString last = lines[keep - 1].trimmed();
    const QString cut = metrics.elidedText(last + QStringLiteral(" ") + lines[keep], Qt::ElideRight,
                                           width - metrics.horizontalAdvance(more) - 4, Qt::TextSingleLine);
    lines = lines.mid(0, keep - 1);
    lines << (cut.endsWith(QChar(0x2026)) ? cut.chopped(1) : cut) + more;
    m_note->setText(lines.join(QStringLiteral("\n")));
    m_note->setToolTip(m_fullNote);
}

QString SceneCaption::titleText() const { return m_title->fullText(); }

QString SceneCaption::noteText() const { return m_fullNote; }

QString SceneCaption::shownNote() const { return m_note->text(); }

} // namespace fl::ui
