#include "util/parallel.h"

#include <chrono>
#include <mutex>
#include <thread>

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("for_each_index calls each index once") {
    std::vector<int> calls(50);
    for_each_index(calls.size(), 3, [&](std::size_t i) { ++calls[i]; });
    for (int c : calls)
        CHECK(c == 1);
    for_each_index(0, 4, [](std::size_t) { FAIL("no work, no calls"); });
}

TEST_CASE("for_each_index is a pool: a slow item does not hold back the next ones") {
    // Item 0 waits for items 1-3; in waves of two, item 2 would wait for item 0.
    std::atomic<int> others_done{0};
    bool waited_for_others = false;
    for_each_index(4, 2, [&](std::size_t i) {
        if (i != 0) {
            ++others_done;
            return;
        }
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (others_done < 3 && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        waited_for_others = others_done == 3;
    });
    CHECK(waited_for_others);
}

TEST_CASE("for_each_index passes an exception on") {
    CHECK_THROWS_AS(for_each_index(3, 2,
                                   [](std::size_t i) {
                                       if (i == 1)
                                           throw std::runtime_error("x");
                                   }),
                    std::runtime_error);
}
