#pragma once
// Byte-level file checks shared by the store, CLI and GUI tests: "the file is exactly as it
// was" after a refused open, a cancelled check or a failed upgrade.

#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>
#include <QString>

namespace testfiles {

// SHA-256 of the file; with wal, the -wal file beside it is hashed too (a reader that
// wrote anything would show there). Empty if the file cannot be read.
inline QByteArray fileHash(const QString &path, bool wal = false)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    h.addData(&f);
    if (wal) {
        QFile w(path + QStringLiteral("-wal"));
        if (w.open(QIODevice::ReadOnly))
            h.addData(&w);
    }
    return h.result();
}

} // namespace testfiles
