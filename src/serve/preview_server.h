// The HTTP side of `mkcv serve` (Boost.Beast on one Asio thread, included only in its .cpp,
// with its bounds on slow and large requests named there): files of one
// folder (serve/folder_files.h), each HTML page with the live-reload script added
// (serve/live_reload.h), and the build events as a server-sent-events stream. Listens on
// 127.0.0.1 only and answers only requests whose Host is that address or localhost (a page
// elsewhere cannot rebind its own name to it and read the folder); GET and HEAD only.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "serve/build_events.h"
#include "util/result.h"

namespace mkcv {

inline constexpr int kDefaultServePort = 8000;
// Without --port, the ports tried from kDefaultServePort on, when one is taken.
inline constexpr int kServePortsTried = 20;

struct ServeOptions {
    std::filesystem::path folder;  // what is served
    std::string title;             // of the made-up index page: the CV file's name
    // A port to take, or none to take the first free one from kDefaultServePort; 0 lets
    // the system choose one.
    std::optional<int> port;
    // Between keep-alive comments. Short, since a client that went away (a page that
    // reloaded) is noticed only when a write to it fails, the second after it left, and
    // until then it holds one of the kMaxEventStreams places.
    std::chrono::milliseconds keep_alive{1000};
};

class PreviewServer {
  public:
    PreviewServer(ServeOptions options, BuildEvents& events);
    ~PreviewServer();  // stops
    PreviewServer(const PreviewServer&) = delete;
    PreviewServer& operator=(const PreviewServer&) = delete;

    // Binds 127.0.0.1 and serves every connection from one thread of its own; the port, or why not
    // ("serve" diagnostic: the port is taken, or none of those tried is free).
    [[nodiscard]] Result<int> start();
    // Ends every event stream, stops listening and waits for the requests under way.
    void stop();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace mkcv
