#include "serve/preview_server.h"

#include <csignal>
#include <list>
#include <thread>
#include <utility>

#include <pthread.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "serve/content_types.h"
#include "serve/folder_files.h"
#include "serve/live_reload.h"
#include "serve/output_index.h"
#include "serve/request_path.h"

namespace mkcv {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

// The bounds a local client cannot talk mkcv out of (docs/security.md, "mkcv serve: what it
// exposes"). Every connection is a socket and a small buffer on one thread's event loop, never
// a thread of its own, so a slow client costs little; these bound how long and how much.

// A request's header lines must be complete this long after the connection was made, or after
// the previous response on a kept-alive connection (which is therefore closed when idle this
// long): a client trickling a line every few seconds is dropped, however it spaces them.
// Browsers send their request at once and reopen a closed connection unasked.
constexpr auto kHeaderDeadline = 5s;
// Each write (a response, an event) must be taken by the client within this: one that stops
// reading is dropped. A 64 MiB file (kMaxServedFileBytes) takes well under a second locally.
constexpr auto kWriteDeadline = 10s;
// The request line and header lines in all: a browser's request is 1–2 KiB, and cookies other
// local servers set for localhost (shared across ports) can add a few more. Past it: 431.
constexpr std::uint32_t kMaxHeaderBytes = 16 * 1024;
// Header lines in one request (Apache's LimitRequestFields): a browser sends about 15.
constexpr std::size_t kMaxHeaderFields = 100;
// Connections open at once, not counting event streams (bounded apart by kMaxEventStreams,
// so a page can still open its stream and reload while others hold these). When full, a new
// connection takes the place of the oldest one still waiting for its request: slow clients
// cannot keep a real one out, they can only push each other out.
constexpr std::size_t kMaxConnections = 256;
// Bytes of responses being written at once: a read file is held in memory until the client
// has taken it, so many clients asking for the largest file and not reading get 503 instead
// of growing mkcv by kMaxConnections × 64 MiB.
constexpr std::size_t kMaxBytesInFlight = 256 * 1024 * 1024;
// Before closing a connection whose request was refused unread (a body, a header flood), what
// the client still sends is read and thrown away for up to this long and this much, so the
// refusal reaches it rather than being lost to a reset.
constexpr auto kLingerTime = 1s;
constexpr std::size_t kLingerBytes = 64 * 1024;
// How often an event stream looks for a new build state: the delay a reload may add.
constexpr auto kEventPollInterval = 100ms;

// Pages may run the live-reload script, which the server serves itself ('self'), and no
// script that came in with the page's text; SVG images run none at all.
constexpr const char* kPagePolicy = "script-src 'self'; object-src 'none'; base-uri 'none'";
constexpr const char* kImagePolicy =
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

std::string_view view(beast::string_view s) {
    return {s.data(), s.size()};
}

using Response = http::response<http::string_body>;

void text_answer(Response& res, http::status status, const std::string& text) {
    res.result(status);
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    res.body() = text + "\n";
}

void content_answer(Response& res, std::string body, std::string_view type) {
    res.result(http::status::ok);
    res.set(http::field::content_type, beast::string_view(type.data(), type.size()));
    res.body() = std::move(body);
}

}  // namespace

class Session;

// The whole server, on the one thread that runs `io`.
struct ServerLoop {
    ServeOptions options;
    BuildEvents& events;
    int port = -1;
    bool stopping = false;  // the event loop's thread only, as is all below
    // Every session, oldest first; destroyed after the io_context (declared before it), whose
    // handlers may hold the last sessions.
    std::list<std::weak_ptr<Session>> sessions;
    std::size_t connections = 0;  // sessions that are not event streams
    std::size_t bytes_in_flight = 0;
    asio::io_context io{1};
    tcp::acceptor acceptor{io};
    asio::steady_timer accept_pause{io};
    std::thread thread;

    ServerLoop(ServeOptions o, BuildEvents& e) : options(std::move(o)), events(e) {}

    bool listen_on(int port);
    void accept();
    void make_room();
    void shut_down();
};

// One connection: requests read one at a time (header lines only; requests carry no body),
// each answered before the next is read; or, once it asked for the build events, a stream.
class Session : public std::enable_shared_from_this<Session> {
  public:
    Session(ServerLoop& server, tcp::socket socket)
        : server_(server),
          stream_(std::move(socket)),
          buffer_(2 * kMaxHeaderBytes),
          timer_(server.io) {}

    ~Session() {
        release_bytes();
        if (holds_stream_)
            server_.events.close_stream();
        else
            --server_.connections;
        server_.sessions.erase(place_);
    }

    void start(std::list<std::weak_ptr<Session>>::iterator place) {
        place_ = place;
        ++server_.connections;
        read_request();
    }

    bool waiting() const { return waiting_ && !closed_; }
    bool closed() const { return closed_; }
    bool is_stream() const { return holds_stream_; }

    // Ends the connection now (stop, or its place was taken): every pending operation
    // completes with an error and starts nothing new.
    void close() {
        closed_ = true;
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
        stream_.close();
        timer_.cancel();
    }

  private:
    ServerLoop& server_;
    beast::tcp_stream stream_;
    // Bounded: a request's header lines never grow it past twice kMaxHeaderBytes.
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::empty_body>> parser_;
    std::list<std::weak_ptr<Session>>::iterator place_;
    bool waiting_ = false;
    bool closed_ = false;
    std::shared_ptr<void> response_;  // kept until written
    std::size_t reserved_bytes_ = 0;  // of server_.bytes_in_flight
    // An event stream's state: its place among kMaxEventStreams, the version of the state
    // last sent, and when it last wrote.
    bool holds_stream_ = false;
    std::uint64_t seen_ = 0;
    std::chrono::steady_clock::time_point last_write_;
    asio::steady_timer timer_;
    std::array<char, 4096> scratch_{};
    std::size_t lingered_ = 0;

    bool ended() const { return closed_ || server_.stopping; }

    void release_bytes() {
        server_.bytes_in_flight -= reserved_bytes_;
        reserved_bytes_ = 0;
    }

    void read_request() {
        if (ended())
            return;
        parser_.emplace();
        parser_->header_limit(kMaxHeaderBytes);
        waiting_ = true;
        stream_.expires_after(kHeaderDeadline);
        http::async_read_header(stream_, buffer_, *parser_,
                                [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                    self->on_header(ec);
                                });
    }

    void on_header(beast::error_code ec) {
        waiting_ = false;
        if (ended())
            return;
        if (!ec)
            return answer();
        if (ec == http::error::header_limit || ec == http::error::buffer_overflow)
            return refuse(http::status::request_header_fields_too_large,
                          "431 Request Header Fields Too Large");
        // The client left, or took too long: nothing to answer. Any other error of the HTTP
        // parser is a request HTTP does not allow.
        if (ec == http::error::end_of_stream || ec == http::error::partial_message ||
            ec.category() != beast::error_code(http::error::bad_target).category())
            return close_quietly();
        refuse(http::status::bad_request, "400 Bad Request");
    }

    void answer() {
        const auto& req = parser_->get();
        const bool head = req.method() == http::verb::head;
        if (req.method() != http::verb::get && !head) {
            Response res;
            res.set(http::field::allow, "GET, HEAD");
            text_answer(res, http::status::method_not_allowed, "405 Method Not Allowed");
            // Its body, if any, is left unread: the connection cannot carry another request.
            return send(std::move(res), false, has_body());
        }
        if (has_body())
            return refuse(http::status::payload_too_large,
                          "413 Payload Too Large: requests to mkcv serve carry no body");
        if (static_cast<std::size_t>(std::distance(req.begin(), req.end())) > kMaxHeaderFields)
            return refuse(http::status::request_header_fields_too_large,
                          "431 Request Header Fields Too Large");
        Response res;
        if (req.count(http::field::host) > 1) {
            text_answer(res, http::status::bad_request, "400 Bad Request: more than one Host");
            return send(std::move(res), head, true);
        }
        if (!is_local_host(view(req[http::field::host]), server_.port)) {
            text_answer(res, http::status::forbidden,
                        "403 Forbidden: mkcv serve answers only 127.0.0.1 and localhost");
            return send(std::move(res), head, false);
        }
        // The target as sent; request_path.h decodes it one segment at a time.
        const std::string_view target = view(req.target());
        const std::string_view path = target.substr(0, target.find_first_of("?#"));
        if (path == kBuildEventsPath)
            return answer_events(head);
        if (path == kLiveReloadScriptPath) {
            content_answer(res, std::string(live_reload_script()),
                           "text/javascript; charset=utf-8");
            return send(std::move(res), head, false);
        }
        answer_file(res, target);
        send(std::move(res), head, false);
    }

    bool has_body() const {
        return parser_->chunked() || parser_->content_length().value_or(0) > 0;
    }

    void answer_file(Response& res, std::string_view target) {
        const std::optional<RequestPath> path = parse_request_path(target);
        if (!path)
            return text_answer(res, http::status::bad_request,
                               "400 Bad Request: not a path mkcv serve serves");
        FolderFile file = read_folder_file(server_.options.folder, *path);
        switch (file.status) {
            case FolderFile::Status::Missing:
                if (path->segments.empty()) {  // "/" of a folder without index.html
                    const BuildState state = server_.events.current();
                    res.set("Content-Security-Policy", kPagePolicy);
                    return content_answer(
                        res,
                        with_live_reload(output_index_page(server_.options.title, state.outputs),
                                         state.generation),
                        *content_type_for("index.html"));
                }
                return text_answer(res, http::status::not_found, "404 Not Found");
            case FolderFile::Status::Failed:
                return text_answer(res, http::status::internal_server_error,
                                   "500 Internal Server Error: the file cannot be read");
            case FolderFile::Status::Folder: {
                res.result(http::status::moved_permanently);
                res.set(http::field::location,
                        std::string(target.substr(0, target.find_first_of("?#"))) + "/");
                return;
            }
            case FolderFile::Status::Found:
                break;
        }
        const std::optional<std::string_view> type = content_type_for(file.name);
        if (!type)
            return text_answer(res, http::status::not_found, "404 Not Found");
        if (server_.bytes_in_flight + file.bytes.size() > kMaxBytesInFlight) {
            res.set(http::field::retry_after, "1");
            return text_answer(res, http::status::service_unavailable,
                               "503 Service Unavailable: too many large responses under way");
        }
        if (is_html_type(*type)) {
            res.set("Content-Security-Policy", kPagePolicy);
            return content_answer(
                res, with_live_reload(std::move(file.bytes), server_.events.current().generation),
                *type);
        }
        if (*type == "image/svg+xml")
            res.set("Content-Security-Policy", kImagePolicy);
        // Range is not honoured: the whole file, 200, however many ranges were asked for.
        content_answer(res, std::move(file.bytes), *type);
    }

    static void secure(http::fields& fields) {
        fields.set("X-Content-Type-Options", "nosniff");
        fields.set(http::field::cache_control, "no-store");
        fields.set("Referrer-Policy", "no-referrer");
    }

    // Sends `res` (its header lines only for HEAD, with the length the body would have),
    // then reads the next request, or closes the connection.
    void send(Response res, bool head, bool close) {
        secure(res.base());
        const bool keep_alive = !close && parser_->keep_alive();
        res.keep_alive(keep_alive);
        reserved_bytes_ = res.body().size();
        server_.bytes_in_flight += reserved_bytes_;
        if (head) {
            const std::size_t length = res.body().size();
            auto header = std::make_shared<http::response<http::empty_body>>(std::move(res.base()));
            header->content_length(length);
            write(header, keep_alive);
        } else {
            auto whole = std::make_shared<Response>(std::move(res));
            whole->prepare_payload();
            write(whole, keep_alive);
        }
    }

    template <class Message>
    void write(const std::shared_ptr<Message>& message, bool keep_alive) {
        response_ = message;
        stream_.expires_after(kWriteDeadline);
        http::async_write(
            stream_, *message,
            [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
                self->response_.reset();
                self->release_bytes();
                if (ec)
                    return self->close_quietly();
                if (keep_alive)
                    return self->read_request();
                self->linger();
            });
    }

    // A request refused before it was read in full: answered, then the connection closed.
    void refuse(http::status status, const std::string& text) {
        Response res;
        text_answer(res, status, text);
        send(std::move(res), false, true);
    }

    // Closing with unread bytes from the client would reset the connection, and the client
    // could lose the answer: stop sending, read what still comes (bounded), then close.
    void linger() {
        if (ended())
            return;
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        stream_.expires_after(kLingerTime);
        lingered_ = 0;
        drain();
    }

    void drain() {
        stream_.async_read_some(asio::buffer(scratch_),
                                [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                                    self->lingered_ += n;
                                    if (ec || self->ended() || self->lingered_ > kLingerBytes)
                                        return self->close_quietly();
                                    self->drain();
                                });
    }

    void close_quietly() {
        beast::error_code ec;
        stream_.socket().close(ec);
        timer_.cancel();
    }

    // --- The build events: server-sent events, chunked -------------------------------------

    void answer_events(bool head) {
        Response res;
        if (!server_.events.open_stream()) {
            res.set(http::field::retry_after, "2");
            text_answer(res, http::status::service_unavailable,
                        "503 Service Unavailable: too many event streams");
            return send(std::move(res), head, false);
        }
        if (head) {
            server_.events.close_stream();
            res.set(http::field::content_type, "text/event-stream");
            res.set("X-Accel-Buffering", "no");
            return send(std::move(res), true, true);
        }
        // From here on the connection is a stream: counted among kMaxEventStreams, no longer
        // among kMaxConnections, and never read again.
        holds_stream_ = true;
        --server_.connections;
        auto header = std::make_shared<http::response<http::empty_body>>(http::status::ok, 11);
        secure(header->base());
        header->set(http::field::content_type, "text/event-stream");
        header->set("X-Accel-Buffering", "no");
        header->chunked(true);
        auto serializer = std::make_shared<http::response_serializer<http::empty_body>>(*header);
        response_ =
            std::make_shared<std::pair<decltype(header), decltype(serializer)>>(header, serializer);
        stream_.expires_after(kWriteDeadline);
        http::async_write_header(
            stream_, *serializer, [self = shared_from_this()](beast::error_code ec, std::size_t) {
                self->response_.reset();
                if (ec || self->ended())
                    return self->close_quietly();
                // A new client first learns the state as it is: a page
                // out of date reloads, a failed build shows at once.
                const BuildState state = self->server_.events.current();
                self->seen_ = state.version;
                std::string out = "retry: 1000\n\n" + hello_event(state.generation);
                if (state.error)
                    out += build_error_event(*state.error);
                self->send_event(std::move(out));
            });
    }

    void send_event(std::string text) {
        auto chunk = std::make_shared<std::string>(std::move(text));
        response_ = chunk;
        last_write_ = std::chrono::steady_clock::now();
        stream_.expires_after(kWriteDeadline);
        asio::async_write(stream_, http::make_chunk(asio::buffer(*chunk)),
                          [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              self->response_.reset();
                              // A client that went away (a page that reloaded) is noticed
                              // here, and gives back its place.
                              if (ec || self->ended())
                                  return self->close_quietly();
                              self->next_event();
                          });
    }

    void next_event() {
        stream_.expires_never();
        timer_.expires_after(kEventPollInterval);
        timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (ec || self->ended())
                return self->close_quietly();
            const BuildState state = self->server_.events.current();
            if (state.closed)
                return self->end_stream();
            if (state.version != self->seen_) {
                self->seen_ = state.version;
                return self->send_event(state.error ? build_error_event(*state.error)
                                                    : reload_event(state.generation));
            }
            if (std::chrono::steady_clock::now() - self->last_write_ >=
                self->server_.options.keep_alive)
                return self->send_event(std::string(kKeepAliveComment));
            self->next_event();
        });
    }

    void end_stream() {
        stream_.expires_after(kWriteDeadline);
        asio::async_write(
            stream_, http::make_chunk_last(),
            [self = shared_from_this()](beast::error_code, std::size_t) { self->close_quietly(); });
    }
};

struct PreviewServer::Impl : ServerLoop {
    using ServerLoop::ServerLoop;
};

bool ServerLoop::listen_on(int p) {
    // SO_REUSEADDR (a port left in TIME_WAIT by the last serve can be taken again) but never
    // SO_REUSEPORT, with which a second mkcv serve would share the port with the first
    // instead of moving on to the next.
    beast::error_code ec;
    acceptor.open(tcp::v4(), ec);
    if (!ec)
        acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec)
        acceptor.bind({asio::ip::make_address_v4("127.0.0.1"), static_cast<unsigned short>(p)}, ec);
    if (!ec)
        acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (ec) {
        beast::error_code ignored;
        acceptor.close(ignored);
        return false;
    }
    port = acceptor.local_endpoint().port();
    return true;
}

void ServerLoop::accept() {
    acceptor.async_accept(io, [this](beast::error_code ec, tcp::socket socket) {
        if (stopping)
            return;
        if (ec) {
            // Out of descriptors, most likely: try again shortly rather than spin.
            accept_pause.expires_after(100ms);
            accept_pause.async_wait([this](beast::error_code wait_ec) {
                if (!wait_ec && !stopping)
                    accept();
            });
            return;
        }
        if (connections >= kMaxConnections)
            make_room();
        auto session = std::make_shared<Session>(*this, std::move(socket));
        session->start(sessions.insert(sessions.end(), session));
        accept();
    });
}

void ServerLoop::make_room() {
    // The oldest connection still waiting for its request; failing that, the oldest at all.
    std::shared_ptr<Session> oldest;
    for (const auto& weak : sessions) {
        auto session = weak.lock();
        if (!session || session->is_stream() || session->closed())
            continue;
        if (session->waiting()) {
            oldest = session;
            break;
        }
        if (!oldest)
            oldest = session;
    }
    if (oldest)
        oldest->close();
}

void ServerLoop::shut_down() {
    stopping = true;
    beast::error_code ec;
    acceptor.close(ec);
    accept_pause.cancel();
    std::vector<std::shared_ptr<Session>> open;
    for (const auto& weak : sessions)
        if (auto session = weak.lock())
            open.push_back(std::move(session));
    for (const auto& session : open)
        session->close();
}

PreviewServer::PreviewServer(ServeOptions options, BuildEvents& events)
    : impl_(std::make_unique<Impl>(std::move(options), events)) {}

PreviewServer::~PreviewServer() {
    stop();
}

Result<int> PreviewServer::start() {
    const std::optional<int> asked = impl_->options.port;
    bool listening = false;
    if (asked) {
        listening = impl_->listen_on(*asked);
    } else {
        for (int p = kDefaultServePort; p < kDefaultServePort + kServePortsTried && !listening; ++p)
            listening = impl_->listen_on(p);
    }
    if (!listening) {
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
    impl_->accept();
    impl_->thread = std::thread([this] {
        // The server's thread takes no signals: Ctrl-C reaches the watch in the main thread,
        // and a write to a client that went away fails with EPIPE instead of killing mkcv
        // (Asio sends with MSG_NOSIGNAL already; the mask covers any other write). Child
        // processes are started from other threads, with the default mask.
        sigset_t blocked;
        sigemptyset(&blocked);
        sigaddset(&blocked, SIGPIPE);
        sigaddset(&blocked, SIGINT);
        sigaddset(&blocked, SIGTERM);
        ::pthread_sigmask(SIG_BLOCK, &blocked, nullptr);
        impl_->io.run();
    });
    return impl_->port;
}

void PreviewServer::stop() {
    if (!impl_->thread.joinable())
        return;
    impl_->events.close();
    // On the event loop's thread, between two handlers: every connection is closed, every
    // pending operation completes with an error and starts no other, and run() returns.
    asio::post(impl_->io, [impl = impl_.get()] { impl->shut_down(); });
    impl_->thread.join();
}

}  // namespace mkcv
