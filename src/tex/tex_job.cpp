#include "tex/tex_job.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include <sys/statvfs.h>

#include "tex/aux_rerun.h"
#include "tex/debian_packages.h"
#include "util/file_io.h"
#include "util/process.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// Where a running build notes its TeX program's process group, for stop_abandoned_tex.
constexpr const char* kGroupFile = kTexGroupFile;

bool allowed_engine(const std::string& engine) {
    return engine == "xelatex" || engine == "lualatex" || engine == "pdflatex";
}

const char* engine_flag(const std::string& engine) {
    if (engine == "lualatex")
        return "-pdflua";
    if (engine == "pdflatex")
        return "-pdf";
    return "-pdfxe";
}

// "No space left on device ..." when the file system of `dir` has (next to) no room left.
std::string disk_full(const fs::path& dir) {
    struct statvfs info {};
    if (::statvfs(dir.c_str(), &info) != 0)
        return "";
    constexpr unsigned long long kNearlyFull = 64 * 1024;
    const unsigned long long free_bytes =
        static_cast<unsigned long long>(info.f_bavail) * info.f_frsize;
    if (info.f_files > 0 && info.f_favail == 0)
        return "No space left on device: no free inodes for " + dir.string();
    if (free_bytes < kNearlyFull)
        return "No space left on device: " + std::to_string(free_bytes / 1024) + " KiB free for " +
               dir.string();
    return "";
}

int count_passes(const std::string& output) {
    static const std::regex run(R"(Run number \d+ of rule '(pdf|xe|lua)?latex)");
    return static_cast<int>(std::distance(std::sregex_iterator(output.begin(), output.end(), run),
                                          std::sregex_iterator()));
}

}  // namespace

std::optional<LatexError> first_latex_error(const std::string& log) {
    // With -file-line-error TeX writes "./file.tex:42: message"; fall back to "! message".
    static const std::regex file_line(R"(^(\.?/?[^:\n]+\.(?:tex|sty|cls)):(\d+): (.*)$)");
    static const std::regex bang(R"(^! (.*)$)");
    static const std::regex context_line(R"(^l\.(\d+) (.*)$)");
    std::istringstream in(log);
    std::string line;
    std::optional<LatexError> error;
    while (std::getline(in, line)) {
        std::smatch match;
        if (!error) {
            if (std::regex_match(line, match, file_line)) {
                error = LatexError{match[1].str(), std::stoi(match[2].str()), match[3].str(), ""};
                if (error->file.rfind("./", 0) == 0)
                    error->file.erase(0, 2);
            } else if (std::regex_match(line, match, bang)) {
                error = LatexError{"", 0, match[1].str(), ""};
            }
            continue;
        }
        if (std::regex_match(line, match, context_line)) {
            if (error->line == 0)
                error->line = std::stoi(match[1].str());
            error->context = match[2].str();
            break;
        }
    }
    return error;
}

int page_count_from_log(const std::string& log) {
    static const std::regex written(R"(Output written on [^\n]*?\((\d+) pages?)");
    std::smatch match;
    return std::regex_search(log, match, written) ? std::stoi(match[1].str()) : 0;
}

std::string missing_file_from_log(const std::string& log) {
    static const std::regex file(R"(File `([^']+)' not found)");
    static const std::regex font(R"re(The font "([^"]+)" cannot be found)re");
    std::smatch match;
    if (std::regex_search(log, match, file))
        return match[1].str();
    if (std::regex_search(log, match, font))
        return match[1].str();
    return "";
}

std::string system_error_from_output(const std::string& output) {
    // What the C library says when a write or an open fails for a reason of the machine, as
    // TeX, xdvipdfmx and latexmk print it: "xelatex: fwrite: No space left on device".
    static constexpr std::array<std::string_view, 6> kErrors{
        "No space left on device", "Disk quota exceeded", "Read-only file system",
        "Input/output error",      "File too large",      "Too many open files"};
    std::size_t at = std::string::npos, length = 0;
    for (const auto error : kErrors)
        if (const auto found = output.find(error); found < at) {
            at = found;
            length = error.size();
        }
    if (at == std::string::npos)
        return "";
    // Back over the "program: call: " before it, within its line.
    const std::size_t line =
        output.rfind('\n', at) == std::string::npos ? 0 : output.rfind('\n', at) + 1;
    std::size_t begin = at;
    while (begin >= line + 2 && output.compare(begin - 2, 2, ": ") == 0) {
        std::size_t word = begin - 2;
        while (word > line && !std::isspace(static_cast<unsigned char>(output[word - 1])) &&
               output[word - 1] != '(' && output[word - 1] != ')' && output[word - 1] != ':')
            --word;
        if (word == begin - 2)
            break;
        begin = word;
    }
    // A page number "[1" printed just before the program's name.
    while (begin < at && !std::isalpha(static_cast<unsigned char>(output[begin])))
        ++begin;
    return output.substr(begin, at + length - begin);
}

std::string failure_line_from_output(const std::string& output) {
    if (std::string line = system_error_from_output(output); !line.empty())
        return line;
    // A program that gave up with its own message (xdvipdfmx), or a TeX error printed
    // outside the log ("! ..." at a line's start, after the files TeX opened, or after the
    // pages it shipped out: "[1]! ...").
    std::istringstream in(output);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find(":fatal:") != std::string::npos)
            return line.substr(0, 500);
        for (std::size_t at = line.find("! "); at != std::string::npos;
             at = line.find("! ", at + 1))
            if (at == 0 || line[at - 1] == ')' || line[at - 1] == ']')
                return line.substr(at + 2, 500);
    }
    return "";
}

// Said when a tool, LaTeX package or font is missing: there may be more than the first one
// TeX tripped on.
constexpr const char* kDoctorAdvice = " (mkcv doctor checks all the templates need)";

std::vector<std::string> debian_packages_for(const std::string& file) {
    // One table for this and `mkcv doctor`: tex/debian_packages.
    std::string package;
    std::vector<std::string> loaded;
    if (file.size() > 4 && file.compare(file.size() - 4, 4, ".sty") == 0) {
        const std::string name = file.substr(0, file.size() - 4);
        package = package_for_tex_package(name);
        loaded = tex_packages_loaded_by(name);
    } else if (file.find(' ') == std::string::npos && file.find('.') == std::string::npos) {
        package = package_for_program(file);
    }
    if (package.empty() || !is_package_name(package))
        package = package_for_font(file);
    if (!is_package_name(package))
        return {};
    // xeCJK installed alone still fails, on the ctexhook it loads: name both at once.
    std::vector<std::string> packages{package};
    for (const auto& tex_package : loaded) {
        const std::string more = package_for_tex_package(tex_package);
        if (is_package_name(more) &&
            std::find(packages.begin(), packages.end(), more) == packages.end())
            packages.push_back(more);
    }
    return packages;
}

void stop_abandoned_tex(const fs::path& work_dir) {
    stop_abandoned_group(work_dir / kGroupFile, work_dir);
}

const std::map<std::string, std::string>& tex_sandbox_environment() {
    // kpathsea's paranoid mode: TeX opens no absolute path, nothing in a parent folder and
    // no dot file, for reading or writing (LuaTeX's io.open too); files TeX Live itself
    // provides are still found through its search paths, fonts through fontconfig.
    static const std::map<std::string, std::string> sandbox{
        {"openin_any", "p"}, {"openout_any", "p"}, {"shell_escape", "f"}};
    return sandbox;
}

std::vector<std::string> engine_options(const TexJob& job) {
    std::vector<std::string> options{"-interaction=nonstopmode", "-halt-on-error",
                                     "-file-line-error", "-no-shell-escape"};
    // Lua code in a template could otherwise run programs, rename files or open sockets.
    if (job.engine == "lualatex") {
        options.push_back("-safer");
        options.push_back("-nosocket");
    }
    return options;
}

std::string engine_and_options(const TexJob& job) {
    std::string line = job.engine;
    for (const auto& option : engine_options(job))
        line += ' ' + option;
    // The passes: until the .aux settles, and with the page total, until it does too.
    if (job.page_total_matters)
        line += ", rerun until the page total settles";
    return line;
}

std::vector<std::string> latexmk_arguments(const TexJob& job) {
    // -g: mkcv runs latexmk only when the output is stale (run_latexmk also drops latexmk's
    // memory of the last run), and latexmk's own check, file times to the second plus
    // sizes, missed an edit that kept the .tex's size within a second of the last build.
    // latexmk passes its own -interaction, -halt-on-error and -file-line-error on to the
    // engine; the rest go through -latexoption.
    std::vector<std::string> args{engine_flag(job.engine), "-norc", "-g"};
    for (const auto& option : engine_options(job))
        args.push_back(option == "-no-shell-escape" || option == "-safer" || option == "-nosocket"
                           ? "-latexoption=" + option
                           : option);
    args.insert(args.end(), {"-e", latexmk_aux_rules(job.page_total_matters), job.tex_file});
    return args;
}

namespace {

// Runs `program` as TeX runs: in `work_dir` with standard input closed, its output to
// `output`, a time limit, in a process group of its own that dies with it (and with mkcv),
// in TeX's sandbox. When `group_file` is not empty the group is noted there, for
// stop_abandoned_tex.
ProcessOutcome run_tex_process(const fs::path& program, const std::vector<std::string>& args,
                               const fs::path& work_dir,
                               const std::map<std::string, std::string>& environment,
                               std::chrono::milliseconds timeout, const fs::path& output,
                               const fs::path& group_file) {
    ProcessSpec spec;
    spec.program = program;
    spec.args = args;
    spec.work_dir = work_dir;
    spec.environment.assign(environment.begin(), environment.end());
    // TeX must never wait for an answer on a terminal.
    spec.environment.emplace_back("max_print_line", "10000");
    // Last, so neither the caller nor the job can loosen it (tex_sandbox_environment).
    spec.environment.insert(spec.environment.end(), tex_sandbox_environment().begin(),
                            tex_sandbox_environment().end());
    // Paranoid mode lets TeX open absolute paths under $TEXMFOUTPUT: none.
    spec.unset = {"TEXMFOUTPUT"};
    spec.output = output;
    spec.timeout = timeout;
    spec.own_group = true;
    spec.group_file = group_file;
    return run_process(spec);
}

}  // namespace

int run_tex_program(const std::string& program, const std::vector<std::string>& args,
                    const fs::path& work_dir, const std::map<std::string, std::string>& environment,
                    std::chrono::seconds timeout, const fs::path& output) {
    const fs::path path = find_program(program);
    if (path.empty())
        return -1;
    // No group file: only build folders are searched for abandoned TeX runs, and a probe's
    // scratch folder is removed whole.
    const ProcessOutcome outcome =
        run_tex_process(path, args, work_dir, environment, timeout, output, {});
    return outcome.status == ProcessOutcome::Status::Exited ? outcome.exit_code : -1;
}

ProcessOutcome run_job_program(const TexJob& job, const fs::path& program,
                               const std::vector<std::string>& args,
                               std::chrono::milliseconds timeout, const fs::path& output) {
    return run_tex_process(program, args, job.work_dir, job.environment, timeout, output,
                           job.work_dir / kGroupFile);
}

bool outcome_failed(const ProcessOutcome& outcome, const TexJob& job, const std::string& program,
                    TexResult& result) {
    if (outcome.warning)
        result.warnings.push_back(*outcome.warning);
    if (outcome.status == ProcessOutcome::Status::CouldNotStart) {
        result.status = TexResult::Status::CouldNotStart;
        result.explanation = "could not start " + program + ": " + outcome.error;
        return true;
    }
    if (outcome.status == ProcessOutcome::Status::TimedOut) {
        result.status = TexResult::Status::TimedOut;
        result.explanation =
            "TeX did not finish within " + std::to_string(job.timeout.count()) +
            " s and was stopped; raise [build] timeout if the document is just large";
        return true;
    }
    if (outcome.status == ProcessOutcome::Status::Lost) {
        result.status = TexResult::Status::CouldNotStart;
        result.explanation = "lost track of " + program + ": " + outcome.error;
        return true;
    }
    return false;
}

void explain_failure(const TexJob& job, const std::string& output, const std::string& log,
                     TexResult& result) {
    result.status = TexResult::Status::Failed;
    result.first_error = first_latex_error(log);
    result.missing_file = missing_file_from_log(log);
    // A full disk (or another failure of the machine) comes first: TeX's own error, if any,
    // is its consequence (a log cut short, a file it could not write).
    if (const std::string cause = system_error_from_output(output + "\n" + log); !cause.empty()) {
        result.explanation = cause + " (writing in " + job.work_dir.string() + ")";
    } else if (!result.missing_file.empty()) {
        std::string install;
        for (const auto& package : debian_packages_for(result.missing_file))
            install += " " + package;
        result.explanation = "TeX cannot find " + result.missing_file +
                             (install.empty() ? "; find its Debian package with apt-file search"
                                              : ": apt-get install" + install) +
                             kDoctorAdvice;
    } else if (const std::string full = disk_full(job.work_dir); !full.empty()) {
        // So full that not even the log and the programs' output could be written.
        result.explanation = full;
    } else if (!result.first_error) {
        // No TeX error in the log: the line of the programs' output that says why, if any.
        result.explanation = failure_line_from_output(output + "\n" + log);
        if (result.explanation.find("Unable to read an entire line") != std::string::npos)
            result.explanation += " (a line of " + (job.work_dir / job.tex_file).string() +
                                  " is longer than TeX can read: shorten the longest value)";
    }
}

TexResult run_latexmk(const TexJob& job) {
    TexResult result;
    const fs::path stem = fs::path(job.tex_file).stem();
    result.log = job.work_dir / (stem.string() + ".log");
    result.output = job.work_dir / kTexOutput;

    const fs::path latexmk = find_program("latexmk");
    if (latexmk.empty()) {
        result.status = TexResult::Status::NotInstalled;
        result.explanation =
            std::string("latexmk is not installed: apt-get install latexmk") + kDoctorAdvice;
        return result;
    }
    if (!allowed_engine(job.engine)) {
        // The manifest allows only these; a job is never started with another program.
        result.status = TexResult::Status::CouldNotStart;
        result.explanation =
            "unknown TeX engine \"" + job.engine + "\" (xelatex, lualatex or pdflatex)";
        return result;
    }
    if (find_program(job.engine).empty()) {
        result.status = TexResult::Status::NotInstalled;
        result.explanation = job.engine + " is not installed: apt-get install " +
                             package_for_program(job.engine) + kDoctorAdvice;
        return result;
    }

    // latexmk caches each file's digest under its time (to the second) and size, so an
    // edit of the same size within a second of the last build looked unchanged, before
    // the run (no pass: the old PDF) or after it (a needless second pass). Without the
    // cache it digests every file; what changed during this run still counts.
    std::error_code ignored;
    fs::remove(job.work_dir / (stem.string() + ".fdb_latexmk"), ignored);
    std::vector<std::string> args = latexmk_arguments(job);
    if (!job.format.empty() && job.format.parent_path() == job.work_dir.parent_path()) {
        // The engine starts from the precompiled preamble (tex/format.h), which lives beside
        // the build folder; latexmk's own options (%O) and the file (%S) stay as they were.
        args.insert(args.begin() + 1, "-" + job.engine + "=" + job.engine + " %O -fmt=../" +
                                          job.format.stem().string() + " %S");
    }
    const ProcessOutcome outcome = run_job_program(job, latexmk, args, job.timeout, result.output);
    if (outcome_failed(outcome, job, "latexmk", result))
        return result;

    std::string output, log;
    read_file(result.output, output);
    read_file(result.log, log);
    result.passes = count_passes(output);
    result.pages = page_count_from_log(log);
    const fs::path pdf = job.work_dir / (stem.string() + ".pdf");
    std::error_code ec;
    if (outcome.exit_code == 0 && fs::is_regular_file(pdf, ec)) {
        result.status = TexResult::Status::Ok;
        result.pdf = pdf;
        return result;
    }
    explain_failure(job, output, log, result);
    return result;
}

}  // namespace mkcv
