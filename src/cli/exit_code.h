// Exit statuses that users and CI scripts rely on (README.md, "Exit status"). Only the
// command line turns what a step returned into one of them.
#pragma once

namespace mkcv {

// 3 is "behind": `mkcv check`, a PDF is stale or missing; `mkcv sync --check`, a source
// has a paper the CV lacks (kExitSyncBehind).
enum ExitCode {
    kExitOk = 0,
    kExitBuildFailed = 1,
    kExitInvalid = 2,
    kExitStale = 3,
    kExitSyncBehind = 3
};

}  // namespace mkcv
