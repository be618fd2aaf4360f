#include "tex/tex_run.h"

#include <algorithm>
#include <optional>

#include "tex/aux_rerun.h"
#include "tex/direct_passes.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

using Clock = std::chrono::steady_clock;

// The passes mkcv runs before it leaves a document whose .aux keeps changing to latexmk.
constexpr int kMaxDirectPasses = 4;

// Where each program's output goes before it is added to the job's output file.
constexpr const char* kPassOutput = "tex.out.pass";

std::string base_of(const TexJob& job) {
    return fs::path(job.tex_file).stem().string();
}

// "Running 'xelatex ...'", as latexmk says it, so that -v shows the same commands.
std::string command_line(const std::string& program, const std::vector<std::string>& args) {
    std::string line = "Running '" + program;
    for (const auto& arg : args)
        line += ' ' + arg;
    return line + "'\n";
}

std::string read_or_empty(const fs::path& path) {
    std::string text;
    if (!read_file(path, text))
        text.clear();
    return text;
}

// Runs the programs of the direct route within what is left of the job's time, each one's
// output added to the job's output file. run() gives the exit status, or nothing (with
// `result` filled) when the program did not exit.
struct DirectRun {
    const TexJob& job;
    TexResult& result;
    Clock::time_point deadline;
    std::string output;  // everything said so far

    std::optional<int> run(const std::string& program, const std::vector<std::string>& args) {
        const fs::path path = find_program(program);
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        const fs::path pass_output = job.work_dir / kPassOutput;
        const ProcessOutcome outcome = run_job_program(
            job, path, args, std::max(left, std::chrono::milliseconds(1)), pass_output);
        output += command_line(program, args) + read_or_empty(pass_output);
        std::error_code ignored;
        fs::remove(pass_output, ignored);
        // The output file is for people (-v, a failure's explanation); the run goes on without it.
        write_file_atomically(result.output, output, Durability::Unsynced).ignore();
        if (outcome_failed(outcome, job, program, result))
            return std::nullopt;
        return outcome.exit_code;
    }
};

}  // namespace

std::vector<std::string> xelatex_pass_arguments(const TexJob& job) {
    std::vector<std::string> args{"-no-pdf"};
    for (const auto& option : engine_options(job))
        args.push_back(option);
    args.push_back("-recorder");
    // As latexmk_arguments' "-xelatex=xelatex %O -fmt=../<format> %S".
    if (!job.format.empty() && job.format.parent_path() == job.work_dir.parent_path())
        args.push_back("-fmt=../" + job.format.stem().string());
    args.push_back(job.tex_file);
    return args;
}

std::vector<std::string> xdvipdfmx_arguments(const TexJob& job) {
    const std::string base = base_of(job);
    return {"-E", "-o", base + ".pdf", base + ".xdv"};
}

TexResult run_tex_job(const TexJob& job) {
    // Only XeLaTeX, only when the user did not ask for latexmk, and only where latexmk could
    // take over (and says what is missing).
    if (job.latexmk || job.engine != "xelatex" || find_program("latexmk").empty() ||
        find_program("xelatex").empty() || find_program("xdvipdfmx").empty())
        return run_latexmk(job);
    const std::string base = base_of(job);
    const fs::path aux = job.work_dir / (base + ".aux");
    const fs::path log = job.work_dir / (base + ".log");
    const fs::path pdf = job.work_dir / (base + ".pdf");
    const fs::path fls = job.work_dir / (base + ".fls");

    TexResult result;
    result.runner = job.engine;
    result.log = log;
    result.output = job.work_dir / kTexOutput;
    DirectRun direct{job, result, Clock::now() + job.timeout, ""};
    std::error_code ignored;
    // latexmk's memory of an earlier run, should it take over (run_latexmk drops it too), and
    // the last PDF, so that only this run's counts.
    fs::remove(job.work_dir / (base + ".fdb_latexmk"), ignored);
    fs::remove(pdf, ignored);
    // latexmk starts a folder without .aux from this one; so does the direct route.
    if (!fs::exists(aux, ignored))
        if (!write_file_atomically(aux, kTrivialAux, Durability::Unsynced))
            return run_latexmk(job);

    NextPass next = NextPass::Again;
    while (next == NextPass::Again) {
        if (result.passes == kMaxDirectPasses) {
            next = NextPass::Latexmk;
            break;
        }
        const std::string aux_before = read_or_empty(aux);
        // So that a recorder list read after the pass is the pass's own.
        fs::remove(fls, ignored);
        const std::optional<int> status = direct.run(job.engine, xelatex_pass_arguments(job));
        if (!status)
            return result;
        ++result.passes;
        const std::string log_text = read_or_empty(log);
        if (*status != 0) {
            result.pages = page_count_from_log(log_text);
            explain_failure(job, direct.output, log_text, result);
            return result;
        }
        next = next_pass(base, pass_files_from_recorder(read_or_empty(fls)), log_text, aux_before,
                         read_or_empty(aux), job.page_total_matters);
    }
    if (next == NextPass::Latexmk) {
        // latexmk goes on from the files these passes left, as it would from a last build's.
        TexResult rest = run_latexmk(job);
        rest.passes += result.passes;
        rest.warnings.insert(rest.warnings.begin(), result.warnings.begin(), result.warnings.end());
        std::string latexmk_output;
        // As above: for people only.
        if (read_file(rest.output, latexmk_output))
            write_file_atomically(rest.output, direct.output + latexmk_output, Durability::Unsynced)
                .ignore();
        return rest;
    }

    const std::string log_text = read_or_empty(log);
    const std::optional<int> status = direct.run("xdvipdfmx", xdvipdfmx_arguments(job));
    if (!status)
        return result;
    result.pages = page_count_from_log(log_text);
    if (*status == 0 && fs::is_regular_file(pdf, ignored)) {
        result.status = TexResult::Status::Ok;
        result.pdf = pdf;
        return result;
    }
    explain_failure(job, direct.output, log_text, result);
    return result;
}

}  // namespace mkcv
