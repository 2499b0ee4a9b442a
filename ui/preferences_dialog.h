#pragma once
// Preferences: UI language (English / 简体中文) and light/dark theme, applied immediately
// (no restart, every open window keeps its state) and remembered in QSettings
// ("language", "theme").

#include <QDialog>

class QComboBox;
class QLabel;
class QDialogButtonBox;

namespace npuscope::ui {

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget *parent = nullptr);
    QComboBox *languageBox() const { return language_; }
    QComboBox *themeBox() const { return theme_; }

    // Applies the saved language and theme (application start-up).
    static void applySaved();

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslateUi();
    QComboBox *language_ = nullptr;
    QComboBox *theme_ = nullptr;
    QLabel *languageLabel_ = nullptr;
    QLabel *themeLabel_ = nullptr;
    QLabel *note_ = nullptr;
    QDialogButtonBox *buttons_ = nullptr;
};

} // namespace npuscope::ui
