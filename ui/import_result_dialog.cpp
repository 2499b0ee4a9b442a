#include "ui/import_result_dialog.h"
#include "core/text/display.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace npuscope::ui {

namespace {

enum Column { ColFile, ColLine, ColOffset, ColReason, ColCount, ColumnCount };

// Numbers sort as numbers, not as text ("10" after "9").
class ProblemItem : public QTreeWidgetItem {
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem &other) const override
    {
        const int c = treeWidget() ? treeWidget()->sortColumn() : 0;
        if (c == ColLine || c == ColOffset || c == ColCount)
            return data(c, Qt::UserRole).toLongLong() < other.data(c, Qt::UserRole).toLongLong();
        return QTreeWidgetItem::operator<(other);
    }
};

QString num(std::uint64_t v)
{
    return display::count(std::int64_t(v));
}


} // namespace

ImportResultDialog::ImportResultDialog(const ImportOutcome &outcome, QWidget *parent)
    : QDialog(parent), outcome_(outcome)
{
    setObjectName(QStringLiteral("importResultDialog"));
    icon_ = new QLabel(this);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    counts_ = new QLabel(this);
    counts_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    counts_->setWordWrap(true);
    problemsTitle_ = new QLabel(this);
    problems_ = new QTreeWidget(this);
    problems_->setObjectName(QStringLiteral("importProblems"));
    problems_->setColumnCount(ColumnCount);
    problems_->setRootIsDecorated(false);
    problems_->setAlternatingRowColors(true);
    problems_->setUniformRowHeights(true);
    problems_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    for (const importing::ImportProblem &p : outcome_.report.problems) {
        auto *it = new ProblemItem(problems_);
        // The name says which file; the whole path (under the imported folder) is in the
        // tooltip and in the detail line below the list.
        it->setText(ColFile, QFileInfo(p.file).fileName());
        it->setToolTip(ColFile, p.file);
        it->setText(ColLine, p.line > 0 ? num(p.line) : QString());
        it->setData(ColLine, Qt::UserRole, qulonglong(p.line));
        it->setText(ColOffset, p.offset >= 0 ? num(std::uint64_t(p.offset)) : QString());
        it->setData(ColOffset, Qt::UserRole, qlonglong(p.offset));
        it->setText(ColReason, p.reason);
        it->setToolTip(ColReason, p.reason);
        it->setText(ColCount, num(p.count));
        it->setData(ColCount, Qt::UserRole, qulonglong(p.count));
        for (int c : {ColLine, ColOffset, ColCount})
            it->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    }
    detail_ = new QLabel(this);
    detail_->setWordWrap(true);
    detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    detail_->setMinimumHeight(detail_->fontMetrics().lineSpacing() * 3);
    detail_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    connect(problems_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *cur) {
        const int i = cur ? cur->data(ColFile, Qt::UserRole).toInt() : -1;
        detail_->setText(i >= 0 && size_t(i) < outcome_.report.problems.size() ? problemLine(outcome_.report.problems[size_t(i)]) : QString());
    });
    for (int i = 0; i < problems_->topLevelItemCount(); ++i)
        problems_->topLevelItem(i)->setData(ColFile, Qt::UserRole, i);
    problems_->setSortingEnabled(true);
    problems_->sortByColumn(-1, Qt::AscendingOrder); // keep the importer's order (file by file) at first
    problems_->header()->setStretchLastSection(false);
    problems_->header()->setSectionResizeMode(ColReason, QHeaderView::Stretch);

    copy_ = new QPushButton(this);
    connect(copy_, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(problemsText()); });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    close_ = buttons->button(QDialogButtonBox::Close);
    buttons->addButton(copy_, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    const bool ok = outcome_.result == ImportOutcome::Result::Imported;
    const bool hasProblems = !outcome_.report.problems.empty();
    const QStyle::StandardPixmap pm = !ok ? QStyle::SP_MessageBoxCritical
                                          : hasProblems || outcome_.report.total().skipped ? QStyle::SP_MessageBoxWarning
                                                                                           : QStyle::SP_MessageBoxInformation;
    const int iconSize = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon_->setPixmap(style()->standardIcon(pm, nullptr, this).pixmap(iconSize, iconSize));
    icon_->setAlignment(Qt::AlignTop);
    problems_->setVisible(hasProblems);
    detail_->setVisible(hasProblems);
    if (hasProblems)
        problems_->setCurrentItem(problems_->topLevelItem(0));
    copy_->setVisible(hasProblems);

    auto *top = new QHBoxLayout;
    top->addWidget(icon_, 0, Qt::AlignTop);
    auto *text = new QVBoxLayout;
    text->addWidget(summary_);
    text->addWidget(counts_);
    top->addLayout(text, 1);
    auto *lay = new QVBoxLayout(this);
    lay->addLayout(top);
    lay->addWidget(problemsTitle_);
    lay->addWidget(problems_, 1);
    lay->addWidget(detail_);
    if (!hasProblems)
        lay->addStretch(1);
    lay->addWidget(buttons);

    retranslateUi();
    resize(hasProblems ? QSize(900, 560) : QSize(640, 340));
}

QString ImportResultDialog::problemLine(const importing::ImportProblem &p)
{
    QString where = p.file;
    if (p.line > 0)
        where += QStringLiteral(":%1").arg(p.line);
    if (p.offset >= 0)
        where += tr(" (byte %1)").arg(p.offset);
    QString line = where + QStringLiteral(": ") + p.reason;
    if (p.count > 1)
        line += tr(" (%n times in this file)", nullptr, int(std::min<std::uint64_t>(p.count, std::numeric_limits<int>::max())));
    return line;
}

QString ImportResultDialog::problemsText() const
{
    QStringList lines;
    for (const importing::ImportProblem &p : outcome_.report.problems)
        lines << problemLine(p);
    return lines.join(QLatin1Char('\n')) + (lines.isEmpty() ? QString() : QStringLiteral("\n"));
}

void ImportResultDialog::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(e);
}

void ImportResultDialog::retranslateUi()
{
    const importing::ImportReport &r = outcome_.report;
    const importing::FileAccount t = r.total();
    const QString folder = QDir::toNativeSeparators(outcome_.folder);
    const QString project = QFileInfo(outcome_.projectPath).fileName();
    switch (outcome_.result) {
    case ImportOutcome::Result::Imported:
        setWindowTitle(tr("Import Finished"));
        summary_->setText(tr("<b>%1 events and rows of %2 were imported into session %3 of %4.</b>")
                              .arg(num(t.imported),
                                      folder.toHtmlEscaped(),
                                      QString::number(outcome_.sessionId),
                                      project.toHtmlEscaped()));
        break;
    case ImportOutcome::Result::Failed:
        setWindowTitle(tr("Import Failed"));
        summary_->setText(tr("<b>Nothing was imported from %1.</b><br>%2<br>The project is unchanged.")
                              .arg(folder.toHtmlEscaped(), outcome_.message.toHtmlEscaped()));
        break;
    case ImportOutcome::Result::Cancelled:
        setWindowTitle(tr("Import Cancelled"));
        summary_->setText(tr("<b>The import of %1 was cancelled.</b><br>Nothing of it was kept: the project is unchanged.")
                              .arg(folder.toHtmlEscaped()));
        break;
    }
    QString html = QStringLiteral("<table cellspacing=0 cellpadding=2>");
    auto row = [&html](const QString &k, const QString &v) {
        html += QStringLiteral("<tr><td>%1</td><td align=right>&nbsp;&nbsp;%2</td></tr>").arg(k.toHtmlEscaped(), v);
    };
    if (!r.layout.isEmpty()) {
        QStringList layouts;
        for (const QString &l : r.layout.split(QStringLiteral(", "), Qt::SkipEmptyParts)) {
            if (l == QLatin1String("mindstudio"))
                layouts << tr("msprof newer layout (mindstudio_profiler_output)");
            else if (l == QLatin1String("legacy"))
                layouts << tr("msprof legacy layout (device_N)");
            else if (l == QLatin1String("framework text"))
                layouts << tr("torch_npu / MindSpore text export");
            else if (l == QLatin1String("framework db"))
                layouts << tr("torch_npu / MindSpore SQLite export");
            else if (l == QLatin1String("msprof db"))
                layouts << tr("msprof SQLite export");
            else
                layouts << l;
        }
        row(tr("Layout"), layouts.join(QStringLiteral(", ")));
    }
    if (!r.files.empty())
        row(tr("Files read"), tr("%1 (%2)").arg(num(r.files.size()), display::bytes(r.bytes)));
    if (t.items) {
        row(tr("Events and rows read"), num(t.items));
        row(tr("Imported"), num(t.imported));
        row(tr("Duplicates of other files"), num(t.duplicates));
        row(tr("Derived (recomputed on export)"), num(t.derived));
        row(tr("Skipped"), t.skipped ? QStringLiteral("<b>%1</b>").arg(num(t.skipped)) : num(t.skipped));
    }
    html += QStringLiteral("</table>");
    if (!r.missing.isEmpty()) {
        html += QStringLiteral("<p>%1</p><ul style=\"margin-top:0\">").arg(tr("Not in the input:").toHtmlEscaped());
        for (const QString &m : r.missing)
            html += QStringLiteral("<li>%1</li>").arg(m.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    counts_->setText(html);
    counts_->setVisible(!r.layout.isEmpty() || t.items || !r.missing.isEmpty());
    problemsTitle_->setText(r.problems.empty()
                                ? (outcome_.result == ImportOutcome::Result::Imported ? tr("No problems were found.") : QString())
                                : tr("%n problem(s): each names the file, the line and byte offset, and the reason.",
                                     nullptr, int(r.problems.size())));
    problemsTitle_->setVisible(!problemsTitle_->text().isEmpty());
    problems_->setHeaderLabels({tr("File"), tr("Line"), tr("Byte offset"), tr("Reason"), tr("Times")});
    // Numbers and titles must show whole (in either language); the file gets what is left
    // after a fair share for the reason.
    for (int c : {ColLine, ColOffset, ColCount}) {
        problems_->resizeColumnToContents(c);
        problems_->setColumnWidth(c, std::max(problems_->columnWidth(c), problems_->header()->sectionSizeHint(c)) + 8);
    }
    problems_->resizeColumnToContents(ColFile);
    problems_->setColumnWidth(ColFile, std::clamp(problems_->columnWidth(ColFile) + 8, problems_->header()->sectionSizeHint(ColFile), 260));
    copy_->setText(tr("&Copy Problems"));
}

} // namespace npuscope::ui
