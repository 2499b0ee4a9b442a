#pragma once
// The command-line front end: thin verbs over core + device, the same code paths the GUI
// uses. Each verb returns the process exit code (see ExitCode).

#include <QStringList>

namespace npuscope::app {

enum ExitCode {
    ExitOk = 0,
    ExitUsage = 2,        // invalid usage or invalid options
    ExitNotProject = 3,   // not a project / unreadable
    ExitCorrupt = 4,
    ExitTooNew = 5,
    ExitIo = 6,           // disk full, permission
    ExitNeedsUpgrade = 7, // project from an older version: run again with --upgrade
    ExitCancelled = 130,  // interrupted by the user (Ctrl+C); what was recorded is kept
};

// True when argv names a CLI verb or option (so main() must not start the GUI).
bool isCliInvocation(const QStringList &args);
int runCli(const QStringList &args);
// The GUI was asked for but there is no display: explains and shows the commands (exit 2).
int runWithoutDisplay(const QStringList &args);

} // namespace npuscope::app
