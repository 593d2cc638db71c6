#include "widgets/system_combo.h"

#include "bridge/display_text.h"
#include "bridge/qs.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QSignalBlocker>

namespace fl::ui {

void fillSystemCombo(QComboBox* combo)
{
    for (const fl::SystemInfo& info : fl::systems())
        combo->addItem(qs(info.name), qs(info.id));
}

void addSystemEntry(QComboBox* combo, const fl::SystemInfo& system)
{
    if (combo->findData(qs(system.id)) >= 0)
        return;
    const QSignalBlocker block(combo);
    if (combo->count() == static_cast<int>(fl::systems().size()))
        combo->insertSeparator(combo->count());
    // A model's name comes from its file: cut to a line (the whole of it is in the tooltip).
    combo->addItem(QCoreApplication::translate("SystemCombo", "%1 (model)").arg(elideChars(qs(system.name))), qs(system.id));
    combo->setItemData(combo->count() - 1, elideChars(qs(system.name), 300), Qt::ToolTipRole);
}

} // namespace fl::ui
