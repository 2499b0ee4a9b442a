#pragma once
// What the two profiler forms (OptionsForm: TensorFlow's profiling_options; TorchProfilerForm:
// torch_npu.profiler.profile(...)) share: widgets registered by option key with a message
// label per key that the validator's problems land in, a line for problems of the whole
// configuration, and texts re-said on a language switch. Each form builds its fields, says
// in revalidate() how core's checks read them, and in retranslated() what else changes
// with the language.

#include "ui/tr_texts.h"

#include <QHash>
#include <QWidget>

#include <functional>
#include <utility>
#include <vector>

class QCheckBox;
class QGridLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QToolButton;
class QVBoxLayout;

namespace npuscope::ui {

class FieldForm : public QWidget {
    Q_OBJECT
public:
    // The widget editing `key` and the label its problems show in; nullptr for unknown
    // keys (tests and the dialog use these).
    QWidget *field(const QString &key) const { return fields_.value(key); }
    QLabel *messageLabel(const QString &key) const { return messages_.value(key); }
    // Problems not tied to one field.
    QLabel *generalMessage() const { return general_; }

Q_SIGNALS:
    void changed();

protected:
    explicit FieldForm(QWidget *parent = nullptr);

    // Re-says every onTr() text, then retranslated(); call once the fields exist.
    void retranslateUi() { texts_->sayAll(); }
    void onTr(std::function<void()> f) { texts_->add(std::move(f)); }
    virtual void retranslated() = 0;
    // Reads the fields through core's checks and shows each problem at its key.
    virtual void revalidate() = 0;

    // Each key's problems under its field (the field marked invalid, `styleShown` called on
    // the label when it has any) and the others in general_.
    void showProblems(const QHash<QString, QStringList> &byKey, const QStringList &general,
                      const std::function<void(QLabel *, const QString &key)> &styleShown = {});

    // Hidden, word-wrapped plain-text label registered for `key`.
    QLabel *addMessage(const QString &key, const QString &styleSheet = QString());
    // Fields registered for `key` that revalidate when edited.
    QCheckBox *addSwitch(const QString &key);
    QLineEdit *addLine(const QString &key);

    // The rows of one group: label | widget [| trailing], each field's message under it.
    struct Rows {
        QGridLayout *grid = nullptr;
        int row = 0;
    };
    // A titled group of rows; a non-empty `code` (the option's name in the script) is its
    // tool tip.
    std::pair<QGroupBox *, Rows> addGroup(std::function<QString()> title, const QString &code = QString());
    // A field's label, its tool tip the option's name `code`.
    QLabel *addLabel(std::function<QString()> text, const QString &code);
    // label | widget [| trailing] on the next row, the message of `key` under the widget.
    void place(Rows &r, QLabel *l, QWidget *w, const QString &key, QWidget *trailing = nullptr);
    // A "Browse…" button that puts the directory the user picks into `dir`; `toolTip` says
    // what the directory is for.
    QToolButton *addBrowseButton(QLineEdit *dir, std::function<QString()> toolTip);
    // The form's layout: the groups in two columns and, under them, general_ (made here:
    // hidden, word-wrapped, in the error colour) for the problems of the whole
    // configuration. A form may insert more above the columns.
    QVBoxLayout *layOutColumns(const std::vector<QWidget *> &left, const std::vector<QWidget *> &right);

    // The style the message labels that place() adds start with (a form that colours them
    // by severity when it validates leaves it empty).
    QString messageStyle_;

    QHash<QString, QWidget *> fields_;
    QHash<QString, QLabel *> messages_;
    QLabel *general_ = nullptr;

private:
    TrTexts *texts_ = new TrTexts(this, [this] { retranslated(); });
};

} // namespace npuscope::ui
