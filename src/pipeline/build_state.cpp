#include "pipeline/build_state.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <set>
#include <sstream>

#include "tex/tex_job.h"
#include "util/digest.h"
#include "util/file_io.h"
#include "util/state_folder.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// 2: digests are XXH3-128 (util/digest.h); a record of 1 is read as none, so it builds once.
constexpr std::string_view kRecordHeader = "mkcv build record 2";
constexpr const char* kBusyMarker = ".mkcv-building";

// Input names are one line of the record file.
std::string one_line(std::string name) {
    for (char& c : name)
        if (c == '\n' || c == '\r')
            c = ' ';
    return name;
}

}  // namespace

void BuildInputs::add(const std::string& name, std::string_view content,
                      std::vector<fs::path> files) {
    BuildInput input{one_line(name), digest_of(content), std::move(files)};
    for (auto& existing : items_)
        if (existing.name == input.name) {
            existing = std::move(input);
            return;
        }
    items_.push_back(std::move(input));
}

void BuildInputs::add_file(const std::string& name, const fs::path& path) {
    std::string content;
    add(name, read_file(path, content) ? content : std::string("\0missing", 8));
}

fs::path state_path(const fs::path& out_dir, const std::string& base) {
    return state_folder(out_dir) / (base + ".state");
}

std::optional<BuildRecord> read_build_record(const fs::path& path) {
    std::string text;
    if (!read_own_file(path, text))  // a link in its place is no record: never followed
        return std::nullopt;
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line) || line != kRecordHeader)
        return std::nullopt;
    BuildRecord record;
    while (std::getline(in, line)) {
        if (line.rfind("pdf ", 0) == 0) {
            record.pdf_digest = line.substr(4);
        } else if (line.rfind("tex ", 0) == 0) {
            record.tex_digest = line.substr(4);
        } else if (line.rfind("input ", 0) == 0 && line.size() > 6 + 32 + 1) {
            record.inputs.push_back({line.substr(6 + 32 + 1), line.substr(6, 32), {}});
        } else {
            return std::nullopt;  // not ours, or cut short: treat as never built
        }
    }
    if (record.pdf_digest.empty())
        return std::nullopt;
    return record;
}

Result<> write_build_record(const fs::path& path, const BuildRecord& record) {
    std::string text(kRecordHeader);
    text += "\npdf " + record.pdf_digest + '\n';
    if (!record.tex_digest.empty())
        text += "tex " + record.tex_digest + '\n';
    for (const auto& input : record.inputs)
        text += "input " + input.digest + ' ' + one_line(input.name) + '\n';
    // Read back with care (a record that does not parse means "rebuild"), so it need not
    // wait for the disk.
    return write_file_atomically(path, text, Durability::Unsynced);
}

std::string why_stale(const BuildInputs& now, const std::optional<BuildRecord>& recorded,
                      const fs::path& pdf, bool this_machine) {
    const auto counts = [&](const std::string& name) {
        return this_machine || name.size() < kThisMachine.size() ||
               name.compare(name.size() - kThisMachine.size(), kThisMachine.size(), kThisMachine) !=
                   0;
    };
    std::error_code ec;
    if (!fs::exists(pdf, ec))
        return pdf.string() + " does not exist";
    if (!recorded)
        return "no record of how " + pdf.string() + " was built";
    std::string pdf_bytes;
    // A link in the output's place is not read through: not what mkcv built (the build's
    // rename then replaces the link itself).
    if (!read_own_file(pdf, pdf_bytes) || digest_of(pdf_bytes) != recorded->pdf_digest)
        return pdf.string() + " was changed or replaced after mkcv built it";

    std::vector<std::string> changed;
    for (const auto& input : now.items()) {
        if (!counts(input.name))
            continue;
        bool found = false;
        for (const auto& old : recorded->inputs)
            if (old.name == input.name) {
                found = true;
                if (old.digest != input.digest)
                    changed.push_back(input.name + " changed");
                break;
            }
        if (!found)
            changed.push_back(input.name + " is new");
    }
    for (const auto& old : recorded->inputs) {
        if (!counts(old.name))
            continue;
        bool found = false;
        for (const auto& input : now.items())
            found = found || input.name == old.name;
        if (!found)
            changed.push_back(old.name + " was removed");
    }
    std::string reason;
    for (const auto& c : changed)
        reason += (reason.empty() ? "" : "; ") + c;
    return reason;
}

bool input_unchanged(const BuildInputs& now, const std::optional<BuildRecord>& recorded,
                     const std::string& name) {
    if (!recorded)
        return false;
    for (const auto& input : now.items())
        if (input.name == name)
            for (const auto& old : recorded->inputs)
                if (old.name == name)
                    return old.digest == input.digest;
    return false;
}

Result<> record_build(const fs::path& record_path, const BuildInputs& inputs, const fs::path& pdf,
                      std::string_view tex) {
    BuildRecord record;
    record.inputs = inputs.items();
    std::string bytes;
    if (!read_own_file(pdf, bytes))
        return io_failure(pdf.string(),
                          "cannot read " + pdf.string() + ": " + std::strerror(errno));
    record.pdf_digest = digest_of(bytes);
    if (!tex.empty())
        record.tex_digest = digest_of(tex);
    return write_build_record(record_path, record);
}

bool is_build_file(const std::string& name, const std::string& base) {
    if (name == kBusyMarker || name == kTexGroupFile || name == kTexOutput)
        return true;
    // What TeX, latexmk and xdvipdfmx make of <base>.tex, and the .tex itself.
    static const std::set<std::string> extensions{
        ".tex", ".aux", ".fdb_latexmk", ".fls", ".log", ".xdv", ".pdf",     ".out",
        ".toc", ".lof", ".lot",         ".bbl", ".blg", ".bcf", ".run.xml", ".synctex.gz"};
    if (name.size() <= base.size() + 1 || name.compare(0, base.size(), base) != 0 ||
        name[base.size()] != '.')
        return false;
    return extensions.count(name.substr(base.size())) > 0;
}

Result<> prepare_work_dir(const fs::path& work_dir, bool clean) {
    std::error_code ec;
    // A folder planted as a link would let TeX write wherever it points; a file in its place
    // would stop every build.
    const fs::file_status status = fs::symlink_status(work_dir, ec);
    if (fs::is_symlink(status) || (fs::exists(status) && !fs::is_directory(status)))
        fs::remove(work_dir, ec);
    if (clean || fs::exists(work_dir / kBusyMarker, ec)) {
        stop_abandoned_tex(work_dir);
        fs::remove_all(work_dir, ec);
        if (ec)
            return io_failure(work_dir.string(),
                              "cannot empty " + work_dir.string() + ": " + ec.message());
    }
    fs::create_directories(work_dir, ec);
    if (ec)
        return io_failure(work_dir.string(),
                          "cannot create " + work_dir.string() + ": " + ec.message());
    // Only what mkcv and TeX made for this output stays for the next build: a file put here
    // by anything else (a hyperref.cfg, a .sty TeX would read before its own) is removed,
    // and so is anything that is not a plain file.
    const std::string base = work_dir.filename().string();
    std::vector<fs::path> foreign;
    for (const auto& entry : fs::directory_iterator(work_dir, ec)) {
        std::error_code type_error;
        if (!entry.is_regular_file(type_error) || entry.is_symlink(type_error) ||
            !is_build_file(entry.path().filename().string(), base))
            foreign.push_back(entry.path());
    }
    if (ec)
        return io_failure(work_dir.string(),
                          "cannot read " + work_dir.string() + ": " + ec.message());
    for (const auto& path : foreign) {
        fs::remove_all(path, ec);
        if (ec)
            return io_failure(path.string(),
                              "cannot remove " + path.string() + ": " + ec.message());
    }
    return write_file_atomically(work_dir / kBusyMarker, "", Durability::Unsynced);
}

void finish_work_dir(const fs::path& work_dir) {
    std::error_code ignored;
    fs::remove(work_dir / kBusyMarker, ignored);
}

}  // namespace mkcv
