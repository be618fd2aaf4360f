#include "renderer.h"

#include <regex>
#include <set>

#include <kainjow/mustache.hpp>

#include "bibtex_text.h"
#include "text_similarity.h"

namespace mkcv {
namespace {

using Data = kainjow::mustache::data;

// kainjow's set() and push_back() copy the whole value, which made converting a CV with
// thousands of publications quadratic in its depth; these move it into place instead.
// (The const_cast is sound: `parent` is ours and not const.)
void set_moved(Data& parent, const std::string& key, Data&& value) {
    parent.set(key, Data(false));
    *const_cast<Data*>(parent.get(key)) = std::move(value);
}
kainjow::mustache::basic_list<std::string>& items_of(Data& list) {
    return const_cast<kainjow::mustache::basic_list<std::string>&>(list.list_value());
}

// JSON → Mustache data. Mustache has no numbers and treats only `false` and empty lists
// as false, so numbers become strings and null becomes false.
Data to_data(const nlohmann::ordered_json& json) {
    switch (json.type()) {
        case nlohmann::json::value_t::object: {
            Data out{Data::type::object};
            for (const auto& [key, value] : json.items())
                set_moved(out, key, to_data(value));
            return out;
        }
        case nlohmann::json::value_t::array: {
            Data out{Data::type::list};
            // Reserved: data's move is not noexcept, so a growing vector would copy.
            items_of(out).reserve(json.size());
            for (const auto& value : json)
                items_of(out).push_back(to_data(value));
            return out;
        }
        case nlohmann::json::value_t::string:
            return Data(json.get<std::string>());
        case nlohmann::json::value_t::boolean:
            return Data(json.get<bool>());
        case nlohmann::json::value_t::null:
            return Data(false);
        default:
            return Data(json.dump());
    }
}

// kainjow's default context finds partials in the data too, so a data key named like a
// partial would be run as a template; here partials come only from the template's files.
// It also records names that resolve to nothing.
class TemplateContext : public kainjow::mustache::basic_context<std::string> {
  public:
    TemplateContext(const Data* root, const Data* partials) : partials_(partials) { push(root); }

    void push(const Data* data) override { stack_.insert(stack_.begin(), data); }
    void pop() override { stack_.erase(stack_.begin()); }

    const Data* get(const std::string& name) const override {
        if (name == ".")
            return stack_.front();
        const Data* found = lookup(name);
        if (!found)
            missing_.insert(name);
        return found;
    }

    const Data* get_partial(const std::string& name) const override {
        const Data* partial = partials_->get(name);
        if (!partial)
            missing_partials_.insert(name);
        return partial;
    }

    const std::set<std::string>& missing() const { return missing_; }
    const std::set<std::string>& missing_partials() const { return missing_partials_; }

  private:
    const Data* lookup(const std::string& name) const {
        std::vector<std::string> parts;
        for (std::size_t begin = 0;;) {
            const auto dot = name.find('.', begin);
            parts.push_back(name.substr(begin, dot == std::string::npos ? dot : dot - begin));
            if (dot == std::string::npos)
                break;
            begin = dot + 1;
        }
        for (const Data* frame : stack_) {
            const Data* value = frame;
            for (const auto& part : parts) {
                value = value->is_object() ? value->get(part) : nullptr;
                if (!value)
                    break;
            }
            if (value)
                return value;
        }
        return nullptr;
    }

    std::vector<const Data*> stack_;
    const Data* partials_;
    mutable std::set<std::string> missing_;
    mutable std::set<std::string> missing_partials_;
};

// Where a tag naming `name` is written, to point a warning at it.
void locate_tag(const Template& tmpl, const std::string& name, const std::string& kinds,
                std::string& file, SourcePos& pos) {
    std::string escaped;
    for (char c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            escaped += '\\';
        escaped += c;
    }
    const std::regex tag("<<\\s*[" + kinds + "]?\\s*" + escaped + "\\s*>>");
    auto search = [&](const TemplateFile& f) {
        std::smatch match;
        if (!std::regex_search(f.text, match, tag))
            return false;
        file = f.path.string();
        pos = position_at(f.text, static_cast<std::size_t>(match.position(0)));
        return true;
    };
    if (search(tmpl.main))
        return;
    for (const auto& [partial_name, f] : tmpl.partials)
        if (search(f))
            return;
    file = tmpl.main.path.string();
}

// Every name a template can use: dotted paths from the root ("person.email") and keys at any
// depth (a name inside a section), for "did you mean" on a misspelt variable.
void collect_names(const nlohmann::ordered_json& json, const std::string& prefix,
                   std::set<std::string>& names) {
    if (json.is_array()) {
        for (const auto& item : json)
            collect_names(item, "", names);
        return;
    }
    if (!json.is_object())
        return;
    for (const auto& [key, value] : json.items()) {
        names.insert(key);
        names.insert(prefix + key);
        collect_names(value, prefix + key + ".", names);
    }
}

// kainjow parses a partial again at every inclusion: a per-publication partial was parsed
// thousands of times. kainjow has no standalone-line rules, so putting a partial's text in
// place of its tag renders the same; partials that change delimiters, or nest too deep,
// are left to kainjow.
std::string inline_partials(const std::string& text, const Template& tmpl, int depth = 0) {
    static const std::regex tag(R"(<<\s*>\s*([^\s>]+)\s*>>)");
    std::string out;
    auto last = text.cbegin();
    for (std::sregex_iterator it(text.begin(), text.end(), tag), end; it != end; ++it) {
        const auto found = tmpl.partials.find((*it)[1].str());
        if (found == tmpl.partials.end() || depth >= 8 ||
            found->second.text.find("<<=") != std::string::npos)
            continue;
        out.append(last, text.cbegin() + it->position(0));
        out += inline_partials(found->second.text, tmpl, depth + 1);
        last = text.cbegin() + it->position(0) + it->length(0);
    }
    out.append(last, text.cend());
    return out;
}

}  // namespace

RenderResult render_template(const Template& tmpl, const nlohmann::ordered_json& context,
                             Diagnostics& diagnostics) {
    const std::string prefix(kDelimiterSwitch);
    Data partials{Data::type::object};
    for (const auto& [name, file] : tmpl.partials)
        partials.set(name, Data(prefix + file.text));

    kainjow::mustache::mustache mustache(prefix + inline_partials(tmpl.main.text, tmpl));
    // Values marked as LaTeX (from BibTeX, vetted) print as they are; all others are escaped.
    mustache.set_custom_escape([](const std::string& text) { return value_to_latex(text); });
    const Data data = to_data(context);
    TemplateContext ctx(&data, &partials);
    RenderResult result;
    result.tex = mustache.render(ctx);
    if (!mustache.is_valid()) {
        diagnostics.error(tmpl.main.path.string(), {}, "template-render", mustache.error_message());
        return result;
    }
    std::vector<std::string> known;
    if (!ctx.missing().empty()) {
        std::set<std::string> names;
        collect_names(context, "", names);
        known.assign(names.begin(), names.end());
    }
    for (const auto& name : ctx.missing()) {
        std::string file;
        SourcePos pos;
        locate_tag(tmpl, name, "#^&/", file, pos);
        const std::string guess = closest_match(name, known);
        diagnostics.warning(file, pos, "template-variable",
                            "the template uses `" + name + "`, which the CV data never provides",
                            guess.empty() ? "mkcv context prints every variable a template can use"
                                          : "did you mean `" + guess + "`?");
    }
    for (const auto& name : ctx.missing_partials()) {
        std::string file;
        SourcePos pos;
        locate_tag(tmpl, name, ">", file, pos);
        diagnostics.error(
            file, pos, "template-partial", "no partial named `" + name + "`",
            "partials are the *.tex.mustache files beside the template and in common/");
    }
    result.ok = !diagnostics.has_errors();
    return result;
}

}  // namespace mkcv
