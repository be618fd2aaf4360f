#include "import/named_files.h"

#include <filesystem>

#include "cv/cv_folder.h"
#include "cv/photo.h"
#include "util/ascii.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {

std::size_t count_bibtex_entries(std::string_view bibtex) {
    std::size_t count = 0;
    for (std::size_t at = bibtex.find('@'); at != std::string_view::npos;
         at = bibtex.find('@', at + 1)) {
        std::size_t end = at + 1;
        while (end < bibtex.size() && ((bibtex[end] >= 'a' && bibtex[end] <= 'z') ||
                                       (bibtex[end] >= 'A' && bibtex[end] <= 'Z')))
            ++end;
        const std::string type = ascii_lower(bibtex.substr(at + 1, end - at - 1));
        while (end < bibtex.size() && (bibtex[end] == ' ' || bibtex[end] == '\t'))
            ++end;
        if (type.empty() || end >= bibtex.size() || (bibtex[end] != '{' && bibtex[end] != '('))
            continue;
        if (type != "string" && type != "preamble" && type != "comment")
            ++count;
    }
    return count;
}

namespace {

// Why `written` cannot come along, or "" when `resolved` is set to its path from the new
// cv.toml's folder.
std::string resolve(const std::string& file, const std::string& written,
                    const std::string& written_name, fs::path& absolute_path,
                    std::string& resolved) {
    PathProblem problem = PathProblem::None;
    std::string error;
    absolute_path = inside_cv_folder(file, written, problem, error);
    switch (problem) {
        case PathProblem::None:
            break;
        case PathProblem::Absolute:
            return "is an absolute path; only a file in the source's folder comes along";
        case PathProblem::NoFolder:
            return "cannot be looked up: the source's folder cannot be read";
        case PathProblem::Unreadable:
            return "is not in the source's folder (" + error + ")";
        case PathProblem::Outside:
            return "is outside the source's folder (`..` or a symbolic link); only a file in "
                   "it comes along";
    }
    std::error_code ec;
    const fs::path out = fs::path(written_name).parent_path();
    const fs::path out_folder = fs::weakly_canonical(out.empty() ? fs::path(".") : out, ec);
    if (ec)
        return "cannot be named from the new cv.toml's folder (" + ec.message() + ")";
    const fs::path relative = absolute_path.lexically_relative(out_folder);
    if (relative.empty() || *relative.begin() == "..")
        return "is not inside the new cv.toml's folder, which cv.toml requires; copy it there";
    resolved = relative.generic_string();
    return {};
}

void warn(Diagnostics& diagnostics, const std::string& file, const std::string& what,
          const std::string& written, const std::string& why) {
    diagnostics.warning(file, {}, "import-file",
                        what + " \"" + written + "\" " + why + ": not imported",
                        "put the file beside the source (and the new cv.toml), then import "
                        "again or name it in cv.toml");
}

}  // namespace

void bring_named_files(TomlValue& document, const std::string& file,
                       const std::string& written_name, Diagnostics& diagnostics,
                       std::vector<MappedValue>& summary) {
    for (std::size_t i = 0; i < document.keys.size(); ++i) {
        if (document.keys[i] != "bibliography")
            continue;
        std::vector<TomlValue> kept;
        for (TomlValue& item : document.values[i].items) {
            fs::path absolute_path;
            std::string resolved;
            const std::string why =
                resolve(file, item.string, written_name, absolute_path, resolved);
            if (!why.empty()) {
                warn(diagnostics, file, "the bibliography", item.string, why);
                summary.push_back({"bibliography \"" + item.string + "\"",
                                   "not imported: " + why.substr(0, why.find(';'))});
                continue;
            }
            std::string bibtex;
            if (const std::string error =
                    read_regular_file(absolute_path, bibtex, kMaxBibtexFileBytes);
                !error.empty()) {
                warn(diagnostics, file, "the bibliography", item.string,
                     "cannot be read (" + error + ")");
                continue;
            }
            const std::size_t papers = count_bibtex_entries(bibtex);
            summary.push_back({"bibliography \"" + item.string + "\"",
                               "bibliography = \"" + resolved + "\" (" + std::to_string(papers) +
                                   (papers == 1 ? " paper)" : " papers)")});
            item.string = resolved;
            kept.push_back(std::move(item));
        }
        if (kept.empty()) {
            document.keys.erase(document.keys.begin() + static_cast<std::ptrdiff_t>(i));
            document.values.erase(document.values.begin() + static_cast<std::ptrdiff_t>(i));
        } else {
            document.values[i].items = std::move(kept);
        }
        break;
    }
    TomlValue* person = document.find("person");
    if (!person)
        return;
    for (std::size_t i = 0; i < person->keys.size(); ++i) {
        if (person->keys[i] != "photo")
            continue;
        fs::path absolute_path;
        std::string resolved;
        const std::string written = person->values[i].string;
        const std::string why = resolve(file, written, written_name, absolute_path, resolved);
        // A photo that is not there yet is keep_photo_only_if_usable's (importer.cpp): it
        // becomes a comment to put back. One out of the folder is refused here.
        if (!why.empty() && absolute_path.empty() && why.find("is not in the source") == 0)
            return;
        if (!why.empty()) {
            warn(diagnostics, file, "the photo", written, why);
            person->keys.erase(person->keys.begin() + static_cast<std::ptrdiff_t>(i));
            person->values.erase(person->values.begin() + static_cast<std::ptrdiff_t>(i));
            return;
        }
        person->values[i].string = resolved;
        return;
    }
}

}  // namespace mkcv
