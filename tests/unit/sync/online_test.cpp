#include "sync/online.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <map>
#include <thread>

#include "fixture.h"

using namespace mkcv;
using namespace mkcv::sync;

namespace {

// Serves recorded bodies by URL, and records what was asked.
struct FakeServer {
    std::map<std::string, FetchResponse> pages;
    std::vector<FetchRequest> asked;
    Fetch fetch() {
        return [this](const FetchRequest& r) -> Result<FetchResponse> {
            asked.push_back(r);
            const auto it = pages.find(r.url);
            if (it == pages.end())
                return FetchResponse{404, "not found", r.url, {}};
            return it->second;
        };
    }
};

SyncSettings settings() {
    SyncSettings s;
    s.present = true;
    return s;
}

}  // namespace

TEST_CASE("each source is asked at its API's own path below its base", "[sync]") {
    FakeServer server;
    server.pages["http://127.0.0.1:1/pid/d/JaneQDoe.xml"] = {200, sync_fixture("dblp.xml"), ""};
    server.pages["https://pub.orcid.org/v3.0/0000-0002-1825-0097/works"] = {
        200, sync_fixture("orcid.json"), ""};
    server.pages
        ["https://api.crossref.org/works?filter=orcid:0000-0002-1825-0097&rows=100&cursor=%2A"] = {
        200, sync_fixture("crossref.json"), ""};
    server.pages
        ["https://api.crossref.org/"
         "works?filter=orcid:0000-0002-1825-0097&rows=100&cursor=DnF1ZXJ5VGhlbkZldGNo"] = {
        200, R"({"message":{"items":[],"next-cursor":"DnF1ZXJ5VGhlbkZldGNo"}})", ""};
    ApiBases bases = default_api_bases();
    REQUIRE(set_api_base(bases, "dblp=http://127.0.0.1:1/").empty());
    SyncSettings s = settings();
    s.dblp = {"d/JaneQDoe"};
    s.orcid = {"0000-0002-1825-0097"};
    const auto outcomes =
        fetch_sources(s, {"d/JaneQDoe", "0000-0002-1825-0097"}, bases, server.fetch(), "mkcv/test");
    REQUIRE(outcomes.size() == 3);
    CHECK(outcomes[0].name == "dblp");
    CHECK(outcomes[0].works.size() == 3);
    CHECK(!outcomes[0].failure);
    CHECK(outcomes[1].name == "orcid");
    CHECK(outcomes[1].works.size() == 2);
    CHECK(outcomes[2].name == "crossref");
    CHECK(!outcomes[2].failure);
    CHECK(outcomes[2].works.size() == 3);  // both pages; ORCID's DOI was among them
    bool json_accept = false;
    for (const auto& r : server.asked)
        if (r.url.find("pub.orcid.org") != std::string::npos)
            for (const auto& h : r.headers)
                json_accept = json_accept || h == "Accept: application/json";
    CHECK(json_accept);
    CHECK(server.asked.front().headers.front() == "User-Agent: mkcv/test");
}

TEST_CASE("Semantic Scholar is paged with next, arXiv with start, to the end", "[sync]") {
    FakeServer server;
    const std::string s2 =
        "https://api.semanticscholar.org/graph/v1/author/1723755/papers?fields=title,year,"
        "venue,journal,externalIds,authors,publicationTypes,publicationDate,abstract";
    server.pages[s2 + "&offset=0&limit=100"] = {
        200, R"({"offset":0,"next":100,"data":[{"title":"A","year":2020}]})", ""};
    server.pages[s2 + "&offset=100&limit=100"] = {
        200, R"({"offset":100,"data":[{"title":"B","year":2021}]})", ""};
    SyncSettings s = settings();
    s.semantic_scholar = {"1723755"};
    s.arxiv = {"Jane Doe"};
    server.pages
        ["https://export.arxiv.org/api/"
         "query?search_query=au%3A%22Jane%20Doe%22&start=0&max_results=100"] = {
        200, sync_fixture("arxiv.xml"), ""};
    const auto outcomes = fetch_sources(s, {}, default_api_bases(), server.fetch(), "ua");
    REQUIRE(outcomes.size() == 2);
    CHECK(outcomes[0].name == "arxiv");
    CHECK(outcomes[0].works.size() == 3);
    CHECK(outcomes[0].requests == 1);  // totalResults 3: one page
    CHECK(outcomes[1].works.size() == 2);
    CHECK(outcomes[1].requests == 2);
}

TEST_CASE("a failing source is reported with what it gave, endless paging stops at the cap",
          "[sync]") {
    SyncSettings s = settings();
    s.openalex = {"A1"};
    s.dblp = {"d/X"};
    int calls = 0;
    Fetch fetch = [&](const FetchRequest& r) -> Result<FetchResponse> {
        ++calls;
        if (r.url.find("dblp") != std::string::npos)
            return fail({Severity::Error, r.url, {}, "sync-network", "timed out", ""});
        // Every page has a new cursor and one work.
        return FetchResponse{
            200,
            R"({"meta":{"next_cursor":"c)" + std::to_string(calls) +
                R"("},"results":[{"id":"https://openalex.org/W1","title":"T","publication_year":2020}]})",
            r.url,
            {}};
    };
    const auto outcomes = fetch_sources(s, {}, default_api_bases(), fetch, "ua");
    REQUIRE(outcomes.size() == 2);
    REQUIRE(outcomes[0].failure);
    CHECK(outcomes[0].failure->message == "timed out");
    CHECK(outcomes[1].requests == kMaxPages);
    CHECK(outcomes[1].note == "stopped after 50 pages");
    Fetch status = [](const FetchRequest& r) -> Result<FetchResponse> {
        return FetchResponse{500, "oops", r.url, {}};
    };
    const auto failed = fetch_sources(s, {}, default_api_bases(), status, "ua");
    REQUIRE(failed[1].failure);
    CHECK(failed[1].failure->message == "openalex answered HTTP 500");
}

TEST_CASE("an api base takes known names and http(s) URLs only", "[sync]") {
    ApiBases bases = default_api_bases();
    CHECK(!set_api_base(bases, "nope=https://x").empty());
    CHECK(!set_api_base(bases, "dblp=file:///etc").empty());
    CHECK(!set_api_base(bases, "dblp").empty());
    CHECK(set_api_base(bases, "arxiv=https://mirror.example/").empty());
    CHECK(bases["arxiv"] == "https://mirror.example");
    CHECK(url_encoded("au:\"A B\"") == "au%3A%22A%20B%22");
}

TEST_CASE("an answer is kept in the HTTP cache only once it has parsed", "[sync]") {
    // A 200 that sync then refused was cached, so the next sync got a 304 and the same
    // refused body, and never asked again.
    SyncSettings s = settings();
    s.dblp = {"d/JaneQDoe"};
    s.semantic_scholar = {"1723755"};
    std::vector<std::string> kept;
    Fetch fetch = [&](const FetchRequest& r) -> Result<FetchResponse> {
        const bool dblp = r.url.find("/pid/") != std::string::npos;
        FetchResponse response{200, dblp ? sync_fixture("dblp.xml") : "{not json", r.url, {}};
        response.keep = [&kept, url = r.url] { kept.push_back(url); };
        return response;
    };
    const auto outcomes = fetch_sources(s, {}, default_api_bases(), fetch, "ua");
    REQUIRE(outcomes.size() == 2);
    CHECK(!outcomes[0].failure);
    CHECK(outcomes[1].failure);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0] == "https://dblp.org/pid/d/JaneQDoe.xml");
}

TEST_CASE("a DOI becomes a request path only when it cannot climb out of it", "[sync][security]") {
    CHECK(is_requestable_doi("10.1145/3448016.3457000"));
    CHECK(is_requestable_doi("10.1000/a.b/c..d"));
    for (const char* doi : {"10.1145/../../admin", "10.1/./x", "10.1//x", "10.1/x/", "10.1",
                            "11.1/x", "10.1/a b", "10.1/a\nb", ""})
        CHECK_FALSE(is_requestable_doi(doi));
}

TEST_CASE("the time limit covers an answer's arrival and its parsing", "[sync]") {
    // The HTTP client's limit ends when the last byte arrives; a large answer that parsed
    // slowly could hold a CI job past --timeout. Here the answer arrives late on purpose
    // (the fetch sleeps past the limit), so parsing it ends past it too.
    SyncSettings s = settings();
    s.dblp = {"d/JaneQDoe"};
    std::vector<std::string> kept;
    Fetch slow = [&](const FetchRequest& r) -> Result<FetchResponse> {
        std::this_thread::sleep_for(std::chrono::milliseconds(40));
        FetchResponse response{200, sync_fixture("dblp.xml"), r.url, {}};
        response.keep = [&kept, url = r.url] { kept.push_back(url); };
        return response;
    };
    const auto late =
        fetch_sources(s, {}, default_api_bases(), slow, "ua", std::chrono::milliseconds(10));
    REQUIRE(late.size() == 1);
    REQUIRE(late[0].failure);
    CHECK(late[0].failure->code == "sync-timeout");
    CHECK(late[0].failure->file == "https://dblp.org/pid/d/JaneQDoe.xml");
    CHECK(late[0].failure->message.find("longer than the time limit of 10 ms") !=
          std::string::npos);
    CHECK(late[0].works.empty());
    CHECK(kept.empty());  // nor is it cached
    // Within the limit (or none), the same answer is used.
    const auto in_time =
        fetch_sources(s, {}, default_api_bases(), slow, "ua", std::chrono::milliseconds(60000));
    CHECK(!in_time[0].failure);
    CHECK(!in_time[0].works.empty());
    CHECK(kept.size() == 1);
}
