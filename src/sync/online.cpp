#include "sync/online.h"

#include <chrono>
#include <set>

#include "sync/arxiv_atom.h"
#include "sync/crossref_json.h"
#include "sync/dblp_xml.h"
#include "sync/openalex_json.h"
#include "sync/orcid_json.h"
#include "sync/semantic_scholar_json.h"
#include "text/percent_encode.h"

namespace mkcv::sync {

ApiBases default_api_bases() {
    return {{"dblp", "https://dblp.org"},
            {"orcid", "https://pub.orcid.org"},
            {"crossref", "https://api.crossref.org"},
            {"openalex", "https://api.openalex.org"},
            {"arxiv", "https://export.arxiv.org"},
            {"semantic_scholar", "https://api.semanticscholar.org"}};
}

std::string set_api_base(ApiBases& bases, const std::string& assignment) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos)
        return "--api-base takes NAME=URL, e.g. dblp=http://127.0.0.1:8080";
    const std::string name = assignment.substr(0, eq);
    std::string url = assignment.substr(eq + 1);
    if (!bases.count(name)) {
        std::string names;
        for (const auto& [n, _] : bases)
            names += (names.empty() ? "" : ", ") + n;
        return "--api-base: unknown source `" + name + "` (one of " + names + ")";
    }
    if (url.rfind("https://", 0) != 0 && url.rfind("http://", 0) != 0)
        return "--api-base " + name +
               ": the URL must start with https:// (or http:// for 127.0.0.1)";
    for (char c : url)
        if (static_cast<unsigned char>(c) <= 0x20 || c == '?' || c == '#' || c == 0x7F)
            return "--api-base " + name + ": the URL has a space, query or fragment";
    while (url.size() > 8 && url.back() == '/')
        url.pop_back();
    bases[name] = url;
    return "";
}

std::string url_encoded(const std::string& text) {
    return percent_encode(text, [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
               c == '-' || c == '.' || c == '_' || c == '~';
    });
}

bool is_requestable_doi(const std::string& doi) {
    if (doi.size() < 4 || doi.size() > 300 || doi.rfind("10.", 0) != 0)
        return false;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= doi.size(); ++i) {
        if (i < doi.size() && doi[i] != '/') {
            if (static_cast<unsigned char>(doi[i]) <= 0x20 || doi[i] == 0x7F)
                return false;
            continue;
        }
        const std::string_view segment(doi.data() + start, i - start);
        if (segment.empty() || segment == "." || segment == "..")
            return false;
        start = i + 1;
    }
    return doi.find('/') != std::string::npos;
}

namespace {

class SourceRun {
  public:
    SourceRun(SourceOutcome& outcome, const Fetch& fetch, const std::string& user_agent,
              std::chrono::milliseconds answer_limit)
        : out_(outcome), fetch_(fetch), user_agent_(user_agent), answer_limit_(answer_limit) {}

    // The body of a 200 response, or nothing with the failure recorded. `not_found_ok`:
    // a 404 is no failure (a DOI Crossref does not have).
    std::optional<std::string> get(const std::string& url, bool json, bool not_found_ok = false) {
        FetchRequest request{url, {"User-Agent: " + user_agent_}};
        if (json)
            request.headers.push_back("Accept: application/json");
        ++out_.requests;
        asked_at_ = std::chrono::steady_clock::now();
        asked_url_ = url;
        Result<FetchResponse> response = fetch_(request);
        if (!response) {
            out_.failure = response.error();
            return std::nullopt;
        }
        if (response->status == 404 && not_found_ok)
            return std::nullopt;
        if (response->status != 200) {
            std::string hint = "try again later";
            if (response->status == 404)
                hint = "check the id of `" + out_.name + "` in [sync]";
            else if (response->status == 429)
                hint = "the source limits how often it may be asked; try again later";
            out_.failure =
                Diagnostic{Severity::Error,
                           url,
                           {},
                           "sync-http",
                           out_.name + " answered HTTP " + std::to_string(response->status),
                           hint};
            return std::nullopt;
        }
        keep_ = std::move(response->keep);
        return std::move(response->body);
    }

    // Adds a parsed page; false when it failed (the failure recorded). The answer it came
    // from goes into the HTTP cache only now that it has parsed.
    bool add(Result<WorksPage>& page) {
        std::function<void()> keep = std::move(keep_);
        keep_ = nullptr;
        if (!page) {
            out_.failure = page.error();
            return false;
        }
        // The time limit is the whole answer's: arriving, then parsing. An answer that took
        // longer is not used, so a slow source cannot hold a CI job past --timeout per page.
        const auto took = std::chrono::steady_clock::now() - asked_at_;
        if (answer_limit_.count() > 0 && took > answer_limit_) {
            const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(took).count();
            out_.failure =
                Diagnostic{Severity::Error,
                           asked_url_,
                           {},
                           "sync-timeout",
                           out_.name + "'s answer took " + std::to_string(ms) +
                               " ms to arrive and parse, longer than the time limit of " +
                               std::to_string(answer_limit_.count()) + " ms",
                           "try again later, or allow more with --timeout SECONDS"};
            return false;
        }
        if (keep)
            keep();
        for (Work& w : page->works) {
            if (out_.works.size() >= kMaxWorksPerSource) {
                out_.note = "stopped at " + std::to_string(kMaxWorksPerSource) + " works";
                return false;
            }
            out_.works.push_back(std::move(w));
        }
        return true;
    }

    bool more_pages(std::size_t pages) {
        if (pages < kMaxPages)
            return true;
        out_.note = "stopped after " + std::to_string(kMaxPages) + " pages";
        return false;
    }

  private:
    SourceOutcome& out_;
    const Fetch& fetch_;
    const std::string& user_agent_;
    std::function<void()> keep_;                        // the last answer's, until it has parsed
    const std::chrono::milliseconds answer_limit_;      // 0: none
    std::chrono::steady_clock::time_point asked_at_{};  // when the last answer was asked for
    std::string asked_url_;                             // and where
};

// Cursor paging (Crossref, OpenAlex): `first_url` ends with "cursor=" and the cursor.
template <typename Parse>
void cursor_pages(SourceRun& run, const std::string& url_without_cursor, Parse parse) {
    std::string cursor = "*";
    std::set<std::string> seen;
    for (std::size_t pages = 0; run.more_pages(pages); ++pages) {
        const std::string url = url_without_cursor + url_encoded(cursor);
        const auto body = run.get(url, true);
        if (!body)
            return;
        Result<WorksPage> page = parse(*body, url);
        if (!run.add(page) || page->next_cursor.empty() || page->works.empty())
            return;
        // A server that sends the same cursor again would page forever.
        if (!seen.insert(page->next_cursor).second)
            return;
        cursor = page->next_cursor;
    }
}

}  // namespace

std::vector<SourceOutcome> fetch_sources(const SyncSettings& sync, const OwnerIds& owner,
                                         const ApiBases& bases, const Fetch& fetch,
                                         const std::string& agent,
                                         std::chrono::milliseconds answer_limit) {
    std::vector<SourceOutcome> outcomes;
    outcomes.reserve(8);  // references to its elements stay valid while sources are added
    auto base = [&](const std::string& name) {
        const auto it = bases.find(name);
        return it == bases.end() ? default_api_bases().at(name) : it->second;
    };
    if (!sync.dblp.empty()) {
        SourceOutcome& o = outcomes.emplace_back(SourceOutcome{"dblp", {}, {}, 0, {}});
        SourceRun run(o, fetch, agent, answer_limit);
        // A pid's slash is the path's: "l/MichaelLey" → /pid/l/MichaelLey.xml.
        const std::string url = base("dblp") + "/pid/" + sync.dblp.value + ".xml";
        if (const auto body = run.get(url, false)) {
            Result<WorksPage> page = parse_dblp_xml(*body, url, owner);
            (void)run.add(page);
        }
    }
    std::vector<std::string> orcid_dois;
    if (!sync.orcid.empty()) {
        SourceOutcome& o = outcomes.emplace_back(SourceOutcome{"orcid", {}, {}, 0, {}});
        SourceRun run(o, fetch, agent, answer_limit);
        const std::string url = base("orcid") + "/v3.0/" + sync.orcid.value + "/works";
        if (const auto body = run.get(url, true)) {
            Result<WorksPage> page = parse_orcid_works(*body, url);
            (void)run.add(page);
        }
        for (const Work& w : o.works)
            if (!w.doi.empty())
                orcid_dois.push_back(w.doi);
        SourceOutcome& c = outcomes.emplace_back(SourceOutcome{"crossref", {}, {}, 0, {}});
        SourceRun crossref(c, fetch, agent, answer_limit);
        cursor_pages(
            crossref,
            base("crossref") + "/works?filter=orcid:" + sync.orcid.value + "&rows=100&cursor=",
            [&](const std::string& body, const std::string& source) {
                return parse_crossref_works(body, source, owner, true);
            });
        // ORCID's summaries name no authors: Crossref has them, by DOI.
        std::set<std::string> have;
        for (const Work& w : c.works)
            have.insert(w.doi);
        std::size_t lookups = 0;
        for (const std::string& doi : orcid_dois) {
            if (c.failure || have.count(doi))
                continue;
            if (++lookups > kMaxDoiLookups) {
                c.note = "looked up " + std::to_string(kMaxDoiLookups) + " DOIs, no more";
                break;
            }
            have.insert(doi);
            if (!is_requestable_doi(doi))
                continue;
            std::string path;
            for (char ch : doi)  // the DOI's slashes stay: /works/10.1145/123
                path += ch == '/' ? std::string("/") : url_encoded(std::string(1, ch));
            const std::string url = base("crossref") + "/works/" + path;
            if (const auto body = crossref.get(url, true, true)) {
                Result<WorksPage> page = parse_crossref_works(*body, url, owner, true);
                if (!crossref.add(page))
                    break;
            }
        }
    }
    if (!sync.openalex.empty()) {
        SourceOutcome& o = outcomes.emplace_back(SourceOutcome{"openalex", {}, {}, 0, {}});
        SourceRun run(o, fetch, agent, answer_limit);
        cursor_pages(run,
                     base("openalex") + "/works?filter=author.id:" + sync.openalex.value +
                         "&per-page=200&cursor=",
                     [&](const std::string& body, const std::string& source) {
                         return parse_openalex_works(body, source, owner, true);
                     });
    }
    if (!sync.arxiv.empty()) {
        SourceOutcome& o = outcomes.emplace_back(SourceOutcome{"arxiv", {}, {}, 0, {}});
        SourceRun run(o, fetch, agent, answer_limit);
        constexpr long kPage = 100;
        for (std::size_t pages = 0; run.more_pages(pages); ++pages) {
            const long start = static_cast<long>(pages) * kPage;
            const std::string url =
                base("arxiv") +
                "/api/query?search_query=" + url_encoded("au:\"" + sync.arxiv.value + "\"") +
                "&start=" + std::to_string(start) + "&max_results=" + std::to_string(kPage);
            const auto body = run.get(url, false);
            if (!body)
                break;
            Result<WorksPage> page = parse_arxiv_atom(*body, url);
            const bool ok = run.add(page);
            if (!ok || page->works.empty() || page->total < 0 || start + kPage >= page->total)
                break;
        }
    }
    if (!sync.semantic_scholar.empty()) {
        SourceOutcome& o = outcomes.emplace_back(SourceOutcome{"semantic_scholar", {}, {}, 0, {}});
        SourceRun run(o, fetch, agent, answer_limit);
        long offset = 0;
        for (std::size_t pages = 0; run.more_pages(pages); ++pages) {
            const std::string url =
                base("semantic_scholar") + "/graph/v1/author/" + sync.semantic_scholar.value +
                "/papers?fields=title,year,venue,journal,externalIds,authors,publicationTypes,"
                "publicationDate,abstract" +
                std::string(sync.citations ? ",citationCount" : "") +
                "&offset=" + std::to_string(offset) + "&limit=100";
            const auto body = run.get(url, true);
            if (!body)
                break;
            Result<WorksPage> page = parse_semantic_scholar_papers(*body, url, owner, true);
            if (!run.add(page) || !page->next_offset || *page->next_offset <= offset)
                break;
            offset = *page->next_offset;
        }
    }
    return outcomes;
}

}  // namespace mkcv::sync
