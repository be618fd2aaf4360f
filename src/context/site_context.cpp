#include "context/site_context.h"

#include "context/field_context.h"

namespace mkcv {

std::string paper_id(const Publication& p) {
    return p.title.value + '\n' + std::to_string(p.year) + '\n' + p.venue.value;
}

void add_site(ContextTree& t, const std::optional<SitePage>& site) {
    const ContextTree::Id node = t.add_object(ContextTree::root(), "site");
    t.add_bool(node, "active", site.has_value());
    t.add_text(node, "cv_pdf", site ? site->cv_pdf : "");
    t.add_bool(node, "has_languages", site && site->languages.size() > 1);
    add_items(t, node, "languages", site ? site->languages : std::vector<SiteLanguage>{},
              [&](ContextTree::Id item, const SiteLanguage& l) {
                  t.add_string(item, "tag", l.tag);
                  t.add_string(item, "name", l.name);
                  t.add_string(item, "href", l.href);
                  t.add_bool(item, "current", l.current);
              });
}

}  // namespace mkcv
