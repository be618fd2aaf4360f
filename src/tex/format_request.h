// Making a precompiled preamble (tex/format.h) where it costs the build nothing: after the
// PDF is in place, a detached mkcv (util/detached_process.h) makes it, and the build exits
// without waiting. The build writes what the format is to be made from to
// out/.mkcv/<base>.format-request and starts `mkcv make-preamble-format OUT BASE`, which
// reads it back (as untrusted input: it lies in the output folder) and makes the format.
// The request file is also the lock: a build writes it, and the maker works, only while
// holding an flock on it, so one maker at a time per output, and a build never waits for one
// (when a maker holds it, the build leaves the format to it or to a later build). The format
// itself is written under a temporary name and renamed (dump_format), and used only once its
// record says it is current.
#pragma once

#include <filesystem>
#include <string>

#include "tex/format.h"
#include "tex/tex_job.h"

namespace mkcv {

// The name of the hidden command that makes the format (cli/).
inline constexpr const char* kMakeFormatCommand = "make-preamble-format";

// Writes the request for `format` (made for `job`, in out_dir/.mkcv as `base`) and starts
// the maker. False, with `why` set, when nothing was started: a maker already runs for
// this output, or the request or the process could not be made.
bool request_format_in_background(const PreambleFormat& format, const TexJob& job,
                                  const std::filesystem::path& out_dir, const std::string& base,
                                  std::string& why);

// The maker's work: reads out_dir/.mkcv/<base>.format-request under its lock and makes the
// format it names, unless it is current or failed before. Returns what happened, for
// people (the maker's output goes nowhere; tests call it directly).
std::string make_requested_format(const std::filesystem::path& out_dir, const std::string& base);

// The request as written and as read back; separate so tests can feed it text.
std::string format_request_text(const PreambleFormat& format, const TexJob& job);
// The job (engine, time limit, environment) and preamble of a request; false when the text
// is not one mkcv writes (anything else in the engine or environment, a malformed line).
bool parse_format_request(const std::string& text, TexJob& job, std::string& preamble);

}  // namespace mkcv
