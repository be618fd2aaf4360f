// The live-reload script goes into served pages only at their end, and the events it reads
// keep every line of the diagnostics a data line, escaped for HTML.
#include <catch2/catch.hpp>

#include "serve/live_reload.h"

using namespace mkcv;

TEST_CASE("the script's tag goes before the last closing body tag", "[serve]") {
    CHECK(with_live_reload("<html><body><p>x</p></body></html>", 3) ==
          "<html><body><p>x</p><script src=\"/_mkcv/reload.js\" data-generation=\"3\"></script>"
          "</body></html>");
    // A "</body>" inside the text (escaped or in a comment) comes before the real one.
    CHECK(with_live_reload("<body><!-- </body> --></BODY>", 1) ==
          "<body><!-- </body> --><script src=\"/_mkcv/reload.js\" data-generation=\"1\"></script>"
          "</BODY>");
    CHECK(with_live_reload("<p>no body tag</p>", 0) ==
          "<p>no body tag</p><script src=\"/_mkcv/reload.js\" data-generation=\"0\"></script>");
}

TEST_CASE("server-sent events keep each line a data line", "[serve]") {
    CHECK(sse_event("reload", "2") == "event: reload\ndata: 2\n\n");
    CHECK(sse_event("x", "a\nb\r\nc\rd") == "event: x\ndata: a\ndata: b\ndata: c\ndata: d\n\n");
    // A line of the data cannot start a field of its own or end the event.
    CHECK(sse_event("x", "a\n\nevent: reload") ==
          "event: x\ndata: a\ndata: \ndata: event: reload\n\n");
    CHECK(hello_event(7) == "event: hello\ndata: 7\n\n");
    CHECK(reload_event(8) == "event: reload\ndata: 8\n\n");
}

TEST_CASE("a build error's text is HTML-escaped, line by line", "[serve]") {
    CHECK(
        build_error_event("cv.toml:3:9: error: <b>bad</b> & \"x\"\n    3 | name = '<script>'\n") ==
        "event: build-error\n"
        "data: cv.toml:3:9: error: &lt;b&gt;bad&lt;/b&gt; &amp; &quot;x&quot;\n"
        "data:     3 | name = &#39;&lt;script&gt;&#39;\n"
        "data: \n\n");
    CHECK(live_reload_script().find("new EventSource(\"/_mkcv/events\")") !=
          std::string_view::npos);
}
