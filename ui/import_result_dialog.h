#pragma once
// What an import of a PROF directory did, shown when it ends: the sentence that sums it up
// (events imported into which session, or why nothing was imported and that the project
// is unchanged), the counts of events and rows read / imported / duplicated / derived /
// skipped, what the input lacks, and every problem with its file, line, byte offset and
// reason in a sortable list that can be copied.

#include "core/importing/importer.h"
#include "core/store/project.h"

#include <QDialog>
#include <cstdint>
#include <memory>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace npuscope::ui {

struct ImportOutcome {
    enum class Result { Imported, Failed, Cancelled };
    Result result = Result::Failed;
    QString folder;              // as the user gave it
    QString projectPath;
    std::int64_t sessionId = 0;  // the new session (Imported only; undone otherwise)
    bool projectExisted = false; // before the import: an undo removes a file made only for it
    QString message;             // translated: why it failed (Failed / Cancelled)
    importing::ImportReport report;
    // The project opened (and checked) on the worker after a successful import, so the
    // window shows it without checking a big file on the GUI thread.
    std::shared_ptr<store::Project> project;
};

class ImportResultDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportResultDialog(const ImportOutcome &outcome, QWidget *parent = nullptr);

    QLabel *summaryLabel() const { return summary_; }
    // One row per problem: file, line, byte offset, reason, times in the file.
    QTreeWidget *problemList() const { return problems_; }
    QPushButton *copyButton() const { return copy_; }
    // The problems as text lines "file:line (byte N): reason", for the clipboard.
    QString problemsText() const;
    // The selected problem in full (path, place, reason), under the list.
    QLabel *detailLabel() const { return detail_; }

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslateUi();
    static QString problemLine(const importing::ImportProblem &p);

    ImportOutcome outcome_;
    QLabel *icon_ = nullptr;
    QLabel *summary_ = nullptr;
    QLabel *counts_ = nullptr;
    QLabel *problemsTitle_ = nullptr;
    QTreeWidget *problems_ = nullptr;
    QLabel *detail_ = nullptr;
    QPushButton *copy_ = nullptr;
    QPushButton *close_ = nullptr;
};

} // namespace npuscope::ui
