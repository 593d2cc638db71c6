#pragma once
// Typing into and choosing in the real widgets, shared by the GUI tests.
#include <QComboBox>
#include <QLineEdit>
#include <QTest>

namespace fl::ui::test {

/// Replaces a field's text as a user would: focus, select all, delete, type.
inline void typeInto(QLineEdit* editor, const QString& text)
{
    editor->setFocus();
    editor->selectAll();
    QTest::keyClick(editor, Qt::Key_Backspace);
    QTest::keyClicks(editor, text);
}

/// Chooses the entry of a combo box whose item data is id (fails the test if there is none).
inline void selectData(QComboBox* combo, const char* id)
{
    const int index = combo->findData(QString::fromLatin1(id));
    QVERIFY2(index >= 0, id);
    combo->setCurrentIndex(index);
}

} // namespace fl::ui::test
