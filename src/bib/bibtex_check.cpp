#include "bib/bibtex_check.h"

#include "util/ascii.h"

namespace mkcv {
namespace {

Failure mismatch(const std::string& file_name, int line, const std::string& what) {
    return fail({Severity::Error,
                 file_name,
                 {line, 0},
                 "bibtex-write",
                 "the BibTeX mkcv wrote would not read back as written (" + what +
                     "), so it was not written",
                 "a value holds something mkcv's BibTeX escaping does not cover; please report "
                 "it with the entry (the file that was there is unchanged)"});
}

}  // namespace

Result<> check_bibtex_read_back(const std::string& text, const std::vector<BibEntry>& meant,
                                const std::string& file_name) {
    Diagnostics diagnostics;
    const std::vector<BibEntry> read = read_bibtex_alone(text, file_name, diagnostics);
    for (const Diagnostic& d : diagnostics.items())
        if (d.severity == Severity::Error || d.severity == Severity::Warning)
            return mismatch(file_name, d.pos.line, "the reader said: " + d.message);
    if (read.size() != meant.size())
        return mismatch(file_name, 0,
                        std::to_string(meant.size()) + " entries written, " +
                            std::to_string(read.size()) + " read back");
    for (std::size_t i = 0; i < read.size(); ++i) {
        const BibEntry& got = read[i];
        const BibEntry& want = meant[i];
        const std::string where = "entry " + want.key;
        if (got.type != want.type || got.key != want.key)
            return mismatch(file_name, got.line,
                            where + " read back as @" + got.type + "{" + got.key);
        if (got.fields.size() != want.fields.size())
            return mismatch(file_name, got.line, where + " has another number of fields");
        for (std::size_t f = 0; f < got.fields.size(); ++f) {
            if (got.fields[f].name != want.fields[f].name)
                return mismatch(file_name, got.fields[f].line,
                                where + ", field " + want.fields[f].name + " read back as " +
                                    got.fields[f].name);
            if (got.fields[f].value != collapse_ascii_spaces(want.fields[f].value))
                return mismatch(file_name, got.fields[f].line,
                                where + ", field " + want.fields[f].name);
        }
    }
    return {};
}

}  // namespace mkcv
