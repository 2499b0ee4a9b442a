#include "ui/help_dialogs.h"

#include "ui/timeline/timeline_input.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace npuscope::ui {

namespace {
struct Ctx { Q_DECLARE_TR_FUNCTIONS(HelpDialogs) };

QString plain(QString menuText)
{
    // "&File" → "File"; "&&" stays a literal "&".
    menuText.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    menuText.remove(QLatin1Char('&'));
    menuText.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return menuText;
}

void menuRows(const QMenu *menu, const QString &path, QString *rows)
{
    for (QAction *a : menu->actions()) {
        if (a->isSeparator())
            continue;
        const QString here = path + QStringLiteral(" › ") + plain(a->text());
        if (a->menu()) {
            menuRows(a->menu(), here, rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            if (!k.isEmpty()) // a standard key this platform leaves unbound (Preferences on Linux)
                keys << k.toString(QKeySequence::NativeText).toHtmlEscaped();
        if (!keys.isEmpty())
            *rows += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(keys.join(QStringLiteral(", ")), here.toHtmlEscaped());
    }
}

QDialog *textDialog(QWidget *parent, const QString &title, const QString &objectName, QTextBrowser **browser)
{
    auto *dlg = new QDialog(parent);
    dlg->setObjectName(objectName);
    dlg->setWindowTitle(title);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    auto *text = new QTextBrowser(dlg);
    text->setOpenExternalLinks(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dlg);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dlg, &QDialog::reject);
    auto *l = new QVBoxLayout(dlg);
    l->addWidget(text, 1);
    l->addWidget(buttons);
    // Large enough to read without scrolling sideways, never larger than the window.
    const QSize want(760, 640);
    dlg->resize(parent ? want.boundedTo(parent->size() * 0.9) : want);
    *browser = text;
    return dlg;
}
} // namespace

QString shortcutsHtml(const QMenuBar *menus)
{
    QString rows;
    if (menus)
        for (QAction *a : menus->actions())
            if (a->menu())
                menuRows(a->menu(), plain(a->text()), &rows);
    QString html = QStringLiteral("<b>%1</b><table cellspacing=4>%2</table>").arg(Ctx::tr("Window").toHtmlEscaped(), rows);
    html += QStringLiteral("<p></p>") + timeline::TimelineInput::keysHelp();
    html += QStringLiteral("<p></p><b>%1</b><table cellspacing=4>").arg(Ctx::tr("Tables and SQL").toHtmlEscaped());
    html += QStringLiteral("<tr><td>Ctrl+Enter</td><td>%1</td></tr>").arg(Ctx::tr("SQL: run the query (or the selected text)").toHtmlEscaped());
    html += QStringLiteral("<tr><td>Ctrl+C</td><td>%1</td></tr>").arg(Ctx::tr("Tables and SQL results: copy the selected cells").toHtmlEscaped());
    html += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(Ctx::tr("double-click").toHtmlEscaped(),
                                                                   Ctx::tr("Tables: show the row's task in the timeline").toHtmlEscaped());
    html += QStringLiteral("</table>");
    return html;
}

QString userGuideMarkdown()
{
    QFile f(QStringLiteral(":/docs/user-guide.md"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

void showShortcutsDialog(QWidget *parent, const QMenuBar *menus)
{
    QTextBrowser *text = nullptr;
    QDialog *dlg = textDialog(parent, Ctx::tr("Keyboard Shortcuts"), QStringLiteral("shortcutsDialog"), &text);
    text->setHtml(shortcutsHtml(menus));
    // Not exec(): the window keeps running while the list is read.
    dlg->show();
}

void showUserGuide(QWidget *parent)
{
    QTextBrowser *text = nullptr;
    QDialog *dlg = textDialog(parent, Ctx::tr("NPU Scope User Guide"), QStringLiteral("userGuideDialog"), &text);
    const QString md = userGuideMarkdown();
    if (md.isEmpty())
        text->setPlainText(Ctx::tr("The user guide is missing from this build (docs/user-guide.md)."));
    else
        text->setMarkdown(md);
    dlg->show();
}

} // namespace npuscope::ui
