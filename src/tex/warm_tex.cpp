#include "tex/warm_tex.h"

#include <cerrno>
#include <set>
#include <sstream>

#include <signal.h>
#include <unistd.h>

#include "util/file_io.h"
#include "util/process.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// The warm run's main file. Loading the format ran its \everyjob (the real fonts back in
// place of the stand-ins, the preamble's \specials); mylatexformat then scans this file to
// the marker, as it scans a .tex in a normal run. Then come the last build's lines from the
// marker to \begin{document} (the fonts, the template's definitions), run ahead; the run then
// waits for a line on standard input (only scroll mode lets TeX read the terminal; an end of
// input, mkcv gone, is a fatal error) and reads the .tex, those lines blanked, as latexmk's
// run would go on: the same lines in the same order, only the wait between them.
constexpr std::string_view kMarkerLine = "\\csname endofdump\\endcsname\n";
constexpr std::string_view kWait =
    "\\begingroup\\read16 to\\x\\endgroup\n"
    "\\nonstopmode\n"
    "\\input ";

constexpr std::string_view kDriverFile = "mkcv-warm.tex";
constexpr std::string_view kWarmTexOutput = "tex.out";
constexpr std::string_view kPdfOutput = "xdvipdfmx.out";

// Files that a normal pass reads or writes besides the .aux: latexmk would look at them for
// a rerun, which the warm run does not; with any of them the build runs latexmk.
const std::set<std::string> kOtherPassFiles = {
    ".out",        ".toc", ".lof", ".lot", ".bbl", ".blg", ".bcf", ".run.xml",
    ".synctex.gz", ".idx", ".nav", ".snm", ".vrb", ".lol", ".glo", ".ist"};

// The .aux lines that cannot make latexmk run a second pass: the page count, when nothing
// in the document reads it (tex/aux_rerun.h; the other lines it ignores never change).
std::string aux_for_rerun(const std::string& aux, bool page_total_matters) {
    if (page_total_matters)
        return aux;
    std::istringstream in(aux);
    std::string line, kept;
    while (std::getline(in, line))
        if (line.rfind("\\gdef \\@abspage@last{", 0) != 0)
            kept += line + '\n';
    return kept;
}

// Where the lines run ahead begin and end in `tex`: after the marker line, up to the line
// \begin{document} (none when there is no such line); nullopt without a marker.
std::optional<std::pair<std::size_t, std::size_t>> ahead_span(const std::string& tex) {
    const std::size_t marker = tex.find("\n" + std::string(kMarkerLine));
    if (marker == std::string::npos)
        return std::nullopt;
    const std::size_t begin = marker + 1 + kMarkerLine.size();
    const std::size_t document = tex.find("\n\\begin{document}\n", begin - 1);
    return std::pair{begin, document == std::string::npos ? begin : document + 1};
}

std::string ahead_of(const std::string& tex) {
    const auto span = ahead_span(tex);
    return span ? tex.substr(span->first, span->second - span->first) : "";
}

// The files of the build folder a TeX run may read besides the .tex, by name: the .aux and
// `inputs` (the photo).
std::map<std::string, fs::path> readable_files(const TexJob& job, const std::string& base,
                                               const std::vector<fs::path>& inputs) {
    std::map<std::string, fs::path> files{{base + ".aux", job.work_dir / (base + ".aux")}};
    for (const auto& input : inputs)
        files[input.filename().string()] = input;
    return files;
}

// Warm folders of earlier mkcv processes that are gone (killed while watching).
void remove_abandoned(const fs::path& dir, const std::string& prefix) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(prefix, 0) != 0 || !entry.is_directory(ec))
            continue;
        const std::string pid = name.substr(prefix.size());
        if (!pid.empty() && pid.size() < 10 &&
            pid.find_first_not_of("0123456789") == std::string::npos &&
            ::kill(static_cast<pid_t>(std::stol(pid)), 0) != 0 && errno == ESRCH)
            fs::remove_all(entry.path(), ec);
    }
}

// The real waiting run: XeLaTeX in a process group of its own.
class WaitingProcess final : public WaitingTex {
  public:
    explicit WaitingProcess(std::unique_ptr<BackgroundProcess> process)
        : process_(std::move(process)) {}
    bool running() override { return process_->running(); }
    ProcessOutcome finish(const std::string& input, std::chrono::milliseconds timeout) override {
        return process_->finish(input, timeout);
    }

  private:
    std::unique_ptr<BackgroundProcess> process_;
};

}  // namespace

WarmTexPrograms real_warm_tex_programs() {
    WarmTexPrograms programs;
    programs.start_tex = [](ProcessSpec spec) -> std::unique_ptr<WaitingTex> {
        spec.program = find_program(spec.program.string());
        if (spec.program.empty())
            return nullptr;
        std::string error;
        std::unique_ptr<BackgroundProcess> process = BackgroundProcess::start(spec, error);
        if (!process)
            return nullptr;
        return std::make_unique<WaitingProcess>(std::move(process));
    };
    programs.xdvipdfmx = [](const std::vector<std::string>& args, const fs::path& dir,
                            const TexJob& job, const fs::path& output) {
        return run_tex_program("xdvipdfmx", args, dir, job.environment, job.timeout, output);
    };
    return programs;
}

std::unique_ptr<WarmTex> WarmTex::start(const PreambleFormat& format, const TexJob& job,
                                        const std::string& tex, const std::vector<fs::path>& inputs,
                                        const WarmTexPrograms& programs) {
    if (job.engine != "xelatex")
        return nullptr;
    std::unique_ptr<WarmTex> warm(new WarmTex());
    warm->programs_ = programs;
    warm->key_ = format.key;
    warm->base_ = fs::path(job.tex_file).stem().string();
    // Beside the build folder, as the format is ("-fmt=../NAME", as latexmk is given it).
    const std::string prefix = warm->base_ + ".warm-";
    remove_abandoned(job.work_dir.parent_path(), prefix);
    warm->folder_ = job.work_dir.parent_path() / (prefix + std::to_string(::getpid()));
    std::error_code ec;
    fs::remove_all(warm->folder_, ec);
    fs::create_directories(warm->folder_, ec);
    if (ec)
        return nullptr;
    warm->ahead_ = ahead_of(tex);
    if (!write_file_atomically(
            warm->folder_ / kDriverFile,
            std::string(kMarkerLine) + warm->ahead_ + std::string(kWait) + job.tex_file + "\n",
            Durability::Unsynced))
        return nullptr;
    // What the lines run ahead could read, as a normal run finds it: the last build's .aux
    // and photo. The next build checks that they are still the same.
    for (const auto& [name, file] : readable_files(job, warm->base_, inputs)) {
        std::string bytes;
        if (!read_file(file, bytes))
            continue;
        if (!write_file_atomically(warm->folder_ / name, bytes, Durability::Unsynced))
            return nullptr;
        warm->readable_[name] = std::move(bytes);
    }

    // As latexmk runs XeLaTeX (tex/tex_job.h): the same options, environment and sandbox.
    ProcessSpec spec;
    spec.program = job.engine;
    spec.args = {"-no-pdf",
                 "-interaction=scrollmode",
                 "-halt-on-error",
                 "-file-line-error",
                 "-no-shell-escape",
                 "-jobname=" + warm->base_,
                 "-fmt=../" + format.file.stem().string(),
                 std::string(kDriverFile)};
    spec.work_dir = warm->folder_;
    spec.environment.assign(job.environment.begin(), job.environment.end());
    spec.environment.emplace_back("max_print_line", "10000");
    spec.environment.insert(spec.environment.end(), tex_sandbox_environment().begin(),
                            tex_sandbox_environment().end());
    spec.unset = {"TEXMFOUTPUT"};
    spec.output = warm->folder_ / kWarmTexOutput;
    spec.own_group = true;
    warm->process_ = programs.start_tex(std::move(spec));
    if (!warm->process_)
        return nullptr;
    return warm;
}

WarmTex::~WarmTex() {
    process_.reset();
    std::error_code ignored;
    if (!folder_.empty())
        fs::remove_all(folder_, ignored);
}

bool WarmTex::running() {
    return process_ && process_->running();
}

std::optional<TexResult> WarmTex::typeset(const std::string& tex, const TexJob& job,
                                          const std::vector<fs::path>& inputs,
                                          std::string& why_not) {
    if (!running()) {
        why_not = "it ended before the build (see " + (folder_ / kWarmTexOutput).string() + ")";
        return std::nullopt;
    }
    std::error_code ec;
    for (const auto& extension : kOtherPassFiles)
        if (fs::exists(job.work_dir / (base_ + extension), ec)) {
            why_not = "the document uses a " + extension + " file";
            return std::nullopt;
        }
    const auto old_aux = readable_.find(base_ + ".aux");
    if (old_aux == readable_.end()) {
        why_not = "no .aux from the last build";
        return std::nullopt;
    }
    // The files TeX may read (the lines run ahead may have) are still the ones it found.
    std::set<std::string> expected = {std::string(kDriverFile), std::string(kWarmTexOutput),
                                      std::string(kPdfOutput), job.tex_file};
    for (const auto& extension : {".aux", ".log", ".xdv", ".pdf"})
        expected.insert(base_ + extension);
    const std::map<std::string, fs::path> readable = readable_files(job, base_, inputs);
    for (const auto& [name, file] : readable) {
        std::string bytes;
        const bool exists = read_file(file, bytes);
        const auto found = readable_.find(name);
        if (exists != (found != readable_.end()) || (exists && bytes != found->second)) {
            why_not = name + " changed since the run started";
            return std::nullopt;
        }
        expected.insert(name);
    }
    for (const auto& [name, bytes] : readable_)
        if (!readable.count(name)) {
            why_not = name + " is gone since the run started";
            return std::nullopt;
        }
    // The .tex with the lines above \begin{document} blanked (comments), so line numbers stay
    // as in a normal run: the format and the lines run ahead did their part.
    const auto span = ahead_span(tex);
    if (!span || tex.compare(span->first, span->second - span->first, ahead_) != 0) {
        why_not = "the lines between the preamble marker and \\begin{document} changed";
        return std::nullopt;
    }
    std::string blanked;
    for (std::size_t at = 0; at < span->second; ++at)
        if (tex[at] == '\n')
            blanked += "%\n";
    blanked.append(tex, span->second);
    if (!write_file_atomically(folder_ / job.tex_file, blanked, Durability::Unsynced)) {
        why_not = "cannot write in " + folder_.string();
        return std::nullopt;
    }

    const ProcessOutcome ran = process_->finish("\n", job.timeout);
    if (ran.status != ProcessOutcome::Status::Exited || ran.exit_code != 0) {
        why_not =
            ran.status == ProcessOutcome::Status::TimedOut ? "it ran out of time" : "TeX failed";
        return std::nullopt;
    }
    std::string log, new_aux;
    read_file(folder_ / (base_ + ".log"), log);
    if (!read_file(folder_ / (base_ + ".aux"), new_aux) ||
        aux_for_rerun(new_aux, job.page_total_matters) !=
            aux_for_rerun(old_aux->second, job.page_total_matters) ||
        log.find("Rerun to get") != std::string::npos ||
        log.find("may have changed. Rerun") != std::string::npos) {
        why_not = "the document needs another pass";
        return std::nullopt;
    }
    for (const auto& entry : fs::directory_iterator(folder_, ec))
        if (!expected.count(entry.path().filename().string())) {
            why_not = "TeX wrote " + entry.path().filename().string();
            return std::nullopt;
        }
    // The PDF as latexmk's xdvipdfmx rule makes it.
    const std::string pdf = base_ + ".pdf", xdv = base_ + ".xdv";
    if (programs_.xdvipdfmx({"-E", "-o", pdf, xdv}, folder_, job, folder_ / kPdfOutput) != 0 ||
        !fs::is_regular_file(folder_ / pdf, ec)) {
        why_not = "xdvipdfmx failed";
        return std::nullopt;
    }
    for (const auto& extension : {".log", ".aux", ".xdv", ".pdf"}) {
        fs::rename(folder_ / (base_ + extension), job.work_dir / (base_ + extension), ec);
        if (ec) {
            why_not = "cannot move its results into " + job.work_dir.string();
            return std::nullopt;
        }
    }
    std::string tex_output, pdf_output;
    read_file(folder_ / kWarmTexOutput, tex_output);
    read_file(folder_ / kPdfOutput, pdf_output);
    TexResult result;
    result.output = job.work_dir / kTexOutput;
    if (!write_file_atomically(result.output, tex_output + pdf_output, Durability::Unsynced)) {
        why_not = "cannot write " + result.output.string();
        return std::nullopt;
    }
    result.status = TexResult::Status::Ok;
    result.pdf = job.work_dir / pdf;
    result.log = job.work_dir / (base_ + ".log");
    result.passes = 1;
    result.pages = page_count_from_log(log);
    return result;
}

std::unique_ptr<WarmTex> WarmTexPool::take(const std::string& base, const PreambleFormat& format) {
    std::unique_ptr<WarmTex> warm;
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        const auto found = waiting_.find(base);
        if (found == waiting_.end())
            return nullptr;
        warm = std::move(found->second);
        waiting_.erase(found);
    }
    if (warm && warm->key() == format.key && warm->running())
        return warm;
    return nullptr;
}

void WarmTexPool::prepare(const std::string& base, const PreambleFormat& format, const TexJob& job,
                          const std::string& tex, const std::vector<fs::path>& inputs) {
    if (!format_is_current(format)) {
        // No run from a format that is gone or stale is ever used: stop it now.
        std::unique_ptr<WarmTex> stale;
        const std::lock_guard<std::mutex> lock(mutex_);
        if (const auto found = waiting_.find(base); found != waiting_.end()) {
            stale = std::move(found->second);
            waiting_.erase(found);
        }
        return;
    }
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        const auto found = waiting_.find(base);
        if (found != waiting_.end() && found->second && found->second->key() == format.key &&
            found->second->ahead() == ahead_of(tex) && found->second->running())
            return;
    }
    std::unique_ptr<WarmTex> warm = WarmTex::start(format, job, tex, inputs, programs_);
    std::unique_ptr<WarmTex> replaced;
    const std::lock_guard<std::mutex> lock(mutex_);
    replaced = std::move(waiting_[base]);
    waiting_[base] = std::move(warm);
}

}  // namespace mkcv
