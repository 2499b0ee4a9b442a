#pragma once
// What the two profiler forms (OptionsForm: TensorFlow's profiling_options; TorchProfilerForm:
// torch_npu.profiler.profile(...)) share: widgets registered by option key with a message
// label per key that the validator's problems land in, a line for problems of the whole
// configuration, and texts re-said on a language switch. Each form builds its fields, says
// in revalidate() how core's checks read them, and in retranslated() what else changes
// with the language.

#include <QHash>
#include <QWidget>

#include <functional>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;

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
    void changeEvent(QEvent *e) override;

    // Re-says every onTr() text, then retranslated(); call once the fields exist.
    void retranslateUi();
    void onTr(std::function<void()> f);
    virtual void retranslated() = 0;
    // Reads the fields through core's checks and shows each problem at its key.
    virtual void revalidate() = 0;

    // Hidden, word-wrapped plain-text label registered for `key`.
    QLabel *addMessage(const QString &key, const QString &styleSheet = QString());
    // Fields registered for `key` that revalidate when edited.
    QCheckBox *addSwitch(const QString &key);
    QLineEdit *addLine(const QString &key);

    QHash<QString, QWidget *> fields_;
    QHash<QString, QLabel *> messages_;
    QLabel *general_ = nullptr;

private:
    std::vector<std::function<void()>> texts_;
};

} // namespace npuscope::ui
