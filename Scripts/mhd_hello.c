/*
 * The yardstick for `make bench`: a bare libmicrohttpd server that answers every request with "hello",
 * started with the same daemon options as Trakx (Sources/CMicroHTTPD/shim.h: epoll with an internal thread
 * pool, suspend/resume allowed, the same connection limit, timeout and per-connection memory), so that
 * "warm stop page req/s / hello req/s" measures what Trakx adds on top of libmicrohttpd itself.
 * Not part of the Swift package; Scripts/bench.sh compiles it with the system cc:
 *
 *   cc -O2 -o mhd_hello Scripts/mhd_hello.c $(pkg-config --cflags --libs libmicrohttpd)
 *   ./mhd_hello THREADS [@FILE]   # listens on 127.0.0.1, a free port; prints "listening on PORT"
 *
 * It answers the 6 bytes "hello\n". @FILE replays a response saved with
 * `curl -s -D -` (status line, headers, blank line, body): its headers but Date, Content-Length and Connection,
 * which libmicrohttpd writes itself, and its body, with one response made at start and queued for every request (the
 * least any server can do to send those bytes), so "Trakx ÷ replay" is what Trakx's own code costs and
 * "replay ÷ hello" what the page's bytes cost.
 *
 * It runs until it gets SIGTERM or SIGINT.
 */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static const char hello[] = "hello\n";
static int first_call_marker;
/* @FILE: the one response every request gets. */
static struct MHD_Response *replayed;

/* libmicrohttpd's own minimal example: the first call (headers read) only marks the request, the second
 * (request complete) answers. Answering on the first call makes MHD close the connection after the reply
 * (it cannot know a body will not follow), which would turn every request into a new connection. */
static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*con_cls != &first_call_marker) {
        *con_cls = &first_call_marker;
        return MHD_YES;
    }
    *upload_data_size = 0;
    if (replayed != NULL) return MHD_queue_response(connection, MHD_HTTP_OK, replayed);
    struct MHD_Response *response =
        MHD_create_response_from_buffer(sizeof hello - 1, (void *)hello, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", "text/plain; charset=utf-8");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

static volatile sig_atomic_t stop_requested = 0;

static void on_signal(int signal_number) {
    (void)signal_number;
    stop_requested = 1;
}

/* Reads a response saved by `curl -s -D -` into `replayed`; 0 on success. */
static int load_replay(const char *path) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return 1;
    static char saved[1 << 20];
    size_t size = fread(saved, 1, sizeof saved - 1, file);
    fclose(file);
    saved[size] = 0;
    char *end = strstr(saved, "\r\n\r\n");
    if (end == NULL || strncmp(saved, "HTTP/", 5) != 0) return 1;
    *end = 0;
    char *body_start = end + 4;
    replayed = MHD_create_response_from_buffer(size - (size_t)(body_start - saved), body_start, MHD_RESPMEM_PERSISTENT);
    if (replayed == NULL) return 1;
    char *line = strstr(saved, "\r\n");  /* after the status line */
    while (line != NULL) {
        line += 2;
        char *next = strstr(line, "\r\n");
        if (next != NULL) *next = 0;
        char *colon = strstr(line, ": ");
        if (colon != NULL) {
            *colon = 0;
            if (strcasecmp(line, "Date") != 0 && strcasecmp(line, "Content-Length") != 0 &&
                strcasecmp(line, "Connection") != 0 &&
                MHD_add_response_header(replayed, line, colon + 2) != MHD_YES) return 1;
        }
        line = next;
    }
    return 0;
}

int main(int argc, char **argv) {
    unsigned int threads = argc > 1 ? (unsigned int)atoi(argv[1]) : 4;
    if (argc > 2 && argv[2][0] == '@') {
        if (load_replay(argv[2] + 1) != 0) {
            fprintf(stderr, "mhd_hello: could not read a saved response from %s\n", argv[2] + 1);
            return 2;
        }
    }
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = 0;
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG, 0, NULL, NULL, answer, NULL,
        MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, 2000u,
        MHD_OPTION_CONNECTION_TIMEOUT, 10u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024),
        MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "mhd_hello: could not start libmicrohttpd\n");
        return 2;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("listening on %u\n", info == NULL ? 0u : (unsigned int)info->port);
    fflush(stdout);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    while (!stop_requested) pause();
    MHD_stop_daemon(daemon);
    return 0;
}
