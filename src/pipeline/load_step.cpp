#include "pipeline/load_step.h"

#include "bib/bibliography.h"
#include "cv/applications.h"
#include "cv/language_tables.h"
#include "cv/loader.h"
#include "cv/photo.h"
#include "cv/validate.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {

LoadedCv load_and_validate(const fs::path& path, Diagnostics& diagnostics,
                           std::string_view language) {
    LoadedCv loaded;
    // One read decides: a folder, a FIFO, a device, a symlink loop or a huge file is
    // refused by read_regular_file without blocking, with the reason.
    if (const std::string error = read_regular_file(path, loaded.text); !error.empty()) {
        std::error_code ec;
        if (!fs::exists(path, ec) && !ec)
            diagnostics.error(path.string(), {}, "io", "no such file",
                              path == "cv.toml"
                                  ? "run mkcv in the folder of your cv.toml, or name the file"
                                  : "");
        else if (fs::is_directory(path, ec))
            diagnostics.error(path.string(), {}, "io", "is a folder, not a file",
                              "name the .toml file: " + (path / "cv.toml").string());
        else
            diagnostics.error(path.string(), {}, "io", error);
        return loaded;
    }
    LoadResult result = load_cv(loaded.text, path.string(), language);
    diagnostics.append(result.diagnostics);
    if (result.cv && !result.cv->locale.language.empty())
        loaded.default_language = result.cv->locale.language;
    if (result.cv && !language.empty())
        result.cv->locale.language = std::string(language);
    loaded.sources[path.string()] = loaded.text;
    if (result.cv)
        load_photo(*result.cv, path, diagnostics);
    if (result.cv)
        read_bibliography(*result.cv, path, diagnostics, loaded.sources);
    if (result.cv)
        load_paper_files(*result.cv, path, diagnostics);
    if (result.cv)
        validate_cv(*result.cv, diagnostics);
    // An application's files are read once its key and fields are known to be sound.
    if (result.cv && !diagnostics.has_errors())
        load_application_files(*result.cv, path, diagnostics, loaded.sources);
    if (!diagnostics.has_errors())
        loaded.cv = std::move(result.cv);
    return loaded;
}

LoadedLanguages load_languages(const fs::path& path, const std::vector<std::string>& languages,
                               DiagnosticsOnce& diagnostics) {
    LoadedLanguages out;
    bool failed = false;
    for (const std::string& language : languages) {
        Diagnostics these;
        LoadedCv loaded = load_and_validate(path, these, language);
        diagnostics.add_new(these);
        std::vector<fs::path> cv_files;
        for (const auto& [file, text] : loaded.sources)
            cv_files.emplace_back(file);
        if (&language == &languages.front()) {
            out.cv_files = cv_files;
            out.default_language = loaded.default_language;
        }
        out.sources.insert(loaded.sources.begin(), loaded.sources.end());
        if (!loaded.cv) {
            failed = true;
            continue;
        }
        const bool is_default =
            language.empty() || same_language(language, loaded.default_language);
        out.cvs.push_back({is_default ? "" : language, std::move(*loaded.cv), cv_files});
    }
    if (failed)
        out.cvs.clear();
    return out;
}

}  // namespace mkcv
