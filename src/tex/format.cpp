#include "tex/format.h"

#include <cerrno>
#include <cstdlib>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include <signal.h>
#include <unistd.h>

#include "tex/format_driver.h"
#include "tex/tex_job.h"
#include "util/digest.h"
#include "util/file_io.h"
#include "util/process.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

constexpr std::string_view kRecordHeader = "mkcv format 1";
constexpr std::string_view kMarker = "\\csname endofdump\\endcsname";

// A file the format was made from, as it was then.
std::string file_state(const fs::path& path) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec)
        return "missing";
    const auto time = fs::last_write_time(path, ec);
    if (ec)
        return "missing";
    return std::to_string(size) + " " + std::to_string(time.time_since_epoch().count());
}

// The engine's binary, so that a new XeTeX makes the format stale even when no TeX file
// changed.
fs::path engine_binary(const std::string& engine) {
    std::error_code ec;
    const fs::path found = find_program(engine);
    if (found.empty())
        return {};
    const fs::path real = fs::canonical(found, ec);
    return ec ? fs::path() : real;
}

// The files a TeX run read, from its -recorder list, except those in its own folder (the
// preamble and the drivers, which the key covers).
void files_read(const fs::path& fls, const fs::path& scratch, std::set<fs::path>& out) {
    std::string text;
    if (!read_file(fls, text))
        return;
    std::istringstream in(text);
    std::string line;
    fs::path pwd = scratch;
    while (std::getline(in, line)) {
        if (line.rfind("PWD ", 0) == 0) {
            pwd = line.substr(4);
        } else if (line.rfind("INPUT ", 0) == 0) {
            fs::path file = line.substr(6);
            if (file.is_relative())
                file = pwd / file;
            std::error_code ec;
            file = fs::weakly_canonical(file, ec);
            if (!ec && file.parent_path() != fs::weakly_canonical(scratch, ec))
                out.insert(file);
        }
    }
}

// The job a format is probed and dumped with: the build's, with a fixed source date. TeX
// reads the date again when a run starts from the format (\\year, \\time), and xdvipdfmx
// stamps the PDF from the build's own environment, so the PDF is the same
// (tests/integration/format_cache_test.sh compares it with a build without a format).
TexJob dump_job(const TexJob& job) {
    TexJob fixed = job;
    if (fixed.environment.count("SOURCE_DATE_EPOCH"))
        fixed.environment["SOURCE_DATE_EPOCH"] = "0";
    return fixed;
}

bool is_format_of(const fs::path& file, const std::string& base) {
    static const std::regex key("-[0-9a-f]{32}\\.fmt");
    const std::string name = file.filename().string();
    return name.size() > base.size() && name.compare(0, base.size(), base) == 0 &&
           std::regex_match(name.substr(base.size()), key);
}

}  // namespace

std::optional<PreambleFormat> preamble_format(const std::string& tex, const TexJob& job,
                                              const fs::path& out_dir, const std::string& base) {
    // The probe and the stand-in fonts are XeTeX's; pdfLaTeX and LuaLaTeX run as before.
    if (job.engine != "xelatex")
        return std::nullopt;
    // latexmk runs the engine's command through the shell, and the format's name is part of
    // it: only names that need no quoting (a cv.toml named "my cv.toml" gets no format).
    if (base.find_first_not_of(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") !=
        std::string::npos)
        return std::nullopt;
    std::size_t line_start = 0;
    while (line_start < tex.size()) {
        std::size_t line_end = tex.find('\n', line_start);
        if (line_end == std::string::npos)
            line_end = tex.size();
        const std::string_view line(tex.data() + line_start, line_end - line_start);
        if (line.find("\\begin{document}") != std::string_view::npos)
            return std::nullopt;
        if (line == kMarker) {
            PreambleFormat format;
            format.preamble = tex.substr(0, line_end) + "\n";
            std::string identity = format.preamble;
            identity += '\0';
            identity += kFormatProbeTex;
            identity += '\0';
            identity += kFormatDumpTex;
            identity += '\0' + job.engine;
            // Not the source date: the format is dumped with a fixed one (dump_job), so
            // that one format serves every CV (a machine's, tex/format_cache.h).
            for (const auto& [key, value] : dump_job(job).environment)
                identity += '\0' + key + '=' + value;
            format.key = digest_of(identity);
            format.file = out_dir / ".mkcv" / (base + "-" + format.key + ".fmt");
            format.record = out_dir / ".mkcv" / (base + ".format");
            return format;
        }
        line_start = line_end + 1;
    }
    return std::nullopt;
}

std::string preamble_format_key(const std::string& tex, const TexJob& job) {
    const auto format = preamble_format(tex, job, {}, {});
    return format ? format->key : "";
}

bool format_is_current(const PreambleFormat& format) {
    std::error_code ec;
    if (!fs::is_regular_file(format.file, ec))
        return false;
    std::string text;
    return read_file(format.record, text) && format_record_is_current(text, format.key);
}

bool format_record_is_current(const std::string& text, const std::string& key) {
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line) || line != kRecordHeader)
        return false;
    if (!std::getline(in, line) || line != "key " + key)
        return false;
    bool any_file = false;
    while (std::getline(in, line)) {
        // "file SIZE TIME PATH"
        std::istringstream fields(line);
        std::string tag, size, time;
        if (!(fields >> tag >> size >> time) || tag != "file")
            return false;
        std::string path;
        std::getline(fields, path);
        if (path.size() < 2 || file_state(path.substr(1)) != size + " " + time)
            return false;
        any_file = true;
    }
    return any_file;
}

bool format_record_failed(const std::string& text, const std::string& key) {
    return text == std::string(kRecordHeader) + "\nkey " + key + "\nfailed\n";
}

bool format_failed_before(const PreambleFormat& format) {
    std::string text;
    return read_file(format.record, text) && format_record_failed(text, format.key);
}

namespace {

// A format that could not be made: a note (code "tex-format"), as the build goes on
// without it.
Failure format_failure(const PreambleFormat& format, std::string why) {
    return fail({Severity::Note,
                 format.file.string(),
                 {},
                 "tex-format",
                 std::move(why),
                 "builds go on without a precompiled preamble, only slower"});
}

// Notes that this key cannot be dumped, so later builds do not try again. When even that
// note cannot be written, the next build tries again; the failure says so.
Failure failed(const PreambleFormat& format, const std::string& why) {
    const Result<> noted = write_file_atomically(
        format.record, std::string(kRecordHeader) + "\nkey " + format.key + "\nfailed\n");
    if (!noted)
        return format_failure(format, why + "; and " + noted.error().message);
    return format_failure(format, why);
}

}  // namespace

namespace {

// Where a format is made: beside it, one folder per process.
fs::path scratch_of(const PreambleFormat& format) {
    return format.record.parent_path() /
           (format.record.filename().string() + "-" + std::to_string(::getpid()));
}

}  // namespace

Result<> probe_format_fonts(const PreambleFormat& format, const TexJob& build_job) {
    const TexJob job = dump_job(build_job);
    const fs::path scratch = scratch_of(format);
    std::error_code ec;
    // Scratch folders of builds that were killed while making a format.
    const std::string prefix = format.record.filename().string() + "-";
    for (const auto& entry : fs::directory_iterator(format.record.parent_path(), ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(prefix, 0) != 0 || !entry.is_directory(ec))
            continue;
        const std::string pid = name.substr(prefix.size());
        if (!pid.empty() && pid.find_first_not_of("0123456789") == std::string::npos &&
            ::kill(static_cast<pid_t>(std::stol(pid)), 0) != 0 && errno == ESRCH)
            fs::remove_all(entry.path(), ec);
    }
    fs::remove_all(scratch, ec);
    fs::create_directories(scratch, ec);
    if (ec)
        return format_failure(format, "cannot create " + scratch.string() + ": " + ec.message());
    for (const auto& [name, text] :
         {std::pair<const char*, std::string>{"preamble.tex", format.preamble},
          {"mkcv-probe.tex", kFormatProbeTex},
          {"mkcv-dump.tex", kFormatDumpTex}})
        if (Result<> written = write_file_atomically(scratch / name, text); !written) {
            abandon_format(format);
            return format_failure(format, written.error().message);
        }
    const std::vector<std::string> probe = {
        "-interaction=batchmode", "-halt-on-error",
        "-no-shell-escape",       "-recorder",
        "-jobname=probe",         "\\def\\mkcvdocument{preamble.tex}\\input{mkcv-probe.tex}"};
    if (run_tex_program(job.engine, probe, scratch, job.environment, job.timeout,
                        scratch / "probe.out") != 0 ||
        !fs::is_regular_file(scratch / "probe.fonts", ec)) {
        abandon_format(format);
        return failed(format, "the preamble's probe run failed");
    }
    return {};
}

Result<> dump_format(const PreambleFormat& format, const TexJob& build_job) {
    const TexJob job = dump_job(build_job);
    const fs::path scratch = scratch_of(format);
    std::error_code ec;
    if (!fs::is_regular_file(scratch / "probe.fonts", ec))
        return format_failure(format, "no probe run");
    const std::vector<std::string> dump = {
        "-ini",
        "-interaction=batchmode",
        "-halt-on-error",
        "-no-shell-escape",
        "-recorder",
        "-jobname=format",
        "&" + job.engine +
            " \\def\\mkcvdocument{preamble.tex}\\def\\mkcvfonts{probe.fonts}"
            "\\input mylatexformat.ltx mkcv-dump.tex"};
    if (run_tex_program(job.engine, dump, scratch, job.environment, job.timeout,
                        scratch / "format.out") != 0 ||
        !fs::is_regular_file(scratch / "format.fmt", ec)) {
        abandon_format(format);
        return failed(format, "xelatex -ini could not dump the preamble");
    }

    std::set<fs::path> files;
    files_read(scratch / "probe.fls", scratch, files);
    files_read(scratch / "format.fls", scratch, files);
    const fs::path engine = engine_binary(job.engine);
    if (!engine.empty())
        files.insert(engine);
    std::string record = std::string(kRecordHeader) + "\nkey " + format.key + "\n";
    for (const auto& file : files)
        record += "file " + file_state(file) + " " + file.string() + "\n";

    // The format first, then the record that makes it current: a crash in between leaves a
    // format no record names.
    Result<> placed = replace_file_atomically(scratch / "format.fmt", format.file);
    if (placed)
        placed = write_file_atomically(format.record, record);
    abandon_format(format);
    if (!placed)
        return format_failure(format, placed.error().message);
    // Formats of this output's earlier preambles.
    const std::string record_name = format.record.filename().string();
    const std::string base =
        record_name.substr(0, record_name.size() - std::string(".format").size());
    for (const auto& entry : fs::directory_iterator(format.file.parent_path(), ec))
        if (entry.path() != format.file && is_format_of(entry.path(), base))
            fs::remove(entry.path(), ec);
    return {};
}

Result<> make_format(const PreambleFormat& format, const TexJob& job) {
    if (Result<> probed = probe_format_fonts(format, job); !probed)
        return probed;
    return dump_format(format, job);
}

void abandon_format(const PreambleFormat& format) {
    std::error_code ec;
    fs::remove_all(scratch_of(format), ec);
}

void discard_format(const PreambleFormat& format) {
    std::error_code ec;
    fs::remove(format.record, ec);
    fs::remove(format.file, ec);
    // TeX's -recorder list of a run that could not load the format is named after it.
    const std::string stem = format.file.stem().string();
    for (const auto& entry : fs::directory_iterator(format.file.parent_path(), ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(stem, 0) == 0 && entry.path().extension() == ".fls")
            fs::remove(entry.path(), ec);
    }
}

}  // namespace mkcv
