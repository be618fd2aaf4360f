#include "render/renderer.h"

#include <array>
#include <charconv>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <kainjow/mustache.hpp>

#include "bib/latex_text.h"
#include "render/output_check.h"
#include "text/bidi.h"
#include "text/latex_escape.h"
#include "text/rich_text.h"
#include "text/script_punctuation.h"
#include "util/text_similarity.h"

namespace mkcv {
namespace {

using Data = kainjow::mustache::data;
using Id = ContextTree::Id;
using Kind = ContextTree::Kind;

// A section of this name is no value: the renderer prints the strings inside it as the
// contents of JSON strings (for JSON-LD in an HTML page), whatever the template's format
// escapes otherwise; in a LaTeX template it changes nothing. No context key has this name.
constexpr std::string_view kJsonRegion = "json_escaped";
// Likewise, in a LaTeX template, a section of this name prints its strings for a PDF string
// (hyperref's pdftitle and pdfauthor, a bookmark): escape_latex_pdf_string, plain text with
// no break points or font and direction commands. Elsewhere it changes nothing.
constexpr std::string_view kPdfStringRegion = "pdf_string";
// Tags named with this byte and a number stand for lines of the template's own text
// (lift_static_lines); no context key starts with a control character.
constexpr char kStaticTextMark = '\x01';

// The document's direction: right to left when meta.rtl is true (context_builder sets it
// from the language).
TextDirection document_direction(const ContextTree& tree) {
    const ContextTree::Id meta = tree.find(ContextTree::root(), "meta");
    if (meta == ContextTree::kNone || tree.kind(meta) != Kind::Object)
        return TextDirection::Ltr;
    const ContextTree::Id rtl = tree.find(meta, "rtl");
    return rtl != ContextTree::kNone && tree.kind(rtl) == Kind::True ? TextDirection::Rtl
                                                                     : TextDirection::Ltr;
}

// Mustache over a ContextTree, without converting it to kainjow's data (a hash map per
// object and a heap string per value, which cost far more than the rendering). kainjow only
// needs, from what get() returns, its kind, a string's text, and for a list one item per
// element, which it pushes when it renders the section's body for it. So get() answers with
// a few stand-ins, and push() works out which node a pushed stand-in stands for: the one
// get() returned last (kainjow pushes a section's value right after looking it up), or, for
// a list item, the element at that index of the list the frame on top looked up last (while
// a list's items are pushed, no lookup happens in the frame that looked the list up).
//
// kainjow's default context also finds partials in the data, so a data key named like a
// partial would be run as a template; here partials come only from the template's files.
// Names that resolve to nothing are recorded for a warning.
// The nodes of the template's `options` (template_input.cpp adds them at once, so their
// ids run from the object's to its last descendant's): values the templates use as TeX data
// (`\newcommand\mkcvmainfont{<<options.main_font>>}`, lengths, colours), checked against
// each option's declaration. They never get the direction marks of a right-to-left
// document, which would make a font name TeX code.
std::pair<ContextTree::Id, ContextTree::Id> option_nodes(const ContextTree& tree) {
    const ContextTree::Id options = tree.find(ContextTree::root(), "options");
    if (options == ContextTree::kNone)
        return {ContextTree::kNone, ContextTree::kNone};
    ContextTree::Id last = options;
    while (tree.node(last).last != ContextTree::kNone)
        last = tree.node(last).last;
    return {options, last};
}

// The locale's punctuation that follows the script of the text before it
// (text/script_punctuation.h), each with its Latin form, and the subtrees whose values are
// no text a reader sees before it (`meta`: the font region, the generator; `options`).
struct ScriptPunctuation {
    std::vector<std::pair<Id, std::string_view>> forms;
    Id full_stop = ContextTree::kNone;
    std::vector<bool> unseen;  // by node
};

void mark_subtree(const ContextTree& tree, Id id, std::vector<bool>& marks, int depth) {
    if (id == ContextTree::kNone || depth > 64)
        return;
    marks[id] = true;
    for (Id child = tree.node(id).first; child != ContextTree::kNone; child = tree.node(child).next)
        mark_subtree(tree, child, marks, depth + 1);
}

ScriptPunctuation script_punctuation(const ContextTree& tree) {
    ScriptPunctuation p;
    p.unseen.assign(tree.size(), false);
    for (const std::string_view top : {"meta", "options"})
        mark_subtree(tree, tree.find(ContextTree::root(), top), p.unseen, 0);
    const Id locale = tree.find(ContextTree::root(), "locale");
    if (locale == ContextTree::kNone || tree.kind(locale) != Kind::Object)
        return p;
    for (const auto& [key, latin] :
         std::initializer_list<std::pair<std::string_view, std::string_view>>{
             {"separator", ", "}, {"full_stop", "."}, {"list_separator", ", "}}) {
        const Id id = tree.find(locale, key);
        if (id != ContextTree::kNone && tree.kind(id) == Kind::String)
            p.forms.emplace_back(id, latin);
        if (key == "full_stop")
            p.full_stop = id;
    }
    return p;
}

class TreeContext : public kainjow::mustache::basic_context<std::string> {
  public:
    TreeContext(const ContextTree& tree, const Data* partials, TextFormat format,
                const std::vector<Data>& static_texts)
        : tree_(tree),
          partials_(partials),
          static_texts_(static_texts),
          format_(format),
          direction_(document_direction(tree)),
          options_(option_nodes(tree)),
          punctuation_(script_punctuation(tree)),
          object_(Data::type::object),
          string_(std::string()),
          true_(true),
          false_(false),
          json_region_(true),
          pdf_string_region_(true) {
        enter(ContextTree::root());
    }

    void push(const Data* data) override {
        const Frame& top = *frames_[depth_ - 1];
        if (data == &json_region_) {
            // <<#json_escaped>>: the same names as around it, printed as JSON string contents.
            enter(top.node);
            if (format_ != TextFormat::Latex)
                frames_[depth_ - 1]->format = TextFormat::Json;
            return;
        }
        if (data == &pdf_string_region_) {
            // <<#pdf_string>>: the same names as around it, printed for a PDF string.
            enter(top.node);
            frames_[depth_ - 1]->pdf_string = format_ == TextFormat::Latex;
            return;
        }
        Id node = last_;
        const auto& items = top.items.list_value();
        if (!top.item_nodes.empty() && data >= items.data() && data < items.data() + items.size())
            node = top.item_nodes[static_cast<std::size_t>(data - items.data())];
        enter(node);
    }
    void pop() override { --depth_; }

    const Data* get(const std::string& name) const override {
        if (!name.empty() && name[0] == kStaticTextMark) {
            // A template's own tag may start with the mark too (it is untrusted text): only
            // a number lift_static_lines gave out names a line.
            std::size_t index = 0;
            const char* end = name.data() + name.size();
            const auto [at, error] = std::from_chars(name.data() + 1, end, index);
            const bool ours = error == std::errc() && at == end && name.size() > 1 &&
                              index < static_texts_.size();
            return ours ? &static_texts_[index] : nullptr;
        }
        if (name.size() == 1 && name[0] == '.')
            return stand_in(frames_[depth_ - 1]->node);
        if (name == kJsonRegion)
            return &json_region_;
        if (name == kPdfStringRegion)
            return &pdf_string_region_;
        const Id found = lookup(name);
        if (found == ContextTree::kNone) {
            missing_.insert(name);
            return nullptr;
        }
        return stand_in(found);
    }

    const Data* get_partial(const std::string& name) const override {
        const Data* partial = partials_->get(name);
        if (!partial)
            missing_partials_.insert(name);
        return partial;
    }

    // How a value is printed: typed text (with marks) in the output's format, for LaTeX
    // through the vetting again; everything else escaped. kainjow escapes a variable right
    // after get() returned it, and the string it escapes is string_ itself; anything else is
    // escaped as plain text.
    //
    // Every other format escapes each string's plain text as it is looked up (stand_in):
    // then `<<&name>>`, which kainjow prints without calling this, is escaped too, and no
    // value can leave its place in an HTML, Markdown or JSON output. Here, for `<<name>>`,
    // typed text prints with its marks instead (<em> in HTML); `<<&name>>` keeps the plain
    // text, as in LaTeX, fit for an attribute.
    std::string escape(const std::string& text) const {
        if (&text == &string_.string_value() && string_node_ != ContextTree::kNone) {
            // One rule for every format: a CJK locale's separator after an English venue
            // prints as ", "; a full stop after "et al." or "Worth It?" not at all. The
            // Latin forms need no escaping in any format.
            for (const auto& [id, latin] : punctuation_.forms) {
                if (id != string_node_)
                    continue;
                if (id == punctuation_.full_stop && sentence_ended_)
                    return std::string();
                const std::string_view form = punctuation_after(text_end_, tree_.text(id), latin);
                if (form == latin && form != tree_.text(id))
                    return std::string(form);
            }
            const std::string_view value = tree_.text(string_node_);
            if (!punctuation_.unseen[string_node_] && !frames_[depth_ - 1]->pdf_string &&
                !value.empty()) {
                text_end_ = text_end(value, text_end_);
                sentence_ended_ = ends_sentence(value);
            }
        }
        const RichText* marks = nullptr;
        if (&text == &string_.string_value() && string_node_ != ContextTree::kNone)
            marks = tree_.marks(string_node_);
        if (format_ != TextFormat::Latex)
            return marks
                       ? render_text(tree_.text(string_node_), *marks, frames_[depth_ - 1]->format)
                       : text;
        if (frames_[depth_ - 1]->pdf_string)  // typed text too: a PDF string has no marks
            return escape_latex_pdf_string(text);
        if (!marks) {
            const bool option = &text == &string_.string_value() &&
                                string_node_ != ContextTree::kNone &&
                                string_node_ > options_.first && string_node_ <= options_.second;
            return escape_latex(text, option ? TextDirection::Ltr : direction_);
        }
        // Marked text (BibTeX's \emph …) is escaped run by run, each run as in a
        // left-to-right document; in a right-to-left one the whole value says its direction.
        std::string latex = latex_of_text(text, *marks);
        if (direction_ == TextDirection::Rtl && !latex.empty()) {
            const bool rtl = bidi_layout(text, TextDirection::Rtl).base_level == 1;
            latex = (rtl ? "\\beginR{}" : "\\beginL{}") + latex + (rtl ? "\\endR{}" : "\\endL{}");
        }
        return latex;
    }

    const std::set<std::string>& missing() const { return missing_; }
    const std::set<std::string>& missing_partials() const { return missing_partials_; }

  private:
    struct Frame {
        Id node = ContextTree::kNone;
        Id last_member = ContextTree::kNone;  // where member() found the last one
        Data items{Data::type::list};         // stand-ins for the last list looked up in this frame
        std::vector<Id> item_nodes;           // and the nodes they stand for
        // How strings looked up here are escaped: the template's format, or JSON inside
        // <<#json_escaped>> (inherited by the sections within).
        TextFormat format = TextFormat::Latex;
        // Inside <<#pdf_string>> of a LaTeX template (inherited too).
        bool pdf_string = false;
    };

    const Data* stand_in(Id id) const {
        last_ = id;
        switch (tree_.kind(id)) {
            case Kind::Null:
            case Kind::False:
                return &false_;
            case Kind::True:
                return &true_;
            case Kind::Object:
                return &object_;
            case Kind::String:
                // kainjow prints the value before it looks anything else up. (The const_cast
                // is sound: string_ is ours and not const.)
                if (format_ == TextFormat::Latex) {
                    const_cast<std::string&>(string_.string_value()).assign(tree_.text(id));
                } else {
                    const_cast<std::string&>(string_.string_value())
                        .assign(
                            render_text(tree_.text(id), RichText{}, frames_[depth_ - 1]->format));
                }
                string_node_ = id;
                return &string_;
            case Kind::List:
                break;
        }
        Frame& top = *frames_[depth_ - 1];
        auto& items =
            const_cast<kainjow::mustache::basic_list<std::string>&>(top.items.list_value());
        top.item_nodes.clear();
        for (Id child = tree_.node(id).first; child != ContextTree::kNone;
             child = tree_.node(child).next)
            top.item_nodes.push_back(child);
        items.clear();  // (no resize: kainjow's data cannot be assigned)
        items.reserve(top.item_nodes.size());
        for (std::size_t i = 0; i < top.item_nodes.size(); ++i)
            items.emplace_back(true);
        return &top.items;
    }

    // A name split at its dots, each part as a key of the tree.
    struct ParsedName {
        const std::string* address = nullptr;
        std::string name;
        std::array<ContextTree::KeyId, 8> keys{};
        std::size_t parts = 0;  // 0: some part is no key of the tree, so it resolves to nothing
    };

    // kainjow passes the tag's own string, so its address finds the name parsed before; the
    // text is compared as well, since a partial's tags are freed and their addresses reused.
    const ParsedName& parsed(const std::string& name) const {
        // A slot per address: a template has a few hundred tags, so they rarely share one.
        ParsedName& p = parsed_[(reinterpret_cast<std::uintptr_t>(&name) / alignof(std::string)) %
                                parsed_.size()];
        if (p.address == &name && p.name == name && !p.name.empty())
            return p;
        p = ParsedName{&name, name};
        std::size_t parts = 0;
        for (std::size_t begin = 0;;) {
            const auto dot = name.find('.', begin);
            const auto part = std::string_view(name).substr(
                begin, dot == std::string::npos ? std::string::npos : dot - begin);
            const auto key = tree_.key_id(part);
            if (key == ContextTree::kNoKey || parts == p.keys.size())
                return p;
            p.keys[parts++] = key;
            if (dot == std::string::npos)
                break;
            begin = dot + 1;
        }
        p.parts = parts;
        return p;
    }

    // A dotted name is looked up from the innermost frame out; in each, the whole path must
    // resolve.
    Id lookup(const std::string& name) const {
        const ParsedName& p = parsed(name);
        if (p.parts == 0)
            return ContextTree::kNone;
        for (std::size_t frame = depth_; frame-- > 0;) {
            Id value = member(*frames_[frame], p.keys[0]);
            for (std::size_t i = 1; i < p.parts && value != ContextTree::kNone; ++i)
                value = tree_.find(value, p.keys[i]);
            if (value != ContextTree::kNone)
                return value;
        }
        return ContextTree::kNone;
    }

    // The member `key` of the frame's object. Templates mostly ask for members in the order
    // they were added, so the search starts after the member found last, then wraps around.
    Id member(Frame& frame, ContextTree::KeyId key) const {
        if (tree_.kind(frame.node) != Kind::Object)
            return ContextTree::kNone;
        const Id after = frame.last_member;
        const Id start =
            after == ContextTree::kNone ? tree_.node(frame.node).first : tree_.node(after).next;
        for (Id child = start; child != ContextTree::kNone; child = tree_.node(child).next)
            if (tree_.node(child).key == key)
                return frame.last_member = child;
        for (Id child = tree_.node(frame.node).first; child != start;
             child = tree_.node(child).next)
            if (tree_.node(child).key == key)
                return frame.last_member = child;
        return ContextTree::kNone;
    }

    const ContextTree& tree_;
    const Data* partials_;
    const std::vector<Data>& static_texts_;  // what the kStaticTextMark tags print
    const TextFormat format_;
    // Right to left when the context's meta.rtl is true (a document in Persian, Arabic …):
    // every LaTeX value then says its own direction.
    const TextDirection direction_;
    const std::pair<Id, Id> options_;  // the first and last node of `options`
    const ScriptPunctuation punctuation_;
    mutable TextEnd text_end_ = TextEnd::None;  // what the values printed so far end in
    mutable bool sentence_ended_ = false;       // whether the last of them ends a sentence
    // Frames are reused, not freed, when popped: each has a list of stand-ins to refill.
    // Each on its own, because kainjow holds on to a frame's stand-ins while it pushes more.
    void enter(Id node) {
        if (depth_ == frames_.size())
            frames_.push_back(std::make_unique<Frame>());
        frames_[depth_]->node = node;
        frames_[depth_]->format = depth_ > 0 ? frames_[depth_ - 1]->format : format_;
        frames_[depth_]->pdf_string = depth_ > 0 && frames_[depth_ - 1]->pdf_string;
        frames_[depth_]->last_member = ContextTree::kNone;
        frames_[depth_]->item_nodes.clear();
        ++depth_;
    }

    mutable std::vector<std::unique_ptr<Frame>> frames_;
    std::size_t depth_ = 0;
    mutable Id last_ = ContextTree::kNone;
    mutable Id string_node_ = ContextTree::kNone;  // the node whose text string_ holds
    const Data object_;
    const Data string_;
    const Data true_;
    const Data false_;
    const Data json_region_;        // what <<#json_escaped>> looks up; push() knows it by address
    const Data pdf_string_region_;  // and <<#pdf_string>>
    mutable std::vector<ParsedName> parsed_ = std::vector<ParsedName>(1024);
    mutable std::set<std::string> missing_;
    mutable std::set<std::string> missing_partials_;
};

// kainjow writes its output through `<<` to a stream; appending to a string is cheaper.
struct StringSink {
    std::string text;
    StringSink& operator<<(const std::string& part) {
        text += part;
        return *this;
    }
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
void collect_names(const ContextTree& tree, Id id, const std::string& prefix,
                   std::set<std::string>& names) {
    const bool object = tree.kind(id) == Kind::Object;
    if (!object && tree.kind(id) != Kind::List)
        return;
    for (Id child = tree.node(id).first; child != ContextTree::kNone;
         child = tree.node(child).next) {
        if (!object) {
            collect_names(tree, child, "", names);
            continue;
        }
        const std::string key(tree.key_name(child));
        names.insert(key);
        names.insert(prefix + key);
        collect_names(tree, child, prefix + key + ".", names);
    }
}

// kainjow parses a partial again at every inclusion: a per-publication partial was parsed
// thousands of times. kainjow has no standalone-line rules, so putting a partial's text in
// place of its tag renders the same; partials that change delimiters, or nest too deep,
// are left to kainjow.
bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// A partial tag, <<>name>> with optional spaces around `>` and the name, starting at `at`:
// its name and where it ends. (A scanner, not std::regex: compiling that regex was a fifth
// of a small CV's whole run.)
bool partial_tag_at(std::string_view text, std::size_t at, std::string_view& name,
                    std::size_t& end) {
    std::size_t i = at + 2;
    if (text.compare(at, 2, "<<") != 0)
        return false;
    while (i < text.size() && is_space(text[i]))
        ++i;
    if (i == text.size() || text[i] != '>')
        return false;
    ++i;
    while (i < text.size() && is_space(text[i]))
        ++i;
    const std::size_t name_begin = i;
    while (i < text.size() && !is_space(text[i]) && text[i] != '>')
        ++i;
    if (i == name_begin)
        return false;
    name = text.substr(name_begin, i - name_begin);
    while (i < text.size() && is_space(text[i]))
        ++i;
    if (text.compare(i, 2, ">>") != 0)
        return false;
    end = i + 2;
    return true;
}

std::string inline_partials(const std::string& text, const Template& tmpl, int depth = 0) {
    std::string out;
    std::size_t last = 0;
    for (std::size_t at = text.find("<<"); at != std::string::npos; at = text.find("<<", at)) {
        std::string_view name;
        std::size_t end = 0;
        if (!partial_tag_at(text, at, name, end)) {
            ++at;
            continue;
        }
        const auto found = tmpl.partials.find(std::string(name));
        if (found != tmpl.partials.end() && depth < 8 &&
            found->second.text.find("<<=") == std::string::npos) {
            out.append(text, last, at - last);
            out += inline_partials(found->second.text, tmpl, depth + 1);
            last = end;
        }
        at = end;
    }
    out.append(text, last);
    return out;
}

// kainjow parses a template a character at a time, each space and line break a component of
// its own, and then walks those components to print them: the template's own text (most of
// mkcv-base's preamble) cost more than its tags. So each run of whole lines outside any tag
// goes to kainjow as one unescaped tag that prints it (`texts` gets the lines, as the data
// those tags print).
//
// That renders the same: kainjow drops a line only when it held a section tag and prints
// nothing but blanks, and such a run starts after a line break (where kainjow starts a new
// line with no section tag in it) and ends before one, holds no tag, and a variable tag sets
// no section mark; the lines are then printed as they stand, as their components were. Not
// done for a text that changes delimiters (tags would be found elsewhere) or that holds a
// carriage return (kainjow counts one alone as a line break).
std::string lift_static_lines(const std::string& text, std::vector<Data>& texts) {
    constexpr std::size_t kMinimum = 64;  // shorter runs are cheap to parse
    // (Nor for one holding the mark itself: then no tag of its own can name a lifted line.)
    if (text.find("<<=") != std::string::npos || text.find('\r') != std::string::npos ||
        text.find(kStaticTextMark) != std::string::npos)
        return text;
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t tag = text.find("<<", pos);
        const std::size_t stop = tag == std::string::npos ? text.size() : tag;
        const std::size_t first_break = text.find('\n', pos);
        if (first_break < stop) {
            const std::size_t begin = first_break + 1;
            const std::size_t last_break = text.rfind('\n', stop - 1);
            if (last_break > begin && last_break - begin >= kMinimum) {
                out.append(text, pos, begin - pos);
                out += "<<&";
                out += kStaticTextMark;
                out += std::to_string(texts.size());
                out += ">>";
                texts.emplace_back(text.substr(begin, last_break - begin));
                pos = last_break;  // the line break after the run stays kainjow's
            }
        }
        if (tag == std::string::npos)
            break;
        // kainjow ends a tag at the first `>>` after its `<<`.
        const std::size_t end = text.find(">>", tag + 2);
        if (end == std::string::npos)
            break;
        out.append(text, pos, end + 2 - pos);
        pos = end + 2;
    }
    if (pos < text.size())
        out.append(text, pos);
    return out;
}

}  // namespace

RenderResult render_template(const Template& tmpl, const ContextTree& context,
                             Diagnostics& diagnostics) {
    RenderResult refused;
    // load_template checks this already; checked again here for templates built otherwise
    // (tests, fuzzing), since kainjow would parse a recursive partial until the stack ends.
    if (!check_partial_nesting(tmpl, diagnostics))
        return refused;
    const std::string prefix(kDelimiterSwitch);
    Data partials{Data::type::object};
    for (const auto& [name, file] : tmpl.partials)
        partials.set(name, Data(prefix + file.text));

    std::vector<Data> static_texts;
    kainjow::mustache::mustache mustache(
        prefix + lift_static_lines(inline_partials(tmpl.main.text, tmpl), static_texts));
    // The template's format (template.toml `format`) escapes every value.
    TreeContext ctx(context, &partials, tmpl.manifest.format, static_texts);
    // LaTeX: typed text (from BibTeX, vetted) prints its marks as LaTeX; everything else is
    // escaped. `<<&name>>` is not escaped and prints the plain text: never LaTeX from a value.
    mustache.set_custom_escape([&ctx](const std::string& text) { return ctx.escape(text); });
    StringSink sink;
    // The output is the template's text and the values, escaped (so a little longer).
    sink.text.reserve(tmpl.main.text.size() + context.text_bytes() + context.text_bytes() / 4);
    // (kainjow renders a template that failed to parse, from whatever it parsed.)
    if (mustache.is_valid())
        mustache.render(ctx, sink);
    RenderResult result;
    result.tex = std::move(sink.text);
    if (!mustache.is_valid()) {
        // Point at the file and place of the mistake; kainjow's own message has neither.
        if (check_template_syntax(tmpl, diagnostics) == 0)
            diagnostics.error(tmpl.main.path.string(), {}, "template-render",
                              mustache.error_message());
        return result;
    }
    std::vector<std::string> known;
    if (!ctx.missing().empty()) {
        std::set<std::string> names;
        collect_names(context, ContextTree::root(), "", names);
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
        diagnostics.error(file, pos, "template-partial", "no partial named `" + name + "`",
                          "partials are the *" + partial_suffix(tmpl.manifest.format) +
                              " files beside the template and in common/");
    }
    // Read back what was written from the CV's data, before anything is written.
    if (Result<> read_back = check_rendered_output(tmpl, result.tex); !read_back)
        diagnostics.add(read_back.error());
    result.ok = !diagnostics.has_errors();
    return result;
}

}  // namespace mkcv
