// Cv → the data a template sees. Values are the user's raw text (the renderer escapes them
// for LaTeX when a template prints them), numbers are strings, absent optional values are
// `null` (false in Mustache) so a section like <<#note>>…<</note>> prints only when given.
// The result is a ContextTree, which the renderer reads as it is and `mkcv context` prints
// as JSON, so template authors see exactly what templates get.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "context/context_tree.h"
#include "context/venue_names.h"
#include "cv/model.h"
#include "select/content_filter.h"
#include "text/escape.h"

namespace mkcv {

// Another output of the same build: its template's name, its file name (relative: outputs
// share one folder) and its kind: "pdf", "html", "markdown" or "json".
struct OutputDocument {
    std::string name;
    std::string file;
    std::string format;
};

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
// title, year and venue.
std::string paper_id(const Publication& p);

struct ContextOptions {
    // Publication groups: kinds in the order they print (kinds left out follow in the
    // standard order) and headings replacing the standard ones; from the template manifest.
    std::vector<std::string> publication_order;
    std::map<std::string, std::string> publication_headings;
    // False: `publications.groups` is one group of every kind, newest first (kind "all"),
    // for a list without kind headings (the `publication_order` option "newest").
    bool publications_by_kind = true;
    std::string template_name;
    std::string generator = "mkcv";
    std::optional<PartialDate> updated;  // "Last updated"; never the wall clock
    // Sections in print order with their headings (content_filter.h); empty: the default.
    std::vector<SectionHeading> sections;
    // Papers whose awards are listed under Awards; null: every paper of the CV.
    const std::vector<Publication>* award_papers = nullptr;
    // The template's output format, for `href`: LaTeX gets the URL escaped for \href; every
    // other format the URL itself (the renderer escapes it), and null where it is no
    // http, https, mailto, tel or relative URL (is_safe_href), so no link runs script.
    TextFormat format = TextFormat::Latex;
    // The other outputs of the build this context is made for (`documents[]`).
    std::vector<OutputDocument> documents;
    // How dates print: the template's `date_format` option.
    DateStyle date_style = DateStyle::Short;
    // How venues print: the template's `venues` option (`venue_brief`).
    VenueStyle venue_style = VenueStyle::Full;
    // How many news are listed before the rest are folded (the template's `news_shown`).
    std::size_t news_shown = 5;
    // Set for a page of `mkcv site`; without it the context's `site.active` is false.
    std::optional<SitePage> site;
};

ContextTree build_context(const Cv& cv, const ContextOptions& options);

// "https://" is added to a homepage written without a scheme; a bare DOI goes to doi.org.
std::string link_target(const std::string& url);

}  // namespace mkcv
