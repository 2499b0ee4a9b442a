#pragma once
// Help → Keyboard Shortcuts and Help → User Guide.
//
// The shortcut list is built from the window's own menu actions (so it cannot drift from
// what the keys do) followed by the timeline's keys and the other views' keys; the guide
// is docs/user-guide.md, compiled into the resources (:/docs/user-guide.md).

#include <QString>

class QMenuBar;
class QWidget;

namespace npuscope::ui {

// HTML: one table row per menu action that has a shortcut (menu › item, keys in the
// platform's notation), then the timeline's keys and the other views' keys.
QString shortcutsHtml(const QMenuBar *menus);
// The user guide's Markdown; empty when the resource is missing.
QString userGuideMarkdown();

void showShortcutsDialog(QWidget *parent, const QMenuBar *menus);
void showUserGuide(QWidget *parent);

} // namespace npuscope::ui
