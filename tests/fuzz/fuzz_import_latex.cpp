// libFuzzer target: arbitrary bytes as a text of a schema of one's own that `mkcv import`
// reads as LaTeX (import/latex_markup.h), in a prose field and a plain one. A crash,
// sanitizer report or hang is a bug (the reader must stay linear: every group it opens
// closes); so is a text without LaTeX that changes, or an unknown macro named twice or
// not as a macro.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "import/latex_markup.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const bool prose : {true, false}) {
        const LatexReading reading = read_latex(text, prose);
        if (!looks_like_latex(text) && (reading.text != text || !reading.unknown.empty()))
            std::abort();
        std::set<std::string> names;
        for (const std::string& name : reading.unknown)
            if (name.size() < 2 || name[0] != '\\' || !names.insert(name).second)
                std::abort();
    }
    // The walk over an imported cv.toml: prose, plain, a list, and [extra] left alone.
    TomlValue doc = TomlValue::table();
    doc.at("person").set("summary", TomlValue::text(std::string(text)));
    doc.at("person").set("name", TomlValue::text(std::string(text)));
    doc.at("extra").set("raw", TomlValue::text(std::string(text)));
    Diagnostics diagnostics;
    read_latex_values(doc, diagnostics, "fuzz.yaml");
    if (doc.find("extra")->find("raw")->string != text)
        std::abort();
    return 0;
}
