#include "util/digest.h"

#include <cstdint>

#include <xxhash.h>

namespace mkcv {

std::string digest_of(std::string_view bytes) {
    const XXH128_hash_t hash = XXH3_128bits(bytes.data(), bytes.size());
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out(32, '0');
    for (int k = 0; k < 16; ++k) {
        out[15 - k] = kHex[(hash.high64 >> (4 * k)) & 0xf];
        out[31 - k] = kHex[(hash.low64 >> (4 * k)) & 0xf];
    }
    return out;
}

}  // namespace mkcv
