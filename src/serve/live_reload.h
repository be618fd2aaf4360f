// What makes a served page reload itself: a script the server adds to each HTML page it
// sends (never to the files: the folder stays what it would publish), which listens on the
// server-sent-events stream and reloads after a rebuild, or shows a failed build's
// diagnostics over the page until the next good build. And the text of those events.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace mkcv {

// Where the script and the stream are served; nothing in a site's folder is named so
// (request paths never begin with "_mkcv/": the folder's names are looked up otherwise).
inline constexpr std::string_view kLiveReloadScriptPath = "/_mkcv/reload.js";
inline constexpr std::string_view kBuildEventsPath = "/_mkcv/events";

// The script itself (static: what varies comes from the page's tag and the stream).
std::string_view live_reload_script();

// `html` with the script's tag before its last `</body>` (or at its end when it has none).
// `generation` is the build the page comes from: a page loaded just before a rebuild, whose
// stream opens just after it, sees on connecting that it is out of date and reloads.
std::string with_live_reload(std::string html, std::uint64_t generation);

// One server-sent event: `event: NAME` and one `data:` line per line of `data` (a CR, LF or
// CRLF ends a line there as it would in the stream, so none can forge a field).
std::string sse_event(std::string_view name, std::string_view data);

// The events the script knows: "hello" (on connecting: the current generation), "reload"
// (a build succeeded: the new generation), "build-error" (the diagnostics' text, HTML-escaped,
// which the script shows in a <pre>).
std::string hello_event(std::uint64_t generation);
std::string reload_event(std::uint64_t generation);
std::string build_error_event(std::string_view diagnostics_text);

// Sent when nothing else was for a while, so that proxies and the browser keep the stream
// open and a client that went away is noticed by the write failing.
inline constexpr std::string_view kKeepAliveComment = ": keep-alive\n\n";

}  // namespace mkcv
