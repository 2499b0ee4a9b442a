#include "ui/field_form.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace npuscope::ui {

FieldForm::FieldForm(QWidget *parent) : QWidget(parent) {}

std::pair<QGroupBox *, FieldForm::Rows> FieldForm::addGroup(std::function<QString()> title, const QString &code)
{
    auto *g = new QGroupBox(this);
    onTr([g, title, code] {
        g->setTitle(title());
        if (!code.isEmpty())
            g->setToolTip(QStringLiteral("<code>%1</code>").arg(code.toHtmlEscaped()));
    });
    auto *grid = new QGridLayout(g);
    grid->setColumnStretch(1, 1);
    grid->setVerticalSpacing(4);
    return {g, Rows{grid}};
}

QLabel *FieldForm::addLabel(std::function<QString()> text, const QString &code)
{
    auto *l = new QLabel(this);
    onTr([l, text, code] {
        l->setText(text());
        l->setToolTip(QStringLiteral("<code>%1</code>").arg(code));
    });
    return l;
}

void FieldForm::place(Rows &r, QLabel *l, QWidget *w, const QString &key, QWidget *trailing)
{
    // Units and buttons get their own column, so every field of a group lines up.
    r.grid->addWidget(l, r.row, 0, Qt::AlignLeft | Qt::AlignVCenter);
    r.grid->addWidget(w, r.row, 1, 1, trailing ? 1 : 2);
    if (trailing)
        r.grid->addWidget(trailing, r.row, 2);
    l->setBuddy(w);
    r.grid->addWidget(addMessage(key, messageStyle_), r.row + 1, 1, 1, 2);
    r.row += 2;
}

void FieldForm::showProblems(const QHash<QString, QStringList> &byKey, const QStringList &general,
                             const std::function<void(QLabel *, const QString &key)> &styleShown)
{
    for (auto it = messages_.cbegin(); it != messages_.cend(); ++it) {
        const QStringList m = byKey.value(it.key());
        it.value()->setText(m.join(QLatin1Char('\n')));
        it.value()->setVisible(!m.isEmpty());
        if (!m.isEmpty() && styleShown)
            styleShown(it.value(), it.key());
        if (QWidget *f = fields_.value(it.key()))
            f->setProperty("invalid", !m.isEmpty());
    }
    general_->setText(general.join(QLatin1Char('\n')));
    general_->setVisible(!general.isEmpty());
}

QLabel *FieldForm::addMessage(const QString &key, const QString &styleSheet)
{
    auto *l = new QLabel(this);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    if (!styleSheet.isEmpty())
        l->setStyleSheet(styleSheet);
    l->hide();
    messages_.insert(key, l);
    return l;
}

QToolButton *FieldForm::addBrowseButton(QLineEdit *dir, std::function<QString()> toolTip)
{
    auto *browse = new QToolButton(this);
    onTr([browse, toolTip] {
        browse->setText(tr("Browse…"));
        browse->setToolTip(toolTip());
    });
    connect(browse, &QToolButton::clicked, this, [this, dir] {
        const QString d = QFileDialog::getExistingDirectory(this, tr("Output Directory"), dir->text());
        if (!d.isEmpty())
            dir->setText(d);
    });
    return browse;
}

QVBoxLayout *FieldForm::layOutColumns(const std::vector<QWidget *> &left, const std::vector<QWidget *> &right)
{
    general_ = new QLabel(this);
    general_->setWordWrap(true);
    general_->setStyleSheet(QStringLiteral("color: #d0334a;"));
    general_->hide();
    auto *cols = new QHBoxLayout;
    for (const auto &column : {left, right}) {
        auto *c = new QVBoxLayout;
        for (QWidget *w : column)
            c->addWidget(w);
        c->addStretch(1);
        cols->addLayout(c, 1);
    }
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addLayout(cols, 1);
    outer->addWidget(general_);
    return outer;
}

QCheckBox *FieldForm::addSwitch(const QString &key)
{
    auto *c = new QCheckBox(this);
    fields_.insert(key, c);
    connect(c, &QCheckBox::toggled, this, [this] { revalidate(); });
    return c;
}

QLineEdit *FieldForm::addLine(const QString &key)
{
    auto *e = new QLineEdit(this);
    e->setClearButtonEnabled(true);
    fields_.insert(key, e);
    connect(e, &QLineEdit::textChanged, this, [this] { revalidate(); });
    return e;
}

} // namespace npuscope::ui
