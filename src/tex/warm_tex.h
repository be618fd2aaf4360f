// A XeLaTeX run started before it is needed (`mkcv watch`): it loads an output's
// precompiled preamble (tex/format.h) and then waits, blocked on its standard input, until
// the next build has its .tex; it then reads only the part below the format's marker, and
// xdvipdfmx makes the PDF as latexmk would. A rebuild then costs the fonts, the body and
// the PDF writing, not XeTeX's start and the format (docs/benchmarks.md, "A warm
// XeLaTeX run for mkcv watch").
//
// It runs in a folder of its own beside the build folder, in the same sandbox, with the same
// options and environment as a build's own XeLaTeX pass (tex_run.h). Anything unusual is a
// reason to let the build run TeX as usual instead: another preamble, a format no longer current, a
// run that failed or would need a second pass, files a normal pass would read or write that the
// warm one does not handle. Only then does the build folder receive its results.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "tex/format.h"
#include "tex/tex_job.h"
#include "util/process.h"

namespace mkcv {

// The TeX run that waits for its input, as WarmTex drives it (a BackgroundProcess).
class WaitingTex {
  public:
    virtual ~WaitingTex() = default;  // stops the run if it still runs
    virtual bool running() = 0;
    // Sends `input`, closes the input and waits for the run to end within `timeout`.
    virtual ProcessOutcome finish(const std::string& input, std::chrono::milliseconds timeout) = 0;
};

// The two programs of a warm run: the real ones, or stand-ins that write what XeLaTeX and
// xdvipdfmx would, so unit tests reach every reason to fall back without TeX
// (tests/unit/tex/warm_tex_test.cpp).
struct WarmTexPrograms {
    // Starts `spec` (its program a name: "xelatex") waiting on its input; null when it
    // cannot (not installed, could not start).
    std::function<std::unique_ptr<WaitingTex>(ProcessSpec spec)> start_tex;
    // Runs xdvipdfmx with `args` in `dir`, its output to `output`; its exit status.
    std::function<int(const std::vector<std::string>& args, const std::filesystem::path& dir,
                      const TexJob& job, const std::filesystem::path& output)>
        xdvipdfmx;
};

// The programs themselves, found on the PATH.
WarmTexPrograms real_warm_tex_programs();

class WarmTex {
  public:
    // Starts XeLaTeX from `format` (current) for `job`'s output, running ahead the lines of
    // `tex` (the last build's) between the marker and \begin{document}, with the build
    // folder's .aux and `inputs` as they are now; null when it cannot.
    static std::unique_ptr<WarmTex> start(const PreambleFormat& format, const TexJob& job,
                                          const std::string& tex,
                                          const std::vector<std::filesystem::path>& inputs,
                                          const WarmTexPrograms& programs);
    ~WarmTex();  // stops the process and removes its folder
    WarmTex(const WarmTex&) = delete;
    WarmTex& operator=(const WarmTex&) = delete;

    const std::string& key() const { return key_; }
    const std::string& ahead() const { return ahead_; }
    bool running();

    // Typesets `tex` (whose preamble is the format's: the caller checks the key) with
    // `inputs` (files in the build folder TeX may read besides the .tex and .aux, such as the
    // photo) and leaves in job.work_dir what latexmk would: the .log, .aux, .xdv and .pdf, and
    // the programs' output as tex.out. Empty, with `why_not` said, when the build must run
    // TeX as usual instead (the lines run ahead or the files differ from `tex`'s, ...); the build
    // folder is then as it was.
    std::optional<TexResult> typeset(const std::string& tex, const TexJob& job,
                                     const std::vector<std::filesystem::path>& inputs,
                                     std::string& why_not);

  private:
    WarmTex() = default;
    std::string key_;
    std::string ahead_;                            // the lines run ahead
    std::map<std::string, std::string> readable_;  // the .aux and inputs it found, by name
    std::string base_;
    std::filesystem::path folder_;
    WarmTexPrograms programs_;
    std::unique_ptr<WaitingTex> process_;
};

// The warm runs of one `mkcv watch`, one per output (its base name, cv-long), ready for the
// next build. Safe to use from the threads that compile templates side by side.
class WarmTexPool {
  public:
    explicit WarmTexPool(WarmTexPrograms programs = real_warm_tex_programs())
        : programs_(std::move(programs)) {}

    // The output's warm run if it was started from this format (and still waits), else
    // null; either way the pool no longer holds one for `base`.
    std::unique_ptr<WarmTex> take(const std::string& base, const PreambleFormat& format);
    // Starts the next one for `base` when the format is current (and none waits for it with
    // the same lines run ahead); the arguments as for WarmTex::start.
    void prepare(const std::string& base, const PreambleFormat& format, const TexJob& job,
                 const std::string& tex, const std::vector<std::filesystem::path>& inputs);

  private:
    WarmTexPrograms programs_;
    std::mutex mutex_;
    std::map<std::string, std::unique_ptr<WarmTex>> waiting_;
};

}  // namespace mkcv
