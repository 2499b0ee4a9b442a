#include "ui/field_form.h"

#include <QCheckBox>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>

namespace npuscope::ui {

FieldForm::FieldForm(QWidget *parent) : QWidget(parent) {}

void FieldForm::onTr(std::function<void()> f)
{
    texts_.push_back(std::move(f));
}

void FieldForm::retranslateUi()
{
    for (const auto &f : texts_)
        f();
    retranslated();
}

void FieldForm::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
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
