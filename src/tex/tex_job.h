// One TeX job (a .tex in its build folder, the engine, the time limit) and its result, the
// programs that run it and making sense of what they say. Starts XeLaTeX and xdvipdfmx
// (tex_run.h), latexmk (run_latexmk) and the TeX probes through util/process.h, as every child
// process of mkcv: each runs non-interactively, without shell escape, sandboxed to its build folder
// (tex_sandbox_environment; LuaLaTeX with --safer), with standard input closed and a time limit,
// and its whole process group dies with it (and with mkcv).
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "util/diagnostics.h"
#include "util/process.h"

namespace mkcv {

// Files a TeX job keeps in the build folder: its programs' output and their process group.
inline constexpr const char* kTexOutput = "tex.out";
inline constexpr const char* kTexGroupFile = ".mkcv-tex-group";

struct TexJob {
    std::filesystem::path work_dir;  // holds the .tex; TeX's own files stay here
    std::string tex_file;            // file name inside work_dir
    std::string engine = "xelatex";
    std::chrono::seconds timeout{120};
    // Whether the document may read the previous pass's page count (aux_rerun.h); when
    // not, a changed count alone is no reason for another pass.
    bool page_total_matters = true;
    // A precompiled preamble (tex/format.h) the engine starts from, in work_dir's parent;
    // empty: none. Not part of latexmk_arguments: with or without it the PDF is the same.
    std::filesystem::path format;
    std::map<std::string, std::string> environment;  // added to the inherited environment
    // `[build] tex = "latexmk"` or --latexmk: latexmk runs every pass (run_latexmk), never
    // the engine directly (tex_run.h), for templates that rely on latexmk's rules.
    bool latexmk = false;
};

struct LatexError {
    std::string file;  // as the log names it
    int line = 0;      // 0 when the log gives none
    std::string message;
    std::string context;  // the log's "l.12 ..." excerpt, when present
};

struct TexResult {
    enum class Status { Ok, Failed, TimedOut, NotInstalled, CouldNotStart } status = Status::Failed;
    std::filesystem::path pdf;  // in work_dir, on success
    std::filesystem::path log;  // TeX's .log
    std::filesystem::path
        output;  // the programs' output: the engine's and xdvipdfmx's, or latexmk's
    std::string runner = "latexmk";  // or the engine, when mkcv ran it itself (tex_run.h)
    int passes = 0;
    int pages = 0;
    std::optional<LatexError> first_error;
    std::string missing_file;          // a .sty/.cls/font TeX could not find
    std::string explanation;           // one line for people, when the cause is known
    std::vector<Diagnostic> warnings;  // problems that did not stop the run
};

TexResult run_latexmk(const TexJob& job);

// Runs a TeX program (found on the PATH) in `work_dir` as run_latexmk runs latexmk, its
// output to `output`. Returns its exit status, or -1 when it is missing, could not start
// or ran out of time.
int run_tex_program(const std::string& program, const std::vector<std::string>& args,
                    const std::filesystem::path& work_dir,
                    const std::map<std::string, std::string>& environment,
                    std::chrono::seconds timeout, const std::filesystem::path& output);

// Runs one program of `job` (latexmk, or the engine and xdvipdfmx without it) as run_latexmk
// runs latexmk: in job.work_dir, in TeX's sandbox, its process group noted for
// stop_abandoned_tex, within `timeout`, its output to `output`.
ProcessOutcome run_job_program(const TexJob& job, const std::filesystem::path& program,
                               const std::vector<std::string>& args,
                               std::chrono::milliseconds timeout,
                               const std::filesystem::path& output);

// When `outcome` is no exit at all (could not start, timed out, lost), says so in `result`
// and returns true; its warning goes to result.warnings either way.
bool outcome_failed(const ProcessOutcome& outcome, const TexJob& job, const std::string& program,
                    TexResult& result);

// Fills a failed `result` (status, first error, missing file, explanation) from the run's
// output and TeX's log.
void explain_failure(const TexJob& job, const std::string& output, const std::string& log,
                     TexResult& result);

// A build killed mid-TeX (SIGKILL, a crash) leaves TeX's process group running in its
// folder; this stops it, if it still runs there, before the folder is used again.
void stop_abandoned_tex(const std::filesystem::path& work_dir);

// Set in every TeX run's environment, over the caller's and the job's: TeX may read and
// write only inside its build folder (kpathsea's paranoid mode) and never run a program.
const std::map<std::string, std::string>& tex_sandbox_environment();

// The options every pass of the engine gets, whichever route runs it (latexmk, or mkcv
// itself: tex_run.h).
std::vector<std::string> engine_options(const TexJob& job);

// What decides the PDF of the job's passes, for the build record: "xelatex -interaction=…",
// and whether the passes go on until the page total settles. Not the route: latexmk and the
// direct one make the same PDF, byte for byte.
std::string engine_and_options(const TexJob& job);

// latexmk's arguments for the job.
std::vector<std::string> latexmk_arguments(const TexJob& job);

// Reading the log, separately so tests can feed it logs.
std::optional<LatexError> first_latex_error(const std::string& log);
int page_count_from_log(const std::string& log);
std::string missing_file_from_log(const std::string& log);
// A failure of the machine in latexmk's output or TeX's log ("xelatex: fwrite: No space
// left on device"), else "".
std::string system_error_from_output(const std::string& output);
// That, else a program's fatal message or a TeX error line ("! ..."), else "".
std::string failure_line_from_output(const std::string& output);

// The Debian packages to install for a missing TeX file or command, when we know them: the
// one that provides it, then those of the LaTeX packages it loads from elsewhere (xeCJK.sty:
// texlive-lang-cjk, texlive-lang-chinese); empty when unknown.
std::vector<std::string> debian_packages_for(const std::string& file);

}  // namespace mkcv
