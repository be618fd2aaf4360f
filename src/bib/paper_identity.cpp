#include "bib/paper_identity.h"

#include <cctype>

#include "bib/paper_title.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

bool starts_with_folded(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && ascii_lower(text.substr(0, prefix.size())) == prefix;
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

}  // namespace

std::string doi_as_written(std::string_view text) {
    std::string_view s = trim_ascii_space(text);
    for (std::string_view prefix : {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/",
                                    "http://dx.doi.org/", "doi:", "doi.org/"})
        if (starts_with_folded(s, prefix)) {
            s.remove_prefix(prefix.size());
            break;
        }
    s = trim_ascii_space(s);
    if (s.size() < 7 || s.size() > 300 || s.substr(0, 3) != "10." || s.find('/') == s.npos)
        return "";
    for (char c : s)
        if (static_cast<unsigned char>(c) <= 0x20 || c == '"' || c == '<' || c == '>' || c == '{' ||
            c == '}' || c == '\\')
            return "";
    return std::string(s);
}

std::string normal_doi(std::string_view text) {
    return ascii_lower(doi_as_written(text));
}

std::string arxiv_id_as_written(std::string_view text) {
    std::string_view s = trim_ascii_space(text);
    for (std::string_view prefix :
         {"https://arxiv.org/abs/", "http://arxiv.org/abs/", "https://arxiv.org/pdf/",
          "http://arxiv.org/pdf/", "https://export.arxiv.org/abs/", "http://export.arxiv.org/abs/",
          "arxiv:", "https://doi.org/10.48550/arxiv.", "10.48550/arxiv."})
        if (starts_with_folded(s, prefix)) {
            s.remove_prefix(prefix.size());
            break;
        }
    if (s.size() > 4 && ascii_lower(s.substr(s.size() - 4)) == ".pdf")
        s.remove_suffix(4);
    const std::string_view with_version = s;
    // The version: "v" and digits at the end.
    std::size_t end = s.size();
    while (end > 0 && is_digit(s[end - 1]))
        --end;
    if (end < s.size() && end > 0 && (s[end - 1] == 'v' || s[end - 1] == 'V'))
        s = s.substr(0, end - 1);
    // New style: YYMM.NNNN or YYMM.NNNNN.
    const std::size_t dot = s.find('.');
    if (dot == 4 && (s.size() == 9 || s.size() == 10)) {
        for (std::size_t i = 0; i < s.size(); ++i)
            if (i != 4 && !is_digit(s[i]))
                return "";
        return std::string(with_version);
    }
    // Old style: archive(.SUBJ)/YYMMNNN.
    const std::size_t slash = s.find('/');
    if (slash == s.npos || slash == 0 || s.size() - slash - 1 != 7)
        return "";
    for (std::size_t i = 0; i < slash; ++i)
        if (!(std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '-' || s[i] == '.'))
            return "";
    for (std::size_t i = slash + 1; i < s.size(); ++i)
        if (!is_digit(s[i]))
            return "";
    return std::string(with_version);
}

std::string arxiv_base_id(std::string_view text) {
    std::string id = arxiv_id_as_written(text);
    // Without its version; an old-style archive name in lower case.
    std::size_t end = id.size();
    while (end > 0 && is_digit(id[end - 1]))
        --end;
    if (end < id.size() && end > 0 && (id[end - 1] == 'v' || id[end - 1] == 'V'))
        id.resize(end - 1);
    if (const std::size_t slash = id.find('/'); slash != std::string::npos)
        return ascii_lower(id.substr(0, slash)) + id.substr(slash);
    return id;
}

std::string dblp_key_of(std::string_view text) {
    std::string_view s = trim_ascii_space(text);
    for (std::string_view prefix : {"https://dblp.org/rec/", "http://dblp.org/rec/",
                                    "https://dblp.uni-trier.de/rec/", "dblp:"})
        if (starts_with_folded(s, prefix)) {
            s.remove_prefix(prefix.size());
            break;
        }
    for (std::string_view suffix : {".html", ".bib", ".xml"})
        if (s.size() > suffix.size() && s.substr(s.size() - suffix.size()) == suffix)
            s.remove_suffix(suffix.size());
    if (s.empty() || s.size() > 200 || s.find('/') == s.npos)
        return "";
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '-' || c == '_' ||
              c == '.'))
            return "";
    return std::string(s);
}

void arxiv_doi_as_id(std::string& doi, std::string& arxiv) {
    if (doi.empty())
        return;
    if (const std::string id = arxiv_base_id(doi); !id.empty()) {
        if (arxiv.empty())
            arxiv = id;
        doi.clear();
    }
}

PaperIdentity identity_of(const Publication& p) {
    PaperIdentity id;
    for (const Link& link : p.links) {
        const std::string label = ascii_lower(link.label.value);
        const std::string& url = link.url.value;
        if (id.doi.empty() && (label == "doi" || url.find("doi.org/") != std::string::npos))
            id.doi = normal_doi(url);
        if (id.arxiv.empty() && (label == "arxiv" || url.find("arxiv.org/") != std::string::npos))
            id.arxiv = arxiv_base_id(url);
        if (id.dblp_key.empty() &&
            (label == "dblp" || url.find("dblp.org/rec/") != std::string::npos))
            id.dblp_key = dblp_key_of(url);
    }
    arxiv_doi_as_id(id.doi, id.arxiv);
    id.title = normal_title(p.title.value);
    id.year = p.year;
    return id;
}

std::vector<std::string> identity_keys(const PaperIdentity& id) {
    std::vector<std::string> keys;
    if (!id.doi.empty())
        keys.push_back("doi:" + id.doi);
    if (!id.arxiv.empty())
        keys.push_back("arxiv:" + id.arxiv);
    if (!id.dblp_key.empty())
        keys.push_back("dblp:" + id.dblp_key);
    if (!id.title.empty() && id.year)
        keys.push_back("title:" + id.title + "|" + std::to_string(id.year));
    return keys;
}

void PaperSet::add(const PaperIdentity& id) {
    for (std::string& key : identity_keys(id))
        keys_.insert(std::move(key));
}

bool PaperSet::has(const PaperIdentity& id) const {
    for (const std::string& key : identity_keys(id))
        if (keys_.count(key))
            return true;
    return false;
}

PaperNames::PaperNames(const std::vector<std::string>& names) {
    // The first name wins: a later one naming the same paper does not move it.
    auto add = [&](std::string key, std::size_t at) { index_.emplace(std::move(key), at); };
    for (std::size_t at = 0; at < names.size(); ++at) {
        const std::string& name = names[at];
        add("key:" + name, at);
        // By the identity rule: an arXiv DOI is the arXiv id.
        PaperIdentity id{normal_doi(name), arxiv_base_id(name), dblp_key_of(name), {}, 0};
        arxiv_doi_as_id(id.doi, id.arxiv);
        for (std::string& key : identity_keys(id))
            add(std::move(key), at);
        // The summary cuts a long title at 90 bytes and adds "…": what is left names the
        // titles it begins, so a line of the report copied as it is still names its work.
        static constexpr std::string_view kCut = "…";
        const std::string_view view(name);
        const bool cut =
            view.size() > kCut.size() && view.substr(view.size() - kCut.size()) == kCut;
        const std::string title =
            normal_title(cut ? std::string(view.substr(0, view.size() - kCut.size())) : name);
        if (title.empty())
            continue;
        if (cut && title.size() >= 12)  // a few letters and "…" would name too many
            title_starts_.push_back({title, at});
        else
            add("title:" + title, at);
    }
}

std::optional<std::size_t> PaperNames::find(const std::string& citekey,
                                            const PaperIdentity& id) const {
    std::optional<std::size_t> found;
    auto consider = [&](const std::string& key) {
        if (const auto it = index_.find(key); it != index_.end() && (!found || it->second < *found))
            found = it->second;
    };
    if (!citekey.empty())
        consider("key:" + citekey);
    PaperIdentity ids = id;
    ids.title.clear();
    for (const std::string& key : identity_keys(ids))
        consider(key);
    if (!id.title.empty()) {
        consider("title:" + id.title);
        for (const auto& [start, at] : title_starts_)
            if (id.title.rfind(start, 0) == 0 && (!found || at < *found))
                found = at;
    }
    return found;
}

std::string doi_url(const std::string& doi) {
    return "https://doi.org/" + doi;
}

std::string arxiv_url(const std::string& id) {
    return "https://arxiv.org/abs/" + id;
}

std::string dblp_url(const std::string& key) {
    return "https://dblp.org/rec/" + key;
}

int year_in_text(std::string_view text, std::string* error) {
    int year = 0;
    bool other_number = false;
    for (std::size_t i = 0; i < text.size();) {
        if (!is_digit(text[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && is_digit(text[end]))
            ++end;
        if (end - i == 4 && year == 0)
            year = (text[i] - '0') * 1000 + (text[i + 1] - '0') * 100 + (text[i + 2] - '0') * 10 +
                   (text[i + 3] - '0');
        else
            other_number = other_number || year == 0;
        i = end;
    }
    if (year == 0 && other_number && error)
        *error = "is not a year from 1 to 9999";
    return year;
}

int checked_year(long long number) {
    return number >= 1 && number <= 9999 ? static_cast<int>(number) : 0;
}

}  // namespace mkcv
