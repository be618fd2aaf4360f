// Reading a template's `template.toml`.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cv/content_rules.h"
#include "render/template_options.h"
#include "text/escape.h"
#include "util/diagnostics.h"

namespace mkcv {

struct TemplateManifest {
    std::string name;
    std::string description;
    std::string engine = "xelatex";  // xelatex, lualatex or pdflatex
    // What the template writes, and so how every value is escaped: latex (compiled to a
    // PDF), html, markdown or json (written as they are, no TeX).
    TextFormat format = TextFormat::Latex;
    // "cv.tex.mustache" for LaTeX; "cv.html.mustache", "cv.md.mustache", "cv.json.mustache".
    std::string main = "cv.tex.mustache";
    int max_pages = 0;   // 0: no budget
    ContentRules rules;  // what the template keeps of the CV, and the page budget
    // Publication groups: kinds listed first in this order (the rest follow in the default
    // order), and headings by kind instead of "Conference Papers" and so on.
    std::vector<std::string> publication_kinds;
    std::map<std::string, std::string> publication_headings;
    // The options it declares: with `common_options = true` the built-in TeX templates'
    // shared set first (builtin_templates/common/options.toml), its [options] changing their
    // defaults or adding its own.
    bool common_options = false;
    OptionDeclarations options;
};

// The output formats a template may declare, by their template.toml names.
const std::vector<std::string>& output_format_names();
// "latex" → Latex ...; nullopt for any other name (Bibtex is no output of a template).
std::optional<TextFormat> output_format_named(const std::string& name);
// The extension of a template's output: ".pdf" (beside its .tex), ".html", ".md", ".json".
std::string output_extension(TextFormat format);
// The ending of the template's partials: ".tex.mustache" for LaTeX, ".html.mustache",
// ".md.mustache", ".json.mustache": a template sees only the partials of its own format.
std::string partial_suffix(TextFormat format);

// Problems are reported against `file_name`; returns the defaults where a key is absent.
// `common` is the shared option set that `common_options = true` takes.
TemplateManifest parse_manifest(const std::string& text, const std::string& file_name,
                                Diagnostics& diagnostics, const OptionDeclarations& common = {});

// The shared option set, as builtin_templates/common/options.toml declares it (its tables are
// those of [options]).
OptionDeclarations parse_common_options(const std::string& text, const std::string& file_name,
                                        Diagnostics& diagnostics);

}  // namespace mkcv
