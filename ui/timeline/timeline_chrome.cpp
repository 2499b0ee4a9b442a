#include "ui/timeline/timeline_view.h"

// The view's chrome: the status line, the clipboard, context menus, the keys overlay and
// the empty state, the theme's colours on the canvas, and the widget events it hands to its parts (input
// controller, layout on resize).

#include "ui/timeline/timeline_input.h"
#include "ui/timeline/timeline_paint.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
#include <QTimer>
#include <qcustomplot.h>

namespace npuscope::ui {

void TimelineView::copyToClipboard(const QString &text, const QString &what)
{
    QApplication::clipboard()->setText(text);
    setStatus(tr("Copied %1 to the clipboard.").arg(what));
}

void TimelineView::showMenu(QMenu *menu, const QPoint &globalPos)
{
    if (!menu)
        return;
    if (menu_)
        menu_->deleteLater();
    menu_ = menu;
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(globalPos);
}

QMenu *TimelineView::laneMenu(int lane, std::uint16_t device)
{
    return input_->laneMenu(lane, device);
}

QMenu *TimelineView::plotMenu(const QPoint &pos)
{
    return input_->plotMenu(pos);
}

void TimelineView::buildOverlays()
{
    help_ = new QLabel(this);
    help_->setObjectName(QStringLiteral("timelineHelp"));
    help_->setAutoFillBackground(true);
    help_->setStyleSheet(QStringLiteral("QLabel { background: rgba(30,30,30,225); color: white; padding: 14px; border-radius: 6px; }"));
    help_->setText(timeline::TimelineInput::keysHelp());
    help_->hide();

    // Without a session the plot would show an axis of nothing ("1 ns 2 ns …"): say what
    // to do instead.
    empty_ = new QLabel(plot_);
    empty_->setObjectName(QStringLiteral("timelineEmpty"));
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setWordWrap(true);
    empty_->setText(tr("No session open.\nOpen a project (File → Open Project…) or record one (File → New Session…), "
                       "then select a session in the project explorer."));
}

void TimelineView::toggleHelp()
{
    if (help_->isVisible()) {
        help_->hide();
        return;
    }
    // Over the whole view: one column of keys when it has the height for it, else two
    // side by side.
    help_->setText(timeline::TimelineInput::keysHelp());
    help_->adjustSize();
    if (help_->height() > height()) {
        const QString text = help_->text();
        static const QRegularExpression rowRe(QStringLiteral("<tr>.*?</tr>"));
        QStringList rows;
        for (auto it = rowRe.globalMatch(text); it.hasNext();)
            rows << it.next().captured(0);
        const QString title = text.left(text.indexOf(QStringLiteral("<table")));
        const auto half = (rows.size() + 1) / 2;
        help_->setText(QStringLiteral("%1<table><tr><td valign=top><table cellspacing=4>%2</table></td>"
                                      "<td width=24></td><td valign=top><table cellspacing=4>%3</table></td></tr></table>")
                           .arg(title, rows.mid(0, half).join(QString()), rows.mid(half).join(QString())));
        help_->adjustSize();
    }
    help_->move(std::max(0, (width() - help_->width()) / 2), std::max(0, (height() - help_->height()) / 2));
    help_->raise();
    help_->show();
}

void TimelineView::setStatus(const QString &text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
    emit statusMessage(text);
}

void TimelineView::applyThemeColors()
{
    // The canvas and its ruler follow the theme (Preferences → Theme) like every other
    // widget: base colour behind the lanes, text colour for the ruler and the grid.
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(timeline::isDarkCanvas(pal) ? 40 : 28);
    plot_->setBackground(pal.base());
    plot_->axisRect()->setBackground(pal.base());
    QCPAxis *ruler = plot_->xAxis2;
    ruler->setBasePen(QPen(text, 0));
    ruler->setTickPen(QPen(text, 0));
    ruler->setSubTickPen(QPen(text, 0));
    ruler->setTickLabelColor(text);
    ruler->setLabelColor(text);
    ruler->grid()->setPen(QPen(grid, 0, Qt::DotLine));
    ctx_.text = text;
}

void TimelineView::changeEvent(QEvent *ev)
{
    if (ev->type() == QEvent::PaletteChange && plot_) {
        applyThemeColors();
        replotAll();
    }
    QWidget::changeEvent(ev);
}

void TimelineView::resizeEvent(QResizeEvent *ev)
{
    QWidget::resizeEvent(ev);
    QTimer::singleShot(0, this, &TimelineView::fitToSize);
}

void TimelineView::fitToSize()
{
    empty_->setGeometry(plot_->rect());
    syncWidth();
    relayout();
    replotAll();
}

void TimelineView::keyPressEvent(QKeyEvent *ev)
{
    if (!input_->keyPress(ev))
        QWidget::keyPressEvent(ev);
}

bool TimelineView::eventFilter(QObject *obj, QEvent *ev)
{
    if (obj == searchEdit_)
        return input_->searchKey(ev);
    if (obj == plot_)
        return input_->plotEvent(ev);
    return false;
}

} // namespace npuscope::ui
