// A PDF is whole before it replaces the old one: a full disk under xdvipdfmx leaves an empty
// or cut-short file while TeX reports success.
#include <string>

#include <catch2/catch.hpp>

#include "tex/pdf_file.h"

using namespace mkcv;

namespace {

// A small PDF of the shape xdvipdfmx writes: objects, a cross-reference stream or table,
// startxref and %%EOF.
std::string pdf_with_xref_stream() {
    std::string pdf =
        "%PDF-1.5\n%\xe4\xf0\xed\xf8\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n";
    pdf += "2 0 obj\n<</Type/Pages/Kids[]/Count 0>>\nendobj\n";
    pdf += std::string(5000, ' ') + "\n";  // a body larger than the tail that is read
    const std::size_t xref = pdf.size();
    pdf +=
        "3 0 obj\n<</Type /XRef/Size 4/Root 1 0 R/W[1 2 1]/Length "
        "0>>\nstream\n\nendstream\nendobj\n";
    pdf += "startxref\n" + std::to_string(xref) + "\n%%EOF\n";
    return pdf;
}

std::string pdf_with_xref_table() {
    std::string pdf = "%PDF-1.4\n1 0 obj\n<</Type/Catalog>>\nendobj\n";
    const std::size_t xref = pdf.size();
    pdf += "xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<</Size 2/Root 1 0 R>>\n";
    pdf += "startxref\n" + std::to_string(xref) + "\n%%EOF";
    return pdf;
}

}  // namespace

TEST_CASE("a whole PDF passes, with a cross-reference stream or table", "[pdf_file]") {
    CHECK(why_pdf_is_not_whole(pdf_with_xref_stream()) == "");
    CHECK(why_pdf_is_not_whole(pdf_with_xref_table()) == "");
}

TEST_CASE("an empty PDF, or one cut at any length, is not whole", "[pdf_file]") {
    CHECK(why_pdf_is_not_whole("") == "is empty");
    const std::string pdf = pdf_with_xref_stream();
    // 4096 bytes: what xdvipdfmx leaves when only its first buffer reached a full disk.
    for (std::size_t length : {std::size_t(1), std::size_t(8), std::size_t(4096), pdf.size() / 2,
                               pdf.size() - 7, pdf.size() - 1 - 6})
        CHECK(why_pdf_is_not_whole(pdf.substr(0, length)) != "");
    CHECK(why_pdf_is_not_whole(pdf.substr(0, 4096)) == "was cut short (no %%EOF at its end)");
    // A file of zeros where the PDF was (a disk that allocated but never wrote).
    CHECK(why_pdf_is_not_whole(std::string(4096, '\0')) == "does not begin with %PDF-");
}

TEST_CASE("a PDF whose startxref points nowhere is not whole", "[pdf_file]") {
    std::string pdf = pdf_with_xref_table();
    const std::size_t at = pdf.find("startxref\n") + 10;
    CHECK(why_pdf_is_not_whole(pdf.substr(0, at) + "99999999\n%%EOF") != "");
    CHECK(why_pdf_is_not_whole(pdf.substr(0, at) + "3\n%%EOF") != "");
    CHECK(why_pdf_is_not_whole(pdf.substr(0, at) + "\n%%EOF") == "has no offset after startxref");
    // The trailer lost from the middle (a hole the disk left).
    std::string no_trailer = pdf;
    no_trailer.replace(no_trailer.find("trailer"), 7, "       ");
    CHECK(why_pdf_is_not_whole(no_trailer) != "");
}

TEST_CASE("a document that is not a PDF is not one", "[pdf_file]") {
    CHECK(why_pdf_is_not_whole("<html></html>\n%%EOF") == "does not begin with %PDF-");
}
