// Reading a template's `template.toml`.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "cv/content_rules.h"
#include "util/diagnostics.h"

namespace mkcv {

struct TemplateManifest {
    std::string name;
    std::string description;
    std::string engine = "xelatex";  // xelatex, lualatex or pdflatex
    std::string main = "cv.tex.mustache";
    int max_pages = 0;   // 0: no budget
    ContentRules rules;  // what the template keeps of the CV, and the page budget
    // Publication groups: kinds listed first in this order (the rest follow in the default
    // order), and headings by kind instead of "Conference Papers" and so on.
    std::vector<std::string> publication_kinds;
    std::map<std::string, std::string> publication_headings;
};

// Problems are reported against `file_name`; returns the defaults where a key is absent.
TemplateManifest parse_manifest(const std::string& text, const std::string& file_name,
                                Diagnostics& diagnostics);

}  // namespace mkcv
