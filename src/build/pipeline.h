// The steps every command shares, in order: load → validate → context → render → build.
// Each returns what the next needs and reports problems into one Diagnostics list, so the
// commands in cli.cpp are a few lines each.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cv/model.h"
#include "render/rendered_template.h"
#include "render/template_set.h"
#include "util/diagnostics.h"
#include "util/progress.h"

namespace mkcv {

// Exit statuses that users and CI scripts rely on.
enum ExitCode { kExitOk = 0, kExitBuildFailed = 1, kExitInvalid = 2, kExitStale = 3 };

struct LoadedCv {
    std::optional<Cv> cv;
    std::string text;  // the file's content, to show offending lines
    // Every file read (cv.toml and its .bib files) by diagnostic name, to show offending lines.
    SourceTexts sources;
};

// Reads, parses and validates a cv.toml; `cv` is empty when there are errors.
LoadedCv load_and_validate(const std::filesystem::path& path, Diagnostics& diagnostics);

// Renders each template (names or paths); empty when any has an error. `date_cache`, when
// given, keeps the date git gives for cv.toml (source_date.h outside_source_date).
std::optional<std::vector<RenderedTemplate>> render_all(
    const Cv& cv, const std::vector<std::string>& templates, const TemplateSearchPath& search,
    Diagnostics& diagnostics, const std::filesystem::path& date_cache = {});

// The date the CV says it was last updated: [build] date, else SOURCE_DATE_EPOCH, else the
// last git commit of cv.toml, else none. `outside` is outside_source_date() when known.
std::optional<PartialDate> updated_date(const Cv& cv);
std::optional<PartialDate> updated_date(const Cv& cv, std::optional<long long> outside);

struct BuildOptions {
    std::filesystem::path out_dir = "out";
    int jobs = 1;
    bool verbose = false;
    bool quiet = false;
    bool strict_pages = false;  // over a template's max_pages: fail instead of dropping entries
    bool force = false;         // compile even when the PDF is up to date
    ProgressStyle progress = ProgressStyle::Lines;
    // Another build holds the output folder's lock (output_lock.h): wait for it, or fail
    // at once (--no-wait).
    bool wait_for_lock = true;
};

// `items` without repeats, each where it first occurs (`-t long -t short -t long`).
std::vector<std::string> unique_in_order(const std::vector<std::string>& items);

// Compiles each template and puts <out>/<stem>-<name>.pdf and its .tex in place, only on
// success. Holds the output folder's lock throughout, and first removes what killed builds
// left there. Returns kExitOk or kExitBuildFailed; progress and TeX errors go to `log`.
int build_all(const std::vector<RenderedTemplate>& rendered, const std::string& stem,
              const BuildOptions& options, std::ostream& log);

// Compares each output with the record of its last build, without running TeX: kExitOk
// when all are up to date, else kExitStale, naming each stale output and why on `log`.
int check_all(const std::vector<RenderedTemplate>& rendered, const std::string& stem,
              const BuildOptions& options, std::ostream& log);

}  // namespace mkcv
