#include "model/model_editor.h"
#include "widgets/elided_label.h"
#include "model/model_highlighter.h"

#include "model/model_parser.h"
#include "presenter/appearance.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QTextBlock>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace fl::ui {

namespace {
constexpr int kCheckDelayMs = 250;
}

void ModelEditor::fitWindowToScale()
{
    // 760 x 640 at 100 %, grown with the presenter scale, never beyond the screen.
    const double scale = currentAppearance().scale;
    QSize size(static_cast<int>(760 * scale), static_cast<int>(640 * scale));
    if (const QScreen* s = screen())
        size = size.boundedTo(s->availableGeometry().size() - QSize(16, 40));
    resize(size);
}

ModelEditor::ModelEditor(QWidget* parent) : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("modelEditor"));
    fitWindowToScale();
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    m_apply = new QPushButton(tr("&Apply"), this);
    m_apply->setObjectName(QStringLiteral("modelApply"));
    m_apply->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_apply->setToolTip(tr("Check the model, show its parameters in the panel and simulate it (Ctrl+Return)"));
    auto* save = new QPushButton(tr("&Save"), this);
    save->setObjectName(QStringLiteral("modelSave"));
    save->setShortcut(QKeySequence::Save);
    save->setToolTip(tr("Save the model file (Ctrl+S); a model from a template asks for a name"));
    auto* saveAs = new QPushButton(tr("Save &As…"), this);
    m_templateButton = new QToolButton(this);
    m_templateButton->setText(tr("&Templates"));
    m_templateButton->setPopupMode(QToolButton::InstantPopup);
    m_templateButton->setToolTip(tr("Start from a shipped model or from a built-in system written as a model"));
    m_templates = new QMenu(m_templateButton);
    m_templateButton->setMenu(m_templates);
    bar->addWidget(m_apply);
    bar->addWidget(save);
    bar->addWidget(saveAs);
    bar->addWidget(m_templateButton);
    bar->addStretch(1);
    auto* grammar = new QPushButton(tr("&Grammar…"), this);
    grammar->setObjectName(QStringLiteral("modelGrammar"));
    grammar->setToolTip(tr("The help page on model files: every statement, with an example"));
    connect(grammar, &QPushButton::clicked, this, &ModelEditor::helpRequested);
    bar->addWidget(grammar);
    layout->addLayout(bar);

    m_edit = new QPlainTextEdit(this);
    m_edit->setObjectName(QStringLiteral("modelText"));
    // Monospaced, at the type size in force (11 pt at least at 100 %).
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    const double base = scaledFont().pointSizeF() / currentAppearance().scale; // the type size at 100 %
    keepScaledFont(m_edit, mono, base > 0.0 ? std::max(1.0, 11.0 / base) : 1.0);
    m_edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_edit->setTabStopDistance(4 * QFontMetricsF(mono).horizontalAdvance(QLatin1Char(' ')));
    m_highlighter = new ModelHighlighter(m_edit->document());
    layout->addWidget(m_edit, 1);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("modelStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    m_status->setToolTip(tr("Click to go to the error"));
    layout->addWidget(m_status);
    connect(m_status, &QLabel::linkActivated, this, [this] { goToError(); });

    m_checkTimer = new QTimer(this);
    m_checkTimer->setSingleShot(true);
    m_checkTimer->setInterval(kCheckDelayMs);
    connect(m_checkTimer, &QTimer::timeout, this, &ModelEditor::check);
    connect(m_edit, &QPlainTextEdit::textChanged, m_checkTimer, qOverload<>(&QTimer::start));
    connect(m_edit->document(), &QTextDocument::modificationChanged, this, &ModelEditor::updateTitle);
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (check())
            emit applyRequested(text());
    });
    connect(save, &QPushButton::clicked, this, [this] {
        QString path = m_path;
        if (path.isEmpty())
            path = QFileDialog::getSaveFileName(this, tr("Save Model"), QString(), tr("Model files (*.flmodel)"));
        QString error;
        if (!path.isEmpty() && !saveTo(path, &error))
            QMessageBox::warning(this, tr("Save Model"), error);
    });
    connect(saveAs, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save Model As"), m_path, tr("Model files (*.flmodel)"));
        QString error;
        if (!path.isEmpty() && !saveTo(path, &error))
            QMessageBox::warning(this, tr("Save Model"), error);
    });
    updateTitle();
}

void ModelEditor::setText(const QString& text, const QString& path)
{
    m_path = path;
    m_edit->setPlainText(text);
    m_edit->document()->setModified(false);
    m_checkTimer->stop();
    check();
    updateTitle();
}

QString ModelEditor::text() const { return m_edit->toPlainText(); }

bool ModelEditor::check()
{
    m_checkTimer->stop();
    const QByteArray bytes = text().toUtf8();
    const model::ParsedModel parsed = model::parseModel(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
    if (!parsed.ok()) {
        showError(parsed.error.where.line, parsed.error.where.column, QString::fromStdString(parsed.error.reason));
        return false;
    }
    showError(0, 0, QString());
    const model::Model& m = parsed.model;
    m_status->setText(tr("OK: %1 — %2 coordinate(s), %3 contact(s), %4 parameter(s). Apply (Ctrl+Return) simulates it.")
                          .arg(elideChars(QString::fromStdString(m.name), 60).toHtmlEscaped())
                          .arg(m.coordinates.size())
                          .arg(m.contacts.size())
                          .arg(m.parameters.size()));
    return true;
}

void ModelEditor::showError(int line, int column, const QString& reason)
{
    m_errorLine = line;
    m_errorColumn = column;
    QList<QTextEdit::ExtraSelection> marks;
    if (line > 0) {
        const QTextBlock block = m_edit->document()->findBlockByNumber(line - 1);
        if (block.isValid()) {
            QTextEdit::ExtraSelection whole;
            whole.format.setBackground(QColor(231, 76, 60, 40));
            whole.format.setProperty(QTextFormat::FullWidthSelection, true);
            whole.cursor = QTextCursor(block);
            marks.append(whole);
            // The place: from the column to the end of its word (at least one character).
            const int at = std::min(column - 1, static_cast<int>(block.text().size()));
            int end = at;
            while (end < block.text().size() && (block.text().at(end).isLetterOrNumber() || block.text().at(end) == QLatin1Char('_')))
                ++end;
            QTextEdit::ExtraSelection place;
            place.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
            place.format.setUnderlineColor(QColor(192, 57, 43));
            place.cursor = QTextCursor(block);
            place.cursor.setPosition(block.position() + at);
            place.cursor.setPosition(block.position() + std::max(end, at + 1), QTextCursor::KeepAnchor);
            marks.append(place);
        }
        m_status->setText(QStringLiteral("<span style='color:#c0392b'><a href='#error' style='color:#c0392b'>%1</a>: %2</span>")
                              .arg(tr("line %1, column %2").arg(line).arg(column), reason.toHtmlEscaped()));
    }
    m_edit->setExtraSelections(marks);
}

QString ModelEditor::statusText() const
{
    QTextDocument doc;
    doc.setHtml(m_status->text());
    return doc.toPlainText();
}

void ModelEditor::goToError()
{
    if (m_errorLine <= 0)
        return;
    const QTextBlock block = m_edit->document()->findBlockByNumber(m_errorLine - 1);
    QTextCursor cursor(block);
    cursor.setPosition(block.position() + std::min(m_errorColumn - 1, static_cast<int>(block.text().size())));
    m_edit->setTextCursor(cursor);
    m_edit->setFocus();
}

bool ModelEditor::saveTo(const QString& path, QString* error)
{
    QSaveFile file(path);
    const QByteArray bytes = text().toUtf8();
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    m_path = path;
    m_edit->document()->setModified(false);
    updateTitle();
    return true;
}

void ModelEditor::setDark(bool dark) { m_highlighter->setDark(dark); }

void ModelEditor::updateTitle()
{
    const QString name = m_path.isEmpty() ? tr("untitled.flmodel") : QFileInfo(m_path).fileName();
    setWindowTitle(tr("Model Editor — %1%2").arg(name, m_edit->document()->isModified() ? QStringLiteral(" *") : QString()));
}

} // namespace fl::ui
