// libFuzzer target: arbitrary bytes as a .bib file through btparse (read_bibtex), the LaTeX
// to text converter and the entry → publication step, as the bibliography merge runs them.
// A .bib is often someone else's export, so a crash, hang or sanitizer report here is a
// hole; bad input must only ever produce diagnostics.
#include <cstddef>
#include <cstdint>
#include <string>

#include "bib/bibliography.h"
#include "bib/latex_text.h"
#include "bib/reader.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    const std::string text(reinterpret_cast<const char*>(data), size);

    // Macros of one input must not leak into the next: each run starts as a fresh mkcv.
    reset_bibtex_macros();
    Diagnostics diagnostics;
    const auto entries = read_bibtex(text, "x.bib", diagnostics);
    for (const auto& entry : entries) {
        for (const auto& field : entry.fields) {
            const LatexText converted = latex_to_text(field.value);
            latex_of_text(converted.text, converted.runs);
            render_text(converted.text, converted.runs, TextFormat::Html);
            render_text(converted.text, converted.runs, TextFormat::Markdown);
        }
        publication_from_bibtex(entry, "x.bib", diagnostics);
    }
    // The converter on the raw bytes too: nesting btparse refuses still reaches it this way.
    const LatexText whole = latex_to_text(text);
    latex_of_text(whole.text, whole.runs);
    fuzz::print_all_formats(diagnostics, {{"x.bib", text}});
    return 0;
}
