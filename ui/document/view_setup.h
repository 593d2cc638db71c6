#pragma once
// What the document asks of a view whose setup a session keeps (analysis/analysis_view.h derives
// from it): the setup as JSON, and a saved one shown again. Declared here so that the document
// does not depend on the views (ui/ folders are layers; tests/ui/include_layers checks them).
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace fl::ui {

class ViewSetup {
public:
    virtual ~ViewSetup() = default;
    /// The setup a session keeps beyond the scenario (a map's grid and ranges, a law experiment, ...);
    /// empty when the view has none. Numbers are JSON numbers (doubles round-trip exactly).
    virtual QJsonObject saveSetup() const { return {}; }
    /// Shows a saved setup (the view already has the session's scenario). A field it cannot take is
    /// named in `warnings` as "<path>.<field>: reason" and left as it was; the rest is applied.
    virtual void restoreSetup(const QJsonObject& setup, const QString& path, QStringList& warnings)
    {
        Q_UNUSED(setup)
        Q_UNUSED(path)
        Q_UNUSED(warnings)
    }

protected:
    /// The view changed its setup at the user's request after the input event that asked for it
    /// (a fit's result filled its fields): the document takes it as an undo step.
    void setupEdited() const
    {
        if (m_edited)
            m_edited();
    }

    /// The view refilled its setup by itself outside a change of the document (its own result
    /// lists other variables to choose from): the document takes it, with no undo step.
    void setupRefilled() const
    {
        if (m_refilled)
            m_refilled();
    }

private:
    friend class Document;
    std::function<void()> m_edited;   ///< set by Document::addView
    std::function<void()> m_refilled; ///< set by Document::addView
};

} // namespace fl::ui
