#pragma once
// Asks for the interval, frame rate, speed, size, folder and video format of an animation export,
// then writes it on a worker thread with a progress dialog that can cancel.
#include "bridge/run_output.h"
#include "mechanism/animation_export.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace fl::ui {

class AnimationExportDialog : public QDialog {
    Q_OBJECT
public:
    AnimationExportDialog(const RunOutputPtr& run, const SceneStyle& style, QSize viewSize, QWidget* parent = nullptr);

    /// The job as the fields describe it now.
    AnimationJob job() const;
    /// Writes the job (blocking, with a progress dialog); true on success.
    bool run();
    /// One line on the outcome, for the status bar.
    QString summary() const { return m_summary; }

    QDoubleSpinBox* fromBox() const { return m_from; }
    QDoubleSpinBox* toBox() const { return m_to; }
    QLineEdit* folderEdit() const { return m_folder; }
    QComboBox* videoBox() const { return m_video; }
    QLabel* infoLabel() const { return m_info; }

private:
    void updateInfo();
    void chooseFolder();

    RunOutputPtr m_run;
    SceneStyle m_style;
    QDoubleSpinBox* m_from;
    QDoubleSpinBox* m_to;
    QDoubleSpinBox* m_speed;
    QSpinBox* m_fps;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QLineEdit* m_folder;
    QComboBox* m_video;
    QLabel* m_info;
    QString m_ffmpeg;
    QString m_summary;
};

} // namespace fl::ui
