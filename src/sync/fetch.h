// The seam between `mkcv sync` and the network: sync builds each request (the public API's
// own path below a base that `--api-base NAME=URL` may replace) and parses what comes back;
// a Fetch gets it. The command line passes net/'s HTTP client (cli/sync_command.cpp,
// make_fetch); tests pass a function that serves recorded bodies.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "util/result.h"

namespace mkcv::sync {

struct FetchRequest {
    std::string url;
    std::vector<std::string> headers;  // "Name: value"
};

struct FetchResponse {
    long status = 0;
    std::string body;
    std::string final_url;
    // Keeps the answer for a conditional request next time; sync calls it once the answer
    // has parsed, never for one it refused (empty: nothing to keep, or a dry run).
    std::function<void()> keep;
};

using Fetch = std::function<Result<FetchResponse>(const FetchRequest&)>;

}  // namespace mkcv::sync
