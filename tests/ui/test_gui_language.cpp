// Switching language and theme live in Preferences: menus change to Chinese and back
// without losing the open project or the selection.
#include "test_gui_support.h"
#include "ui/appearance.h"
#include "ui/main_window.h"
#include "ui/preferences_dialog.h"

#include <QComboBox>
#include <QDockWidget>
#include <QMenu>
#include <QPalette>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace npuscope;

namespace {
bool hasCjk(const QString &s)
{
    for (QChar c : s)
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    return false;
}
} // namespace

class TestGuiLanguage : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private Q_SLOTS:
    void initTestCase() { guitest::isolateSettings(); }

    void switchesToChineseAndBackKeepingState()
    {
        const QString path = guitest::record(tmp_.filePath(QStringLiteral("lang.npuscope")));
        QVERIFY(!path.isEmpty());
        ui::MainWindow w;
        w.show();
        QVERIFY(guitest::openProject(w, path));
        QTreeWidgetItem *session = w.explorer()->topLevelItem(0)->child(0);
        w.explorer()->setCurrentItem(session->child(1)); // device 1
        const auto selected = w.selection();
        const QString english = w.fileMenu()->title();
        QCOMPARE(english, QStringLiteral("&File"));

        ui::PreferencesDialog prefs(&w);
        prefs.show();
        QComboBox *lang = prefs.languageBox();
        lang->setCurrentIndex(lang->findData(QStringLiteral("zh_CN")));
        QCOMPARE(ui::currentLanguage(), QStringLiteral("zh_CN"));
        QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("zh_CN"));
        const QString chinese = w.fileMenu()->title();
        QVERIFY2(chinese != english && hasCjk(chinese), qPrintable(chinese));
        // Nothing was rebuilt or lost.
        QCOMPARE(w.projectPath(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(w.selection(), selected);

        lang->setCurrentIndex(lang->findData(QStringLiteral("en")));
        QCOMPARE(w.fileMenu()->title(), english);
        QCOMPARE(w.selection(), selected);
    }

    void themeSwitchesPalette()
    {
        ui::PreferencesDialog prefs;
        QComboBox *theme = prefs.themeBox();
        theme->setCurrentIndex(theme->findData(QStringLiteral("dark")));
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 100);
        QCOMPARE(QSettings().value(QStringLiteral("theme")).toString(), QStringLiteral("dark"));
        theme->setCurrentIndex(theme->findData(QStringLiteral("light")));
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 150);
    }
};

QTEST_MAIN(TestGuiLanguage)
#include "test_gui_language.moc"
