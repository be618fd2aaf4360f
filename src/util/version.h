#pragma once

namespace mkcv {

inline constexpr const char* kVersion = MKCV_VERSION;

}  // namespace mkcv
