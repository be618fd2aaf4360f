// A program started to outlive mkcv: work that costs the user nothing once it runs after the
// build has delivered (the precompiled preamble, tex/format_request.h). Unlike the children
// of util/process.h, it is not waited for and does not die with mkcv.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace mkcv {

// Starts `program` with `args` as a grandchild in a session of its own (no terminal's
// signals reach it; no zombie is left when it ends), standard input, output and error on
// /dev/null, none of mkcv's other file descriptors open (so it holds no lock of the build:
// util/output_lock.h), at a lower priority (nice 10) so that the user's next build comes
// first, with mkcv's environment. False, with `error` set, when it could not be started.
bool start_detached(const std::filesystem::path& program, const std::vector<std::string>& args,
                    std::string& error);

// The running mkcv's own executable (/proc/self/exe); empty when it cannot be told.
std::filesystem::path own_executable();

}  // namespace mkcv
