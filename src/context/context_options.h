// How a template wants its context made (ContextOptions), as the render step gives it: the
// template's publication groups and options, the sections in print order, the output
// format, the build's other outputs and, for a page of `mkcv site`, what the page links to.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "context/site_context.h"
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

}  // namespace mkcv
