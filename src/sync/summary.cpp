#include "sync/summary.h"

#include "util/diagnostics.h"

namespace mkcv::sync {
namespace {

// What a source wrote (a title, authors) as part of one line of the summary: line breaks
// and tabs as spaces, every other control character (C1 and bidi controls too) shown as an
// escape by visible(), so a title cannot end the line and forge the next one, move the
// cursor or reorder the terminal's line; at most 90 bytes, cut at a character boundary.
std::string short_title(const std::string& title) {
    std::string spaced = title;
    for (char& c : spaced)
        if (c == '\n' || c == '\r' || c == '\t')  // a title wrapped by its source
            c = ' ';
    std::string out = visible(spaced);
    if (out.size() > 90) {
        out.resize(90);
        while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80)
            out.pop_back();
        if (!out.empty())
            out.pop_back();
        out += "…";
    }
    return out;
}

std::string sources_of(const ListedWork& w) {
    std::string out;
    for (const auto& s : w.sources)
        out += (out.empty() ? "" : ", ") + visible(s);
    return out;
}

void section(std::string& out, const std::string& heading, const std::vector<ListedWork>& works,
             bool with_fields, bool with_authors) {
    if (works.empty())
        return;
    out += heading + " (" + std::to_string(works.size()) + "):\n";
    for (const ListedWork& w : works) {
        out += "  ";
        if (!w.key.empty())
            out += visible(w.key) + "  ";
        out += "\"" + short_title(w.title) + "\" (" + std::to_string(w.year) + ")";
        if (with_authors && !w.authors.empty())
            out += " by " + short_title(w.authors);
        out += "  [" + sources_of(w) + "]";
        if (with_fields && !w.fields.empty()) {
            out += ": ";
            for (std::size_t i = 0; i < w.fields.size(); ++i)
                out += (i ? ", " : "") + visible(w.fields[i]);
        }
        if (!with_fields && !w.why.empty() && w.why != "ignored")
            out += ": " + visible(w.why);
        out += "\n";
    }
}

}  // namespace

std::string format_summary(const std::vector<SourceLine>& sources, const MergeOutcome& o) {
    std::string out;
    for (const SourceLine& s : sources)
        out +=
            "  " + visible(s.name) + ": " + (s.failed ? "FAILED: " : "") + visible(s.what) + "\n";
    // First, and in capitals: a retracted paper must not go unnoticed in a CV.
    section(out, "RETRACTED, still in the CV: check it", o.retracted, false, false);
    section(out, "added", o.added, false, false);
    section(out, "updated", o.updated, true, false);
    if (o.unchanged)
        out += "unchanged: " + std::to_string(o.unchanged) + "\n";
    if (o.kept)
        out += "kept (no source listed them this time): " + std::to_string(o.kept) + "\n";
    if (o.own)
        out += "already in your own entries: " + std::to_string(o.own) + "\n";
    section(out, "  of them by title and first author", o.near_own, false, false);
    section(out, "  of them by [sync] same_as", o.same_as, false, false);
    section(out, "ignored", o.ignored, false, false);
    section(out, "left out, not by the owner", o.not_owner, false, true);
    section(out, "left out, incomplete", o.incomplete, false, true);
    section(out, "left out, not a paper ([sync] include takes one in)", o.not_papers, false, false);
    section(
        out,
        "left out, possibly the same paper ([sync] same_as makes one yours, include takes one in, "
        "ignore leaves it out)",
        o.possibly_same, false, false);
    if (o.added.empty() && o.updated.empty())
        out += "nothing new\n";
    return out;
}

}  // namespace mkcv::sync
