#include "render/markdown_check.h"

#include <cmark.h>

#include <memory>
#include <string>

#include "text/escape.h"

namespace mkcv {

namespace {

struct NodeFree {
    void operator()(cmark_node* node) const { cmark_node_free(node); }
};
struct IterFree {
    void operator()(cmark_iter* iter) const { cmark_iter_free(iter); }
};

// What `markup` holds beyond `allowed`, in words; empty when nothing.
std::string beyond(const TemplateMarkup& markup, const TemplateMarkup& allowed) {
    for (const auto& element : markup.elements)
        if (allowed.elements.count(element) == 0)
            return "a <" + element + "> element, which the template never writes";
    for (const auto& attribute : markup.attributes)
        if (allowed.attributes.count(attribute) == 0)
            return "an attribute `" + attribute + "`, which the template never writes";
    return "";
}

}  // namespace

std::optional<MarkupProblem> markdown_problem(std::string_view markdown,
                                              const TemplateMarkup& allowed) {
    const std::unique_ptr<cmark_node, NodeFree> document(
        cmark_parse_document(markdown.data(), markdown.size(), CMARK_OPT_DEFAULT));
    if (!document)
        return MarkupProblem{1, 1, "Markdown that could not be read back"};
    const std::unique_ptr<cmark_iter, IterFree> iter(cmark_iter_new(document.get()));
    int scripts = 0;
    for (cmark_event_type event; (event = cmark_iter_next(iter.get())) != CMARK_EVENT_DONE;) {
        if (event != CMARK_EVENT_ENTER)
            continue;
        cmark_node* node = cmark_iter_get_node(iter.get());
        // cmark places blocks only: an inline node is placed at the block that holds it.
        cmark_node* placed = node;
        while (cmark_node_get_start_line(placed) == 0 && cmark_node_parent(placed))
            placed = cmark_node_parent(placed);
        const auto line = static_cast<unsigned>(cmark_node_get_start_line(placed));
        const auto column = static_cast<unsigned>(cmark_node_get_start_column(placed));
        switch (cmark_node_get_type(node)) {
            case CMARK_NODE_HTML_BLOCK:
            case CMARK_NODE_HTML_INLINE: {
                const char* literal = cmark_node_get_literal(node);
                TemplateMarkup raw;
                add_markup_of(literal ? literal : "", raw);
                if (std::string what = beyond(raw, allowed); !what.empty())
                    return MarkupProblem{line, column, what};
                if ((scripts += raw.scripts) > allowed.scripts)
                    return MarkupProblem{line, column,
                                         "more <script> elements than the template writes"};
                break;
            }
            case CMARK_NODE_LINK:
            case CMARK_NODE_IMAGE: {
                const char* url = cmark_node_get_url(node);
                const std::string_view target = url ? url : "";
                if (!target.empty() && !is_safe_href(target))
                    return MarkupProblem{
                        line, column,
                        "a link to \"" + std::string(target.substr(0, 60)) +
                            "\", which is not http, https, mailto, tel or relative"};
                break;
            }
            default:
                break;
        }
    }
    return std::nullopt;
}

}  // namespace mkcv
