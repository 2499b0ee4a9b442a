#include "ui/timeline/timeline_toolbar.h"

#include "ui/timeline/timeline_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QToolButton>

namespace npuscope::ui::timeline {

TimelineToolbar::TimelineToolbar(QWidget *parent) : QWidget(parent)
{
    auto *bar = new QHBoxLayout(this);
    bar->setContentsMargins(4, 2, 4, 0);
    search_ = new QLineEdit(this);
    search_->setObjectName(QStringLiteral("timelineSearch"));
    search_->setPlaceholderText(TimelineView::tr("Search op names (Enter: next, Shift+Enter: previous)"));
    search_->setClearButtonEnabled(true);
    regex_ = new QCheckBox(TimelineView::tr("Regex"), this);
    matches_ = new QLabel(this);
    matches_->setMinimumWidth(120);
    auto *prev = new QToolButton(this);
    prev->setText(QString::fromUtf8("\u25C0"));
    prev->setToolTip(TimelineView::tr("Previous match (Shift+Enter)"));
    auto *next = new QToolButton(this);
    next->setText(QString::fromUtf8("\u25B6"));
    next->setToolTip(TimelineView::tr("Next match (Enter)"));
    colour_ = new QComboBox(this);
    colour_->addItem(TimelineView::tr("Colour by task type"));
    colour_->addItem(TimelineView::tr("Colour by op type"));
    auto *help = new QToolButton(this);
    help->setText(QStringLiteral("?"));
    help->setToolTip(TimelineView::tr("Keyboard shortcuts (?)"));
    flows_ = new QCheckBox(TimelineView::tr("All flows"), this);
    flows_->setObjectName(QStringLiteral("timelineAllFlows"));
    flows_->setToolTip(TimelineView::tr("Draw every flow arrow in view (host launch → device task), not only those of the "
                                        "selected event. J or the event's menu follows an arrow to its other end."));
    bar->addWidget(search_, 3);
    bar->addWidget(regex_);
    bar->addWidget(prev);
    bar->addWidget(next);
    bar->addWidget(matches_);
    bar->addStretch(1);
    bar->addWidget(flows_);
    bar->addWidget(colour_);
    bar->addWidget(help);

    auto *debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(250);
    connect(search_, &QLineEdit::textChanged, debounce, qOverload<>(&QTimer::start));
    connect(regex_, &QCheckBox::toggled, debounce, qOverload<>(&QTimer::start));
    connect(debounce, &QTimer::timeout, this, [this] { Q_EMIT searchRequested(search_->text(), regex_->isChecked()); });
    connect(prev, &QToolButton::clicked, this, &TimelineToolbar::previousRequested);
    connect(next, &QToolButton::clicked, this, &TimelineToolbar::nextRequested);
    connect(colour_, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this](int i) { Q_EMIT colorModeChanged(i == 1 ? ColorMode::OpType : ColorMode::TaskType); });
    connect(help, &QToolButton::clicked, this, &TimelineToolbar::helpRequested);
    connect(flows_, &QCheckBox::toggled, this, &TimelineToolbar::allFlowsToggled);
}

} // namespace npuscope::ui::timeline
