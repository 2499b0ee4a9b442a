#include "ui/preferences_dialog.h"

#include "ui/appearance.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QVBoxLayout>

namespace npuscope::ui {

PreferencesDialog::PreferencesDialog(QWidget *parent)
    : QDialog(parent)
{
    language_ = new QComboBox(this);
    for (const QString &code : availableLanguages())
        language_->addItem(languageDisplayName(code), code); // each name in its own language
    language_->setCurrentIndex(qMax(0, language_->findData(currentLanguage())));
    theme_ = new QComboBox(this);
    theme_->addItem(QString(), themeKey(Theme::Light));
    theme_->addItem(QString(), themeKey(Theme::Dark));
    theme_->setCurrentIndex(qMax(0, theme_->findData(themeKey(currentTheme()))));
    languageLabel_ = new QLabel(this);
    languageLabel_->setBuddy(language_);
    themeLabel_ = new QLabel(this);
    themeLabel_->setBuddy(theme_);
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::accept);

    auto *form = new QFormLayout;
    form->addRow(languageLabel_, language_);
    form->addRow(themeLabel_, theme_);
    auto *l = new QVBoxLayout(this);
    l->addLayout(form);
    l->addWidget(note_);
    l->addStretch(1);
    l->addWidget(buttons_);

    connect(language_, &QComboBox::currentIndexChanged, this, [this] {
        const QString code = language_->currentData().toString();
        if (setLanguage(code))
            QSettings().setValue(QStringLiteral("language"), code);
    });
    connect(theme_, &QComboBox::currentIndexChanged, this, [this] {
        const Theme t = themeFromKey(theme_->currentData().toString());
        applyTheme(t);
        QSettings().setValue(QStringLiteral("theme"), themeKey(t));
    });
    retranslateUi();
    resize(440, 200);
}

void PreferencesDialog::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(e);
}

void PreferencesDialog::retranslateUi()
{
    setWindowTitle(tr("Preferences"));
    languageLabel_->setText(tr("&Language:"));
    themeLabel_->setText(tr("&Theme:"));
    theme_->setItemText(0, tr("Light"));
    theme_->setItemText(1, tr("Dark"));
    note_->setText(tr("Changes apply immediately to every window."));
}

void PreferencesDialog::applySaved()
{
    QSettings s;
    const QString lang = s.value(QStringLiteral("language")).toString();
    if (!lang.isEmpty())
        setLanguage(lang);
    applyTheme(themeFromKey(s.value(QStringLiteral("theme")).toString()));
}

} // namespace npuscope::ui
