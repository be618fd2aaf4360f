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
};

ContextTree build_context(const Cv& cv, const ContextOptions& options);

// "https://" is added to a homepage written without a scheme; a bare DOI goes to doi.org.
std::string link_target(const std::string& url);

}  // namespace mkcv
