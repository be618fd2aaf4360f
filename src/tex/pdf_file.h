// Whether a PDF that TeX (xdvipdfmx) made is whole, before it may replace the one people
// have. On a full disk xdvipdfmx can say "43928 bytes written" and leave an empty or
// 4096-byte file: its last buffer never reached the disk. Only the file's two ends are read,
// so the check costs the same for any size.
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

// "" when `pdf` looks whole: it starts with "%PDF-1." (or 2.), ends (within its last
// kPdfTailBytes) with "%%EOF" after "startxref" and an offset, and that offset points
// inside the file at a cross-reference table with its trailer or at a cross-reference
// stream's object. Else why not, as a phrase: "is empty", "was cut short (no %%EOF at its
// end)".
std::string why_pdf_is_not_whole(std::string_view pdf);

// How far from the end "%%EOF" and "startxref" are looked for (PDF 1.7 §7.5.5 asks readers
// to look within the last 1024 bytes).
inline constexpr std::size_t kPdfTailBytes = 1024;

}  // namespace mkcv
