// The New Session dialog's preview of the generated code and its import of a training script
// (pasted, opened or dropped): the script's framework chooses the form it fills.

#include "ui/new_session_dialog.h"
#include "ui/options_form.h"
#include "ui/torch_profiler_form.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QMimeData>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QTabWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace npuscope::ui {

namespace {

QPlainTextEdit *codeView(QWidget *parent)
{
    auto *e = new QPlainTextEdit(parent);
    e->setReadOnly(true);
    e->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    e->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    return e;
}

} // namespace

// A tab of generated code with a Copy button under it.
void NewSessionDialog::addCodePage(QTabWidget *tabs, QPlainTextEdit *code)
{
    auto *page = new QWidget(tabs);
    auto *v = new QVBoxLayout(page);
    v->addWidget(code, 1);
    auto *copy = new QPushButton(page);
    texts_->add([copy] { copy->setText(tr("&Copy")); });
    connect(copy, &QPushButton::clicked, this, [code] { QGuiApplication::clipboard()->setText(code->toPlainText()); });
    auto *h = new QHBoxLayout;
    h->addStretch(1);
    h->addWidget(copy);
    v->addLayout(h);
    tabs->addTab(page, QString());
}

// The right-hand pane: the preview of the generated code (per framework) and the script import.
QVBoxLayout *NewSessionDialog::buildPreviewPane()
{
    auto *preview = new QGroupBox(this);
    auto *pl = new QVBoxLayout(preview);
    auto *previewTabs = new QTabWidget(preview);
    jsonPreview_ = codeView(preview);
    estimatorPreview_ = codeView(preview);
    sessRunPreview_ = codeView(preview);
    jsonPreview_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    // Wrapped, so the long profiling_options line is readable without scrolling; Copy
    // copies the real lines.
    estimatorPreview_->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    sessRunPreview_->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    for (QPlainTextEdit *e : {jsonPreview_, estimatorPreview_, sessRunPreview_})
        addCodePage(previewTabs, e);
    texts_->add([=] {
        preview->setTitle(tr("Preview"));
        previewTabs->setTabText(0, tr("profiling_options"));
        previewTabs->setTabText(1, tr("Estimator code"));
        previewTabs->setTabText(2, tr("sess.run code"));
    });
    auto *torchTabs = new QTabWidget(preview);
    torchCode_ = codeView(preview);
    torchJson_ = codeView(preview);
    torchCode_->setObjectName(QStringLiteral("torchCode"));
    torchJson_->setObjectName(QStringLiteral("torchJson"));
    // One argument per line; a narrow pane wraps rather than hides the rest of a line.
    torchCode_->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    torchJson_->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    for (QPlainTextEdit *e : {torchCode_, torchJson_})
        addCodePage(torchTabs, e);
    texts_->add([=] {
        torchTabs->setTabText(0, tr("Python code"));
        torchTabs->setTabText(1, tr("JSON (--torch-profiler-config)"));
    });
    previewStack_ = new QStackedWidget(preview);
    previewStack_->addWidget(previewTabs);
    previewStack_->addWidget(torchTabs);
    pl->addWidget(previewStack_);

    auto *importBox = new QGroupBox(this);
    auto *il = new QVBoxLayout(importBox);
    importHint_ = new QLabel(importBox);
    importHint_->setWordWrap(true);
    auto *paste = new QPushButton(importBox);
    auto *open = new QPushButton(importBox);
    auto *ib = new QHBoxLayout;
    ib->addWidget(paste);
    ib->addWidget(open);
    ib->addStretch(1);
    importStatus_ = new QLabel(importBox);
    importStatus_->setWordWrap(true);
    importStatus_->setTextFormat(Qt::PlainText);
    il->addWidget(importHint_);
    il->addLayout(ib);
    il->addWidget(importStatus_);
    texts_->add([=] {
        importBox->setTitle(tr("Import from a training script"));
        paste->setText(tr("&Paste Script…"));
        open->setText(tr("&Open Script…"));
    });
    connect(paste, &QPushButton::clicked, this, &NewSessionDialog::pasteScriptDialog);
    connect(open, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Open Training Script"), QDir::homePath(),
                                                       tr("Python scripts (*.py);;All files (*)"));
        if (!f.isEmpty())
            importScriptFile(f);
    });

    auto *right = new QVBoxLayout;
    right->addWidget(preview, 1);
    right->addWidget(importBox);

    return right;
}

void NewSessionDialog::updatePreview()
{
    // Set only when it changed: the views keep their scroll position while the workload is edited.
    auto show = [](QPlainTextEdit *e, const QString &text) {
        if (e->toPlainText() != text)
            e->setPlainText(text);
    };
    const QString fix = tr("# Fix the problems in the torch_npu profiler config to see the code.");
    show(torchCode_, torch_->isValid() ? torch_->pythonCode() : fix);
    show(torchJson_, torch_->isValid() ? QString::fromUtf8(torch_->config().toJson()) : fix);
    jsonPreview_->setPlainText(QString::fromUtf8(form_->json()));
    if (form_->isValid()) {
        estimatorPreview_->setPlainText(generateTrainingCode(form_->options(), CodeForm::Estimator));
        sessRunPreview_->setPlainText(generateTrainingCode(form_->options(), CodeForm::SessRun));
    } else {
        const QString fix = tr("# Fix the problems in the profiling options to see the code.");
        estimatorPreview_->setPlainText(fix);
        sessRunPreview_->setPlainText(fix);
    }
}

void NewSessionDialog::setImportStatus(const QString &text, bool error)
{
    importStatus_->setStyleSheet(error ? QString::fromLatin1(kMessageStyle) : QString());
    importStatus_->setText(text);
}

bool NewSessionDialog::importScript(const QString &text, QString *message)
{
    const ScriptExtraction x = extractFromScript(text);
    // A script of the other framework switches the dialog to it: the reader of the chosen
    // framework goes first, the other only when the chosen one finds nothing.
    const bool torchFound = torchcfg::readTorchProfilerScript(text).found;
    if (framework() == Framework::PyTorch ? (torchFound || !x.found) : (!x.found && torchFound)) {
        setFramework(Framework::PyTorch);
        QString m;
        const bool ok = torch_->importScript(text, &m);
        setImportStatus(m, !ok || torch_->importStatus()->styleSheet() != QString());
        tabs_->setCurrentIndex(1);
        if (message)
            *message = m;
        return ok;
    }
    setFramework(Framework::TensorFlow);
    if (!x.found) {
        const QString m = x.error.isEmpty() ? tr("The script contains no profiling_options.") : x.error;
        setImportStatus(m, true);
        if (message)
            *message = m;
        return false;
    }
    ProfilingOptions parsed;
    const auto problems = ProfilingOptions::parse(x.optionsJson, &parsed);
    form_->setOptions(parsed);
    mode_->setCurrentIndex(mode_->findData(int(x.form == CodeForm::SessRun ? LaunchMode::SessRun : LaunchMode::Estimator)));
    QString m = x.fromEnvironment
                    ? tr("Imported the options of line %1 (PROFILING_OPTIONS environment variable).").arg(x.line)
                    : x.form == CodeForm::SessRun ? tr("Imported the options of line %1 (sess.run form).").arg(x.line)
                                                  : tr("Imported the options of line %1 (Estimator form).").arg(x.line);
    if (!x.error.isEmpty())
        m += QLatin1Char(' ') + x.error;
    if (!problems.empty())
        m += QLatin1Char(' ') + tr("%n problem(s) are marked in the form.", nullptr, int(problems.size()));
    setImportStatus(m, !x.error.isEmpty() || !problems.empty());
    tabs_->setCurrentIndex(1);
    if (message)
        *message = m;
    return true;
}

bool NewSessionDialog::importScriptFile(const QString &path, QString *message)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        const QString m = tr("The script %1 could not be read: %2.").arg(QDir::toNativeSeparators(path), f.errorString());
        setImportStatus(m, true);
        if (message)
            *message = m;
        return false;
    }
    const bool ok = importScript(QString::fromUtf8(f.readAll()), message);
    importStatus_->setText(QFileInfo(path).fileName() + QStringLiteral(": ") + importStatus_->text());
    return ok;
}

void NewSessionDialog::pasteScriptDialog()
{
    QDialog d(this);
    d.setWindowTitle(tr("Paste Training Script"));
    auto *v = new QVBoxLayout(&d);
    auto *hint = new QLabel(framework() == Framework::PyTorch
                                ? tr("Paste the training script (or the part that calls torch_npu.profiler.profile(...)):")
                                : tr("Paste the training script (or the part that sets profiling_options):"),
                            &d);
    auto *edit = new QPlainTextEdit(&d);
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit->setObjectName(QStringLiteral("scriptEdit"));
    auto *bb = new QDialogButtonBox(QDialogButtonBox::Cancel, &d);
    bb->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    connect(bb, &QDialogButtonBox::accepted, &d, &QDialog::accept);
    connect(bb, &QDialogButtonBox::rejected, &d, &QDialog::reject);
    v->addWidget(hint);
    v->addWidget(edit, 1);
    v->addWidget(bb);
    d.resize(760, 480);
    if (d.exec() == QDialog::Accepted)
        importScript(edit->toPlainText());
}

void NewSessionDialog::dragEnterEvent(QDragEnterEvent *e)
{
    for (const QUrl &u : e->mimeData()->urls())
        if (u.isLocalFile() && u.toLocalFile().endsWith(QLatin1String(".py"), Qt::CaseInsensitive)) {
            e->acceptProposedAction();
            return;
        }
}

void NewSessionDialog::dropEvent(QDropEvent *e)
{
    for (const QUrl &u : e->mimeData()->urls())
        if (u.isLocalFile() && u.toLocalFile().endsWith(QLatin1String(".py"), Qt::CaseInsensitive)) {
            importScriptFile(u.toLocalFile());
            e->acceptProposedAction();
            return;
        }
}

} // namespace npuscope::ui
