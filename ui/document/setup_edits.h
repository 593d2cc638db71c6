#pragma once
// A view's setup edited by the user is a step of the document's undo history (document.h): an
// application-wide event filter sees each key, click and wheel turn that reaches a view's widgets
// (its combo boxes' popups too), and afterwards compares the view's setup with the last one the
// document holds; a difference is recorded as one step ("Map setup"), merged with the step before
// while the same field is being typed or turned. Undo and redo show the setup again in the view.
// Changes the view makes by itself (a new scenario or preset fills its fields) are not steps: the
// document takes its copy again after each of them (Document::takeViewSetups).
#include <QObject>
#include <QPointer>
#include <QString>

#include <vector>

class QWidget;

namespace fl::ui {

class Document;
class ViewSetup;

class SetupEdits : public QObject {
    Q_OBJECT
public:
    /// Watches the application's input events for the views added below (lives as long as document).
    explicit SetupEdits(Document& document);
    ~SetupEdits() override;

    /// A view whose setup edits are steps: its widget (whose descendants receive the input).
    void watch(const QString& id, QWidget* widget);
    /// Records now the edits whose check still waits for the event loop (a key typed and, in the
    /// same pass, Ctrl+S: the file holds what the user typed).
    void flush();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Watched {
        QString id;
        QPointer<QWidget> widget;
        bool pending = false;
        QString mergeKey;
    };
    /// The view holding the object (its parent chain, across popup windows), or null.
    Watched* viewOf(QObject* object);
    void check(Watched& view);

    Document& m_document;
    std::vector<Watched> m_views;
};

} // namespace fl::ui
