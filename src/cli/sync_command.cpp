// `mkcv sync [CV]`: the publication list from the sources of cv.toml's [sync] (or from
// --offline files), merged into the synced list beside cv.toml (docs/sync.md).
#include "cli/sync_command.h"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "cv/dates.h"
#include "cv/loader.h"
#include "net/http_cache.h"
#include "net/http_client.h"
#include "net/request_headers.h"
#include "pipeline/load_step.h"
#include "sync/citation_counts.h"
#include "sync/merge.h"
#include "sync/offline_file.h"
#include "sync/online.h"
#include "sync/summary.h"
#include "sync/synced_list.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {

// net/'s client (docs/security.md#network-fetches): the request's own lines carry the
// User-Agent run_sync made; the cache is the user's ($XDG_CACHE_HOME/mkcv).
sync::Fetch make_fetch(const SyncCommandOptions& options) {
    net::HttpOptions http;
    http.timeout = std::chrono::seconds(options.timeout);
    http.max_body_bytes = sync::kMaxResponseBytes;
    http.cache_folder = net::default_cache_folder();
    // --dry-run and --check write nothing, the cache included.
    const bool keep = !options.dry_run && !options.check;
    return [http, keep](const sync::FetchRequest& request) -> Result<sync::FetchResponse> {
        Result<net::HttpResponse> response = net::http_get({request.url, request.headers}, http);
        if (!response)
            return fail(response.error());
        return sync::FetchResponse{response->status, std::move(response->body),
                                   std::move(response->final_url),
                                   keep ? std::move(response->keep_in_cache) : nullptr};
    };
}

namespace {

// Today as YYYY-MM-DD (UTC), or SOURCE_DATE_EPOCH's day when it is set: the date a new or
// changed citation count gets.
std::string today_utc() {
    std::time_t now = std::time(nullptr);
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch && *epoch)
        if (const auto seconds = parse_epoch_seconds(epoch))
            now = static_cast<std::time_t>(*seconds);
    std::tm day{};
    gmtime_r(&now, &day);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &day);
    return text;
}

// [sync] citations = true: the counts of the new list's papers and the user's own, in their
// own file, written only when a count changed (bib/citation_file.h).
Result<> write_citation_counts(const CommonOptions& common, const sync::MergeInput& input,
                               const sync::MergeOutcome& outcome, bool text_out) {
    const fs::path path = citation_file_path(common.cv_path);
    Diagnostics ignored;  // a broken file is written anew
    const CitationCounts before = read_citation_file(path, ignored);
    std::vector<Publication> papers = outcome.list;
    papers.insert(papers.end(), input.own.begin(), input.own.end());
    const CitationCounts counts = sync::count_citations(input.works, papers, before, today_utc());
    Result<std::string> text = citation_file_text(counts);
    if (!text)
        return fail(text.error());
    std::string old;
    const std::string name = path.lexically_normal().string();
    if (read_own_file(path, old) && old == *text) {
        if (text_out)
            std::cout << name << " is up to date\n";
        return {};
    }
    std::error_code ec;
    if (fs::is_symlink(path, ec))
        return io_failure(name, name +
                                    " is a symbolic link; mkcv sync neither follows nor "
                                    "replaces it (remove it, and sync writes the file)");
    if (Result<> written = write_file_atomically(path, *text); !written)
        return written;
    if (text_out)
        std::cout << "wrote " << name << " (" << counts.size() << " citation counts)\n";
    return {};
}

int run_sync(const CliState& state, SyncCommandOptions& options) {
    const CommonOptions& common = state.common;
    const bool text_out = print_options(common).format == DiagnosticFormat::Text;
    Diagnostics diagnostics;
    LoadedCv loaded = load_and_validate(common.cv_path, diagnostics);
    if (!loaded.cv) {
        report(diagnostics, loaded.sources, common);
        return kExitInvalid;
    }
    const Cv& cv = *loaded.cv;
    auto usage_error = [&](const std::string& message, const std::string& hint) {
        diagnostics.error(common.cv_path, cv.sync.pos, "sync", message, hint);
        report(diagnostics, loaded.sources, common);
        return kExitInvalid;
    };
    if (!cv.sync.present)
        return usage_error("cv.toml has no [sync] table",
                           "add [sync] with your ids, e.g. dblp = \"l/MichaelLey\" and orcid = "
                           "\"0000-0002-1825-0097\" (docs/sync.md)");
    sync::ApiBases bases = sync::default_api_bases();
    for (const std::string& assignment : options.api_bases)
        if (const std::string problem = sync::set_api_base(bases, assignment); !problem.empty()) {
            std::cerr << "mkcv sync: error: " << problem << '\n';
            return kExitInvalid;
        }
    const bool any_source = !cv.sync.dblp.empty() || !cv.sync.orcid.empty() ||
                            !cv.sync.openalex.empty() || !cv.sync.semantic_scholar.empty() ||
                            !cv.sync.arxiv.empty();
    if (options.offline.empty() && !any_source)
        return usage_error("[sync] names no source",
                           "add dblp, orcid, openalex, semantic_scholar or arxiv, or give files "
                           "with --offline");

    const fs::path list_path = sync::synced_list_path(cv, common.cv_path);
    if (Result<> folders = sync::check_list_folders(cv, common.cv_path); !folders) {
        diagnostics.add(folders.error());
        report(diagnostics, loaded.sources, common);
        return kExitInvalid;
    }
    Result<std::vector<Publication>> synced = sync::read_synced_list(list_path, diagnostics);
    if (!synced) {
        diagnostics.add(synced.error());
        report(diagnostics, loaded.sources, common);
        return kExitInvalid;
    }
    const std::string list_name = list_path.lexically_normal().string();

    sync::MergeInput input;
    input.synced = std::move(*synced);
    for (const Publication& p : cv.publications)
        if (p.source_file != list_name)
            input.own.push_back(p);
    input.owner = cv.person.name.value;
    for (const Text& a : cv.person.aliases)
        input.aliases.push_back(a.value);
    for (const Text& i : cv.sync.ignore)
        input.ignore.push_back(i.value);
    for (const Text& i : cv.sync.include)
        input.include.push_back(i.value);
    for (const SyncSettings::SameAs& same : cv.sync.same_as)
        input.same_as.push_back({same.work.value, same.key.value});
    // `ignore = true` on an override: the merged CV no longer has it, cv.toml alone does.
    if (LoadResult raw = load_cv(loaded.text, common.cv_path); raw.cv)
        for (const Publication& p : raw.cv->publications)
            if (p.ignored && !p.key.empty())
                input.ignore.push_back(p.key.value);

    const sync::OwnerIds owner{cv.sync.dblp.value, cv.sync.orcid.value, cv.sync.openalex.value,
                               cv.sync.semantic_scholar.value};
    std::vector<sync::SourceLine> lines;
    bool failed = false;
    // Whether any source or file gave works: when none did (every source down), there is
    // nothing to merge and the list is left as it was, not written anew.
    bool any_answered = false;
    if (!options.offline.empty()) {
        for (const std::string& file : options.offline) {
            std::string text;
            if (const std::string why = read_regular_file(file, text, sync::kMaxResponseBytes);
                !why.empty()) {
                diagnostics.error(file, {}, "io", "cannot read " + file + ": it " + why);
                lines.push_back({file, "cannot be read", true});
                failed = true;
                continue;
            }
            Result<sync::OfflineWorks> read =
                sync::read_offline_works(text, file, owner, diagnostics);
            if (!read) {
                diagnostics.add(read.error());
                lines.push_back({file, read.error().message, true});
                failed = true;
                continue;
            }
            any_answered = true;
            lines.push_back({file,
                             std::string(sync::format_name(read->format)) + ", " +
                                 std::to_string(read->page.works.size()) + " works",
                             false});
            for (auto& w : read->page.works)
                input.works.push_back(std::move(w));
        }
    } else {
        options.user_agent = net::user_agent(cv.person.email.value);
        const sync::Fetch fetch = make_fetch(options);
        for (auto& source : sync::fetch_sources(cv.sync, owner, bases, fetch, options.user_agent,
                                                std::chrono::seconds(options.timeout))) {
            std::string what = std::to_string(source.works.size()) + " works in " +
                               std::to_string(source.requests) + " requests";
            if (!source.note.empty())
                what += " (" + source.note + ")";
            if (source.failure) {
                diagnostics.add(*source.failure);
                what = source.failure->message + "; " + what + " before that were merged";
                failed = true;
            }
            any_answered = any_answered || !source.failure || !source.works.empty();
            lines.push_back({source.name, what, source.failure.has_value()});
            for (auto& w : source.works)
                input.works.push_back(std::move(w));
        }
    }

    const sync::MergeOutcome outcome = sync::merge_works(input);
    // A retracted paper is kept, and said as loudly as mkcv says anything: a warning per
    // paper, which CI shows on the pull request, besides the summary's first lines.
    for (const sync::ListedWork& r : outcome.retracted)
        diagnostics.warning(
            r.sources.empty() || r.sources[0] == "synced list" ? list_name : r.sources[0], {},
            "sync-retracted",
            "\"" + r.title + "\"" + (r.key.empty() ? "" : " (" + r.key + ")") +
                " was retracted: " + r.why,
            "read the notice; take the paper out of your CV, or keep it "
            "with a note that says it was retracted (note = \"Retracted.\")");
    report(diagnostics, loaded.sources, common);
    if (text_out)
        std::cout << "mkcv sync: " << list_name << "\n" << sync::format_summary(lines, outcome);
    if (options.check) {
        if (text_out)
            std::cout << (outcome.added.empty() ? "the CV has every paper the sources list\n"
                                                : std::to_string(outcome.added.size()) +
                                                      " paper(s) the CV lacks: run mkcv sync\n");
        if (failed)
            return kExitBuildFailed;
        return outcome.added.empty() ? kExitOk : kExitSyncBehind;
    }
    // A list that would not read back as written is never written: the file keeps its
    // entries, and the value that escaping missed is reported (exit 2: it is the data's).
    const Result<std::string> written_text = sync::synced_list_text(outcome.list, list_name);
    if (!written_text) {
        Diagnostics write_failure;
        write_failure.add(written_text.error());
        report(write_failure, loaded.sources, common);
        return kExitInvalid;
    }
    const std::string& text = *written_text;
    std::string before;
    const bool same = read_own_file(list_path, before) && before == text;
    if (options.dry_run) {
        if (text_out)
            std::cout << "dry run: nothing written\n";
    } else if (!any_answered) {
        if (text_out)
            std::cout << "every source failed: nothing written\n";
    } else if (failed && outcome.added.empty() && outcome.updated.empty()) {
        // Nothing new from the sources that answered: the list stays as it was (or absent).
        if (text_out)
            std::cout << "nothing written\n";
    } else if (same) {
        if (text_out)
            std::cout << list_name << " is up to date\n";
    } else if (Result<> written = sync::write_synced_list(list_path, text); !written) {
        std::cerr << "mkcv sync: error: " << written.error().message << '\n';
        Diagnostics write_failure;
        write_failure.add(written.error());
        report_for_tools(write_failure, common);
        return kExitBuildFailed;
    } else if (text_out) {
        std::cout << "wrote " << list_name << " (" << outcome.list.size() << " entries)\n";
    }
    if (cv.sync.citations && !options.dry_run && any_answered)
        if (Result<> counted = write_citation_counts(common, input, outcome, text_out); !counted) {
            Diagnostics write_failure;
            write_failure.add(counted.error());
            report(write_failure, loaded.sources, common);
            return kExitBuildFailed;
        }
    return failed ? kExitBuildFailed : kExitOk;
}

}  // namespace

void add_sync_command(CLI::App& app, CliState& state) {
    auto options = std::make_shared<SyncCommandOptions>();
    auto* command = app.add_subcommand(
        "sync",
        "Update the publication list from DBLP, ORCID, Crossref, OpenAlex, arXiv and "
        "Semantic Scholar ([sync] in cv.toml)");
    add_common(*command, state.common, false);
    command
        ->add_option("--offline", options->offline,
                     "Merge these downloaded or exported files instead of fetching (format "
                     "detected: DBLP XML or BibTeX, ORCID, Crossref, OpenAlex, arXiv Atom, "
                     "Semantic Scholar, Google Scholar BibTeX)")
        ->expected(1, -1);
    command->add_flag("--dry-run", options->dry_run, "Show what would change; write nothing");
    command->add_flag("--check", options->check,
                      "Write nothing; exit 3 when a source has a paper the CV lacks");
    command->add_option("--api-base", options->api_bases,
                        "NAME=URL: ask this server instead of a source's public API (dblp, "
                        "orcid, crossref, openalex, arxiv, semantic_scholar); repeatable");
    command
        ->add_option("--timeout", options->timeout,
                     "Seconds each answer may take to arrive and parse")
        ->check(CLI::Range(1, 600))
        ->capture_default_str();
    command->footer(
        "Writes publications.sync.bib (or [sync] file) beside cv.toml, which mkcv build reads;\n"
        "cv.toml is never edited. Exit status: 0 done, 1 a source failed (the others were\n"
        "merged), 2 invalid input, 3 (--check) a source has a paper the CV lacks. docs/sync.md");
    command->callback(
        [&state, options] { state.run = [&state, options] { return run_sync(state, *options); }; });
}

}  // namespace mkcv
