// Running independent pieces of work side by side.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <future>
#include <vector>

namespace mkcv {

// Calls fn(0) … fn(count - 1), on at most `workers` threads (the calling one included). Each
// thread takes the next index as soon as it is free, so one slow item (a long template's
// TeX run) does not hold back the ones after it. Returns when all are done; an exception
// from fn reaches the caller.
template <typename Fn>
void for_each_index(std::size_t count, std::size_t workers, Fn&& fn) {
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i; (i = next++) < count;)
            fn(i);
    };
    std::vector<std::future<void>> others;
    for (std::size_t w = 1; w < std::min(std::max<std::size_t>(workers, 1), count); ++w)
        others.push_back(std::async(std::launch::async, work));
    work();
    for (auto& other : others)
        other.get();
}

}  // namespace mkcv
