#include "sync/synced_list.h"

#include "bib/bibliography.h"
#include "bib/export.h"
#include "bib/reader.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv::sync {

fs::path synced_list_path(const Cv& cv, const fs::path& cv_path) {
    return cv_path.parent_path() / (cv.sync.file.empty() ? kDefaultSyncFile : cv.sync.file.value);
}

Result<> check_list_folders(const Cv& cv, const fs::path& cv_path) {
    if (cv.sync.file.empty())
        return {};
    fs::path folder = cv_path.parent_path();
    std::error_code ec;
    for (const fs::path& part : fs::path(cv.sync.file.value).parent_path()) {
        folder /= part;
        const fs::file_type type = fs::symlink_status(folder, ec).type();
        if (type == fs::file_type::symlink)
            return io_failure(folder.string(), folder.string() +
                                                   " is a symbolic link; mkcv sync does not "
                                                   "follow it to write [sync] file");
        if (type != fs::file_type::directory)
            return io_failure(folder.string(),
                              "[sync] file: the folder " + folder.string() + " does not exist");
    }
    return {};
}

namespace {

Result<> refuse_link(const fs::path& path, bool& exists) {
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(path, ec);
    exists = status.type() != fs::file_type::not_found;
    if (status.type() == fs::file_type::symlink)
        return io_failure(path.string(), path.string() +
                                             " is a symbolic link; mkcv sync neither follows nor "
                                             "replaces it (remove it, and sync writes the file)");
    if (exists && status.type() != fs::file_type::regular)
        return io_failure(path.string(), path.string() + " is not a regular file");
    return {};
}

// The list writes a title in double braces, to keep its capitals in every BibTeX style;
// read back, the inner pair is a group around the whole title, which would be written in
// braces once more on every sync. It is dropped when it encloses all of the title.
void drop_enclosing_group(Text& title) {
    RichText& runs = title.marks;
    if (runs.size() < 2 || runs.front().kind != TextRun::Kind::Open ||
        runs.front().mark != Mark::Group || runs.back().kind != TextRun::Kind::Close)
        return;
    int depth = 0;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        depth += runs[i].kind == TextRun::Kind::Open    ? 1
                 : runs[i].kind == TextRun::Kind::Close ? -1
                                                        : 0;
        if (depth == 0 && i + 1 < runs.size())
            return;  // "{A} and {B}": the first group ends before the title does
    }
    runs.erase(runs.begin());
    runs.pop_back();
    bool marked = false;
    for (const TextRun& run : runs)
        marked = marked || run.kind != TextRun::Kind::Text;
    if (!marked)
        runs.clear();
}

}  // namespace

Result<std::vector<Publication>> read_synced_list(const fs::path& path, Diagnostics& diagnostics) {
    bool exists = false;
    if (Result<> ok = refuse_link(path, exists); !ok)
        return fail(ok.error());
    std::vector<Publication> list;
    if (!exists)
        return list;
    std::string text;
    if (const std::string why = read_regular_file(path, text, kMaxBibFileBytes); !why.empty())
        return io_failure(path.string(), "cannot read " + path.string() + ": it " + why);
    reset_bibtex_macros();
    const std::string name = path.lexically_normal().string();
    for (const BibEntry& e : read_bibtex(text, name, diagnostics))
        if (auto p = publication_from_bibtex(e, name, diagnostics)) {
            drop_enclosing_group(p->title);
            list.push_back(std::move(*p));
        }
    return list;
}

Result<std::string> synced_list_text(const std::vector<Publication>& list,
                                     const std::string& file_name) {
    Result<std::string> entries = publications_bibtex(list, file_name);
    if (!entries)
        return entries;
    return "% Written by mkcv sync from the sources in cv.toml's [sync]; mkcv build reads it.\n"
           "% Each run rewrites it: change entries with [[publications]] key = \"...\" in\n"
           "% cv.toml (ignore = true leaves one out). Citekeys never change.\n" +
           *entries;
}

Result<> write_synced_list(const fs::path& path, const std::string& text) {
    bool exists = false;
    if (Result<> ok = refuse_link(path, exists); !ok)
        return ok;
    return write_file_atomically(path, text);
}

}  // namespace mkcv::sync
