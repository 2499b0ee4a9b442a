#pragma once
// Application-wide appearance: the UI language and the colour theme, switchable while the
// application runs. Changing the language installs/removes our QTranslator (and Qt's own),
// which makes Qt send QEvent::LanguageChange to every widget; each of our widgets then
// re-sets its texts in retranslateUi(), so no window is rebuilt and no state is lost.

#include <QString>
#include <QStringList>

class QWidget;

namespace npuscope::ui {

// Language codes offered in Preferences: "en" (the source strings) and "zh_CN".
QStringList availableLanguages();
// Human-readable name of a language code, in that language ("English", "简体中文").
QString languageDisplayName(const QString &code);
// Installs the catalogue for `code` from :/i18n ("en" removes ours). Returns false (and
// leaves the current language) when no catalogue exists for it.
bool setLanguage(const QString &code);
QString currentLanguage();

enum class Theme { Light, Dark };
QString themeKey(Theme t);                  // "light" / "dark" (QSettings value)
Theme themeFromKey(const QString &key);     // unknown → Light
// Fusion style with a light or dark QPalette on the running QApplication.
void applyTheme(Theme theme);
Theme currentTheme();

// Makes a widget's text bold, the rest of its font kept: a view's title, a pane's heading.
void setBold(QWidget *w);

} // namespace npuscope::ui
