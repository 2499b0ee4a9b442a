// Switching language and theme live in Preferences: menus change to Chinese and back
// without losing the open project or the selection.
#include "test_gui_support.h"
#include "ui/appearance.h"
#include "ui/main_window.h"
#include "ui/preferences_dialog.h"

#include <QComboBox>
#include <QDateTime>
#include <QLocale>
#include <QTextBrowser>
#include <QDockWidget>
#include <QMenu>
#include <QPalette>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace npuscope;
using guitest::hasCjk;

namespace {
std::int64_t startedWallUs(const QString &path)
{
    store::StoreError err{};
    QString msg;
    const auto p = store::Project::open(path, store::Project::Mode::ReadOnly, &err, &msg);
    return p && !p->sessions().empty() ? std::int64_t(p->sessions().at(0).startedWallUs) : 0;
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
        // The explorer rebuilds its items on a language change: look the session up each time.
        const auto session = [&w] { return w.explorer()->topLevelItem(0)->child(0); };
        w.explorer()->setCurrentItem(session()->child(1)); // device 1
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
        // Dates follow the language: the overview writes the session's start the Chinese way.
        QCOMPARE(QLocale().language(), QLocale::Chinese);
        const QDateTime started = QDateTime::fromMSecsSinceEpoch(startedWallUs(path) / 1000);
        const QString zhStarted = QLocale(QLocale::Chinese, QLocale::China).toString(started, QLocale::ShortFormat);
        const QString usStarted = QLocale(QLocale::English, QLocale::UnitedStates).toString(started, QLocale::ShortFormat);
        QVERIFY(zhStarted != usStarted);
        w.explorer()->setCurrentItem(session());
        QTRY_VERIFY2_WITH_TIMEOUT(w.overview()->toPlainText().contains(zhStarted), qPrintable(w.overview()->toPlainText()), 10000);
        w.explorer()->setCurrentItem(session()->child(1));
        // Nothing was rebuilt or lost.
        QCOMPARE(w.projectPath(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(w.selection(), selected);

        lang->setCurrentIndex(lang->findData(QStringLiteral("en")));
        QCOMPARE(w.fileMenu()->title(), english);
        QCOMPARE(QLocale().language(), QLocale::English);
        w.explorer()->setCurrentItem(session());
        QTRY_VERIFY2_WITH_TIMEOUT(w.overview()->toPlainText().contains(QLocale().toString(started, QLocale::ShortFormat)),
                                  qPrintable(w.overview()->toPlainText()), 10000);
        QVERIFY(!w.overview()->toPlainText().contains(zhStarted));
        w.explorer()->setCurrentItem(session()->child(1));
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
