// Models in the window (ui/model): a shipped example from File → Model Examples puts its parameters
// in the panel as sliders and simulates; moving a slider re-simulates; the editor shows a typed
// error at its line and column and Apply then changes nothing; a corrected text applied re-simulates
// with its new defaults and keeps what the user had moved; a broken file opens in the editor at its
// error; a session saved with a model opens with it in a new window. Rendered to PNG for review.
#include "lecture_app.h"
#include "model_checks.h"
#include "mutator.h"

#include "document/document.h"
#include "document/parameter_undo.h"
#include "model/model_editor.h"
#include "model/model_manager.h"
#include "systems/system_registry.h"
#include "widgets/elided_label.h"
#include "widgets/parameter_panel.h"

#include <QAction>
#include <QComboBox>
#include <QGroupBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QTextBlock>
#include <QTimer>
#include <QUndoStack>

using namespace fl::ui;
using fl::ui::test::App;
using fl::ui::test::waitForRun;

namespace {

struct ModelApp : App {
    ModelManager* models = new ModelManager(window);
};

QAction* action(MainWindow& window, const QString& name)
{
    QAction* a = window.menuBar()->findChild<QAction*>(name);
    if (!a)
        qFatal("no action %s", qPrintable(name));
    return a;
}

double value(MainWindow& window, const char* id) { return window.document()->scenario().params.value(id); }

/// Types a value into the parameter's field, as a user does; waits for the run.
void setValue(MainWindow& window, const char* id, double v)
{
    auto* field = window.findChild<QLineEdit*>(QStringLiteral("edit_") + id);
    QVERIFY(field);
    field->setFocus();
    field->selectAll();
    QTest::keyClicks(field, QString::number(v));
    QTest::keyClick(field, Qt::Key_Return);
    QVERIFY(waitForRun(window));
    QCOMPARE(window.document()->scenario().params.value(id), v);
}

/// Replaces the first occurrence of `from` in the editor's text by `to`, as typing would.
void replaceText(ModelEditor& editor, const QString& from, const QString& to)
{
    QTextCursor found = editor.textEdit()->document()->find(from);
    QVERIFY2(!found.isNull(), qPrintable(from));
    editor.textEdit()->setTextCursor(found);
    QTest::keyClicks(editor.textEdit(), to);
}

void save(QWidget& widget, const QString& name)
{
    const QString path = QDir::temp().filePath(name);
    QVERIFY(widget.grab().save(path));
    std::printf("rendered %s\n", qPrintable(path));
}

} // namespace

class TestModelEditor : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { fl::ui::test::startLectureTest("test_model_editor"); }

    void exampleShowsSlidersAndRuns()
    {
        ModelApp app;
        app.window.resize(1280, 720);
        QVERIFY(waitForRun(app.window)); // the default scenario
        action(app.window, "modelExample:two-blocks-on-a-belt")->trigger();
        QVERIFY(waitForRun(app.window));
        const fl::Scenario& s = app.window.document()->scenario();
        QVERIFY(QString::fromStdString(s.systemId).startsWith("model-"));
        QCOMPARE(QString::fromStdString(fl::findSystem(s.systemId)->name), QStringLiteral("Two blocks on one belt"));
        auto* slider = app.window.findChild<QSlider*>("slider_k_c");
        QVERIFY(slider);
        QVERIFY(app.window.findChild<QWidget*>("edit_left.mu_s"));
        const fl::ui::RunOutputPtr run = app.window.currentRun();
        QVERIFY(run);
        QVERIFY(run->result.switchCount > 20);
        QVERIFY(run->result.columnIndex("v_r.right") >= 0);
        // A slider move re-simulates with the new value, as for a built-in system.
        const double before = value(app.window, "k_c");
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_PageUp);
        QVERIFY(waitForRun(app.window));
        QVERIFY(value(app.window, "k_c") > before);
        save(app.window, "model_window.png");
    }

    void editorShowsTheErrorAndApplyResimulates()
    {
        ModelApp app;
        QVERIFY(waitForRun(app.window));
        action(app.window, "modelExample:two-blocks-on-a-belt")->trigger();
        QVERIFY(waitForRun(app.window));
        // The user moves k1; the model is then edited and applied again.
        setValue(app.window, "k1", 20.0);
        action(app.window, "modelEditorAction")->trigger();
        ModelEditor* editor = app.models->editor();
        QVERIFY(editor && editor->isVisible());
        QVERIFY(editor->text().contains("Two blocks on one belt"));
        const std::string systemBefore = app.window.document()->scenario().systemId;

        // A typo: the error at its line and column, a quarter second after the last key.
        replaceText(*editor, "force x2 = -k2*x2", "force x2 = -k3*x2");
        QTRY_VERIFY_WITH_TIMEOUT(editor->errorLine() > 0, 2000);
        const int line = editor->textEdit()->document()->find("force x2 = ").blockNumber() + 1;
        QCOMPARE(editor->errorLine(), line);
        QCOMPARE(editor->errorColumn(), 13);
        QVERIFY2(editor->statusText().contains(QString("line %1, column 13: unknown name 'k3'").arg(line)), qPrintable(editor->statusText()));
        save(*editor, "model_editor_error.png");
        QTest::mouseClick(editor->findChild<QPushButton*>("modelApply"), Qt::LeftButton);
        QTest::qWait(200);
        QCOMPARE(app.window.document()->scenario().systemId, systemBefore); // nothing applied

        // Corrected, with a new default for k_c: Apply simulates the new model, k1 stays as moved.
        replaceText(*editor, "-k3*x2", "-k2*x2");
        replaceText(*editor, "param k_c = 5 ", "param k_c = 9 ");
        QVERIFY(editor->check());
        QVERIFY(editor->statusText().startsWith("OK: Two blocks on one belt"));
        QTest::mouseClick(editor->findChild<QPushButton*>("modelApply"), Qt::LeftButton);
        QVERIFY(waitForRun(app.window));
        QVERIFY(app.window.document()->scenario().systemId != systemBefore);
        QCOMPARE(value(app.window, "k_c"), 9.0);
        QCOMPARE(value(app.window, "k1"), 20.0);
        // One undo step back to the model as it was.
        app.window.document()->undo()->stack()->undo();
        QCOMPARE(app.window.document()->scenario().systemId, systemBefore);
    }

    void brokenFileOpensAtItsError()
    {
        ModelApp app;
        QVERIFY(waitForRun(app.window));
        QTemporaryDir dir;
        const QString path = dir.filePath("broken.flmodel");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("flmodel 1\nname \"Broken\"\ncoord x\ncontact c\n    slip = x' - 1\n    law = coulomb(mu_s = 1, mu_k = 2)\n");
        file.close();
        const std::string before = app.window.document()->scenario().systemId;
        QString error;
        QVERIFY(!app.models->openFile(path, &error));
        QVERIFY2(error.startsWith("broken.flmodel:6:"), qPrintable(error));
        QCOMPARE(app.window.document()->scenario().systemId, before);
        ModelEditor* editor = app.models->editor();
        QVERIFY(editor && editor->isVisible());
        QCOMPARE(editor->errorLine(), 6);
        QVERIFY(app.window.statusMessage().contains("broken.flmodel:6:"));
    }

    /// A model nested as deep as the grammar allows opens, simulates and answers a slider
    /// step (it froze the window for 22 s at depth 20 and aborted at 25); a model whose preparation
    /// would pass the budget is refused at its line in the editor and the window keeps its model. The
    /// preparation runs off the GUI thread, which keeps turning meanwhile.
    void heavyModelsNeverHoldTheWindow()
    {
        ModelApp app;
        QVERIFY(waitForRun(app.window));
        QTemporaryDir dir;
        QByteArray nested = "x";
        for (int i = 0; i < 96; ++i)
            nested = "max(" + nested + ", 0)";
        const QString deep = dir.filePath("deep.flmodel");
        QFile file(deep);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("flmodel 1\nname \"Deep\"\nparam v_b = 0.3 range -5 .. 5\ncoord x\nforce x = -x + 0.1*" + nested
                   + "\ncontact c\n    slip = x' - v_b\n    law = coulomb\n");
        file.close();
        QVERIFY(app.models->openFile(deep));
        QVERIFY(waitForRun(app.window));
        QCOMPARE(QString::fromStdString(fl::findSystem(app.window.document()->scenario().systemId)->name), QStringLiteral("Deep"));
        setValue(app.window, "v_b", 0.4);

        QByteArray wide = "flmodel 1\nname \"Wide\"\nparam v_b = 0.3 range -5 .. 5\n";
        for (int i = 0; i < 100; ++i)
            wide += "coord a" + QByteArray::number(i) + "\n";
        for (int i = 0; i < 100; ++i) {
            wide += "force a" + QByteArray::number(i) + " = -a" + QByteArray::number(i) + " + 0.001";
            for (int j = 0; j < 100; ++j)
                wide += "*(1+a" + QByteArray::number(j) + ")*(1+a" + QByteArray::number(j) + "')";
            wide += "\n";
        }
        wide += "contact c\n    slip = a0' - v_b\n    law = coulomb\n";
        const std::string before = app.window.document()->scenario().systemId;
        int ticks = 0;
        QTimer heartbeat;
        connect(&heartbeat, &QTimer::timeout, [&ticks] { ++ticks; });
        heartbeat.start(1);
        QString error;
        QVERIFY(!app.models->apply(QString::fromUtf8(wide), QString(), &error));
        heartbeat.stop();
        qInfo("refused: %s (the GUI thread's timer fired %d times meanwhile)", qPrintable(error), ticks);
        QVERIFY2(error.contains("more than 1000000 expression nodes"), qPrintable(error));
        QVERIFY(ticks > 0); // the event loop turned while the model was prepared
        QCOMPARE(app.window.document()->scenario().systemId, before);
        QVERIFY(app.models->editor() && app.models->editor()->errorLine() > 100);
    }

    void fuzzedTextsNeverBreakTheWindow()
    {
        // Mutated model files typed into the editor and applied: each is refused at a line or
        // simulated; the window keeps a valid scenario and goes on simulating.
        ModelApp app;
        QVERIFY(waitForRun(app.window));
        ModelEditor* editor = app.models->showEditor();
        const QList<QByteArray> seeds = fuzz::modelCorpus();
        int applied = 0;
        for (int i = 0; i < 30; ++i) {
            fuzz::Mutator mutator(0x9e1'0000 + static_cast<std::uint64_t>(i));
            const QString text = QString::fromUtf8(fuzz::mutateModel(mutator, mutator.pick(seeds)));
            editor->setText(text);
            const bool parses = editor->check();
            QVERIFY(parses == (editor->errorLine() == 0));
            QString error;
            if (app.models->apply(text, QString(), &error)) {
                ++applied;
                QVERIFY(waitForRun(app.window));
            } else {
                QVERIFY(!error.isEmpty());
            }
            QVERIFY(fl::findSystem(app.window.document()->scenario().systemId));
        }
        qInfo("%d of 30 mutated models applied and simulated", applied);
        QVERIFY(applied >= 3);
        app.window.rerun();
        QVERIFY(waitForRun(app.window));
    }

    /// A model whose name has 100 000 characters (the grammar sets no bound below the
    /// file's 256 KiB) opens and simulates; wherever the window shows the name (the system list,
    /// the panel's group, the Edit menu's Undo, the status line) it is cut with "…", and the panel
    /// keeps its width (the whole name made it scroll sideways and cost seconds of layout).
    void hugeNameIsShownElided()
    {
        ModelApp app;
        app.window.resize(1280, 720);
        QVERIFY(waitForRun(app.window));
        QTemporaryDir dir;
        const QString path = dir.filePath("huge-name.flmodel");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray name = QByteArray("Block ") + QByteArray(100000 - 6, 'N');
        file.write("flmodel 1\nname \"" + name + "\"\nparam v_b = 0.5 range -5 .. 5\ncoord x\nforce x = -x\ncontact c\n    slip = x' - v_b\n"
                   "    normal = 1\n    law = coulomb(mu_s = 2, mu_k = 1)\n");
        file.close();
        QString error;
        QVERIFY2(app.models->openFile(path, &error), qPrintable(error));
        QVERIFY(waitForRun(app.window));
        const fl::SystemInfo* system = fl::findSystem(app.window.document()->scenario().systemId);
        QVERIFY(system);
        QCOMPARE(system->name.size(), size_t(100000)); // the model keeps its whole name

        auto* combo = app.window.findChild<fl::ui::ParameterPanel*>()->findChild<QComboBox*>();
        QVERIFY(combo);
        const QString shown = combo->currentText();
        QVERIFY2(shown.startsWith("Block NNN") && shown.endsWith(QStringLiteral("… (model)")) && shown.size() <= 60, qPrintable(shown));
        QVERIFY(combo->itemData(combo->currentIndex(), Qt::ToolTipRole).toString().size() <= 300);
        QGroupBox* group = nullptr;
        for (QGroupBox* box : app.window.findChild<fl::ui::ParameterPanel*>()->findChildren<QGroupBox*>())
            if (box->title().startsWith("Block NNN"))
                group = box;
        QVERIFY(group);
        QVERIFY2(group->title().endsWith(QStringLiteral("…")) && group->title().size() <= 40, qPrintable(group->title()));
        auto* undo = app.window.findChild<QAction*>("undoAction");
        QVERIFY(undo);
        QVERIFY2(undo->text().contains("Block NNN") && undo->text().size() <= 140, qPrintable(undo->text().left(200)));
        // The status line's note names the model; what it measures and shows on hover is bounded.
        app.window.showNote(QStringLiteral("Model %1").arg(QString::fromLatin1(name)));
        for (const ElidedLabel* label : app.window.findChildren<ElidedLabel*>()) {
            QVERIFY(label->toolTip().size() <= kElidedLabelMaxChars);
            QVERIFY(label->sizeHint().width() < 100 * app.window.width());
        }
        // The panel keeps its width: no sideways scrolling for the name.
        auto* panelArea = app.window.findChild<QScrollArea*>("panelArea");
        QVERIFY(panelArea);
        QTRY_VERIFY(!panelArea->horizontalScrollBar()->isVisible());
        save(app.window, "model_huge_name.png");
    }

    void sessionKeepsTheModel()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("model.frictionlab");
        std::string systemId;
        {
            ModelApp app;
            QVERIFY(waitForRun(app.window));
            action(app.window, "modelExample:forced-stribeck-oscillator")->trigger();
            QVERIFY(waitForRun(app.window));
            setValue(app.window, "w", 1.1);
            systemId = app.window.document()->scenario().systemId;
            QString error;
            QVERIFY2(app.sessions->saveAs(path, &error), qPrintable(error));
        }
        ModelApp again;
        QVERIFY(waitForRun(again.window));
        QString error;
        QVERIFY2(again.sessions->open(path, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(again.window.document()->scenario().systemId, systemId, 5000);
        QCOMPARE(value(again.window, "w"), 1.1);
        QVERIFY(waitForRun(again.window));
    }
};

QTEST_MAIN(TestModelEditor)
#include "test_model_editor.moc"
