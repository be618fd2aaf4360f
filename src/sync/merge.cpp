#include "sync/merge.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <unordered_map>

#include "bib/citekey.h"
#include "bib/paper_identity.h"
#include "bib/paper_title.h"
#include "cv/authors.h"
#include "sync/bibtex_works.h"
#include "sync/field_sources.h"
#include "sync/near_duplicates.h"
#include "sync/paper_kind.h"
#include "util/ascii.h"

namespace mkcv::sync {
namespace {

const std::map<std::string, int>& source_ranks() {
    // Lower is better; "synced" is a field of the list as it was whose source it does not
    // know (a list written before it kept them): it stays where the list as a whole ranked.
    static const std::map<std::string, int> ranks{
        {"dblp", 0},  {"crossref", 1}, {"synced", 2}, {"openalex", 3}, {"semantic_scholar", 4},
        {"orcid", 5}, {"bibtex", 6},   {"arxiv", 7}};
    return ranks;
}

int rank_of(const std::string& source) {
    const auto it = source_ranks().find(source);
    return it == source_ranks().end() ? 8 : it->second;
}

// A work's rank for one field. A field of the synced list ranks as the source that gave
// it, just after that source's fresh answer (which wins a tie: it is newer).
int field_rank(const Work& w, const std::string& field) {
    if (w.source == "synced")
        if (const auto it = w.field_sources.find(field); it != w.field_sources.end())
            return rank_of(it->second) * 2 + 1;
    return rank_of(w.source) * 2 + (w.source == "synced" ? 1 : 0);
}

// Where a chosen field came from, as the list records it.
std::string source_of_field(const Work& w, const std::string& field) {
    if (w.source == "synced") {
        const auto it = w.field_sources.find(field);
        return it == w.field_sources.end() ? "synced" : it->second;
    }
    return w.source;
}

class Groups {
  public:
    explicit Groups(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
    std::size_t find(std::size_t i) {
        while (parent_[i] != i)
            i = parent_[i] = parent_[parent_[i]];
        return i;
    }
    void join(std::size_t a, std::size_t b) {
        a = find(a);
        b = find(b);
        if (a != b)
            parent_[std::max(a, b)] = std::min(a, b);
    }

  private:
    std::vector<std::size_t> parent_;
};

// A work's identity (bib/paper_identity.h): the one rule of "the same paper" that a build
// and citation counts use too.
PaperIdentity identity_of_work(const Work& w) {
    return {w.doi, w.arxiv, w.dblp_key, normal_title(w.title.value), w.year};
}

std::vector<std::string> id_keys(const Work& w) {
    return identity_keys(identity_of_work(w));
}

std::string joined(const std::vector<std::string>& names, std::size_t max) {
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < max; ++i)
        out += (i ? ", " : "") + names[i];
    if (names.size() > max)
        out += ", …";
    return out;
}

// The merged entry of one group of works (best first).
Publication merged_entry(const std::vector<const Work*>& works, const std::string& owner) {
    std::vector<const Work*> published, all = works;
    for (const Work* w : works)
        if (w->kind != PublicationKind::Preprint)
            published.push_back(w);
    const std::vector<const Work*>& best_set = published.empty() ? all : published;
    auto first = [](const std::vector<const Work*>& set, auto has) -> const Work* {
        for (const Work* w : set)
            if (has(*w))
                return w;
        return nullptr;
    };
    // The best work for one field: the lowest rank for that field among those that have
    // it (the group's order breaks ties).
    auto pick = [](const std::vector<const Work*>& set, const std::string& field,
                   auto has) -> const Work* {
        const Work* chosen = nullptr;
        for (const Work* w : set)
            if (has(*w) && (!chosen || field_rank(*w, field) < field_rank(*chosen, field)))
                chosen = w;
        return chosen;
    };
    std::map<std::string, std::string> sources;
    auto from = [&](const Work* w, const std::string& field) {
        if (w)
            sources[field] = source_of_field(*w, field);
        return w;
    };
    Publication p;
    const Work* title =
        from(pick(best_set, "title", [](const Work& w) { return !w.title.empty(); }), "title");
    if (!title)
        title = from(pick(all, "title", [](const Work& w) { return !w.title.empty(); }), "title");
    p.title = title->title;
    const Work* with_authors =
        pick(best_set, "authors", [](const Work& w) { return !w.authors.empty(); });
    if (!with_authors)
        with_authors = pick(all, "authors", [](const Work& w) { return !w.authors.empty(); });
    if (from(with_authors, "authors"))
        for (const auto& a : with_authors->authors)
            p.authors.push_back({a, {}});
    else
        p.authors.push_back({owner, {}});
    const Work* kind =
        from(pick(best_set, "kind", [](const Work& w) { return w.kind_known; }), "kind");
    const Work& dated =
        *from(pick(best_set, "date", [](const Work& w) { return w.year != 0; }), "date");
    p.kind = kind ? kind->kind : best_set.front()->kind;
    // The venue of the work that said the kind, so that the two agree.
    const Work* venue =
        kind && !kind->venue.empty()
            ? kind
            : pick(best_set, "venue", [](const Work& w) { return !w.venue.empty(); });
    p.venue = {from(venue, "venue") ? venue->venue : std::string(), {}};
    // The short name of the same venue, or any work's when that one has none.
    const Work* venue_short =
        venue && !venue->venue_short.empty()
            ? venue
            : first(best_set, [](const Work& w) { return !w.venue_short.empty(); });
    if (venue_short)
        p.venue_short = {venue_short->venue_short, {}};
    p.year = dated.year;
    p.month = dated.month;
    if (!p.month)
        if (const Work* m = first(all, [&](const Work& w) { return w.year == p.year && w.month; }))
            p.month = m->month;
    if (const Work* a = first(all, [](const Work& w) { return !w.abstract.empty(); }))
        p.abstract = {a->abstract, {}};
    if (const Work* u = first(best_set, [](const Work& w) { return !w.url.empty(); }))
        p.links.push_back({{"paper", {}}, {u->url, {}}});
    if (const Work* d = first(best_set, [](const Work& w) { return !w.doi.empty(); }))
        p.links.push_back({{"doi", {}}, {d->doi, {}}});
    if (const Work* a = first(all, [](const Work& w) { return !w.arxiv.empty(); }))
        p.links.push_back({{"arXiv", {}}, {arxiv_url(a->arxiv), {}}});
    const Work* dblp = first(best_set, [](const Work& w) { return !w.dblp_key.empty(); });
    if (!dblp)
        dblp = first(all, [](const Work& w) { return !w.dblp_key.empty(); });
    if (dblp)
        p.links.push_back({{"dblp", {}}, {dblp_url(dblp->dblp_key), {}}});
    // A field whose source is unknown ("synced") is not recorded: the list keeps no guess.
    for (auto it = sources.begin(); it != sources.end();)
        it = it->second == "synced" ? sources.erase(it) : std::next(it);
    p.field_sources = field_sources_text(sources);
    return p;
}

PaperSketch sketch_of(const Work& w) {
    return {w.title.value, w.authors.empty() ? "" : w.authors.front(),
            w.year,        w.kind,
            w.kind_known,  w.doi,
            w.arxiv,       w.dblp_key};
}

PaperSketch sketch_of(const Publication& p) {
    const PaperIdentity ids = identity_of(p);
    return {p.title.value,
            p.authors.empty() ? "" : p.authors.front().value,
            p.year,
            p.kind,
            p.kind != PublicationKind::Other,
            ids.doi,
            ids.arxiv,
            ids.dblp_key};
}

// Entries indexed by title (loose, and main before a subtitle), first author and year, so
// that each work is compared only with those that may be alike, and with few of them: an
// answer of 5,000 works under one title by one author must not cost 25 million comparisons.
class SketchIndex {
  public:
    void add(PaperSketch sketch, std::string key) {
        const std::size_t at = sketches_.size();
        for (const std::string& k : keys_of(sketch))
            if (auto& bucket = by_key_[k]; bucket.size() < kPerBucket)
                bucket.push_back(at);
        sketches_.push_back(std::move(sketch));
        keys_.push_back(std::move(key));
    }
    // The most alike entry (Same before Possibly) and its key.
    std::pair<Likeness, std::string> find(const PaperSketch& sketch) const {
        std::pair<Likeness, std::string> best{Likeness::Different, ""};
        for (const std::string& title : titles_of(sketch))
            for (int year = sketch.year - 1; year <= sketch.year + 1; ++year) {
                const auto it = by_key_.find(bucket_key(title, sketch, year));
                if (it == by_key_.end())
                    continue;
                for (const std::size_t at : it->second) {
                    const Likeness l = likeness(sketch, sketches_[at]);
                    if (l == Likeness::Same)
                        return {l, keys_[at]};
                    if (l == Likeness::Possibly && best.first == Likeness::Different)
                        best = {l, keys_[at]};
                }
            }
        return best;
    }

  private:
    // Entries alike in title, author and year beyond this many are not compared again: the
    // first ones already answer for them.
    static constexpr std::size_t kPerBucket = 8;
    static std::vector<std::string> titles_of(const PaperSketch& sketch) {
        std::vector<std::string> titles;
        for (std::string t : {loose_title(sketch.title), main_title(sketch.title)})
            if (!t.empty())
                titles.push_back(std::move(t));
        return titles;
    }
    static std::string bucket_key(const std::string& title, const PaperSketch& sketch, int year) {
        return title + "|" + author_key(sketch.first_author) + "|" + std::to_string(year);
    }
    static std::vector<std::string> keys_of(const PaperSketch& sketch) {
        std::vector<std::string> keys;
        for (const std::string& t : titles_of(sketch))
            keys.push_back(bucket_key(t, sketch, sketch.year));
        return keys;
    }
    std::vector<PaperSketch> sketches_;
    std::vector<std::string> keys_;
    std::unordered_map<std::string, std::vector<std::size_t>> by_key_;
};

std::string kind_word(PublicationKind k) {
    return to_string(k);
}

// Which fields differ between the synced entry and the merged one.
std::vector<std::string> changed_fields(const Publication& old, const Publication& now) {
    std::vector<std::string> fields;
    if (old.title.value != now.title.value)
        fields.push_back("title");
    std::vector<std::string> a, b;
    for (const auto& t : old.authors)
        a.push_back(t.value);
    for (const auto& t : now.authors)
        b.push_back(t.value);
    if (a != b)
        fields.push_back("authors");
    if (old.venue.value != now.venue.value)
        fields.push_back("venue");
    if (old.year != now.year || old.month != now.month)
        fields.push_back("date");
    if (old.kind != now.kind)
        fields.push_back("kind (" + kind_word(old.kind) + " → " + kind_word(now.kind) + ")");
    std::set<std::pair<std::string, std::string>> la, lb;
    for (const auto& l : old.links)
        la.insert({ascii_lower(l.label.value), l.url.value});
    for (const auto& l : now.links)
        lb.insert({ascii_lower(l.label.value), l.url.value});
    if (la != lb)
        fields.push_back("links");
    if (old.abstract.value != now.abstract.value)
        fields.push_back("abstract");
    // Which source gave each field is in the file too: a change there is a change of the
    // file, and "updated" says so (the first sync after the list began to keep them).
    if (old.field_sources != now.field_sources)
        fields.push_back("sources");
    return fields;
}

}  // namespace

MergeOutcome merge_works(const MergeInput& input) {
    MergeOutcome out;
    const OwnerMatcher is_owner(input.owner, input.aliases);

    // What [sync] include takes in although it is a notice: by id or by title, as the
    // report names it (bib/paper_identity.h).
    const PaperNames include(input.include);
    auto included = [&](const Work& w) {
        return include.find("", identity_of_work(w)).has_value();
    };
    // What [sync] same_as says is one of the user's own entries, by the same rule.
    std::vector<std::string> same_as_works;
    for (const auto& [work, key] : input.same_as)
        same_as_works.push_back(work);
    const PaperNames same_as(same_as_works);
    std::map<std::string, std::size_t> notice_at;     // normal title|year → its not_papers line
    std::map<std::string, std::string> retracted_by;  // id key or DOI → what said so

    // 1. Whose works: listed under the owner's id, or with the owner among the authors.
    std::vector<Work> works;
    for (const Work& original : input.works) {
        Work w = original;
        if (w.title.empty() || w.year == 0) {
            out.incomplete.push_back({"",
                                      w.title.empty() ? "(no title)" : w.title.value,
                                      w.year,
                                      {w.source},
                                      {},
                                      joined(w.authors, 3),
                                      w.title.empty() ? "no title" : "no year"});
            continue;
        }
        std::optional<std::size_t> owner_at = w.owner_author;
        if (!owner_at)
            for (std::size_t i = 0; i < w.authors.size(); ++i)
                if (is_owner(parse_author(w.authors[i]))) {
                    owner_at = i;
                    break;
                }
        if (!owner_at && !w.listed_for_owner) {
            out.not_owner.push_back({"",
                                     w.title.value,
                                     w.year,
                                     {w.source},
                                     {},
                                     joined(w.authors, 4),
                                     "no author is " + input.owner});
            continue;
        }
        // Notices are not papers: the source's metadata said so, or the title does.
        if (w.notice.empty())
            w.notice = notice_by_title(w.title.value);
        w.retracted = w.retracted || retracted_by_title(w.title.value);
        if (!w.retracts.empty())
            retracted_by[w.retracts] =
                w.source + " lists a retraction notice, \"" + w.title.value + "\"";
        if (w.retracted)
            for (const std::string& k : id_keys(w))
                retracted_by[k] = w.source + " marks it retracted";
        // "Retraction Note: Fast Sorting", "RETRACTED: Fast Sorting": the paper by its title
        // too, for a source that names no DOI.
        if (w.retracted || w.notice.rfind("a retraction notice", 0) == 0)
            if (const auto colon = w.title.value.find(": ");
                colon != std::string::npos && colon < 60)
                if (const std::string t = normal_title(w.title.value.substr(colon + 2));
                    t.size() >= 12)
                    retracted_by.emplace("title:" + t,
                                         w.retracted ? w.source + " marks it retracted"
                                                     : w.source + " lists a retraction notice, \"" +
                                                           w.title.value + "\"");
        if (!w.notice.empty() && !included(w)) {
            const std::string key = normal_title(w.title.value) + "|" + std::to_string(w.year);
            if (const auto seen = notice_at.find(key); seen != notice_at.end()) {
                auto& sources = out.not_papers[seen->second].sources;
                if (std::find(sources.begin(), sources.end(), w.source) == sources.end())
                    sources.push_back(w.source);
            } else {
                notice_at[key] = out.not_papers.size();
                out.not_papers.push_back(
                    {"", w.title.value, w.year, {w.source}, {}, joined(w.authors, 3), w.notice});
            }
            continue;
        }
        // The owner found by id prints as [person] name, so the CV sets it in bold.
        if (owner_at && *owner_at < w.authors.size() &&
            !is_owner(parse_author(w.authors[*owner_at])))
            w.authors[*owner_at] = input.owner;
        works.push_back(std::move(w));
    }
    // The synced list takes part as a source of its own (rank "synced").
    const std::size_t first_synced = works.size();
    for (const Publication& p : input.synced)
        works.push_back(work_of_publication(p, "synced"));

    // 2. Groups of the same paper.
    Groups groups(works.size());
    std::map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < works.size(); ++i)
        for (const std::string& key : id_keys(works[i])) {
            const auto [it, inserted] = seen.emplace(key, i);
            if (!inserted)
                groups.join(i, it->second);
        }
    // Near-duplicates that share no id: the same loose title and first author, a year
    // apart at most (DBLP dates a journal paper by its issue, the author by its first
    // appearance online). Two entries of the synced list stay two (below).
    {
        // By loose title, first author and year; each work is compared with at most one work
        // of each kind in its year and the years either side, never with every work of its
        // title.
        std::unordered_map<std::string, std::vector<std::size_t>> alike;
        for (std::size_t i = 0; i < works.size(); ++i) {
            const PaperSketch sketch = sketch_of(works[i]);
            const std::string title = loose_title(sketch.title);
            if (title.size() < 12 || sketch.first_author.empty())
                continue;
            const std::string who = title + "|" + author_key(sketch.first_author) + "|";
            for (int year = sketch.year - 1; year <= sketch.year + 1; ++year)
                if (const auto it = alike.find(who + std::to_string(year)); it != alike.end())
                    for (const std::size_t other : it->second)
                        if (likeness(sketch, sketch_of(works[other])) == Likeness::Same)
                            groups.join(i, other);
            auto& here = alike[who + std::to_string(sketch.year)];
            const bool kind_seen = std::any_of(here.begin(), here.end(), [&](std::size_t other) {
                return works[other].kind == works[i].kind;
            });
            if (!kind_seen)
                here.push_back(i);  // one of each kind stands for its year
        }
    }
    // A preprint and its published version, by title alone.
    std::map<std::string, std::vector<std::size_t>> by_title;
    for (std::size_t i = 0; i < works.size(); ++i) {
        const std::string t = normal_title(works[i].title.value);
        if (t.size() >= 12)
            by_title[t].push_back(i);
    }
    for (const auto& [title, members] : by_title)
        for (std::size_t a : members)
            for (std::size_t b : members)
                if (a < b &&
                    (works[a].kind == PublicationKind::Preprint) !=
                        (works[b].kind == PublicationKind::Preprint) &&
                    std::abs(works[a].year - works[b].year) <= 2)
                    groups.join(a, b);
    // Two entries of the synced list never become one (each keeps its citekey).
    std::map<std::size_t, std::vector<std::size_t>> members;
    for (std::size_t i = 0; i < works.size(); ++i)
        members[groups.find(i)].push_back(i);

    // The user's own papers, by id and title.
    PaperSet own_papers;
    for (const Publication& p : input.own)
        own_papers.add(identity_of(p));
    SketchIndex own_sketches;
    for (const Publication& p : input.own)
        own_sketches.add(sketch_of(p), p.key.empty() ? "\"" + p.title.value + "\"" : p.key.value);
    // The synced list and the works new this time, for works possibly the same as one.
    SketchIndex listed_sketches;
    for (const Publication& p : input.synced)
        listed_sketches.add(sketch_of(p), p.key.value);
    const PaperNames ignore(input.ignore);

    std::set<std::string> used;
    for (const Publication& p : input.synced)
        used.insert(p.key.value);
    for (const Publication& p : input.own)
        if (!p.key.empty())
            used.insert(p.key.value);

    struct Pending {
        Publication entry;
        std::vector<std::string> sources;
    };
    std::vector<Pending> fresh;
    for (auto& [root, indexes] : members) {
        std::vector<const Work*> group;
        const Publication* synced = nullptr;
        std::vector<std::string> sources;
        for (std::size_t i : indexes) {
            if (i >= first_synced && synced) {
                // Two entries of the synced list stay two (each keeps its citekey).
                out.list.push_back(input.synced[i - first_synced]);
                ++out.kept;
                continue;
            }
            group.push_back(&works[i]);
            if (i >= first_synced)
                synced = &input.synced[i - first_synced];
            else if (std::find(sources.begin(), sources.end(), works[i].source) == sources.end())
                sources.push_back(works[i].source);
        }
        std::stable_sort(group.begin(), group.end(), [](const Work* a, const Work* b) {
            return rank_of(a->source) < rank_of(b->source);
        });
        // [sync] same_as: the user said it is one of their own entries, which stands for it
        // (an entry of the list that it names leaves the list too).
        std::optional<std::size_t> same_as_at;
        for (const Work* w : group)
            if (const auto at = same_as.find(
                    synced && w->source == "synced" ? synced->key.value : "", identity_of_work(*w));
                at && (!same_as_at || *at < *same_as_at))
                same_as_at = at;
        if (same_as_at) {
            const Work& best = *group.front();
            ++out.own;
            out.same_as.push_back(
                {"",
                 best.title.value,
                 best.year,
                 sources.empty() ? std::vector<std::string>{"synced list"} : sources,
                 {},
                 {},
                 "the same as your " + input.same_as[*same_as_at].second + " ([sync] same_as)"});
            continue;
        }
        if (sources.empty()) {  // only the synced list has it: kept as it is
            out.list.push_back(*synced);
            ++out.kept;
            continue;
        }
        Publication entry = merged_entry(group, input.owner);
        bool own = false, ignored = false;
        for (const Work* w : group)
            own = own || own_papers.has(identity_of_work(*w));
        if (own) {
            ++out.own;
            continue;
        }
        bool taken_in = false;  // [sync] include names it: no near-duplicate is left out
        for (const Work* w : group)
            taken_in = taken_in || included(*w);
        // `ignore` decides for a work possibly the same as an entry too: it is ignored.
        for (const Work* w : group)
            ignored = ignored || ignore.find("", identity_of_work(*w));
        // One of the user's own by title, first author and year: theirs wins. Possibly
        // one of theirs (a subtitle apart, another kind): left out for them to decide.
        if (const auto [like, with] = own_sketches.find(sketch_of(entry)); like == Likeness::Same) {
            ++out.own;
            out.near_own.push_back({"",
                                    entry.title.value,
                                    entry.year,
                                    sources,
                                    {},
                                    {},
                                    "the same title and first author as your " + with});
            continue;
        } else if (like == Likeness::Possibly && !synced && !taken_in && !ignored) {
            out.possibly_same.push_back({"",
                                         entry.title.value,
                                         entry.year,
                                         sources,
                                         {},
                                         {},
                                         "possibly the same as your " + with});
            continue;
        }
        // Possibly an entry of the list, or a paper new this time.
        if (!synced && !taken_in && !ignored)
            if (const auto [like, with] = listed_sketches.find(sketch_of(entry));
                like != Likeness::Different) {
                out.possibly_same.push_back({"",
                                             entry.title.value,
                                             entry.year,
                                             sources,
                                             {},
                                             {},
                                             "possibly the same as " + with});
                continue;
            }
        const std::string key =
            synced ? synced->key.value
                   : fresh_citekey(
                         citekey_base(entry.authors.empty() ? "" : entry.authors.front().value,
                                      entry.year, entry.title.value),
                         used);
        if (ignored || ignore.find(key, {})) {
            if (!synced)
                used.erase(key);  // an ignored work's key is not taken from the next one
            out.ignored.push_back({key, entry.title.value, entry.year, sources, {}, {}, "ignored"});
            continue;
        }
        entry.key = {key, {}};
        if (synced) {
            const auto fields = changed_fields(*synced, entry);
            if (fields.empty()) {
                ++out.unchanged;
                out.list.push_back(*synced);
            } else {
                out.updated.push_back(
                    {key, entry.title.value, entry.year, sources, fields, {}, {}});
                out.list.push_back(std::move(entry));
            }
            continue;
        }
        listed_sketches.add(sketch_of(entry), key);
        fresh.push_back({std::move(entry), sources});
    }
    for (auto& f : fresh) {
        out.added.push_back(
            {f.entry.key.value, f.entry.title.value, f.entry.year, f.sources, {}, {}, {}});
        out.list.push_back(std::move(f.entry));
    }
    // Newest first, then by citekey: the same input always gives the same file.
    std::stable_sort(out.list.begin(), out.list.end(),
                     [](const Publication& a, const Publication& b) {
                         if (a.year != b.year)
                             return a.year > b.year;
                         return a.key.value < b.key.value;
                     });
    std::sort(out.added.begin(), out.added.end(),
              [](const ListedWork& a, const ListedWork& b) { return a.key < b.key; });
    // A retracted paper is never dropped silently: every one of the new list and of the
    // user's own that a source says was retracted is listed (cli/sync_command warns).
    auto check_retracted = [&](const Publication& p, const std::string& where) {
        const Work w = work_of_publication(p, "check");
        std::string why;
        if (!w.doi.empty())
            if (const auto it = retracted_by.find(w.doi); it != retracted_by.end())
                why = it->second;
        for (const std::string& k : id_keys(w))
            if (const auto it = retracted_by.find(k); why.empty() && it != retracted_by.end())
                why = it->second;
        if (const auto it = retracted_by.find("title:" + normal_title(p.title.value));
            why.empty() && it != retracted_by.end())
            why = it->second;
        if (!why.empty())
            out.retracted.push_back({p.key.value, p.title.value, p.year, {where}, {}, {}, why});
    };
    if (!retracted_by.empty()) {
        for (const Publication& p : out.list)
            check_retracted(p, "synced list");
        for (const Publication& p : input.own)
            check_retracted(p, p.source_file.empty() ? "cv.toml" : p.source_file);
    }
    return out;
}

}  // namespace mkcv::sync
