#include "ui/appearance.h"

#include <QApplication>
#include <QEvent>
#include <QLibraryInfo>
#include <QLocale>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QTranslator>
#include <QWidget>

namespace npuscope::ui {

namespace {
QTranslator *g_ours = nullptr;
QTranslator *g_qt = nullptr;
// What main.cpp chose at start-up (NPUSCOPE_LANG, else the system locale).
QString initialLanguage()
{
    const QByteArray forced = qgetenv("NPUSCOPE_LANG");
    const QLocale locale = forced.isEmpty() ? QLocale::system() : QLocale(QString::fromLatin1(forced));
    return locale.language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}
QString g_language = initialLanguage();
Theme g_theme = Theme::Light;

QLocale localeFor(const QString &code)
{
    if (code == QLatin1String("zh_CN"))
        return QLocale(QLocale::Chinese, QLocale::China);
    // English keeps the user's own English conventions (en_GB dates stay British).
    const QLocale system = QLocale::system();
    return system.language() == QLocale::English ? system : QLocale(QLocale::English, QLocale::UnitedStates);
}

QTranslator *englishPlurals()
{
    auto *t = new QTranslator;
    if (t->load(QStringLiteral(":/i18n/npuscope_en.qm")))
        return t;
    delete t;
    return nullptr;
}

void dropTranslator(QTranslator *&t)
{
    if (!t)
        return;
    QCoreApplication::removeTranslator(t);
    delete t;
    t = nullptr;
}
// QApplication posts LanguageChange to the windows; deliver it now so the whole UI speaks
// the new language when setLanguage() returns (callers and tests can rely on that).
void flushLanguageChange()
{
    // Dates and numbers follow the language the user reads (a Chinese UI with US dates, or the
    // reverse, is what users of a language switch notice first).
    QLocale::setDefault(localeFor(g_language));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
}
} // namespace

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString languageDisplayName(const QString &code)
{
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

bool setLanguage(const QString &code)
{
    if (code == g_language)
        return true;
    if (code == QLatin1String("en") || code.isEmpty()) {
        // Removing the translators is what sends LanguageChange back to English.
        dropTranslator(g_ours);
        dropTranslator(g_qt);
        // main.cpp may have installed its own translators at start-up; they are children
        // of the application object: remove those too so English really is English.
        for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>(QString(), Qt::FindDirectChildrenOnly))
            QCoreApplication::removeTranslator(t);
        // The sources are English, but "%n problem(s)" needs a catalogue to read "1 problem".
        g_ours = englishPlurals();
        if (g_ours)
            QCoreApplication::installTranslator(g_ours);
        g_language = QStringLiteral("en");
        flushLanguageChange();
        return true;
    }
    auto *ours = new QTranslator;
    if (!ours->load(QLocale(code), QStringLiteral("npuscope"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete ours;
        return false;
    }
    auto *qt = new QTranslator;
    if (!qt->load(QLocale(code), QStringLiteral("qtbase"), QStringLiteral("_"),
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        delete qt;
        qt = nullptr;
    }
    dropTranslator(g_ours);
    dropTranslator(g_qt);
    for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>(QString(), Qt::FindDirectChildrenOnly))
        QCoreApplication::removeTranslator(t);
    g_ours = ours;
    g_qt = qt;
    if (g_qt)
        QCoreApplication::installTranslator(g_qt);
    QCoreApplication::installTranslator(g_ours);
    g_language = code;
    flushLanguageChange();
    return true;
}

QString currentLanguage()
{
    return g_language;
}

QString themeKey(Theme t)
{
    return t == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light");
}

Theme themeFromKey(const QString &key)
{
    return key == QLatin1String("dark") ? Theme::Dark : Theme::Light;
}

void applyTheme(Theme theme)
{
    g_theme = theme;
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    if (theme == Theme::Light) {
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    }
    QPalette p;
    const QColor window(45, 45, 48), base(30, 30, 32), text(230, 230, 230), disabled(128, 128, 128);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(40, 40, 43));
    p.setColor(QPalette::ToolTipBase, QColor(60, 60, 64));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 90, 90));
    p.setColor(QPalette::Link, QColor(100, 170, 255));
    p.setColor(QPalette::LinkVisited, QColor(170, 140, 255));
    p.setColor(QPalette::Highlight, QColor(42, 130, 218));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(70, 70, 74));
    p.setColor(QPalette::Dark, QColor(25, 25, 27));
    p.setColor(QPalette::Light, QColor(80, 80, 84));
    p.setColor(QPalette::Disabled, QPalette::Text, disabled);
    p.setColor(QPalette::Disabled, QPalette::WindowText, disabled);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, disabled);
    QApplication::setPalette(p);
}

Theme currentTheme()
{
    return g_theme;
}

void setBold(QWidget *w)
{
    QFont f = w->font();
    f.setBold(true);
    w->setFont(f);
}

} // namespace npuscope::ui
