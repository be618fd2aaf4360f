#include "tex/failure.h"

#include <sstream>

#include "tex/values_on_line.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {

std::string explain_latex_error(const LatexError& error, const fs::path& tex_path,
                                const std::string& tex) {
    std::ostringstream out;
    out << tex_path.string();
    if (error.line > 0)
        out << ':' << error.line;
    out << ": error: " << error.message << '\n';
    if (error.line > 0) {
        const std::string line = line_of(tex, error.line);
        if (!line.empty())
            out << "  " << line << '\n';
    }
    if (!error.context.empty())
        out << "  TeX stopped after: " << error.context << '\n';
    return out.str();
}

Diagnostics values_behind(const LatexError& error, const RenderedTemplate& rendered) {
    Diagnostics notes;
    if (error.line <= 0)
        return notes;
    const auto origins =
        value_origins(rendered.input.filtered.cv, rendered.input.filtered.award_papers);
    for (const auto& value :
         values_on_line(origins, line_of(rendered.tex, error.line), error.context))
        notes.note(value.file, value.pos, "tex-value", "this line prints the value written here");
    return notes;
}

std::string print_notes(const Diagnostics& notes) {
    SourceTexts sources;
    for (const auto& note : notes.items())
        if (!sources.count(note.file) && !read_file(note.file, sources[note.file]))
            sources.erase(note.file);  // shown without its line
    std::ostringstream out;
    PrintOptions options;
    options.summary = false;
    print_diagnostics(out, notes, sources, options);
    return out.str();
}

Diagnostic failure_diagnostic(const TexResult& result, const fs::path& tex_path) {
    Diagnostic d;
    d.file = tex_path.string();
    switch (result.status) {
        case TexResult::Status::TimedOut:
            d.code = "tex-timeout";
            break;
        case TexResult::Status::NotInstalled:
        case TexResult::Status::CouldNotStart:
            d.code = "tex-tool";
            break;
        default:
            d.code = "tex";
    }
    if (result.status == TexResult::Status::Failed && result.first_error) {
        d.pos.line = result.first_error->line;
        d.message = result.first_error->message;
        if (!result.explanation.empty())
            d.message += " (" + result.explanation + ")";
    } else if (result.status == TexResult::Status::Failed) {
        d.message = "TeX failed";
        if (!result.explanation.empty())
            d.message += ": " + result.explanation;
    } else {
        d.message = result.explanation;
    }
    if (result.status == TexResult::Status::Failed)
        d.hint = "the full log is " + result.log.string();
    return d;
}

}  // namespace mkcv
