// libcurl, opened on first use: every function mkcv calls is found, a missing library or one
// without a function says so in a sentence, and nothing is loaded before a fetch asks.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>

#include <string>

#include "net/curl_library.h"

using namespace mkcv::net;

TEST_CASE("libcurl is opened with every function mkcv calls", "[curl_library]") {
    std::string why;
    const CurlLibrary* library = load_curl(&why);
    REQUIRE(library != nullptr);
    CHECK(why.empty());
    CHECK(library->easy_init != nullptr);
    CHECK(library->getdate != nullptr);
    // The same library every time.
    CHECK(load_curl() == library);
    CHECK(&curl() == library);
    // It works: a date, through the loaded library.
    CHECK(curl().getdate("Wed, 21 Oct 2015 07:28:00 GMT", nullptr) == 1445412480);
}

TEST_CASE("a missing libcurl is named, not a crash", "[curl_library]") {
    std::string why;
    CHECK_FALSE(open_curl_library("libmkcv-no-such-curl.so.4", &why));
    CHECK(why.find("libmkcv-no-such-curl.so.4 could not be opened") != std::string::npos);
}

TEST_CASE("a library without libcurl's functions is refused", "[curl_library]") {
    // The C library is there on every machine and has none of them.
    std::string why;
    CHECK_FALSE(open_curl_library("libc.so.6", &why));
    CHECK(why == "libc.so.6 has no curl_global_init (a libcurl older than 7.62?)");
}

TEST_CASE("mkcv is not linked with libcurl", "[curl_library]") {
    // The test binary links mkcv_core as mkcv does: libcurl is there only once opened. This
    // is the test that fails if CMakeLists.txt links it again (and every run pays ~20 ms).
    // (load_curl may have run in an earlier case of this process, so the check is on the
    // binary's own list of needed libraries.)
    const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    std::string needed;
    {
        const std::string command = "objdump -p '" + self + "' 2>/dev/null";
        FILE* pipe = ::popen(command.c_str(), "r");
        REQUIRE(pipe != nullptr);
        char buffer[4096];
        while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
            needed.append(buffer, n);
        ::pclose(pipe);
    }
    REQUIRE(needed.find("NEEDED") != std::string::npos);
    CHECK(needed.find("libcurl") == std::string::npos);
}
