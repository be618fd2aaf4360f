// .bib text → entries and fields, through Debian's btparse (the only file that includes it).
// Quotes, braces, @comment and @preamble are the library's; @string macros and `#`
// concatenation are expanded here, not by btparse (whose expansion crashed on a macro
// defined from an undefined one and had no size limit), with month macros (jan … dec)
// predefined as BibTeX defines them. Values stay LaTeX (bib/latex_text.h turns them into text).
// A malformed entry is reported as a warning with its line and skipped; the entries around
// it still load. A file that is not UTF-8 is an error and gives no entries.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "util/diagnostics.h"

namespace mkcv {

// No value may expand to more than this (a title is a few hundred bytes, a long abstract a
// few thousand): a longer @string stays undefined, an entry with a longer field is left
// out, each with a warning.
inline constexpr std::size_t kMaxBibValueBytes = 64 * 1024;
// The text @string macros paste into values, all values of one bibliography together
// (every file, since reset_bibtex_macros): past this the rest of the file is not read and
// it is an error. 25 chained @string doublings would otherwise be gigabytes. Literal text
// does not count: the file's size bounds it. A real bibliography's macros (month and journal
// names) add a few hundred KB at 10,000 entries; 4 MiB is 64 fields at the value limit.
// (The whole 4 MiB, escaped and converted, takes about 5 s under ASan and the fuzzer's
// instrumentation; 16 MiB took 18 s of fuzz_bib's 30 s limit.)
inline constexpr std::size_t kMaxBibExpandedBytes = 4 * 1024 * 1024;

struct BibField {
    std::string name;   // lower case: "title", "booktitle" …
    std::string value;  // macros expanded, pieces pasted, white space collapsed
    int line = 0;
};

struct BibEntry {
    std::string type;  // lower case: "inproceedings" …
    std::string key;   // as written
    int line = 0;      // of the `@`
    std::vector<BibField> fields;

    const BibField* field(const std::string& name) const;
};

// Forgets the @string macros read so far and defines the month macros again. Macros of one
// file stay defined for the files read after it, as in BibTeX; call this before the first.
void reset_bibtex_macros();

// `file_name` is how diagnostics name the file.
std::vector<BibEntry> read_bibtex(const std::string& text, const std::string& file_name,
                                  Diagnostics& diagnostics);

// The text read as if it were the only file: with the month macros alone, and leaving the
// @string macros of the bibliography being read as they were (a writer reads back what it
// wrote while the build's bibliography is loaded).
std::vector<BibEntry> read_bibtex_alone(const std::string& text, const std::string& file_name,
                                        Diagnostics& diagnostics);

// One name of an author list, split by BibTeX's rules: "van der Berg, Jr., Jan" and
// "Jan van der Berg" both give first "Jan", von "van der", last "Berg" (jr "Jr." for the first).
struct BibName {
    std::string first, von, last, jr;
    bool others = false;  // the literal "others" (printed as "et al.")
};

// "A and B and others" → names; problems are reported against file:line.
std::vector<BibName> split_bibtex_names(const std::string& names, const std::string& file_name,
                                        int line, Diagnostics& diagnostics);

}  // namespace mkcv
