#include "import/yaml_reader.h"

#include <regex>
#include <unordered_set>

#include <yaml-cpp/yaml.h>

#include "util/ascii.h"

namespace mkcv {
namespace {

// YAML 1.2's core schema, which RenderCV's and YAMLResume's readers follow: what a plain
// (unquoted) scalar means.
SourceNode::Kind plain_scalar_kind(const std::string& text) {
    const std::string lower = ascii_lower(text);
    if (text.empty() || text == "~" || lower == "null")
        return SourceNode::Kind::Null;
    if (lower == "true" || lower == "false")
        return SourceNode::Kind::Bool;
    static const std::regex number(
        R"([-+]?(0|[1-9][0-9]*)(\.[0-9]*)?([eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+|0o[0-7]+|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))");
    if (text.size() < 64 && std::regex_match(text, number))
        return SourceNode::Kind::Number;
    return SourceNode::Kind::String;
}

class YamlConverter {
  public:
    YamlConverter(const std::string& file, const std::string& text) : file_(file), text_(text) {}

    // Throws nothing; the first problem is kept in error_.
    bool convert(const YAML::Node& node, SourceNode& out, std::size_t depth) {
        if (++nodes_ > kMaxImportNodes)
            return fail(node.Mark(),
                        "more than " + std::to_string(kMaxImportNodes) +
                            " values once aliases are expanded; no CV has that many",
                        "an alias repeats its anchor's whole value; a file of aliases of "
                        "aliases (a \"billion laughs\") grows without end");
        if (depth > kMaxImportDepth)
            return fail(node.Mark(), "nested more than " + std::to_string(kMaxImportDepth) +
                                         " levels deep; a CV needs five");
        out.pos = pos_of(node.Mark());
        switch (node.Type()) {
            case YAML::NodeType::Undefined:
            case YAML::NodeType::Null:
                out.kind = SourceNode::Kind::Null;
                out.scalar = "null";
                return true;
            case YAML::NodeType::Scalar: {
                out.scalar = node.Scalar();
                const std::string& tag = node.Tag();
                if (tag == "?") {
                    out.kind = plain_scalar_kind(out.scalar);
                    out.strictly_typed = false;
                } else if (tag == "!" || tag == "tag:yaml.org,2002:str") {
                    out.kind = SourceNode::Kind::String;
                } else {
                    out.kind = plain_scalar_kind(out.scalar);
                    out.strictly_typed = false;
                }
                return true;
            }
            case YAML::NodeType::Sequence:
                out.kind = SourceNode::Kind::Array;
                for (const auto& item : node) {
                    out.items.emplace_back();
                    if (!convert(item, out.items.back(), depth + 1))
                        return false;
                }
                return true;
            case YAML::NodeType::Map:
                return convert_map(node, out, depth);
        }
        return true;
    }

    const std::optional<Diagnostic>& error() const { return error_; }

    SourcePos pos_of(const YAML::Mark& mark) const {
        if (mark.is_null())
            return {};
        // yaml-cpp counts the column in bytes; diagnostics count characters. Counting them
        // from the line's start costs the column's length, so a very long line (a whole file
        // in flow style) keeps yaml-cpp's count: a value's position stays cheap to find.
        constexpr int kCountedColumns = 1000;
        SourcePos pos{mark.line + 1, mark.column + 1};
        if (mark.pos < mark.column || mark.column > kCountedColumns ||
            static_cast<std::size_t>(mark.pos) > text_.size())
            return pos;
        const auto start = static_cast<std::size_t>(mark.pos - mark.column);
        if (start > 0 && text_[start - 1] != '\n')
            return pos;  // not the start of a line: yaml-cpp counted something else
        pos.column = 1;
        for (std::size_t i = start; i < static_cast<std::size_t>(mark.pos); ++i)
            if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80)
                ++pos.column;
        return pos;
    }

    bool fail(const YAML::Mark& mark, std::string message, std::string hint = "") {
        if (!error_)
            error_ = Diagnostic{Severity::Error,    file_,          pos_of(mark), "import-syntax",
                                std::move(message), std::move(hint)};
        return false;
    }

  private:
    bool convert_map(const YAML::Node& node, SourceNode& out, std::size_t depth) {
        out.kind = SourceNode::Kind::Object;
        std::vector<YAML::Node> merges;
        std::unordered_set<std::string> keys;  // a set: 100,000 keys stay linear
        for (const auto& pair : node) {
            const YAML::Node& key = pair.first;
            if (key.Type() != YAML::NodeType::Scalar)
                return fail(key.Mark(), "a key that is a list or a mapping",
                            "CV files use text keys");
            const std::string& name = key.Scalar();
            if (name == "<<" && key.Tag() == "?") {
                merges.push_back(pair.second);
                continue;
            }
            if (!keys.insert(name).second)
                return fail(key.Mark(), "duplicate key \"" + shorten(name) + "\"",
                            "YAML leaves open which of the two values counts; keep one");
            out.members.push_back({name, SourceNode{}});
            if (!convert(pair.second, out.members.back().second, depth + 1))
                return false;
        }
        // A merge key adds the keys of the mapping (or mappings) it names that this mapping
        // does not write itself.
        for (const YAML::Node& merge : merges) {
            std::vector<YAML::Node> sources;
            if (merge.IsMap())
                sources.push_back(merge);
            else if (merge.IsSequence())
                for (const auto& item : merge)
                    sources.push_back(item);
            for (const YAML::Node& source : sources) {
                if (!source.IsMap())
                    return fail(source.Mark(),
                                "a merge key (<<) takes a mapping or a list of them");
                for (const auto& pair : source) {
                    if (pair.first.Type() != YAML::NodeType::Scalar)
                        return fail(pair.first.Mark(), "a key that is a list or a mapping");
                    const std::string& name = pair.first.Scalar();
                    if (!keys.insert(name).second)
                        continue;
                    out.members.push_back({name, SourceNode{}});
                    if (!convert(pair.second, out.members.back().second, depth + 1))
                        return false;
                }
            }
        }
        return true;
    }

    const std::string& file_;
    const std::string& text_;
    std::size_t nodes_ = 0;
    std::optional<Diagnostic> error_;
};

}  // namespace

Result<SourceNode> read_yaml(const std::string& file, const std::string& text) {
    if (auto too_large = import_too_large(file, text.size()))
        return fail(std::move(*too_large));
    YamlConverter converter(file, text);
    YAML::Node document;
    try {
        document = YAML::Load(text);
    } catch (const YAML::Exception& ex) {
        converter.fail(ex.mark, "invalid YAML: " + ex.msg);
        return fail(*converter.error());
    }
    SourceNode root;
    try {
        if (!converter.convert(document, root, 0))
            return fail(*converter.error());
    } catch (const YAML::Exception& ex) {
        converter.fail(ex.mark, "invalid YAML: " + ex.msg);
        return fail(*converter.error());
    }
    return root;
}

}  // namespace mkcv
