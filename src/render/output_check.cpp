#include "render/output_check.h"

#include <string>

#include <nlohmann/json.hpp>

#include "render/html_check.h"
#include "render/markdown_check.h"
#include "render/template_markup.h"

namespace mkcv {

namespace {

// The line and column of byte `offset` in `text`, counted from 1.
std::string line_and_column(std::string_view text, std::size_t offset) {
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

// Counts values and nesting, and keeps nothing: the output is read back only to know that it
// parses, so no tree is built (a JSON Resume of 5,000 papers is a few MB).
struct Discard : nlohmann::json_sax<nlohmann::json> {
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return ++depth <= kMaxDepth; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return --depth, true; }
    bool start_array(std::size_t) override { return ++depth <= kMaxDepth; }
    bool end_array() override { return --depth, true; }
    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& e) override {
        error_at = position;
        message = e.what();
        return false;
    }
    static constexpr int kMaxDepth = 256;
    int depth = 0;
    std::size_t error_at = 0;
    std::string message;
};

}  // namespace

namespace {

Result<> check_json(const Template& tmpl, std::string_view output) {
    Discard sax;
    if (nlohmann::json::sax_parse(output.begin(), output.end(), &sax))
        return {};
    const std::string where = sax.message.empty()
                                  ? "nested deeper than " + std::to_string(Discard::kMaxDepth)
                                  : "at " + line_and_column(output, sax.error_at);
    return fail(
        Diagnostic{Severity::Error,
                   tmpl.main.path.string(),
                   {},
                   "output-invalid",
                   "the template \"" + tmpl.manifest.name + "\" wrote text that is not JSON (" +
                       where + "), so it was not written",
                   "the template's own text must be JSON around its values; `mkcv render -t " +
                       tmpl.manifest.name + "` shows what it wrote"});
}

// HTML and Markdown: the output may hold only the markup its template's own text writes.
Result<> check_markup(const Template& tmpl, std::string_view output) {
    const TemplateMarkup allowed = allowed_markup(tmpl);
    const bool html = tmpl.manifest.format == TextFormat::Html;
    const std::optional<MarkupProblem> problem =
        html ? html_problem(output, allowed) : markdown_problem(output, allowed);
    if (!problem)
        return {};
    return fail(Diagnostic{
        Severity::Error,
        tmpl.main.path.string(),
        {},
        "output-invalid",
        "the template \"" + tmpl.manifest.name + "\" wrote " + problem->what + " (at " +
            std::to_string(problem->line) + ":" + std::to_string(problem->column) +
            " of its output), so it was not written",
        "a value reached the output as markup: the template must print values with `<<name>>`, "
        "never raw; `mkcv render -t " +
            tmpl.manifest.name + "` shows what it wrote"});
}

}  // namespace

Result<> check_rendered_output(const Template& tmpl, std::string_view output) {
    switch (tmpl.manifest.format) {
        case TextFormat::Json:
            return check_json(tmpl, output);
        case TextFormat::Html:
        case TextFormat::Markdown:
            return check_markup(tmpl, output);
        default:
            return {};
    }
}

}  // namespace mkcv
