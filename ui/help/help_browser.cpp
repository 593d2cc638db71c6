#include "help/help_browser.h"
#include "help/help_context.h"
#include "presenter/appearance.h"

#include <QApplication>
#include <QFile>
#include <QHBoxLayout>
#include <QImage>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QRegularExpression>
#include <QScrollBar>
#include <QScreen>
#include <QShortcut>
#include <QSplitter>
#include <QSvgRenderer>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

/// Colours the pages use (links, boxes, table rules), readable on the theme's text background.
QString pageStyleSheet(const Theme& theme)
{
    const bool dark = theme.base.lightness() < 128;
    const QString link = dark ? QStringLiteral("#8ab4ff") : QStringLiteral("#1a5fb4");
    const QString box = dark ? QStringLiteral("#2b3440") : QStringLiteral("#eef3f8");
    const QString tryBox = dark ? QStringLiteral("#2f3a2c") : QStringLiteral("#eef6ea");
    const QString rule = dark ? QStringLiteral("#56606c") : QStringLiteral("#b8c2cc");
    return QStringLiteral("a { color: %1; }"
                          "h1 { font-size: x-large; margin-bottom: 4px; }"
                          "h2 { font-size: large; margin-top: 18px; }"
                          "h3 { font-size: medium; margin-top: 12px; }"
                          "table.eq { margin-top: 4px; margin-bottom: 4px; }"
                          "td.eqn { padding-left: 16px; }"
                          "table.box { background-color: %2; margin-top: 6px; margin-bottom: 6px; }"
                          "table.try { background-color: %3; margin-top: 6px; margin-bottom: 6px; }"
                          "table.grid { border-color: %4; border-style: solid; }"
                          "th { text-align: left; }"
                          "p.nav { font-size: small; }")
        .arg(link, box, tryBox, rule);
}

} // namespace

/// HTML for a registry name such as "Coulomb (μ_s, μ_k)": escaped, "_x" as a subscript.
static QString withSubscripts(const QString& text)
{
    static const QRegularExpression index(QStringLiteral("_([A-Za-z0-9]+)"));
    QString html = text.toHtmlEscaped();
    html.replace(index, QStringLiteral("<sub>\\1</sub>"));
    return html;
}

HelpTextBrowser::HelpTextBrowser(QWidget* parent) : QTextBrowser(parent), m_resized(new QTimer(this))
{
    m_resized->setSingleShot(true);
    m_resized->setInterval(200);
    connect(m_resized, &QTimer::timeout, this, [this] {
        if (std::abs(viewport()->width() - m_imageWidth) > 24)
            reloadInPlace();
    });
}

void HelpTextBrowser::resizeEvent(QResizeEvent* event)
{
    QTextBrowser::resizeEvent(event);
    if (m_imageWidth > 0)
        m_resized->start();
}

void HelpTextBrowser::reloadInPlace()
{
    if (source().isEmpty())
        return;
    QScrollBar* bar = verticalScrollBar();
    const double at = bar->maximum() > 0 ? double(bar->value()) / bar->maximum() : 0.0;
    reload();
    bar->setValue(int(at * bar->maximum() + 0.5));
}

QVariant HelpTextBrowser::loadResource(int type, const QUrl& name)
{
    const QUrl url = name.isRelative() ? source().resolved(name) : name;
    if (type == QTextDocument::ImageResource && url.path().endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        // Sketches: drawn at the presenter's scale (never wider than the text) and the screen's pixel ratio.
        const QString path = url.scheme() == QLatin1String("qrc") ? QStringLiteral(":") + url.path() : url.toLocalFile();
        QSvgRenderer svg(path);
        if (!svg.isValid())
            return {};
        QSizeF size = QSizeF(svg.defaultSize()) * currentAppearance().scale;
        m_imageWidth = viewport()->width();
        const double widest = std::max(240, m_imageWidth - 32);
        if (size.width() > widest)
            size *= widest / size.width();
        const double ratio = devicePixelRatioF();
        QImage image((size * ratio).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter);
        painter.end();
        image.setDevicePixelRatio(ratio);
        return image;
    }
    return QTextBrowser::loadResource(type, url);
}

HelpBrowser::HelpBrowser(QWidget* parent) : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("helpBrowser"));
    setWindowTitle(tr("FrictionLab Help"));

    m_back = new QToolButton(this);
    m_back->setText(tr("◀ Back"));
    m_back->setShortcut(QKeySequence::Back);
    m_forward = new QToolButton(this);
    m_forward->setText(tr("Forward ▶"));
    m_forward->setShortcut(QKeySequence::Forward);
    auto* home = new QToolButton(this);
    home->setText(tr("Contents"));
    auto* findButton = new QToolButton(this);
    findButton->setText(tr("Find…"));
    findButton->setToolTip(tr("Find in this page (Ctrl+F)"));
    auto* top = new QHBoxLayout;
    for (QToolButton* b : {m_back, m_forward, home, findButton})
        top->addWidget(b);
    top->addStretch(1);

    m_related = new QLabel(this);
    m_related->setObjectName(QStringLiteral("helpRelated"));
    m_related->setTextFormat(Qt::RichText);
    m_related->setWordWrap(true);
    m_related->hide();

    m_contents = new QListWidget(this);
    m_contents->setObjectName(QStringLiteral("helpContents"));
    for (const HelpPage& page : helpPages()) {
        auto* item = new QListWidgetItem(page.title, m_contents);
        item->setData(Qt::UserRole, page.file);
    }
    m_text = new HelpTextBrowser(this);
    m_text->setObjectName(QStringLiteral("helpText"));
    m_text->setOpenExternalLinks(true);
    // Text wraps; tables of width 100 % round up to 1 px past the view (the test bounds it).
    m_text->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_contents);
    split->addWidget(m_text);
    split->setStretchFactor(1, 1);
    split->setSizes({220, 680});
    split->setChildrenCollapsible(false);

    m_findBar = new QWidget(this);
    auto* findLayout = new QHBoxLayout(m_findBar);
    findLayout->setContentsMargins(0, 0, 0, 0);
    m_findField = new QLineEdit(m_findBar);
    m_findField->setObjectName(QStringLiteral("helpFind"));
    m_findField->setPlaceholderText(tr("Find in page (Return: next, Shift+Return: previous, Esc: close)"));
    auto* next = new QToolButton(m_findBar);
    next->setText(tr("Next"));
    auto* previous = new QToolButton(m_findBar);
    previous->setText(tr("Previous"));
    findLayout->addWidget(new QLabel(tr("Find:"), m_findBar));
    findLayout->addWidget(m_findField, 1);
    findLayout->addWidget(previous);
    findLayout->addWidget(next);
    m_findBar->hide();

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_related);
    layout->addWidget(split, 1);
    layout->addWidget(m_findBar);

    connect(m_back, &QToolButton::clicked, m_text, &QTextBrowser::backward);
    connect(m_forward, &QToolButton::clicked, m_text, &QTextBrowser::forward);
    connect(m_text, &QTextBrowser::backwardAvailable, m_back, &QWidget::setEnabled);
    connect(m_text, &QTextBrowser::forwardAvailable, m_forward, &QWidget::setEnabled);
    connect(home, &QToolButton::clicked, this, [this] { open(helpUrl(helpPages().first().file)); });
    connect(m_contents, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { open(helpUrl(item->data(Qt::UserRole).toString())); });
    connect(m_contents, &QListWidget::itemClicked, this,
            [this](QListWidgetItem* item) { open(helpUrl(item->data(Qt::UserRole).toString())); });
    connect(m_text, &QTextBrowser::sourceChanged, this, &HelpBrowser::onSourceChanged);
    connect(m_related, &QLabel::linkActivated, this, [this](const QString& link) { open(QUrl(link)); });
    connect(findButton, &QToolButton::clicked, this, &HelpBrowser::showFindBar);
    auto* findKey = new QShortcut(QKeySequence::Find, this);
    connect(findKey, &QShortcut::activated, this, &HelpBrowser::showFindBar);
    auto* findNext = new QShortcut(QKeySequence::FindNext, this);
    connect(findNext, &QShortcut::activated, this, [this] { find(m_findField->text()); });
    auto* closeFind = new QShortcut(QKeySequence(Qt::Key_Escape), m_findBar);
    closeFind->setContext(Qt::WidgetWithChildrenShortcut);
    connect(closeFind, &QShortcut::activated, this, [this] {
        m_findBar->hide();
        m_text->setFocus();
    });
    connect(m_findField, &QLineEdit::returnPressed, this, [this] {
        find(m_findField->text(), QApplication::keyboardModifiers() & Qt::ShiftModifier);
    });
    connect(next, &QToolButton::clicked, this, [this] { find(m_findField->text()); });
    connect(previous, &QToolButton::clicked, this, [this] { find(m_findField->text(), true); });

    m_back->setEnabled(false);
    m_forward->setEnabled(false);
    applyAppearance();
    const QRect available = parent && parent->screen() ? parent->screen()->availableGeometry() : QRect(0, 0, 1280, 720);
    resize(std::min(960, available.width() - 40), std::min(760, available.height() - 60));
}

void HelpBrowser::open(const QUrl& url)
{
    if (url.adjusted(QUrl::RemoveFragment) == currentPage() && !url.fragment().isEmpty())
        m_text->scrollToAnchor(url.fragment());
    else
        m_text->setSource(url);
}

void HelpBrowser::setRelated(const QList<QPair<QString, QUrl>>& links)
{
    QStringList parts;
    for (const auto& [label, url] : links)
        parts << QStringLiteral("<a href=\"%1\">%2</a>").arg(url.toString().toHtmlEscaped(), withSubscripts(label));
    m_related->setText(parts.isEmpty() ? QString() : tr("On screen: %1").arg(parts.join(QStringLiteral(" · "))));
    m_related->setVisible(!parts.isEmpty());
}

void HelpBrowser::applyAppearance()
{
    const Appearance& appearance = currentAppearance();
    QFont font = scaledFont();
    font.setPointSizeF(font.pointSizeF() * 1.1); // reading text, a little larger than the panels
    m_text->setFont(font);
    m_text->document()->setDefaultFont(font);
    m_text->document()->setDefaultStyleSheet(pageStyleSheet(appearance.theme()));
    m_contents->setFont(scaledFont());
    // The contents list shows its longest title whole.
    m_contents->setMinimumWidth(m_contents->sizeHintForColumn(0) + 2 * m_contents->frameWidth() + 12);
    m_related->setFont(scaledFont());
    for (QToolButton* button : findChildren<QToolButton*>()) {
        button->setFont(scaledFont()); // their cached size follows only an explicit font change
        button->updateGeometry();
    }
    for (QLineEdit* field : findChildren<QLineEdit*>())
        field->setFont(scaledFont());
    m_text->reloadInPlace(); // the style sheet and the sketches' size apply on loading
}

bool HelpBrowser::find(const QString& text, bool backward)
{
    if (text.isEmpty())
        return false;
    const QTextDocument::FindFlags flags = backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    if (m_text->find(text, flags))
        return true;
    // Wrap around once.
    QTextCursor cursor = m_text->textCursor();
    cursor.movePosition(backward ? QTextCursor::End : QTextCursor::Start);
    m_text->setTextCursor(cursor);
    return m_text->find(text, flags);
}

QUrl HelpBrowser::currentPage() const { return m_text->source().adjusted(QUrl::RemoveFragment); }

void HelpBrowser::onSourceChanged(const QUrl& url)
{
    const QString file = url.adjusted(QUrl::RemoveFragment).fileName();
    for (int row = 0; row < m_contents->count(); ++row) {
        if (m_contents->item(row)->data(Qt::UserRole).toString() == file) {
            const QSignalBlocker block(m_contents);
            m_contents->setCurrentRow(row);
            break;
        }
    }
    setWindowTitle(tr("%1 — FrictionLab Help").arg(m_text->documentTitle()));
}

void HelpBrowser::showFindBar()
{
    m_findBar->show();
    m_findField->setFocus();
    m_findField->selectAll();
}

} // namespace fl::ui
