#pragma once
// What every CLI verb shares: output on stdout/stderr, the progress line, Ctrl+C handling,
// exit codes for store errors, opening projects (with the full check and --upgrade), and
// the command-line pieces several verbs parse the same way. Each verb lives in
// app/verbs/<verb>.cpp; app/cli.cpp holds the table of verbs.

#include "app/cli.h"
#include "core/exporting/prof_exporter.h"
#include "core/model/session.h"
#include "core/options/profiling_options.h"
#include "core/store/project.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>

namespace npuscope::app {

// lupdate extracts Cli::tr("...") with the context "Cli".
struct Cli {
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

// Set by SIGINT/SIGTERM while an InterruptGuard lives; long work polls it.
extern std::atomic_bool g_interrupted;

// Installs a SIGINT/SIGTERM handler for the lifetime of long work so that Ctrl+C cancels
// cleanly (the recorder keeps what it committed) instead of killing the process mid-batch.
class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;
private:
    void (*prevInt_)(int);
    void (*prevTerm_)(int);
};

// One line on stdout / stderr (UTF-8, flushed).
void out(const QString &s);
void err(const QString &s);

// Progress on stderr: a live, rewritten line on a terminal; plain lines, at most one a
// second, otherwise (logs and CI stay readable).
class Progress {
public:
    Progress();
    void update(const QString &line, bool force = false);
    void finish();
    double seconds() const { return timer_.elapsed() / 1000.0; }
private:
    bool tty_;
    bool dirty_ = false;
    qint64 last_ = -1;
    QElapsedTimer timer_;
};

int exitCodeFor(store::StoreError e);

// Opening projects as the app does (Check::Auto: the full check only when the last writer did not
// finish; Ctrl+C stops it). On failure they print why and set *rc to the exit code for it.
std::unique_ptr<store::Project> openProjectChecked(const QString &path, int *rc);
std::unique_ptr<store::ProjectWriter> createWriterChecked(const QString &path, int *rc);
// Opens a project read-only and one of its sessions (the newest when sessionId is 0).
// Returns -1 and fills the outputs, or the exit code after printing why.
int openSession(const QString &path, std::int64_t sessionId, std::unique_ptr<store::Project> *project,
                std::unique_ptr<store::ProjectReader> *reader);

// The --upgrade option of every verb that opens a project, and what it does: migrates an
// older project before the verb opens it. upgradeIfAsked returns -1 to go on, or the exit
// code after printing why the upgrade failed.
void addUpgradeOption(QCommandLineParser &p);
bool upgradeAsked(const QCommandLineParser &p);
int upgradeIfAsked(bool asked, const QString &projectPath);

// Adds --help, parses; returns -1 to go on, or the exit code when parsing failed or help
// was shown.
int parseOrUsage(QCommandLineParser &p, const QStringList &args);

// --profiling-options, --options-file, --script
void addOptionsSources(QCommandLineParser &p);
// Gets the options JSON from exactly one of them (or the positional JSON). Returns false
// (after printing why) on usage errors or extraction failures.
bool optionsJsonFromArgs(const QCommandLineParser &p, const QString &positional, QByteArray *json, bool required);

// A UTF-8 text file; empty with *error set (translated, naming the file) when unreadable.
QString readTextFile(const QString &path, QString *error);
void printProblems(const std::vector<OptionProblem> &problems);

// --session ID; returns false after printing why when it is not a session id.
bool sessionIdOption(const QCommandLineParser &p, std::int64_t *sessionId);

// The project of a verb that reads one: --project FILE or the first positional argument,
// and its --format (text or json). Empty path + a printed message when either is wrong.
QString projectAndTextOrJson(const QCommandLineParser &p, const QString &needsProject, QString *format);
// The same, then the upgrade --upgrade asks for: -1 to go on, otherwise the verb's exit code.
int textOrJsonProject(const QCommandLineParser &p, const QString &needsProject, QString *path, QString *format);
// The options textOrJsonProject reads besides the project: --format (text or json) and --upgrade.
void addTextOrJsonOptions(QCommandLineParser &p);
// parseOrUsage, then textOrJsonProject: -1 to go on, otherwise the verb's exit code.
int parseTextOrJsonProject(QCommandLineParser &p, const QStringList &args, const QString &needsProject, QString *path,
                           QString *format);

// CSV output: a text cell goes through the program's one cell writer (exporting::csvCell,
// with the spreadsheet formula guard); numbers are written as they are; csvLine joins
// cells that are already written so.
QString csvText(const QString &s);
QString csvLine(const QStringList &cells);

// Results streamed to stdout: buffered, flushed once at the end (out() flushes each line,
// which suits messages but not a million rows). flushOut is false when stdout failed.
void outRaw(const QByteArray &bytes);
bool flushOut();

// Left-aligned first column, right-aligned numbers, two spaces between columns.
QString alignedTable(const QStringList &header, const QList<QStringList> &rows);

// Exports one stored session; shared by run --export, export and demo.
int exportSession(const QString &projectPath, std::int64_t sessionId, exporting::ExportRequest request,
                  bool upgrade, QString *profDirOut = nullptr,
                  bool layoutGiven = true);

struct RunArgs {
    SessionSpec spec;
    ProfilingOptions options;
    QString project;
    QString exportDir;
    bool upgrade = false;
};
// Shared by run and demo: records one emulated session, then exports if asked.
int recordAndExport(const RunArgs &a, QString *profDir = nullptr);

} // namespace npuscope::app
