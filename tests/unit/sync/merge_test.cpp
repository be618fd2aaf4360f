#include "sync/merge.h"

#include <catch2/catch.hpp>

#include "bib/paper_identity.h"
#include "fixture.h"
#include "sync/arxiv_atom.h"
#include "sync/crossref_json.h"
#include "sync/dblp_xml.h"
#include "sync/openalex_json.h"
#include "sync/summary.h"

using namespace mkcv;
using namespace mkcv::sync;

namespace {

const OwnerIds kOwner{"d/JaneQDoe", "0000-0002-1825-0097", "A5023888391", "1723755"};

MergeInput input_of(std::initializer_list<Result<WorksPage>*> pages) {
    MergeInput in;
    in.owner = "Jane Q. Doe";
    in.aliases = {"J. Q. Doe", "Jane Doe"};
    for (auto* page : pages) {
        REQUIRE(*page);
        for (const Work& w : (*page)->works)
            in.works.push_back(w);
    }
    return in;
}

const Publication* with_doi(const MergeOutcome& o, const std::string& doi) {
    for (const auto& p : o.list)
        if (identity_of(p).doi == doi)
            return &p;
    return nullptr;
}

}  // namespace

TEST_CASE("the same paper from three sources becomes one entry, DBLP's venue and key", "[sync]") {
    Result<WorksPage> dblp = parse_dblp_xml(sync_fixture("dblp.xml"), "d", kOwner);
    Result<WorksPage> crossref =
        parse_crossref_works(sync_fixture("crossref.json"), "c", kOwner, false);
    Result<WorksPage> openalex =
        parse_openalex_works(sync_fixture("openalex.json"), "o", kOwner, false);
    MergeInput in = input_of({&dblp, &crossref, &openalex});
    const MergeOutcome o = merge_works(in);
    int sigmod = 0;
    for (const auto& p : o.list)
        sigmod += identity_of(p).doi == "10.1145/3448016.3457000";
    CHECK(sigmod == 1);
    const Publication* p = with_doi(o, "10.1145/3448016.3457000");
    REQUIRE(p);
    CHECK(p->venue.value == "SIGMOD Conference");
    CHECK(p->kind == PublicationKind::Conference);
    CHECK(identity_of(*p).dblp_key == "conf/sigmod/DoeR21");
    CHECK(p->key.value == "doe2021fast");
    // The CoRR preprint and the journal version are one entry: published, arXiv kept.
    const Publication* gnn = with_doi(o, "10.1000/jgnr.2023.5");
    REQUIRE(gnn);
    CHECK(gnn->kind == PublicationKind::Journal);
    CHECK(identity_of(*gnn).arxiv == "2203.01234");
    CHECK(gnn->year == 2023);
    // The erratum is not a paper: left out and listed, one line for its sources. `include`
    // takes it in; `ignore` then leaves it out as ignored.
    CHECK(!with_doi(o, "10.9999/erratum.1"));
    REQUIRE(o.not_papers.size() == 1);
    CHECK(o.not_papers[0].title.find("Erratum") == 0);
    CHECK(o.not_papers[0].why == "a correction");
    in.include = {"10.9999/ERRATUM.1"};
    CHECK(with_doi(merge_works(in), "10.9999/erratum.1"));
    in.ignore = {"10.9999/ERRATUM.1"};
    const MergeOutcome ignored = merge_works(in);
    CHECK(!with_doi(ignored, "10.9999/erratum.1"));
    REQUIRE(ignored.ignored.size() == 1);
    CHECK(ignored.ignored[0].title.find("Erratum") == 0);
}

TEST_CASE("a name query's work without the owner is left out and listed", "[sync]") {
    Result<WorksPage> arxiv = parse_arxiv_atom(sync_fixture("arxiv.xml"), "a");
    const MergeOutcome o = merge_works(input_of({&arxiv}));
    REQUIRE(o.not_owner.size() == 1);
    CHECK(o.not_owner[0].title == "Quantum Widgets at Low Temperature");
    CHECK(o.not_owner[0].authors == "John Doe, Carla Coe");
    CHECK(o.list.size() == 2);  // the aliases "J. Q. Doe" and "Jane Doe" are the owner
}

TEST_CASE(
    "a preprint synced before is upgraded in place: same citekey, published fields, arXiv kept",
    "[sync]") {
    Result<WorksPage> arxiv = parse_arxiv_atom(sync_fixture("arxiv.xml"), "a");
    const MergeOutcome first = merge_works(input_of({&arxiv}));
    const Publication* pre = nullptr;
    for (const auto& p : first.list)
        if (identity_of(p).arxiv == "2203.01234")
            pre = &p;
    REQUIRE(pre);
    CHECK(pre->kind == PublicationKind::Preprint);
    const std::string key = pre->key.value;

    Result<WorksPage> crossref =
        parse_crossref_works(sync_fixture("crossref.json"), "c", kOwner, false);
    MergeInput second = input_of({&crossref});
    second.synced = first.list;
    const MergeOutcome o = merge_works(second);
    const Publication* published = with_doi(o, "10.1000/jgnr.2023.5");
    REQUIRE(published);
    CHECK(published->key.value == key);
    CHECK(published->kind == PublicationKind::Journal);
    CHECK(published->venue.value == "Journal of Graph Routing");
    CHECK(identity_of(*published).arxiv == "2203.01234");
    bool listed = false;
    for (const auto& u : o.updated)
        listed = listed || u.key == key;
    CHECK(listed);
}

TEST_CASE("a second merge of the same works changes nothing, the user's own papers stay theirs",
          "[sync]") {
    Result<WorksPage> dblp = parse_dblp_xml(sync_fixture("dblp.xml"), "d", kOwner);
    MergeInput in = input_of({&dblp});
    Publication own;
    own.key = {"doe2020own"};
    own.title = {"Learned Caches for Everyone"};
    own.year = 2020;
    own.links.push_back({{"doi"}, {"10.5555/own.1"}});
    in.own = {own};
    const MergeOutcome first = merge_works(in);
    CHECK(first.own == 1);
    CHECK(first.added.size() == 2);
    in.synced = first.list;
    const MergeOutcome again = merge_works(in);
    CHECK(again.added.empty());
    CHECK(again.updated.empty());
    CHECK(again.unchanged == 2);
    REQUIRE(again.list.size() == first.list.size());
    for (std::size_t i = 0; i < again.list.size(); ++i)
        CHECK(again.list[i].key.value == first.list[i].key.value);
    // A sync from fewer sources keeps what the list had.
    MergeInput none = input_of({});
    none.synced = first.list;
    CHECK(merge_works(none).kept == 2);
}

TEST_CASE("a sync from fewer sources never replaces a field with a worse source's", "[sync]") {
    // DBLP's clean venue name, then a weekly sync that only Crossref answered: the list
    // ranked as a whole between DBLP and Crossref, so Crossref's long name came in.
    Result<WorksPage> dblp = parse_dblp_xml(sync_fixture("dblp.xml"), "d", kOwner);
    Result<WorksPage> crossref =
        parse_crossref_works(sync_fixture("crossref.json"), "c", kOwner, false);
    const MergeOutcome both = merge_works(input_of({&dblp, &crossref}));
    const Publication* sigmod = with_doi(both, "10.1145/3448016.3457000");
    REQUIRE(sigmod);
    CHECK(sigmod->venue.value == "SIGMOD Conference");
    CHECK(sigmod->field_sources.find("venue=dblp") != std::string::npos);
    MergeInput fewer = input_of({&crossref});
    fewer.synced = both.list;
    const MergeOutcome after = merge_works(fewer);
    const Publication* kept = with_doi(after, "10.1145/3448016.3457000");
    REQUIRE(kept);
    CHECK(kept->venue.value == "SIGMOD Conference");
    CHECK(kept->kind == PublicationKind::Conference);
    CHECK(after.updated.empty());
    // Without the record (a list written before it was kept), the list still ranks second.
    MergeInput old = fewer;
    for (Publication& p : old.synced)
        p.field_sources.clear();
    const MergeOutcome without = merge_works(old);  // kept: with_doi points into it
    const Publication* unrecorded = with_doi(without, "10.1145/3448016.3457000");
    REQUIRE(unrecorded);
    CHECK(unrecorded->venue.value != "SIGMOD Conference");
}

TEST_CASE("notices are left out by the source's metadata, and a retraction is said", "[sync]") {
    // Crossref names what a notice updates; OpenAlex has types for notices and a flag for a
    // retracted paper; a retracted paper, synced or the user's own, is listed, never dropped.
    const std::string crossref = R"({"message-type":"work-list","message":{"items":[
      {"DOI":"10.1000/fast","type":"journal-article","title":["Fast Sorting"],
       "author":[{"given":"Jane Q.","family":"Doe"}],"issued":{"date-parts":[[2021]]}},
      {"DOI":"10.1000/notice","type":"journal-article","title":["Fast sorting, a notice"],
       "update-to":[{"DOI":"10.1000/FAST","type":"retraction"}],
       "author":[{"given":"Jane Q.","family":"Doe"}],"issued":{"date-parts":[[2022]]}},
      {"DOI":"10.1000/fix","type":"journal-article","title":["About fast sorting"],
       "update-to":[{"DOI":"10.1000/fast","type":"correction"}],
       "author":[{"given":"Jane Q.","family":"Doe"}],"issued":{"date-parts":[[2022]]}}]}})";
    Result<WorksPage> c = parse_crossref_works(crossref, "c", kOwner, true);
    const std::string openalex = R"({"results":[
      {"id":"https://openalex.org/W1","doi":"https://doi.org/10.1000/own","title":"My Own Paper",
       "publication_year":2020,"type":"article","is_retracted":true},
      {"id":"https://openalex.org/W2","title":"Issue Information","publication_year":2020,
       "type":"paratext"}]})";
    Result<WorksPage> o = parse_openalex_works(openalex, "o", kOwner, true);
    MergeInput in = input_of({&c, &o});
    Publication own;
    own.key = {"doe2020own"};
    own.title = {"My Own Paper"};
    own.year = 2020;
    own.source_file = "own.bib";
    own.links.push_back({{"doi"}, {"10.1000/own"}});
    in.own = {own};
    const MergeOutcome out = merge_works(in);
    REQUIRE(out.list.size() == 1);  // the paper; the two notices and the front matter are out
    CHECK(out.list[0].title.value == "Fast Sorting");
    REQUIRE(out.not_papers.size() == 3);
    std::vector<std::string> why;
    for (const auto& n : out.not_papers)
        why.push_back(n.why);
    CHECK(std::count(why.begin(), why.end(), "a retraction notice of 10.1000/fast") == 1);
    CHECK(std::count(why.begin(), why.end(), "a correction of 10.1000/fast") == 1);
    CHECK(std::count(why.begin(), why.end(), "front matter") == 1);
    REQUIRE(out.retracted.size() == 2);
    CHECK(out.retracted[0].title == "Fast Sorting");
    CHECK(out.retracted[0].why.find("retraction notice") != std::string::npos);
    CHECK(out.retracted[1].key == "doe2020own");
    CHECK(out.retracted[1].sources == std::vector<std::string>{"own.bib"});
    CHECK(out.retracted[1].why == "openalex marks it retracted");
}

TEST_CASE("a paper DBLP dates a year later than the user's own entry is theirs", "[sync]") {
    // The author's own 2024 entry, no DOI; DBLP's 2025 journal entry of the same title, and
    // its conference version of 2024 by the same title, which may well be another paper.
    Work dblp;
    dblp.source = "dblp";
    dblp.listed_for_owner = true;
    dblp.title = {"Fast sorting with learned indexes."};
    dblp.authors = {"Jane Q. Doe", "Bob Roe"};
    dblp.year = 2025;
    dblp.kind = PublicationKind::Journal;
    dblp.kind_known = true;
    dblp.venue = "J. Sorting";
    dblp.dblp_key = "journals/js/DoeR25";
    Work sub = dblp;
    sub.title = {"Fast Sorting with Learned Indexes: Extended Version"};
    sub.dblp_key = "journals/js/DoeR25a";
    MergeInput in;
    in.owner = "Jane Q. Doe";
    in.works = {dblp, sub};
    Publication own;
    own.key = {"doe2024fast"};
    own.title = {"Fast Sorting with Learned Indexes"};
    own.authors = {{"Jane Q. Doe"}, {"Bob Roe"}};
    own.year = 2024;
    own.kind = PublicationKind::Journal;
    in.own = {own};
    const MergeOutcome out = merge_works(in);
    CHECK(out.list.empty());
    CHECK(out.own == 1);
    REQUIRE(out.near_own.size() == 1);
    CHECK(out.near_own[0].why == "the same title and first author as your doe2024fast");
    REQUIRE(out.possibly_same.size() == 1);
    CHECK(out.possibly_same[0].why == "possibly the same as your doe2024fast");
    // [sync] include takes the extended version in.
    in.include = {"journals/js/DoeR25a"};
    const MergeOutcome taken = merge_works(in);
    REQUIRE(taken.list.size() == 1);
    CHECK(taken.list[0].title.value == "Fast Sorting with Learned Indexes: Extended Version");
}

TEST_CASE("near-duplicates join whichever comes first, and across a whole answer of one title",
          "[sync]") {
    auto work = [](int year, const std::string& doi) {
        Work w;
        w.source = "semantic_scholar";
        w.listed_for_owner = true;
        w.title = {"The Same Title For Every Work"};
        w.authors = {"Jane Doe"};
        w.year = year;
        w.kind = PublicationKind::Journal;
        w.kind_known = true;
        w.doi = doi;
        return w;
    };
    MergeInput in;
    in.owner = "Jane Doe";
    // The later year first: still one paper.
    in.works = {work(2025, ""), work(2024, "")};
    CHECK(merge_works(in).list.size() == 1);
    // Each its own DOI: twenty "annual reports" of one title by one author are twenty
    // publications, however alike (benchmarks/run.sh times 5,000 of them).
    in.works.clear();
    for (int i = 0; i < 20; ++i)
        in.works.push_back(work(2000 + i, "10.5555/report." + std::to_string(2000 + i)));
    CHECK(merge_works(in).list.size() == 20);
}

TEST_CASE("[sync] same_as makes a work left out as possibly the same one of the user's own",
          "[sync]") {
    // DBLP's extended version of the user's paper: a subtitle apart, so only possibly the
    // same, and left out until the user says what it is.
    Work dblp;
    dblp.source = "dblp";
    dblp.listed_for_owner = true;
    dblp.title = {"Fast Sorting with Learned Indexes: Extended Version"};
    dblp.authors = {"Jane Q. Doe", "Bob Roe"};
    dblp.year = 2025;
    dblp.kind = PublicationKind::Journal;
    dblp.kind_known = true;
    dblp.venue = "J. Sorting";
    dblp.dblp_key = "journals/js/DoeR25a";
    MergeInput in;
    in.owner = "Jane Q. Doe";
    in.works = {dblp};
    Publication own;
    own.key = {"doe2024fast"};
    own.title = {"Fast Sorting with Learned Indexes"};
    own.authors = {{"Jane Q. Doe"}, {"Bob Roe"}};
    own.year = 2024;
    own.kind = PublicationKind::Journal;
    in.own = {own};
    REQUIRE(merge_works(in).possibly_same.size() == 1);

    // Named by its title as the report prints it, or by its DBLP key: the user's entry wins.
    for (const std::string name :
         {"Fast Sorting with Learned Indexes: Extended Version", "journals/js/DoeR25a"}) {
        in.same_as = {{name, "doe2024fast"}};
        const MergeOutcome out = merge_works(in);
        CHECK(out.list.empty());
        CHECK(out.possibly_same.empty());
        CHECK(out.own == 1);
        REQUIRE(out.same_as.size() == 1);
        CHECK(out.same_as[0].why == "the same as your doe2024fast ([sync] same_as)");
        CHECK(out.same_as[0].sources == std::vector<std::string>{"dblp"});
    }

    // An entry of the synced list (taken in with include before the user decided) leaves
    // the list when same_as names it, whether or not a source lists it this time.
    in.same_as.clear();
    in.include = {"journals/js/DoeR25a"};
    const MergeOutcome taken = merge_works(in);
    REQUIRE(taken.list.size() == 1);
    in.synced = taken.list;
    in.include.clear();
    in.same_as = {{taken.list[0].key.value, "doe2024fast"}};
    for (const bool listed : {true, false}) {
        in.works = listed ? std::vector<Work>{dblp} : std::vector<Work>{};
        const MergeOutcome out = merge_works(in);
        CHECK(out.list.empty());
        CHECK(out.kept == 0);
        REQUIRE(out.same_as.size() == 1);
        CHECK(out.same_as[0].sources == (listed ? std::vector<std::string>{"dblp"}
                                                : std::vector<std::string>{"synced list"}));
    }
}

TEST_CASE("include, same_as and ignore name a left-out work as the report prints it", "[sync]") {
    // A long title, which the report cuts short with "…": the line copied as it is names
    // the work all the same.
    Work notice;
    notice.source = "semantic_scholar";
    notice.listed_for_owner = true;
    notice.title = {
        "Abstract 794: Pan-cancer proteogenomic analysis of the AACR cohorts across "
        "twelve tumour types and three continents"};
    notice.authors = {"Jane Q. Doe"};
    notice.year = 2020;
    MergeInput in;
    in.owner = "Jane Q. Doe";
    in.works = {notice};
    const MergeOutcome left_out = merge_works(in);
    REQUIRE(left_out.not_papers.size() == 1);
    // The title as the report prints it: between the quotes of its line.
    auto printed_title = [](const MergeOutcome& out, const std::string& after) {
        const std::string report = format_summary({}, out);
        const auto line = report.find(after);
        REQUIRE(line != std::string::npos);
        const auto open = report.find('"', line + after.size());
        const auto close = report.find("\" (", open + 1);
        return report.substr(open + 1, close - open - 1);
    };
    const std::string cut = printed_title(left_out, "left out, not a paper");
    CHECK(cut.size() < notice.title.value.size());
    CHECK(cut.substr(cut.size() - 3) == "…");
    in.include = {cut};
    REQUIRE(merge_works(in).list.size() == 1);

    // A work possibly the same as the user's own, its long title cut short in the report:
    // same_as by that title makes it theirs; ignore by its DOI makes it ignored, not
    // "possibly the same" any more.
    Work extended;
    extended.source = "crossref";
    extended.listed_for_owner = true;
    extended.title = {
        "Learned Caches for Everyone: The Extended Version with Proofs, Experiments "
        "on Twelve Machines and a Survey"};
    extended.authors = {"Jane Q. Doe"};
    extended.year = 2021;
    extended.kind = PublicationKind::Journal;
    extended.kind_known = true;
    extended.doi = "10.5555/extended.1";
    Publication own;
    own.key = {"doe2020own"};
    own.title = {"Learned Caches for Everyone"};
    own.authors = {{"Jane Q. Doe"}};
    own.year = 2020;
    own.kind = PublicationKind::Journal;
    MergeInput near;
    near.owner = "Jane Q. Doe";
    near.works = {extended};
    near.own = {own};
    const MergeOutcome possibly = merge_works(near);
    REQUIRE(possibly.possibly_same.size() == 1);
    near.same_as = {{printed_title(possibly, "left out, possibly the same paper"), "doe2020own"}};
    const MergeOutcome same = merge_works(near);
    CHECK(same.possibly_same.empty());
    CHECK(same.same_as.size() == 1);
    CHECK(same.list.empty());
    near.same_as.clear();
    near.ignore = {"https://doi.org/10.5555/EXTENDED.1"};
    const MergeOutcome ignored = merge_works(near);
    CHECK(ignored.possibly_same.empty());
    REQUIRE(ignored.ignored.size() == 1);
    CHECK(ignored.list.empty());
    // So does ignore by the title as the report printed it, cut short.
    near.ignore = {printed_title(possibly, "left out, possibly the same paper")};
    const MergeOutcome by_title = merge_works(near);
    CHECK(by_title.possibly_same.empty());
    REQUIRE(by_title.ignored.size() == 1);
    CHECK(by_title.list.empty());
}

TEST_CASE("a title written with ’ and – by one source and ' and - by another is one paper",
          "[sync]") {
    Work crossref;
    crossref.source = "crossref";
    crossref.listed_for_owner = true;
    crossref.title = {"It’s Time – Learned Caches for Everyone"};
    crossref.authors = {"Jane Q. Doe"};
    crossref.year = 2021;
    crossref.doi = "10.5555/caches.1";
    Work dblp = crossref;
    dblp.source = "dblp";
    dblp.title = {"It's Time - Learned Caches for Everyone"};
    dblp.doi.clear();
    dblp.dblp_key = "conf/x/Doe21";
    MergeInput in;
    in.owner = "Jane Q. Doe";
    in.works = {crossref, dblp};
    const MergeOutcome first = merge_works(in);
    REQUIRE(first.list.size() == 1);
    // And the second sync over the same answers, from its own list, changes nothing.
    in.synced = first.list;
    const MergeOutcome second = merge_works(in);
    CHECK(second.added.empty());
    CHECK(second.updated.empty());
    REQUIRE(second.list.size() == 1);
    CHECK(second.list[0].key.value == first.list[0].key.value);
}
