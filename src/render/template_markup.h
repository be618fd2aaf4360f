// The markup a template's own text writes: the element and attribute names in its HTML (or
// in the raw HTML of a Markdown template), its values' Mustache tags left out. An output read
// back may hold only these, so a value that escaped its escaping (a bug in an escaper, or a
// template that prints a value raw) cannot add an element, an attribute or a script that the
// template's author never wrote.
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "render/template_set.h"

namespace mkcv {

struct TemplateMarkup {
    std::set<std::string> elements;    // lower case: "a", "div", "script" …
    std::set<std::string> attributes;  // lower case: "href", "class", "onclick" …
    int scripts = 0;                   // how many <script> elements the text writes
};

// What an output holds that its template's own text does not write, and where (counted
// from 1 in the output).
struct MarkupProblem {
    unsigned line = 0;
    unsigned column = 0;
    std::string what;
};

// Adds the markup of `text` (HTML, or Markdown's raw HTML) to `markup`. Comments are skipped,
// and so is the content of <script> and <style> elements, which is code, not markup.
void add_markup_of(std::string_view text, TemplateMarkup& markup);

// The markup of a template's main file and every partial, Mustache tags (`<<name>>`,
// `<<#section>>` …) taken out first: they print values, which the read-back checks.
TemplateMarkup markup_of(const Template& tmpl);

// What an output of `tmpl` may hold: its own markup and, in HTML, the markup that typed text
// (emphasis, code, links, language spans: text/rich_text.h) prints.
TemplateMarkup allowed_markup(const Template& tmpl);

}  // namespace mkcv
