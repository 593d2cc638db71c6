// The scenes of a lecture in SessionManager: stepping through them, editing the list, the caption.
#include "session/session_manager.h"
#include "session/scene_caption.h"
#include "session/session_view.h"
#include "widgets/main_window.h"

namespace fl::ui {

bool SessionManager::goToScene(int index)
{
    if (index < 0 || index >= sceneCount()) {
        message(sceneCount() == 0 ? tr("No lecture open (File → Open Shipped Lecture, or Lecture → Add Current State as Scene)")
                                  : tr("Scene %1 does not exist (1 .. %2)").arg(index + 1).arg(sceneCount()),
                true);
        return false;
    }
    const Scene& scene = m_session.scenes[size_t(index)];
    m_session.currentScene = index;
    showState(scene.state, tr("scene %1: %2").arg(index + 1).arg(scene.title), scene.keepLook);
    showCaption();
    updateActions();
    emit sceneShown(index);
    return true;
}

void SessionManager::nextScene()
{
    if (m_session.currentScene + 1 < sceneCount())
        goToScene(m_session.currentScene + 1);
    else if (sceneCount() > 0)
        message(tr("Last scene (%1 of %1)").arg(sceneCount()));
    else
        goToScene(0); // explains that no lecture is open
}

void SessionManager::previousScene()
{
    if (m_session.currentScene > 0)
        goToScene(m_session.currentScene - 1);
    else if (sceneCount() > 0)
        message(tr("First scene"));
}

void SessionManager::addScene(const QString& title, const QString& note, bool keepLook)
{
    insertScene({title, note, captureState(m_window), keepLook});
}

void SessionManager::insertScene(const Scene& scene)
{
    const int at = m_session.currentScene + 1;
    m_session.scenes.insert(m_session.scenes.begin() + at, scene);
    m_session.currentScene = at;
    setModified(true);
    showCaption();
    updateActions();
    message(tr("Scene %1 added").arg(at + 1));
}

bool SessionManager::updateScene()
{
    if (m_session.currentScene < 0)
        return false;
    m_session.scenes[size_t(m_session.currentScene)].state = captureState(m_window);
    setModified(true);
    message(tr("Scene %1 now holds the state on screen").arg(m_session.currentScene + 1));
    return true;
}

bool SessionManager::editScene(const QString& title, const QString& note, bool keepLook)
{
    if (m_session.currentScene < 0)
        return false;
    Scene& scene = m_session.scenes[size_t(m_session.currentScene)];
    scene.title = title;
    scene.note = note;
    scene.keepLook = keepLook;
    setModified(true);
    showCaption();
    return true;
}

bool SessionManager::removeScene()
{
    if (m_session.currentScene < 0)
        return false;
    m_session.scenes.erase(m_session.scenes.begin() + m_session.currentScene);
    m_session.currentScene = std::min(m_session.currentScene, sceneCount() - 1);
    setModified(true);
    showCaption();
    updateActions();
    return true;
}

void SessionManager::hideCaptionOfOtherSystem(const fl::Scenario& scenario)
{
    // The note speaks of the scene's system: another system on screen is no longer that scene
    // (PageDown / PageUp still step on from it).
    const int index = m_session.currentScene;
    if (index >= 0 && index < sceneCount() && m_session.scenes[size_t(index)].state.scenario.systemId != scenario.systemId)
        m_caption->showScene(-1, 0, QString(), QString());
}

void SessionManager::showCaption()
{
    const int index = m_session.currentScene;
    if (index < 0 || index >= sceneCount()) {
        m_caption->showScene(-1, 0, QString(), QString());
        return;
    }
    const Scene& scene = m_session.scenes[size_t(index)];
    m_caption->showScene(index, sceneCount(), scene.title, scene.note);
}

} // namespace fl::ui
