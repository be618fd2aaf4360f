#include "serve/live_reload.h"

#include "text/escape.h"
#include "util/ascii.h"

namespace mkcv {

std::string_view live_reload_script() {
    // The diagnostics arrive HTML-escaped (build_error_event), so innerHTML shows them as text.
    return R"JS(// mkcv serve: reloads the page after each rebuild; shows a failed build's errors over it.
(function () {
  "use strict";
  var tag = document.currentScript;
  var generation = tag ? tag.getAttribute("data-generation") : "";
  var title = document.title;
  var overlay = null;
  function showError(html) {
    if (!overlay) {
      overlay = document.createElement("div");
      overlay.id = "mkcv-build-error";
      overlay.setAttribute("role", "alert");
      overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;" +
        "margin:0;padding:1.5em;background:rgba(24,24,24,.95);color:#f5f5f5;" +
        "font:14px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-align:left";
      (document.body || document.documentElement).appendChild(overlay);
    }
    overlay.innerHTML = "<p style=\"margin:0 0 1em;color:#ff9e80;font-weight:bold\">" +
      "mkcv: the build failed. This is the last good page; it reloads when the error is fixed.</p>" +
      "<pre style=\"margin:0;white-space:pre-wrap\">" + html + "</pre>";
    document.title = "Build error \u00b7 " + title;
  }
  function listen() {
    var events = new EventSource("/_mkcv/events");
    events.addEventListener("hello", function (e) {
      if (e.data !== generation) location.reload();
    });
    events.addEventListener("reload", function () { location.reload(); });
    events.addEventListener("build-error", function (e) { showError(e.data); });
    // The browser gives up on a refused stream (503: too many open); try again later.
    events.onerror = function () {
      if (events.readyState === EventSource.CLOSED) setTimeout(listen, 2000);
    };
  }
  listen();
})();
)JS";
}

std::string with_live_reload(std::string html, std::uint64_t generation) {
    const std::string tag = "<script src=\"" + std::string(kLiveReloadScriptPath) +
                            "\" data-generation=\"" + std::to_string(generation) + "\"></script>";
    const std::size_t body = ascii_lower(html).rfind("</body");
    html.insert(body == std::string::npos ? html.size() : body, tag);
    return html;
}

std::string sse_event(std::string_view name, std::string_view data) {
    std::string out = "event: " + std::string(name) + '\n';
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = data.find_first_of("\r\n", start);
        out += "data: ";
        out += data.substr(start, end == std::string_view::npos ? end : end - start);
        out += '\n';
        if (end == std::string_view::npos)
            break;
        start = end + (data.compare(end, 2, "\r\n") == 0 ? 2 : 1);
    }
    return out + '\n';
}

std::string hello_event(std::uint64_t generation) {
    return sse_event("hello", std::to_string(generation));
}

std::string reload_event(std::uint64_t generation) {
    return sse_event("reload", std::to_string(generation));
}

std::string build_error_event(std::string_view diagnostics_text) {
    // Line by line: escape_text makes a line break a space, and the lines (message, source
    // line, caret) must stay lines.
    std::string escaped;
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = diagnostics_text.find('\n', start);
        escaped += escape_text(
            diagnostics_text.substr(start, end == std::string_view::npos ? end : end - start),
            TextFormat::Html);
        if (end == std::string_view::npos)
            break;
        escaped += '\n';
        start = end + 1;
    }
    return sse_event("build-error", escaped);
}

}  // namespace mkcv
