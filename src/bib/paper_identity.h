// What makes two records one paper, for every command: its DOI, its arXiv id, its DBLP key,
// or its normalised title (bib/paper_title.h) and year. `mkcv sync` groups works by these
// keys and leaves out those the user's own papers have; a build leaves out an entry of the
// synced list that one of the user's own papers has; citation counts find their paper by
// them. They were written in sync/merge.cpp and here, and a build knew a paper only by DOI
// and arXiv id, so a synced entry the user had since added by its DBLP key printed twice
// until the next sync (issue 35). The one year rule for text and numbers is here too.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cv/model.h"

namespace mkcv {

// "https://doi.org/10.1145/X", "doi:10.1145/x", "10.1145/X" → "10.1145/x"; "" when not a DOI.
std::string normal_doi(std::string_view text);
// The same DOI in the case it was written ("10.1145/X"), for a file the user reads.
std::string doi_as_written(std::string_view text);
// "arXiv:2101.00001v3", "https://arxiv.org/abs/2101.00001v3", "hep-th/9901001v2" →
// "2101.00001", "hep-th/9901001"; "" when not an arXiv id.
std::string arxiv_base_id(std::string_view text);
// The same id with its version, as written ("2101.00001v3"), for an `eprint` field.
std::string arxiv_id_as_written(std::string_view text);
// "https://dblp.org/rec/conf/x/Y", "https://dblp.org/rec/conf/x/Y.html", "DBLP:conf/x/Y" →
// "conf/x/Y".
std::string dblp_key_of(std::string_view text);

struct PaperIdentity {
    std::string doi;       // lower case, without https://doi.org/: "10.1145/3452296.3472917"
    std::string arxiv;     // without its version: "2101.00001", "hep-th/9901001"
    std::string dblp_key;  // "conf/sigcomm/ZhaoB21"
    std::string title;     // normal_title: "deeplearningareview"
    int year = 0;
};

// A DOI of arXiv's own (10.48550/arXiv.X) is the arXiv id X, never a DOI: the preprint
// and its published version must not look like two DOIs.
void arxiv_doi_as_id(std::string& doi, std::string& arxiv);

// A publication's identity: its ids read from its links (bib/bibliography.cpp makes
// them from `doi`, `eprint`, `url` and `dblp` fields), its title and year.
PaperIdentity identity_of(const Publication& p);

// "doi:…", "arxiv:…", "dblp:…" and "title:T|YEAR" for the ids it has (a title without a
// year is none). Two records are the same paper when they share one.
std::vector<std::string> identity_keys(const PaperIdentity& id);

// The papers of a list, to ask whether a record is one of them by identity_keys.
class PaperSet {
  public:
    void add(const PaperIdentity& id);
    bool has(const PaperIdentity& id) const;

  private:
    std::set<std::string> keys_;
};

// Names that each name one paper, as `[sync] ignore`, `include` and `same_as` take them (sync
// leaves out, takes in or maps those works; a build leaves out the ignored entries of the
// synced list): a citekey, a DOI, an arXiv id (an arXiv DOI too) or a DBLP key in any form
// the functions above read, or a title, any year, as sync's report prints it (normal_title;
// a title the report cut short with "…" names the titles it begins).
class PaperNames {
  public:
    explicit PaperNames(const std::vector<std::string>& names);
    // The index of the first name that names this paper (its citekey, an id or its title).
    std::optional<std::size_t> find(const std::string& citekey, const PaperIdentity& id) const;

  private:
    std::map<std::string, std::size_t> index_;  // "key:", "doi:", "arxiv:", "dblp:", "title:"
    std::vector<std::pair<std::string, std::size_t>> title_starts_;  // normal titles cut short
};

// The link URL of each id, as a publication keeps it.
std::string doi_url(const std::string& doi);
std::string arxiv_url(const std::string& id);
std::string dblp_url(const std::string& key);

// The year a text names: its first run of exactly four digits ("2023", "{2023}", "2023a",
// "Spring 2023", "2021-01-04T18:59:59Z"). 0 when there is none; then `error`, when given,
// says so if another number stood there ("99999999999999999999999" is not 9999).
int year_in_text(std::string_view text, std::string* error = nullptr);
// A year a source gives as a number: 1 … 9999, else 0 (no year). Checked before it is an
// int, so 4294969317 is no year rather than 2021.
int checked_year(long long number);

}  // namespace mkcv
