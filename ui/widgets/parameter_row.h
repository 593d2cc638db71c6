#pragma once
#include "bridge/display_text.h"
#include "params/parameter_spec.h"
#include "widgets/precise_slider.h"
#include "widgets/slider_scale.h"

#include <QObject>
#include <QString>

class QGridLayout;
class QLabel;
class QLineEdit;

namespace fl::ui {

/// The widgets of one parameter, generated from its ParameterSpec and placed on kGridRows rows
/// of a grid: symbol | slider | value field | unit; below the slider the narrowed range
/// ("[38, 42] (narrowed ×2) · full range", hidden at the full range); below that a red error line
/// (hidden when empty). Every widget's tooltip gives label, help, allowed range, default and the
/// controls (Shift = fine, N/W = narrow/widen, the wheel rule).
class ParameterRow : public QObject {
    Q_OBJECT
public:
    /// Grid rows one ParameterRow takes: controls, narrowed range, error.
    static constexpr int kGridRows = 3;

    /// Creates the widgets as children of parent, on grid rows gridRow .. gridRow + kGridRows - 1.
    ParameterRow(const fl::ParameterSpec& spec, QGridLayout* grid, int gridRow, QWidget* parent);

    const fl::ParameterSpec& spec() const { return m_spec; }
    QString id() const { return QString::fromStdString(m_spec.id); }
    /// Shows a value in the slider and the field without emitting edited; a narrowed range that
    /// does not contain it moves (its span kept) to be centred on it.
    void setValue(double value);
    /// The value last shown, moved to or typed (within the allowed range).
    double value() const { return m_value; }
    /// Shows a message on the error line; an empty message hides it.
    void setError(const QString& message);
    QString error() const;
    void setEnabled(bool enabled);

    PreciseSlider* slider() const { return m_slider; }
    QLineEdit* editor() const { return m_editor; }
    /// The line under the slider that shows a narrowed range (hidden at the full range).
    QLabel* rangeLabel() const { return m_range; }
    /// The slider's mapping, with its current (maybe narrowed) window.
    const SliderScale& scale() const { return m_scale; }
    /// Key of the last edit: edits in a row with the same key are one undo step (one drag, one
    /// typed value, the key and wheel steps while the slider keeps the focus).
    QString editKey() const { return m_editKey; }
    /// Takes the narrowing of another row of the same parameter, centred on this row's value.
    void narrowLike(const ParameterRow& other);

public slots:
    /// Narrows the slider's range to a tenth of its span around the value (at most
    /// SliderScale::kMaxNarrowing times); the value does not change.
    void narrow();
    /// Undoes one narrowing, around the value.
    void widen();
    /// The slider covers the parameter's whole allowed range again.
    void restoreFullRange();

signals:
    /// The user moved the slider or typed a number (not yet checked against the range).
    void edited(const QString& id, double value);
    /// The user typed text that is not a number; message names the allowed range.
    void invalidText(const QString& id, const QString& message);

protected:
    /// Leaves Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y to the window while the field has nothing to undo
    /// or redo (after an entry is committed with Return or by leaving the field).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void connectWidgets();
    /// The value field as wide as the longest value in the font in force.
    void fitEditorWidth();
    void onSliderMoved(int position);
    void onTextEdited(const QString& text);
    void onEditingFinished();
    /// The next edit starts a new undo step.
    void endGesture() { ++m_gesture; }
    /// Places the slider's handle for the value and shows the (narrowed) range.
    void showRange();
    QString toolTip() const;

    fl::ParameterSpec m_spec;
    SliderScale m_scale;
    double m_value;
    QLabel* m_symbol;
    PreciseSlider* m_slider;
    QLineEdit* m_editor;
    QLabel* m_unit;
    QLabel* m_range;
    QLabel* m_error;
    int m_gesture = 0;
    QString m_editKey;
};

} // namespace fl::ui
