#include "model/model_manager.h"
#include "model/model_editor.h"

#include "bridge/off_gui_thread.h"
#include "bridge/qs.h"
#include "document/document.h"
#include "help/help_context.h"
#include "model/model_parser.h"
#include "systems/model_export.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "widgets/main_window.h"

#include <QAction>
#include <QDirIterator>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>

#include <algorithm>

// The shipped models (resources/models.qrc) live in this static library: initialise them.
static void initModelResources()
{
    Q_INIT_RESOURCE(models);
}

namespace fl::ui {

namespace {

QString readText(const QString& path, QString* error)
{
    QFile file(path);
    if (QFileInfo(path).isDir() || !file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QObject::tr("%1: %2").arg(path, QFileInfo(path).isDir() ? QObject::tr("is a folder") : file.errorString());
        return {};
    }
    return QString::fromUtf8(file.read(static_cast<qint64>(model::kMaxFileBytes) + 1));
}

/// The model's name from its text (for menus), or the file's name.
QString nameOf(const QString& text, const QString& path)
{
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("^name\\s+\"([^\"]*)\""), QRegularExpression::MultilineOption).match(text);
    return m.hasMatch() ? m.captured(1) : QFileInfo(path).completeBaseName();
}

} // namespace

ModelManager::ModelManager(MainWindow& window) : QObject(&window), m_window(window)
{
    initModelResources();
    buildMenus();
}

QList<QPair<QString, QString>> ModelManager::examples()
{
    initModelResources();
    QList<QPair<QString, QString>> list;
    for (QDirIterator it(QStringLiteral(":/models"), {QStringLiteral("*.flmodel")}); it.hasNext();) {
        const QString path = it.next();
        list.append({path, nameOf(readText(path, nullptr), path)});
    }
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    return list;
}

void ModelManager::buildMenus()
{
    QMenu* file = m_window.menuBar()->findChild<QMenu*>(QStringLiteral("fileMenu"));
    QAction* before = file->findChild<QAction*>(QStringLiteral("exportPlotAction"));
    auto* open = new QAction(tr("Open &Model…"), file);
    open->setObjectName(QStringLiteral("openModelAction"));
    open->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    open->setStatusTip(tr("Opens a model file (.flmodel) of your own friction oscillator and simulates it"));
    connect(open, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open Model"), QString(), tr("Model files (*.flmodel);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    file->insertAction(before, open);
    auto* examplesMenu = new QMenu(tr("Model E&xamples"), file);
    examplesMenu->setObjectName(QStringLiteral("modelExamplesMenu"));
    examplesMenu->setToolTipsVisible(true);
    for (const auto& [path, name] : examples()) {
        QAction* action = examplesMenu->addAction(QString(name).replace(QLatin1Char('&'), QStringLiteral("&&")), this, [this, p = path] {
            apply(readText(p, nullptr));
        });
        action->setObjectName(QStringLiteral("modelExample:") + QFileInfo(path).completeBaseName());
        const QRegularExpressionMatch about = QRegularExpression(QStringLiteral("^about\\s+\"([^\"]*)\""), QRegularExpression::MultilineOption)
                                                  .match(readText(path, nullptr));
        if (about.hasMatch()) {
            action->setToolTip(about.captured(1));
            action->setStatusTip(about.captured(1).section(QLatin1Char('.'), 0, 0) + QLatin1Char('.'));
        }
    }
    file->insertMenu(before, examplesMenu);
    auto* edit = new QAction(tr("Model &Editor…"), file);
    edit->setObjectName(QStringLiteral("modelEditorAction"));
    edit->setShortcut(QKeySequence(tr("Ctrl+Shift+M")));
    edit->setStatusTip(tr("Writes and edits a model: the current one, a built-in system as a model, or an example"));
    connect(edit, &QAction::triggered, this, [this] { showEditor(); });
    file->insertAction(before, edit);
    file->insertSeparator(before);
}

bool ModelManager::openFile(const QString& path, QString* error)
{
    QString readError;
    const QString text = readText(path, &readError);
    if (!readError.isEmpty()) {
        m_window.showNote(readError, true);
        if (error)
            *error = readError;
        return false;
    }
    return apply(text, path, error);
}

bool ModelManager::apply(const QString& text, const QString& path, QString* error)
{
    const QByteArray bytes = text.toUtf8();
    // Parsed and prepared (derivatives, the budget) off the GUI thread: the text is untrusted.
    const ModelRegistration registration =
        waitOffGuiThread([&bytes] { return registerModel(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size()))); });
    if (!registration.ok()) {
        const QString where = path.isEmpty() ? tr("model") : QFileInfo(path).fileName();
        const QString message = QStringLiteral("%1:%2:%3: %4")
                                    .arg(where)
                                    .arg(registration.error.where.line)
                                    .arg(registration.error.where.column)
                                    .arg(qs(registration.error.reason));
        ModelEditor* editor = ensureEditor();
        if (editor->text() != text)
            editor->setText(text, path);
        editor->showError(registration.error.where.line, registration.error.where.column, qs(registration.error.reason));
        editor->show();
        editor->raise();
        m_window.showNote(message, true);
        if (error)
            *error = message;
        return false;
    }
    const SystemInfo& system = *registration.system;
    const Scenario current = m_window.document()->scenario();
    Method method = current.method;
    if (std::find(system.methods.begin(), system.methods.end(), method) == system.methods.end())
        method = system.methods.front();
    Scenario next;
    next.stiffIntegrator = current.stiffIntegrator;
    const Status made = makeScenario(system.id, system.laws.front(), method, current.regularization, next);
    if (!made.ok()) {
        m_window.showNote(qs(made.message()), true);
        if (error)
            *error = qs(made.message());
        return false;
    }
    // An edited model applied again keeps what the user moved away from the old defaults.
    if (current.systemId != system.id && findModel(current.systemId))
        for (size_t i = 0; i < current.params.specs().size(); ++i) {
            const ParameterSpec& spec = current.params.specs()[i];
            const double value = current.params.values()[i];
            if (value != spec.defaultValue && next.params.has(spec.id))
                (void)next.params.set(spec.id, value); // a value outside the new range keeps the default
        }
    if (!path.isEmpty())
        m_paths.insert(qs(system.id), path);
    if (m_editor && m_editor->text() != text)
        m_editor->setText(text, path);
    m_window.loadScenario(next, tr("model %1").arg(qs(system.name)));
    m_window.showNote(tr("Model %1: %2 parameter(s) in the panel, simulated.").arg(qs(system.name)).arg(next.params.specs().size()));
    return true;
}

ModelEditor* ModelManager::ensureEditor()
{
    if (m_editor)
        return m_editor;
    m_editor = new ModelEditor(&m_window);
    connect(m_editor, &ModelEditor::applyRequested, this, [this](const QString& text) { apply(text, m_editor->path()); });
    connect(m_editor, &ModelEditor::helpRequested, this, [this] { showHelp(m_window, helpUrl(QStringLiteral("model-files.html"), QStringLiteral("statements"))); });
    connect(m_editor->templatesMenu(), &QMenu::aboutToShow, this, [this] { fillTemplates(m_editor->templatesMenu()); });
    return m_editor;
}

void ModelManager::fillTemplates(QMenu* menu)
{
    menu->clear();
    for (const auto& [path, name] : examples())
        menu->addAction(QString(name).replace(QLatin1Char('&'), QStringLiteral("&&")), this,
                        [this, p = path] { m_editor->setText(readText(p, nullptr)); });
    menu->addSeparator();
    for (const char* id : {"belt", "absorber", "brake", "bk-chain"}) {
        const SystemInfo* system = findSystem(id);
        menu->addAction(tr("Built-in: %1").arg(qs(system->name)), this, [this, id] {
            Scenario s = m_window.document()->scenario();
            if (s.systemId != id) {
                s = Scenario();
                (void)makeScenario(id, lawsOf(*findSystem(id)).front()->id, Method::EventDriven, Regularization::Kudra, s);
                if (std::string(id) == "bk-chain")
                    (void)s.params.set("n", 5.0);
            }
            std::string text;
            if (exportModel(s, text).ok())
                m_editor->setText(qs(text));
        });
    }
}

ModelEditor* ModelManager::showEditor()
{
    ModelEditor* editor = ensureEditor();
    const Scenario& s = m_window.document()->scenario();
    if (const std::string* text = modelText(s.systemId)) {
        if (editor->text() != qs(*text))
            editor->setText(qs(*text), m_paths.value(qs(s.systemId)));
    } else if (editor->text().isEmpty()) {
        std::string text;
        if (exportsAsModel(s.systemId) && exportModel(s, text).ok())
            editor->setText(qs(text));
        else if (!examples().isEmpty())
            editor->setText(readText(examples().front().first, nullptr));
    }
    if (!editor->isVisible())
        editor->fitWindowToScale();
    editor->show();
    editor->raise();
    editor->activateWindow();
    return editor;
}

} // namespace fl::ui
