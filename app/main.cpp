// One binary, two faces: CLI verbs run under QCoreApplication (no display needed), anything
// else opens the GUI. The choice is made before any Q*Application exists.
#include "app/cli.h"
#include "ui/main_window.h"
#include "ui/preferences_dialog.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace {

// Loads our catalogue (compiled into the binary) and Qt's own for the user's language;
// NPUSCOPE_LANG (e.g. zh_CN) overrides the system locale, handy for scripts and tests.
void installTranslators(QCoreApplication &app)
{
    const QByteArray forced = qgetenv("NPUSCOPE_LANG");
    const QLocale locale = forced.isEmpty() ? QLocale::system() : QLocale(QString::fromLatin1(forced));
    if (!forced.isEmpty())
        QLocale::setDefault(locale); // dates and numbers in the forced language too
    auto *ours = new QTranslator(&app);
    // A language without a catalogue reads the English sources, so it gets English plurals
    // ("1 problem", not "1 problem(s)").
    if (ours->load(locale, QStringLiteral("npuscope"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        || ours->load(QStringLiteral(":/i18n/npuscope_en.qm")))
        QCoreApplication::installTranslator(ours);
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}

} // namespace

int main(int argc, char **argv)
{
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    QCoreApplication::setOrganizationName(QStringLiteral("NPU Scope"));
    QCoreApplication::setApplicationName(QStringLiteral("npuscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(NPUSCOPE_VERSION));

    if (npuscope::app::isCliInvocation(args)) {
        QCoreApplication app(argc, argv);
        installTranslators(app);
        return npuscope::app::runCli(args);
    }
    // Without a display Qt would abort with a platform-plugin error; say what to do instead.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        QCoreApplication app(argc, argv);
        installTranslators(app);
        return npuscope::app::runWithoutDisplay(args);
    }
    QApplication app(argc, argv);
    installTranslators(app);
    npuscope::ui::PreferencesDialog::applySaved(); // language and theme chosen in Preferences
    npuscope::ui::MainWindow window;
    window.show();
    if (args.size() > 1)
        window.openProject(args.at(1));
    return app.exec();
}
