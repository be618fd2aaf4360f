// Percent-encoding (RFC 3986, section 2.1): the one writer of "%XX" for every format's URLs.
// Each caller says which bytes may stand as themselves in its format; the rest are encoded.
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

// `byte` as "%XX", in upper-case hex, added to `out`.
void append_percent_escape(std::string& out, unsigned char byte);

// `text` with every byte that `keep` refuses percent-encoded, the rest as it is.
std::string percent_encode(std::string_view text, bool (*keep)(char));

}  // namespace mkcv
