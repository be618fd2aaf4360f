#include "import/json_reader.h"

#include <iterator>
#include <unordered_set>

#include <nlohmann/json.hpp>

namespace mkcv {
namespace {

// An iterator over the input that remembers the furthest byte the parser has read, which
// nlohmann-json's SAX interface does not say: a value's callback comes just after its last
// byte (or, for a number, one byte of look-ahead) was read.
struct CountingIterator {
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    const char* p = nullptr;
    const char* begin = nullptr;
    std::size_t* furthest = nullptr;

    const char& operator*() const {
        const auto offset = static_cast<std::size_t>(p - begin);
        if (offset > *furthest)
            *furthest = offset;
        return *p;
    }
    CountingIterator& operator++() {
        ++p;
        return *this;
    }
    CountingIterator operator++(int) {
        CountingIterator old = *this;
        ++p;
        return old;
    }
    bool operator==(const CountingIterator& other) const { return p == other.p; }
    bool operator!=(const CountingIterator& other) const { return p != other.p; }
};

// position_at from the start of the text for every value would take time quadratic in the
// size of the file; the parser's offsets only go forward, or back a few bytes within a
// token, so a cursor moves from one to the next.
class PositionCursor {
  public:
    explicit PositionCursor(std::string_view text) : text_(text) {}

    SourcePos at(std::size_t target) {
        target = std::min(target, text_.size());
        if (target < offset_) {
            if (text_.substr(target, offset_ - target).find('\n') == std::string_view::npos) {
                for (std::size_t i = target; i < offset_; ++i)
                    if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80)
                        --pos_.column;
                offset_ = target;
                return pos_;
            }
            offset_ = 0;
            pos_ = {1, 1};
        }
        for (; offset_ < target; ++offset_) {
            if (text_[offset_] == '\n') {
                ++pos_.line;
                pos_.column = 1;
            } else if ((static_cast<unsigned char>(text_[offset_]) & 0xC0) != 0x80) {
                ++pos_.column;
            }
        }
        return pos_;
    }

  private:
    std::string_view text_;
    std::size_t offset_ = 0;
    SourcePos pos_{1, 1};
};

bool is_number_char(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

class TreeBuilder : public nlohmann::json_sax<nlohmann::json> {
  public:
    TreeBuilder(const std::string& file, const std::string& text, const std::size_t& furthest)
        : file_(file), text_(text), furthest_(furthest), cursor_(text) {}

    bool null() override { return scalar(SourceNode::Kind::Null, "null", start_of_word(4)); }
    bool boolean(bool value) override {
        return scalar(SourceNode::Kind::Bool, value ? "true" : "false",
                      start_of_word(value ? 4 : 5));
    }
    bool number_integer(number_integer_t value) override {
        return scalar(SourceNode::Kind::Number, std::to_string(value), start_of_number());
    }
    bool number_unsigned(number_unsigned_t value) override {
        return scalar(SourceNode::Kind::Number, std::to_string(value), start_of_number());
    }
    bool number_float(number_float_t, const string_t& raw) override {
        return scalar(SourceNode::Kind::Number, raw, start_of_number());
    }
    bool string(string_t& value) override {
        return scalar(SourceNode::Kind::String, std::move(value), start_of_string());
    }
    bool binary(binary_t&) override { return fail_at(furthest_, "binary values are not JSON"); }

    bool start_object(std::size_t) override { return open(SourceNode::Kind::Object); }
    bool start_array(std::size_t) override { return open(SourceNode::Kind::Array); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& key) override {
        Frame& frame = stack_.back();
        // A set, not a scan of the members: an object of 100,000 keys stays linear.
        if (!frame.keys.insert(key).second)
            return fail_at(start_of_string(), "duplicate key \"" + shorten(key) + "\"",
                           "JSON leaves open which of the two values counts; keep one");
        frame.key = std::move(key);
        return true;
    }

    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::json::exception& ex) override {
        // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error
        // while parsing value - invalid literal; last read: 'tru'": keep what follows the column.
        std::string message = ex.what();
        const auto column = message.find(", column ");
        const auto colon = column == std::string::npos ? column : message.find(": ", column);
        if (colon != std::string::npos)
            message = message.substr(colon + 2);
        const std::size_t offset = position == 0 ? 0 : position - 1;
        fail_at(offset, "invalid JSON: " + message);
        return false;
    }

    bool done() const { return root_done_; }
    SourceNode& root() { return root_; }
    const std::optional<Diagnostic>& error() const { return error_; }

  private:
    struct Frame {
        SourceNode node;
        std::string key;
        std::unordered_set<std::string> keys;
    };

    std::size_t start_of_word(std::size_t length) const {
        return furthest_ + 1 >= length ? furthest_ + 1 - length : 0;
    }
    std::size_t start_of_number() const {
        std::size_t end = furthest_;  // the look-ahead byte, unless the input ended
        if (end < text_.size() && !is_number_char(text_[end]))
            --end;
        while (end > 0 && is_number_char(text_[end - 1]))
            --end;
        return end;
    }
    std::size_t start_of_string() const {
        // furthest_ is the closing quote; the opening one is the first quote before it that
        // no odd run of backslashes escapes.
        for (std::size_t i = furthest_; i-- > 0;) {
            if (text_[i] != '"')
                continue;
            std::size_t slashes = 0;
            while (i > slashes && text_[i - 1 - slashes] == '\\')
                ++slashes;
            if (slashes % 2 == 0)
                return i;
        }
        return 0;
    }

    bool counted() {
        if (++nodes_ <= kMaxImportNodes)
            return true;
        return fail_at(furthest_, "more than " + std::to_string(kMaxImportNodes) +
                                      " values; no CV has that many");
    }

    bool scalar(SourceNode::Kind kind, std::string text, std::size_t offset) {
        if (!counted())
            return false;
        SourceNode node;
        node.kind = kind;
        node.scalar = std::move(text);
        node.pos = cursor_.at(offset);
        return attach(std::move(node));
    }

    bool open(SourceNode::Kind kind) {
        if (!counted())
            return false;
        if (stack_.size() >= kMaxImportDepth)
            return fail_at(furthest_, "nested more than " + std::to_string(kMaxImportDepth) +
                                          " levels deep; a CV needs five");
        Frame frame;
        frame.node.kind = kind;
        frame.node.pos = cursor_.at(furthest_);
        stack_.push_back(std::move(frame));
        return true;
    }

    bool close() {
        SourceNode node = std::move(stack_.back().node);
        stack_.pop_back();
        return attach(std::move(node));
    }

    bool attach(SourceNode node) {
        if (stack_.empty()) {
            root_ = std::move(node);
            root_done_ = true;
            return true;
        }
        Frame& parent = stack_.back();
        if (parent.node.kind == SourceNode::Kind::Object)
            parent.node.members.push_back({std::move(parent.key), std::move(node)});
        else
            parent.node.items.push_back(std::move(node));
        return true;
    }

    bool fail_at(std::size_t offset, std::string message, std::string hint = "") {
        if (!error_)
            error_ = Diagnostic{
                Severity::Error,    file_,          position_at(text_, offset), "import-syntax",
                std::move(message), std::move(hint)};
        return false;
    }

    const std::string& file_;
    const std::string& text_;
    const std::size_t& furthest_;
    PositionCursor cursor_;
    std::vector<Frame> stack_;
    SourceNode root_;
    bool root_done_ = false;
    std::size_t nodes_ = 0;
    std::optional<Diagnostic> error_;
};

// Where the comment or blank run starting at `i` ends (`//` to the line's end, `/* */`);
// `i` itself when none starts there.
std::size_t skip_comment(const std::string& text, std::size_t i) {
    if (i + 1 >= text.size() || text[i] != '/')
        return i;
    if (text[i + 1] == '/') {
        const auto end = text.find('\n', i);
        return end == std::string::npos ? text.size() : end;
    }
    if (text[i + 1] == '*') {
        const auto end = text.find("*/", i + 2);
        return end == std::string::npos ? text.size() : end + 2;
    }
    return i;
}

}  // namespace

std::string blank_trailing_commas(std::string text) {
    // One pass; after a comma the look-ahead covers only blanks and comments, which no other
    // comma's look-ahead covers again, so the whole is linear.
    bool in_string = false;
    // The last byte outside strings, blanks and comments: a trailing comma follows a value,
    // so `[,]` and `"a",,}` stay errors, at their own place.
    char last = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
            continue;
        }
        const char before = last;
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '/')
            last = c;
        if (c == '"') {
            in_string = true;
        } else if (c == '/') {
            const std::size_t end = skip_comment(text, i);
            if (end != i)
                i = end - 1;
        } else if (c == ',' && before != ',' && before != '[' && before != '{' && before != ':' &&
                   before != 0) {
            std::size_t j = i + 1;
            while (j < text.size()) {
                if (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r') {
                    ++j;
                } else if (const std::size_t end = skip_comment(text, j); end != j) {
                    j = end;
                } else {
                    break;
                }
            }
            if (j < text.size() && (text[j] == '}' || text[j] == ']'))
                text[i] = ' ';  // a space: every later byte keeps its offset, line and column
        }
    }
    return text;
}

Result<SourceNode> read_json(const std::string& file, const std::string& written) {
    if (auto too_large = import_too_large(file, written.size()))
        return fail(std::move(*too_large));
    // Files kept for Jekyll (al-folio) and by hand have `//` and `/* */` comments, which the
    // parser skips, and trailing commas, which nlohmann-json 3.11 cannot: they become spaces.
    const std::string text = blank_trailing_commas(written);
    std::size_t furthest = 0;
    TreeBuilder builder(file, text, furthest);
    CountingIterator first{text.data(), text.data(), &furthest};
    CountingIterator last{text.data() + text.size(), text.data(), &furthest};
    bool ok = false;
    try {
        ok = nlohmann::json::sax_parse(first, last, &builder, nlohmann::json::input_format_t::json,
                                       /*strict=*/true, /*ignore_comments=*/true);
    } catch (const std::exception& ex) {
        // sax_parse reports through parse_error; anything thrown besides is a limit of the
        // library (e.g. a number it cannot hold), still the input's fault.
        return fail({Severity::Error, file, position_at(text, furthest), "import-syntax",
                     std::string("invalid JSON: ") + ex.what(), ""});
    }
    if (builder.error())
        return fail(*builder.error());
    if (!ok || !builder.done())
        return fail({Severity::Error, file, position_at(text, furthest), "import-syntax",
                     "invalid JSON", ""});
    return std::move(builder.root());
}

}  // namespace mkcv
