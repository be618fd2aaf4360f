// `mkcv sync`'s options, and the one place that decides how it reaches the network
// (make_fetch), so that the HTTP client (net/) plugs in here and nowhere else.
#pragma once

#include <string>
#include <vector>

#include "sync/fetch.h"

namespace mkcv {

struct SyncCommandOptions {
    std::vector<std::string> offline;    // --offline FILE...: no network
    std::vector<std::string> api_bases;  // --api-base NAME=URL
    bool dry_run = false;
    bool check = false;
    int timeout = 20;        // --timeout SECONDS, per request
    std::string user_agent;  // made by run_sync (mkcv's version, the owner's e-mail)
};

// The Fetch `mkcv sync` uses online.
sync::Fetch make_fetch(const SyncCommandOptions& options);

}  // namespace mkcv
