// The client against tests/tools/fault_server.py on 127.0.0.1: every fault ends in one
// sentence that names the URL, within its time limits, with nothing kept in the cache; a
// good answer, a retried one and a 304 from the cache come back whole.
#include <chrono>
#include <csignal>
#include <fstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "net/http_cache.h"
#include "net/http_client.h"
#include "util/file_io.h"

#include "test_support.h"

using namespace mkcv;
using namespace mkcv::net;
namespace fs = std::filesystem;
using mkcv::test::TempDir;
using std::chrono::milliseconds;

namespace {

// The fault server, started for one test and killed with it.
class FaultServer {
  public:
    FaultServer() {
        fs::create_directories(dir_.path / "root" / "pid" / "l");
        write("pid/l/x.xml", "<dblpperson name=\"X\"/>\n");
        int out[2];
        REQUIRE(::pipe(out) == 0);
        pid_ = ::fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            ::dup2(out[1], 1);
            ::close(out[0]);
            ::close(out[1]);
            const std::string script =
                std::string(MKCV_TEST_SOURCE_DIR) + "/tests/tools/fault_server.py";
            const std::string root = (dir_.path / "root").string();
            const std::string control = (dir_.path / "control").string();
            const std::string log = (dir_.path / "log").string();
            ::execlp("python3", "python3", script.c_str(), "--root", root.c_str(), "--control",
                     control.c_str(), "--log", log.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(out[1]);
        std::string line;
        char c;
        while (::read(out[0], &c, 1) == 1 && c != '\n')
            line += c;
        ::close(out[0]);
        REQUIRE_FALSE(line.empty());
        base_ = "http://127.0.0.1:" + line;
    }
    ~FaultServer() {
        ::kill(pid_, SIGTERM);
        ::waitpid(pid_, nullptr, 0);
    }
    FaultServer(const FaultServer&) = delete;
    FaultServer& operator=(const FaultServer&) = delete;

    void write(const std::string& path, const std::string& text) {
        std::ofstream(dir_.path / "root" / path, std::ios::binary) << text;
    }
    // Every request from now on plays `fault` ("status 500"); "" for none.
    void play(const std::string& fault) { std::ofstream(dir_.path / "control") << fault << "\n"; }
    std::string url(const std::string& path) const { return base_ + path; }
    std::string log() const {
        std::string text;
        (void)read_file(dir_.path / "log", text);
        return text;
    }
    fs::path cache() const { return dir_.path / "cache"; }

  private:
    TempDir dir_{"mkcv-fault-server"};
    pid_t pid_ = -1;
    std::string base_;
};

HttpOptions quick(const FaultServer& server) {
    HttpOptions options;
    options.timeout = milliseconds(3000);
    options.first_retry_delay = milliseconds(10);
    options.max_body_bytes = 1024 * 1024;
    options.cache_folder = server.cache();
    return options;
}

// The message of a fetch that must fail, and how long it took.
struct Failed {
    std::string message;
    milliseconds took;
};
Failed must_fail(const std::string& url, const HttpOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const Result<HttpResponse> result = http_get({url, {}}, options);
    const auto took =
        std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - start);
    REQUIRE_FALSE(result);
    CHECK(result.error().code == "network");
    CHECK(result.error().file == url);
    CHECK(result.error().message.rfind(url, 0) != 0);  // the file names it, not again
    return {result.error().message, took};
}

bool cache_is_empty(const FaultServer& server) {
    std::error_code ec;
    return !fs::exists(server.cache() / "http", ec) || fs::is_empty(server.cache() / "http", ec);
}

}  // namespace

TEST_CASE("a file is fetched from the fault server", "[http_client]") {
    FaultServer server;
    HttpOptions options = quick(server);
    options.contact_email = "ada@example.org";
    const auto response =
        http_get({server.url("/pid/l/x.xml"), {"Accept: application/xml"}}, options);
    REQUIRE(response);
    CHECK(response->status == 200);
    CHECK(response->body == "<dblpperson name=\"X\"/>\n");
    CHECK(response->final_url == server.url("/pid/l/x.xml"));
    CHECK_FALSE(response->from_cache);
    const std::string log = server.log();
    CHECK(log.find("mailto:ada@example.org") != std::string::npos);
    CHECK(log.find("\"accept\": \"application/xml\"") != std::string::npos);
}

TEST_CASE("a second fetch asks if it changed and takes 304 from the cache", "[http_client]") {
    FaultServer server;
    const HttpOptions options = quick(server);
    const auto first = http_get({server.url("/pid/l/x.xml"), {}}, options);
    REQUIRE(first);
    // Not kept until the caller says the answer parsed: the next fetch is not conditional.
    REQUIRE(first->keep_in_cache);
    REQUIRE(http_get({server.url("/pid/l/x.xml"), {}}, options));
    CHECK(server.log().find("\"status\": 304") == std::string::npos);
    first->keep_in_cache();
    const auto again = http_get({server.url("/pid/l/x.xml"), {}}, options);
    REQUIRE(again);
    CHECK(again->from_cache);
    CHECK(again->body == "<dblpperson name=\"X\"/>\n");
    CHECK(server.log().find("\"status\": 304") != std::string::npos);
    // Changed on the server: the new body, not the cache's.
    server.write("pid/l/x.xml", "<dblpperson name=\"Y\"/>\n");
    const auto changed = http_get({server.url("/pid/l/x.xml"), {}}, options);
    REQUIRE(changed);
    CHECK_FALSE(changed->from_cache);
    CHECK(changed->body == "<dblpperson name=\"Y\"/>\n");
}

TEST_CASE("a corrupt cache entry is ignored by a fetch", "[http_client]") {
    FaultServer server;
    const HttpOptions options = quick(server);
    const auto first = http_get({server.url("/pid/l/x.xml"), {}}, options);
    REQUIRE(first);
    REQUIRE(first->keep_in_cache);
    first->keep_in_cache();
    const HttpCache cache(server.cache(), options.max_body_bytes);
    const fs::path entry = cache.entry_path(server.url("/pid/l/x.xml"));
    REQUIRE(fs::exists(entry));
    std::string text;
    REQUIRE(read_file(entry, text));
    text.replace(text.find("\n\n") + 2, 3, "BAD");  // same length, other body: still readable
    text.replace(text.find("body: "), 6, "bodx: ");
    REQUIRE(write_file_atomically(entry, text));
    const auto response = http_get({server.url("/pid/l/x.xml"), {}}, options);
    REQUIRE(response);
    CHECK_FALSE(response->from_cache);
    CHECK(response->body == "<dblpperson name=\"X\"/>\n");
}

TEST_CASE("a 500 is retried and reported with its count", "[http_client]") {
    FaultServer server;
    server.play("status 500");
    const Failed failed = must_fail(server.url("/pid/l/x.xml"), quick(server));
    CHECK(failed.message == "the server answered 500 Internal Server Error three times");
    CHECK(cache_is_empty(server));
}

TEST_CASE("a 503 that passes is retried into an answer", "[http_client]") {
    FaultServer server;
    server.play("status 503 2");
    const auto response = http_get({server.url("/pid/l/x.xml"), {}}, quick(server));
    REQUIRE(response);
    CHECK(response->body == "<dblpperson name=\"X\"/>\n");
}

TEST_CASE("a 404 is given back once, not retried", "[http_client]") {
    FaultServer server;
    const auto response = http_get({server.url("/pid/none.xml"), {}}, quick(server));
    REQUIRE(response);
    CHECK(response->status == 404);
    // One answer of 404 in the log: "404" alone also matched a port or a time in it.
    const std::string log = server.log();
    REQUIRE(log.find("\"status\": 404") != std::string::npos);
    CHECK(log.find("\"status\": 404") == log.rfind("\"status\": 404"));
    CHECK(cache_is_empty(server));
}

TEST_CASE("429 with Retry-After waits as asked, within a cap", "[http_client]") {
    FaultServer server;
    server.play("retry-after 1 1");
    const auto start = std::chrono::steady_clock::now();
    const auto response = http_get({server.url("/pid/l/x.xml"), {}}, quick(server));
    REQUIRE(response);
    CHECK(std::chrono::steady_clock::now() - start >= milliseconds(900));

    server.play("retry-after 3600");
    const Failed failed = must_fail(server.url("/pid/l/x.xml"), quick(server));
    CHECK(failed.message.find("429 Too Many Requests and asks mkcv to wait 3600 s, more than the "
                              "60 s it waits") != std::string::npos);
    // Not waited for: a bound a loaded machine cannot reach, far below the hour asked.
    CHECK(failed.took < milliseconds(30000));

    server.play("unavailable Fri,_31_Dec_2100_23:59:59_GMT");
    CHECK(must_fail(server.url("/pid/l/x.xml"), quick(server)).message.find("503") !=
          std::string::npos);
}

TEST_CASE("a slow server ends at the timeout", "[http_client]") {
    FaultServer server;
    server.play("slow 30");
    HttpOptions options = quick(server);
    options.timeout = milliseconds(500);
    const Failed failed = must_fail(server.url("/pid/l/x.xml"), options);
    CHECK(failed.message == "the server did not answer within 0.5 s (--timeout) three times");
    // Three attempts of 0.5 s, not of the server's 30 s (a bound no load reaches).
    CHECK(failed.took < milliseconds(20000));
}

TEST_CASE("a truncated body is an error, not an answer", "[http_client]") {
    FaultServer server;
    server.play("truncate");
    const Failed failed = must_fail(server.url("/pid/l/x.xml"), quick(server));
    CHECK(failed.message.find("cut short") != std::string::npos);
    CHECK(cache_is_empty(server));
}

TEST_CASE("a body over the cap is refused however it comes", "[http_client]") {
    FaultServer server;
    for (const char* fault : {"huge-length", "huge-chunked", "gzip-bomb"}) {
        INFO(fault);
        server.play(fault);
        const Failed failed = must_fail(server.url("/pid/l/x.xml"), quick(server));
        // The cap's own message: reading on to the end (10 GB, 1 GiB, 256 MiB unzipped) would
        // end in the 3 s time limit's instead. (A time bound here failed on a loaded machine:
        // the fault server's Python is slow to send the bomb.)
        CHECK(failed.message.find("larger than 1 MiB, the most mkcv reads") != std::string::npos);
    }
    CHECK(cache_is_empty(server));
}

TEST_CASE("redirects to another scheme are never followed", "[http_client]") {
    FaultServer server;
    for (const char* target : {"file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/x",
                               "http://example.org/pid/l/x.xml", "dict://127.0.0.1/x"}) {
        INFO(target);
        server.play(std::string("redirect ") + target);
        const Failed failed = must_fail(server.url("/pid/l/x.xml"), quick(server));
        CHECK(failed.message.find("the server redirects to") != std::string::npos);
        CHECK(failed.message.find("root:") == std::string::npos);
    }
}

TEST_CASE("redirect loops and long chains end", "[http_client]") {
    FaultServer server;
    server.play("redirect-loop");
    CHECK(must_fail(server.url("/pid/l/x.xml"), quick(server)).message.find("loop") !=
          std::string::npos);
    server.play("redirect-chain 9");
    CHECK(must_fail(server.url("/pid/l/x.xml"), quick(server)).message.find("more than 5") !=
          std::string::npos);
    server.play("redirect-chain 3");
    const auto response = http_get({server.url("/pid/l/x.xml"), {}}, quick(server));
    REQUIRE(response);
    CHECK(response->final_url == server.url("/pid/l/x.xml?hop=3"));
}

TEST_CASE("a server that does not speak HTTP is an error", "[http_client]") {
    FaultServer server;
    server.play("garbage");
    CHECK(must_fail(server.url("/pid/l/x.xml"), quick(server)).message.find("not HTTP") !=
          std::string::npos);
    server.play("close");
    CHECK(must_fail(server.url("/pid/l/x.xml"), quick(server)).message.find("without an answer") !=
          std::string::npos);
}

TEST_CASE("a URL or header mkcv will not send fails before any request", "[http_client]") {
    HttpOptions options;
    const auto plain = http_get({"http://dblp.org/pid/x.xml", {}}, options);
    REQUIRE_FALSE(plain);
    CHECK(plain.error().message.find("HTTPS only") != std::string::npos);
    const auto injected =
        http_get({"https://dblp.org/pid/x.xml", {"Accept: a\r\nX-Evil: 1"}}, options);
    REQUIRE_FALSE(injected);
    CHECK(injected.error().message.find("line break") != std::string::npos);
}

TEST_CASE("retries back off exponentially, with up to half again of jitter", "[http_client]") {
    using std::chrono::milliseconds;
    CHECK(retry_delay(milliseconds(1000), 1, 0.0) == milliseconds(1000));
    CHECK(retry_delay(milliseconds(1000), 2, 0.0) == milliseconds(2000));
    CHECK(retry_delay(milliseconds(1000), 3, 0.0) == milliseconds(4000));
    CHECK(retry_delay(milliseconds(1000), 1, 0.5) == milliseconds(1250));
    CHECK(retry_delay(milliseconds(1000), 2, 0.999) < milliseconds(3000));
    CHECK(retry_delay(milliseconds(1000), 2, 0.999) > milliseconds(2900));
}
