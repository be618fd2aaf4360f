#include "serve/preview_server.h"

#include <atomic>
#include <csignal>
#include <thread>

#include <httplib.h>
#include <pthread.h>
#include <sys/socket.h>

#include "serve/content_types.h"
#include "serve/folder_files.h"
#include "serve/live_reload.h"
#include "serve/output_index.h"
#include "serve/request_path.h"

namespace mkcv {
namespace {

// Each open event stream holds one of these threads: room for kMaxEventStreams of them and
// for the files requested meanwhile.
constexpr std::size_t kServerThreads = kMaxEventStreams + 16;

// Pages may run the live-reload script, which the server serves itself ('self'), and no
// script that came in with the page's text; SVG images run none at all.
constexpr const char* kPagePolicy = "script-src 'self'; object-src 'none'; base-uri 'none'";
constexpr const char* kImagePolicy =
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

// An event stream's place among kMaxEventStreams, given back when the last copy of its
// content provider is gone, however the stream ended.
class StreamSlot {
  public:
    explicit StreamSlot(BuildEvents& events) : events_(events) {}
    ~StreamSlot() { events_.close_stream(); }
    StreamSlot(const StreamSlot&) = delete;
    StreamSlot& operator=(const StreamSlot&) = delete;

  private:
    BuildEvents& events_;
};

void text_answer(httplib::Response& res, int status, const std::string& text) {
    res.status = status;
    res.set_content(text + "\n", "text/plain; charset=utf-8");
}

}  // namespace

struct PreviewServer::Impl {
    ServeOptions options;
    BuildEvents& events;
    httplib::Server server;
    std::thread thread;
    std::atomic<bool> listening_ended{false};
    int port = -1;

    Impl(ServeOptions o, BuildEvents& e) : options(std::move(o)), events(e) {}

    void configure();
    void answer(const httplib::Request& req, httplib::Response& res);
    void answer_events(const httplib::Request& req, httplib::Response& res);
    void answer_file(const httplib::Request& req, httplib::Response& res);
};

void PreviewServer::Impl::configure() {
    // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a second mkcv serve
    // would share the port with the first instead of moving on to the next.
    server.set_socket_options([](int sock) {
        int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    server.new_task_queue = [] { return new httplib::ThreadPool(kServerThreads); };
    server.set_read_timeout(5);
    server.set_write_timeout(5);  // a client that stopped reading is dropped
    server.set_keep_alive_timeout(2);
    server.set_payload_max_length(4096);  // requests carry no bodies
    server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
        res.set_header("X-Content-Type-Options", "nosniff");
        res.set_header("Cache-Control", "no-store");
        res.set_header("Referrer-Policy", "no-referrer");
        if (req.method != "GET" && req.method != "HEAD") {
            res.set_header("Allow", "GET, HEAD");
            text_answer(res, 405, "405 Method Not Allowed");
            return httplib::Server::HandlerResponse::Handled;
        }
        if (!is_local_host(req.get_header_value("Host"), port)) {
            text_answer(res, 403, "403 Forbidden: mkcv serve answers only 127.0.0.1 and localhost");
            return httplib::Server::HandlerResponse::Handled;
        }
        answer(req, res);
        return httplib::Server::HandlerResponse::Handled;
    });
}

void PreviewServer::Impl::answer(const httplib::Request& req, httplib::Response& res) {
    // req.target is the path as sent; req.path, httplib's decoding of it, is never used.
    const std::string_view target = req.target;
    const std::string_view path = target.substr(0, target.find_first_of("?#"));
    if (path == kBuildEventsPath)
        return answer_events(req, res);
    if (path == kLiveReloadScriptPath) {
        res.set_content(std::string(live_reload_script()), "text/javascript; charset=utf-8");
        return;
    }
    answer_file(req, res);
}

void PreviewServer::Impl::answer_events(const httplib::Request& req, httplib::Response& res) {
    if (!events.open_stream()) {
        res.set_header("Retry-After", "2");
        return text_answer(res, 503, "503 Service Unavailable: too many event streams");
    }
    auto slot = std::make_shared<StreamSlot>(events);
    res.set_header("X-Accel-Buffering", "no");
    if (req.method == "HEAD") {
        res.set_header("Content-Type", "text/event-stream");
        return;
    }
    // The version of the state last sent; nothing before the first write.
    auto seen = std::make_shared<std::optional<std::uint64_t>>();
    const auto keep_alive = options.keep_alive;
    res.set_chunked_content_provider(
        "text/event-stream", [this, slot, seen, keep_alive](std::size_t, httplib::DataSink& sink) {
            std::string out;
            if (!*seen) {
                // A new client first learns the state as it is: a page out of date reloads,
                // a failed build shows at once.
                const BuildState state = events.current();
                *seen = state.version;
                out = "retry: 1000\n\n" + hello_event(state.generation);
                if (state.error)
                    out += build_error_event(*state.error);
            } else if (const auto state = events.wait_past(**seen, keep_alive); !state) {
                out = kKeepAliveComment;
            } else if (state->closed) {
                sink.done();
                return true;
            } else {
                *seen = state->version;
                out = state->error ? build_error_event(*state->error)
                                   : reload_event(state->generation);
            }
            // A failed write (the client went away) ends the stream, and frees its thread.
            return sink.write(out.data(), out.size());
        });
}

void PreviewServer::Impl::answer_file(const httplib::Request& req, httplib::Response& res) {
    const std::optional<RequestPath> path = parse_request_path(req.target);
    if (!path)
        return text_answer(res, 400, "400 Bad Request: not a path mkcv serve serves");
    const FolderFile file = read_folder_file(options.folder, *path);
    switch (file.status) {
        case FolderFile::Status::Missing:
            if (path->segments.empty()) {  // "/" of a folder without index.html
                const BuildState state = events.current();
                res.set_header("Content-Security-Policy", kPagePolicy);
                res.set_content(with_live_reload(output_index_page(options.title, state.outputs),
                                                 state.generation),
                                std::string(*content_type_for("index.html")));
                return;
            }
            return text_answer(res, 404, "404 Not Found");
        case FolderFile::Status::Failed:
            return text_answer(res, 500, "500 Internal Server Error: the file cannot be read");
        case FolderFile::Status::Folder: {
            const std::string_view target = req.target;
            res.set_redirect(std::string(target.substr(0, target.find_first_of("?#"))) + "/", 301);
            return;
        }
        case FolderFile::Status::Found:
            break;
    }
    const std::optional<std::string_view> type = content_type_for(file.name);
    if (!type)
        return text_answer(res, 404, "404 Not Found");
    if (is_html_type(*type)) {
        res.set_header("Content-Security-Policy", kPagePolicy);
        res.set_content(with_live_reload(file.bytes, events.current().generation),
                        std::string(*type));
        return;
    }
    if (*type == "image/svg+xml")
        res.set_header("Content-Security-Policy", kImagePolicy);
    res.set_content(file.bytes, std::string(*type));
}

PreviewServer::PreviewServer(ServeOptions options, BuildEvents& events)
    : impl_(std::make_unique<Impl>(std::move(options), events)) {
    impl_->configure();
}

PreviewServer::~PreviewServer() {
    stop();
}

Result<int> PreviewServer::start() {
    static constexpr const char* kHost = "127.0.0.1";
    httplib::Server& server = impl_->server;
    const std::optional<int> asked = impl_->options.port;
    int port = -1;
    if (asked && *asked == 0) {
        port = server.bind_to_any_port(kHost);
    } else if (asked) {
        if (server.bind_to_port(kHost, *asked))
            port = *asked;
    } else {
        for (int p = kDefaultServePort; p < kDefaultServePort + kServePortsTried && port < 0; ++p)
            if (server.bind_to_port(kHost, p))
                port = p;
    }
    if (port < 0) {
        const std::string which =
            asked ? "port " + std::to_string(*asked)
                  : "ports " + std::to_string(kDefaultServePort) + " to " +
                        std::to_string(kDefaultServePort + kServePortsTried - 1);
        return fail({Severity::Error,
                     "",
                     {},
                     "serve",
                     "cannot listen on 127.0.0.1, " + which + ": in use or not allowed",
                     "choose another with --port N, or --port 0 for any free one"});
    }
    impl_->port = port;
    impl_->thread = std::thread([this] {
        // The server's threads (this one and its pool, which inherit its mask) take no
        // signals: Ctrl-C reaches the watch in the main thread, and a write to a client that
        // went away fails with EPIPE instead of killing mkcv (httplib sends without
        // MSG_NOSIGNAL). Child processes are started from other threads, with the default mask.
        sigset_t blocked;
        sigemptyset(&blocked);
        sigaddset(&blocked, SIGPIPE);
        sigaddset(&blocked, SIGINT);
        sigaddset(&blocked, SIGTERM);
        ::pthread_sigmask(SIG_BLOCK, &blocked, nullptr);
        impl_->server.listen_after_bind();
        impl_->listening_ended = true;
    });
    return port;
}

void PreviewServer::stop() {
    if (!impl_->thread.joinable())
        return;
    impl_->events.close();
    // stop() does nothing before the listening has begun: wait for it, or for its failure.
    while (!impl_->server.is_running() && !impl_->listening_ended)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    impl_->server.stop();
    impl_->thread.join();
}

}  // namespace mkcv
