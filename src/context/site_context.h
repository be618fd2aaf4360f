// What a page of `mkcv site` links to, as site/ gives it to the context (ContextOptions::site),
// and the context's `site` node made of it: `site.active` (false for every output that is no
// page of a site), the CV's PDF, the other languages' pages.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "context/context_tree.h"
#include "cv/model.h"

namespace mkcv {

// Another language of the same site (`mkcv site --lang en,zh`): its tag, its name in
// itself (the locale's `language_name`), the href of its page from this one.
struct SiteLanguage {
    std::string tag;
    std::string name;
    std::string href;
    bool current = false;
};

// What a page of `mkcv site` links to (site/), every href relative to the page: the photo
// and each paper's thumbnail and BibTeX as files of the site (by paper_id), the PDF the CV
// link opens, the other languages' pages.
struct SitePage {
    std::string photo;
    std::map<std::string, std::string> bibtex;
    std::map<std::string, std::string> thumbnails;
    std::string cv_pdf;
    std::vector<SiteLanguage> languages;
};

// A paper's identity across the copies of a Cv (the filtered one a template sees): its
// title, year and venue; SitePage's maps are keyed by it.
std::string paper_id(const Publication& p);

// `site`: what a page of `mkcv site` links besides the CV's own links, so templates can
// print it whether or not the page is one of a site (`site.active`, empty lists elsewhere).
void add_site(ContextTree& t, const std::optional<SitePage>& site);

}  // namespace mkcv
