// What `mkcv sync` prints: per source how many works it gave (or why it failed), then the
// entries added, updated (with the fields that changed), unchanged, ignored, already the
// user's own, and the works left out as not the owner's or incomplete.
#pragma once

#include <string>
#include <vector>

#include "sync/merge.h"

namespace mkcv::sync {

struct SourceLine {
    std::string name;  // "dblp", or an offline file's name
    std::string what;  // "42 works", "DBLP person XML, 42 works", or the failure
    bool failed = false;
};

std::string format_summary(const std::vector<SourceLine>& sources, const MergeOutcome& outcome);

}  // namespace mkcv::sync
