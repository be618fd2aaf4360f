#include "tex/pdf_file.h"

#include <cctype>

namespace mkcv {
namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0';
}

std::size_t skip_blanks(std::string_view text, std::size_t i) {
    while (i < text.size() && is_blank(text[i]))
        ++i;
    return i;
}

// The digits at `i` as a number (at most 15 of them); npos when there are none.
std::size_t number_at(std::string_view text, std::size_t& i) {
    std::size_t value = 0, digits = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && digits < 15) {
        value = value * 10 + static_cast<std::size_t>(text[i] - '0');
        ++i;
        ++digits;
    }
    return digits == 0 ? std::string_view::npos : value;
}

// Whether the cross-reference section at `offset` is one: "xref" with a "trailer" and its
// dictionary before `end`, or "N G obj" whose dictionary says /Type /XRef (PDF 1.5's
// cross-reference stream), both read within a bounded window.
bool is_cross_reference(std::string_view pdf, std::size_t offset, std::size_t end) {
    constexpr std::size_t kWindow = 512;
    if (pdf.compare(offset, 4, "xref") == 0) {
        const std::size_t trailer = pdf.rfind("trailer", end);
        return trailer != std::string_view::npos && trailer > offset &&
               pdf.compare(skip_blanks(pdf, trailer + 7), 2, "<<") == 0;
    }
    std::size_t i = offset;
    if (number_at(pdf, i) == std::string_view::npos)
        return false;
    i = skip_blanks(pdf, i);
    if (number_at(pdf, i) == std::string_view::npos)
        return false;
    i = skip_blanks(pdf, i);
    if (pdf.compare(i, 3, "obj") != 0)
        return false;
    const std::string_view head = pdf.substr(i, kWindow);
    const std::size_t type = head.find("/Type");
    return head.find("<<") != std::string_view::npos && type != std::string_view::npos &&
           head.compare(skip_blanks(head, type + 5), 5, "/XRef") == 0;
}

}  // namespace

std::string why_pdf_is_not_whole(std::string_view pdf) {
    if (pdf.empty())
        return "is empty";
    if (pdf.size() < 8 || pdf.compare(0, 5, "%PDF-") != 0 || !(pdf[5] == '1' || pdf[5] == '2') ||
        pdf[6] != '.')
        return "does not begin with %PDF-";
    const std::size_t tail_begin = pdf.size() > kPdfTailBytes ? pdf.size() - kPdfTailBytes : 0;
    const std::string_view tail = pdf.substr(tail_begin);
    const std::size_t eof = tail.rfind("%%EOF");
    if (eof == std::string_view::npos)
        return "was cut short (no %%EOF at its end)";
    const std::size_t startxref = tail.rfind("startxref", eof);
    if (startxref == std::string_view::npos)
        return "was cut short (no startxref before its %%EOF)";
    std::size_t i = skip_blanks(tail, startxref + 9);
    const std::size_t offset = number_at(tail, i);
    if (offset == std::string_view::npos || skip_blanks(tail, i) != eof)
        return "has no offset after startxref";
    if (offset >= tail_begin + startxref ||
        !is_cross_reference(pdf, offset, tail_begin + startxref))
        return "has no cross-reference table where startxref points (offset " +
               std::to_string(offset) + ")";
    return "";
}

}  // namespace mkcv
