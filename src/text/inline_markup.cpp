#include "text/inline_markup.h"

#include <cmark.h>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace mkcv {
namespace {

// What the text is wrapped in, so that no line begins a block and no end space is trimmed.
constexpr std::string_view kEdge = "\u00A0";
// What a line break becomes: one line, so no block starts on it, no hard break and no
// trimmed line ends; a space to cmark's emphasis rules, as a line break is.
constexpr std::string_view kLineBreak = "\u1680";
// Put after an `&` that could begin an entity reference (`&amp;`, `&#38;`), which cmark
// would decode in a link's URL even after a backslash.
constexpr std::string_view kNoEntity = "\uE000";

bool is_ascii_punctuation(char c) {
    return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) ||
           (c >= 0x7B && c <= 0x7E);
}

bool is_alnum(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// The text as cmark gets it, and for each of its bytes the byte of the source it stands
// for (kInserted: a byte mkcv added).
struct Protected {
    static constexpr std::size_t kInserted = static_cast<std::size_t>(-1);
    std::string text;
    std::vector<std::size_t> origin;

    void add(std::string_view bytes, std::size_t from) {
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            text += bytes[i];
            origin.push_back(i == 0 ? from : kInserted);
        }
    }
    void insert(std::string_view bytes) { add(bytes, kInserted); }
};

Protected protect(std::string_view source) {
    Protected p;
    p.text.reserve(source.size() + 16);
    p.origin.reserve(source.size() + 16);
    p.insert(kEdge);
    std::size_t backslashes = 0;  // right before this byte
    bool after_bang = false;      // this byte follows an unescaped `!`
    for (std::size_t i = 0; i < source.size(); ++i) {
        const char c = source[i];
        const bool escaped = backslashes % 2 == 1;
        if (c == '\n' || c == '\r') {
            p.add(kLineBreak, i);
        } else if ((c == '<' || (c == '[' && after_bang)) && !escaped) {
            p.insert("\\");
            p.add(std::string_view(&source[i], 1), i);
        } else if (c == '&' && i + 1 < source.size() &&
                   (is_alnum(source[i + 1]) || source[i + 1] == '#')) {
            p.add(std::string_view(&source[i], 1), i);
            p.insert(kNoEntity);
        } else {
            p.add(std::string_view(&source[i], 1), i);
        }
        backslashes = c == '\\' ? backslashes + 1 : 0;
        after_bang = c == '!' && !escaped;
    }
    p.insert(kEdge);
    return p;
}

struct NodeDeleter {
    void operator()(cmark_node* node) const { cmark_node_free(node); }
};
struct IterDeleter {
    void operator()(cmark_iter* iter) const { cmark_iter_free(iter); }
};

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at))
        text.replace(at, from.size(), to), at += to.size();
    return text;
}

// Walks cmark's nodes in document order beside the protected text, byte by byte, and puts
// the runs together from the source's own bytes. Any node or byte that does not fit makes
// the whole text plain (nullopt).
class Matcher {
  public:
    Matcher(std::string_view source, const Protected& p,
            const std::function<SourcePos(std::size_t)>& locate)
        : source_(source), p_(p), locate_(locate) {}

    std::optional<InlineMarkup> run(cmark_node* document) {
        std::unique_ptr<cmark_iter, IterDeleter> iter(cmark_iter_new(document));
        for (cmark_event_type event; (event = cmark_iter_next(iter.get())) != CMARK_EVENT_DONE;) {
            cmark_node* node = cmark_iter_get_node(iter.get());
            const bool enter = event == CMARK_EVENT_ENTER;
            if (!step(node, enter))
                return std::nullopt;
        }
        if (at_ != p_.text.size() || depth_ != 0)
            return std::nullopt;
        InlineMarkup out;
        out.plain = std::move(plain_);
        if (marked_)
            out.runs = std::move(runs_);
        return out;
    }

  private:
    bool step(cmark_node* node, bool enter) {
        switch (cmark_node_get_type(node)) {
            case CMARK_NODE_DOCUMENT:
                return true;
            case CMARK_NODE_PARAGRAPH:
                return ++paragraphs_ == 1 || !enter;  // one paragraph, entered and left
            case CMARK_NODE_TEXT:
                return text(cmark_node_get_literal(node));
            case CMARK_NODE_CODE:
                return code();
            case CMARK_NODE_EMPH:
                return delimiter(1, Mark::Emphasis, enter);
            case CMARK_NODE_STRONG:
                return delimiter(2, Mark::Strong, enter);
            case CMARK_NODE_LINK:
                return enter ? link_open(node) : link_close();
            default:
                return false;  // nothing else can come of the protected text
        }
    }

    // A text node: its literal is the protected text with backslash escapes taken out.
    bool text(const char* literal) {
        if (!literal)
            return false;
        for (const char* c = literal; *c; ++c) {
            if (at_ + 1 < p_.text.size() && p_.text[at_] == '\\' && p_.text[at_ + 1] == *c &&
                is_ascii_punctuation(*c)) {
                emit(at_ + 1);  // an escape: the character, not its backslash
                at_ += 2;
            } else if (at_ < p_.text.size() && p_.text[at_] == *c) {
                emit(at_);
                at_ += 1;
            } else {
                return false;
            }
        }
        return true;
    }

    // A code span: a run of backticks, the code, the same run. cmark's literal has its line
    // breaks made spaces; the source's bytes are taken instead, as CommonMark strips them.
    bool code() {
        const std::string& t = p_.text;
        std::size_t ticks = 0;
        while (at_ + ticks < t.size() && t[at_ + ticks] == '`')
            ++ticks;
        if (ticks == 0)
            return false;
        std::size_t close = at_ + ticks;
        for (;;) {
            close = t.find('`', close);
            if (close == std::string::npos)
                return false;
            std::size_t run = 0;
            while (close + run < t.size() && t[close + run] == '`')
                ++run;
            if (run == ticks)
                break;
            close += run;
        }
        std::string code;
        for (std::size_t i = at_ + ticks; i < close; ++i)
            if (p_.origin[i] != Protected::kInserted)
                code += source_[p_.origin[i]];
        // One space of padding on each side is not part of the code (CommonMark 6.1).
        const auto space = [](char c) { return c == ' ' || c == '\n' || c == '\r'; };
        if (code.size() >= 2 && space(code.front()) && space(code.back()) &&
            code.find_first_not_of(" \r\n") != std::string::npos)
            code = code.substr(1, code.size() - 2);
        at_ = close + ticks;
        if (!open(Mark::Code))
            return false;
        add_text(code);
        return close_mark(Mark::Code);
    }

    bool delimiter(std::size_t size, Mark mark, bool enter) {
        const std::string& t = p_.text;
        if (at_ + size > t.size() || (t[at_] != '*' && t[at_] != '_'))
            return false;
        for (std::size_t i = 1; i < size; ++i)
            if (t[at_ + i] != t[at_])
                return false;
        at_ += size;
        return enter ? open(mark) : close_mark(mark);
    }

    // `[`: its end, the `)` of `](url "title")`, is where cmark says (on one line, its
    // columns are byte offsets); its URL is cmark's with mkcv's own characters taken out.
    bool link_open(cmark_node* node) {
        const int end = cmark_node_get_end_column(node) - 1;
        if (at_ >= p_.text.size() || p_.text[at_] != '[' || end <= static_cast<int>(at_) ||
            static_cast<std::size_t>(end) >= p_.text.size() || p_.text[end] != ')')
            return false;
        const char* url = cmark_node_get_url(node);
        std::string target =
            replace_all(replace_all(url ? url : "", kNoEntity, ""), kLineBreak, "\n");
        const std::size_t from = p_.origin[at_];
        at_ += 1;
        link_ends_.push_back(static_cast<std::size_t>(end));
        if (!open(Mark::Link))
            return false;
        TextRun& run = runs_.back();
        run.text = std::move(target);
        run.latex = "href";
        if (locate_ && from != Protected::kInserted)
            run.pos = locate_(from);
        return true;
    }

    bool link_close() {
        if (link_ends_.empty() || at_ >= p_.text.size() || p_.text[at_] != ']')
            return false;
        at_ = link_ends_.back() + 1;
        link_ends_.pop_back();
        return close_mark(Mark::Link);
    }

    bool open(Mark mark) {
        if (++depth_ > kMaxMarkupDepth)
            return false;
        marked_ = true;
        runs_.push_back({TextRun::Kind::Open, mark, {}, {}, {}});
        return true;
    }

    bool close_mark(Mark mark) {
        if (depth_ == 0)
            return false;
        --depth_;
        runs_.push_back({TextRun::Kind::Close, mark, {}, {}, {}});
        return true;
    }

    // The source byte that protected byte `i` stands for, if any.
    void emit(std::size_t i) {
        if (p_.origin[i] != Protected::kInserted)
            add_text(std::string_view(&source_[p_.origin[i]], 1));
    }

    void add_text(std::string_view text) {
        if (text.empty())
            return;
        plain_ += text;
        if (runs_.empty() || runs_.back().kind != TextRun::Kind::Text)
            runs_.push_back({TextRun::Kind::Text, Mark::Group, {}, {}, {}});
        runs_.back().text += text;
    }

    std::string_view source_;
    const Protected& p_;
    const std::function<SourcePos(std::size_t)>& locate_;
    std::size_t at_ = 0;  // in the protected text
    int depth_ = 0;
    int paragraphs_ = 0;
    bool marked_ = false;
    std::vector<std::size_t> link_ends_;
    std::string plain_;
    RichText runs_;
};

InlineMarkup plain(std::string_view source) {
    return {std::string(source), {}};
}

}  // namespace

InlineMarkup parse_inline_markup(std::string_view source,
                                 const std::function<SourcePos(std::size_t)>& locate) {
    // Nothing to parse: most texts. Too long, or holding a character mkcv itself uses: as
    // written. (cmark would also take a NUL for U+FFFD.)
    if (source.find_first_of("*_`[\\") == std::string_view::npos ||
        source.size() > kMaxMarkupBytes || source.find('\0') != std::string_view::npos ||
        source.find(kLineBreak) != std::string_view::npos ||
        source.find(kNoEntity) != std::string_view::npos)
        return plain(source);
    const Protected p = protect(source);
    std::unique_ptr<cmark_node, NodeDeleter> document(
        cmark_parse_document(p.text.data(), p.text.size(), CMARK_OPT_DEFAULT));
    if (!document)
        return plain(source);
    std::optional<InlineMarkup> out = Matcher(source, p, locate).run(document.get());
    return out ? std::move(*out) : plain(source);
}

}  // namespace mkcv
