// The build state the event streams read: each build changes it once, a waiting stream
// wakes for it, and closing wakes every stream.
#include <thread>

#include <catch2/catch.hpp>

#include "serve/build_events.h"

using namespace mkcv;
using namespace std::chrono_literals;

TEST_CASE("builds change the state the streams see", "[serve]") {
    BuildEvents events;
    CHECK(events.current().generation == 0);
    CHECK_FALSE(events.wait_past(0, 1ms));  // nothing happened: time for a keep-alive
    events.build_failed("cv.toml:1:1: error: x");
    auto state = events.wait_past(0, 1ms);
    REQUIRE(state);
    CHECK(state->generation == 0);
    CHECK(state->error == "cv.toml:1:1: error: x");
    events.build_succeeded({"cv-homepage.html"});
    state = events.wait_past(state->version, 1ms);
    REQUIRE(state);
    CHECK(state->generation == 1);
    CHECK_FALSE(state->error);
    CHECK(state->outputs == std::vector<std::string>{"cv-homepage.html"});
}

TEST_CASE("a waiting stream wakes for a build and for closing", "[serve]") {
    BuildEvents events;
    std::thread builder([&] {
        std::this_thread::sleep_for(20ms);
        events.build_succeeded({});
    });
    const auto state = events.wait_past(0, 10s);
    builder.join();
    REQUIRE(state);
    CHECK(state->generation == 1);
    std::thread closer([&] {
        std::this_thread::sleep_for(20ms);
        events.close();
    });
    const auto closed = events.wait_past(state->version, 10s);
    closer.join();
    REQUIRE(closed);
    CHECK(closed->closed);
}

TEST_CASE("event streams are bounded, and none opens after closing", "[serve]") {
    BuildEvents events;
    for (int i = 0; i < kMaxEventStreams; ++i)
        CHECK(events.open_stream());
    CHECK_FALSE(events.open_stream());
    events.close_stream();
    CHECK(events.open_stream());
    events.close_stream();
    events.close();
    CHECK_FALSE(events.open_stream());
}
