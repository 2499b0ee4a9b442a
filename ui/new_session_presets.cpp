// The New Session dialog's presets of profiling_options: the built-in ones (resources/presets,
// compiled in) and the user's (QSettings, names percent-encoded).

#include "ui/new_session_dialog.h"
#include "ui/options_form.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QSettings>
#include <QUrl>

namespace npuscope::ui {

namespace {

const char kBuiltinPrefix[] = "builtin:";

QString presetGroup()
{
    return QStringLiteral("optionPresets");
}

// Built-in presets are JSON files compiled into the resources (resources/presets).
QMap<QString, QByteArray> builtinPresets()
{
    QMap<QString, QByteArray> out;
    const QDir dir(QStringLiteral(":/presets"));
    for (const QString &f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(f));
        if (file.open(QIODevice::ReadOnly))
            out.insert(QFileInfo(f).completeBaseName(), file.readAll().trimmed());
    }
    return out;
}

} // namespace

bool NewSessionDialog::isBuiltinPreset(const QString &name)
{
    return name.startsWith(QLatin1String(kBuiltinPrefix));
}

QStringList NewSessionDialog::presetNames()
{
    QStringList names;
    for (const QString &n : builtinPresets().keys())
        names << QString::fromLatin1(kBuiltinPrefix) + n;
    QSettings s;
    s.beginGroup(presetGroup());
    QStringList user = s.childKeys();
    // QSettings keys cannot hold every character; names are stored percent-encoded.
    for (QString &u : user)
        u = QUrl::fromPercentEncoding(u.toUtf8());
    user.sort(Qt::CaseInsensitive);
    return names + user;
}

void NewSessionDialog::refreshPresets()
{
    if (!presets_)
        return;
    const QString current = presets_->currentData().toString();
    {
    const QSignalBlocker block(presets_);
    presets_->clear();
    for (const QString &n : presetNames()) {
        const bool builtin = n.startsWith(QLatin1String(kBuiltinPrefix));
        presets_->addItem(builtin ? tr("%1 (built-in)").arg(n.mid(int(qstrlen(kBuiltinPrefix)))) : n, n);
    }
    // Nothing is preselected: a preset only applies when the user loads it.
    presets_->setPlaceholderText(tr("Choose a preset…"));
    presets_->setCurrentIndex(presets_->findData(current));
    }
    // Outside the blocker: the Load/Delete buttons follow the (possibly empty) choice.
    Q_EMIT presets_->currentIndexChanged(presets_->currentIndex());
}

bool NewSessionDialog::savePreset(const QString &name)
{
    if (name.startsWith(QLatin1String(kBuiltinPrefix)) || name.isEmpty())
        return false;
    QSettings s;
    s.beginGroup(presetGroup());
    s.setValue(QString::fromLatin1(QUrl::toPercentEncoding(name)), QString::fromUtf8(form_->json()));
    s.endGroup();
    s.sync();
    refreshPresets();
    presets_->setCurrentIndex(presets_->findData(name));
    return true;
}

bool NewSessionDialog::loadPreset(const QString &name)
{
    QByteArray json;
    if (name.startsWith(QLatin1String(kBuiltinPrefix))) {
        json = builtinPresets().value(name.mid(int(qstrlen(kBuiltinPrefix))));
    } else {
        QSettings s;
        s.beginGroup(presetGroup());
        json = s.value(QString::fromLatin1(QUrl::toPercentEncoding(name))).toString().toUtf8();
    }
    if (json.isEmpty())
        return false;
    // A preset stores what to record, not where: keep the current output directory.
    const QString output = static_cast<QLineEdit *>(form_->field(QStringLiteral("output")))->text();
    ProfilingOptions parsed;
    ProfilingOptions::parse(json, &parsed);
    parsed.output = output;
    form_->setOptions(parsed);
    return true;
}

bool NewSessionDialog::deletePreset(const QString &name)
{
    if (name.startsWith(QLatin1String(kBuiltinPrefix)))
        return false;
    QSettings s;
    s.beginGroup(presetGroup());
    const QString key = QString::fromLatin1(QUrl::toPercentEncoding(name));
    if (!s.contains(key))
        return false;
    s.remove(key);
    s.endGroup();
    s.sync();
    refreshPresets();
    return true;
}

} // namespace npuscope::ui
