#include "mechanism/scene_style.h"

namespace fl::ui {

QColor SceneStyle::stroke(fl::SceneRole role) const
{
    switch (role) {
    case fl::SceneRole::Ground: return ground;
    case fl::SceneRole::Body: return body;
    case fl::SceneRole::Surface: return surface;
    case fl::SceneRole::Marker: return marker;
    case fl::SceneRole::Spring: return spring;
    case fl::SceneRole::Friction: return friction;
    case fl::SceneRole::Forcing: return forcing;
    case fl::SceneRole::Trail: return trail;
    case fl::SceneRole::Contact: return contact;
    }
    return text;
}

QColor SceneStyle::fill(fl::SceneRole role) const
{
    switch (role) {
    case fl::SceneRole::Body: return bodyFill;
    case fl::SceneRole::Surface: return surfaceFill;
    case fl::SceneRole::Ground: return surfaceFill;
    default: {
        QColor c = stroke(role);
        c.setAlphaF(0.35f);
        return c;
    }
    }
}

} // namespace fl::ui
