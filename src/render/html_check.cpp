#include "render/html_check.h"

#include <gumbo.h>

#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include "text/escape.h"
#include "util/ascii.h"

namespace mkcv {

namespace {

// Attributes whose value a browser follows or fetches.
bool is_link_attribute(std::string_view name) {
    for (const std::string_view link : {"href", "src", "action", "formaction", "poster", "cite",
                                        "background", "ping", "manifest", "xlink:href", "data"})
        if (name == link)
            return true;
    return false;
}

// Lower case, as template_markup keeps names: in SVG, Gumbo gives `viewBox` and `clipPath`.
// A picture inlined as mkcv inlines the photo (cv/photo.h photo_data_uri): a PNG or JPEG in
// base64, nothing else. Only an image's `src` may be one: an image cannot run script.
bool is_inline_picture(std::string_view name, std::string_view link) {
    if (name != "src")
        return false;
    for (const std::string_view prefix : {"data:image/png;base64,", "data:image/jpeg;base64,"})
        if (link.substr(0, prefix.size()) == prefix) {
            const std::string_view data = link.substr(prefix.size());
            return data.find_first_not_of(
                       "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                       "0123456789+/=") == std::string_view::npos;
        }
    return false;
}

std::string element_name(const GumboElement& element) {
    if (element.tag != GUMBO_TAG_UNKNOWN)
        return ascii_lower(gumbo_normalized_tagname(element.tag));
    GumboStringPiece original = element.original_tag;
    gumbo_tag_from_original_text(&original);
    return ascii_lower(std::string(original.data, original.length));
}

struct GumboFree {
    void operator()(GumboOutput* output) const {
        gumbo_destroy_output(&kGumboDefaultOptions, output);
    }
};

}  // namespace

std::optional<MarkupProblem> html_problem(std::string_view html, const TemplateMarkup& allowed) {
    const std::unique_ptr<GumboOutput, GumboFree> output(
        gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size()));
    if (!output)
        return MarkupProblem{1, 1, "HTML that could not be read back"};
    int scripts = 0;
    // Depth first with a stack of our own: the tree is as deep as the output nests.
    std::vector<const GumboNode*> stack = {output->document};
    while (!stack.empty()) {
        const GumboNode* node = stack.back();
        stack.pop_back();
        const GumboVector* children = nullptr;
        if (node->type == GUMBO_NODE_DOCUMENT) {
            children = &node->v.document.children;
        } else if (node->type == GUMBO_NODE_ELEMENT || node->type == GUMBO_NODE_TEMPLATE) {
            const GumboElement& element = node->v.element;
            children = &element.children;
            const GumboSourcePosition at = element.start_pos;
            // <html>, <head>, <body> and <tbody> that the parser supplies were never written.
            if (!(node->parse_flags & GUMBO_INSERTION_BY_PARSER)) {
                const std::string name = element_name(element);
                if (allowed.elements.count(name) == 0)
                    return MarkupProblem{
                        at.line, at.column,
                        "a <" + name + "> element, which the template never writes"};
                if (name == "script" && ++scripts > allowed.scripts)
                    return MarkupProblem{at.line, at.column,
                                         "more <script> elements than the template writes"};
            }
            for (unsigned i = 0; i < element.attributes.length; ++i) {
                const auto* attribute =
                    static_cast<const GumboAttribute*>(element.attributes.data[i]);
                const std::string name = ascii_lower(attribute->name);
                const GumboSourcePosition where = attribute->name_start;
                if (allowed.attributes.count(name) == 0)
                    return MarkupProblem{
                        where.line, where.column,
                        "an attribute `" + name + "`, which the template never writes"};
                const std::string_view link = trim_ascii_space(attribute->value);
                if (is_link_attribute(name) && !link.empty() && !is_safe_href(link) &&
                    !is_inline_picture(name, link))
                    return MarkupProblem{
                        where.line, where.column,
                        "a link `" + name + "` to \"" + std::string(link.substr(0, 60)) +
                            "\", which is not http, https, mailto, tel or relative"};
            }
        }
        if (children)
            for (unsigned i = children->length; i-- > 0;)
                stack.push_back(static_cast<const GumboNode*>(children->data[i]));
    }
    return std::nullopt;
}

}  // namespace mkcv
