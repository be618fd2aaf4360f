// Whether a XeLaTeX pass that mkcv ran itself, without latexmk, is the last one. latexmk
// runs TeX again when a file the pass read was changed by that pass (its .aux, a .toc, a
// .bbl made by BibTeX); mkcv judges only the .aux, by latexmk's own rules (latexmk_rerun.h),
// and leaves every other case to latexmk: an allow-list of the files a pass may read and
// write, taken from TeX's -recorder list and the log's "No file" lines.
#pragma once

#include <set>
#include <string>

namespace mkcv {

// The files of the build folder a pass read and wrote, from its .fls (-recorder); names
// relative to that folder ("cv-long.aux"). Files elsewhere (TeX Live's, a format beside the
// folder) are left out: no pass changes them.
struct PassFiles {
    std::set<std::string> read, written;
};
PassFiles pass_files_from_recorder(const std::string& fls);

// The files a pass looked for and did not find ("No file cv-long.toc." in its log): a later
// pass would read them once they are made.
std::set<std::string> files_not_found(const std::string& log);

enum class NextPass {
    None,     // the pass's output is final
    Again,    // the .aux changed in a way that counts: one more pass
    Latexmk,  // the pass depends on something mkcv does not judge: let latexmk go on
};

// What follows a successful pass of `base`.tex, from its recorder list, its log and its .aux
// before and after it.
NextPass next_pass(const std::string& base, const PassFiles& files, const std::string& log,
                   const std::string& aux_before, const std::string& aux_after,
                   bool page_total_matters);

}  // namespace mkcv
