#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // pthread_setname_np
#endif

#include "CoreCurlShim.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

// The libcurl entry points used, looked up once. Variadic ones are called through
// their real (variadic) types, so the calling convention is libcurl's own.
static struct {
  int (*global_init)(long flags);
  void *(*easy_init)(void);
  void (*easy_cleanup)(void *easy);
  void (*easy_reset)(void *easy);
  int (*easy_setopt)(void *easy, int option, ...);
  int (*easy_getinfo)(void *easy, int info, ...);
  void *(*slist_append)(void *list, const char *line);
  void (*slist_free_all)(void *list);
  void *(*multi_init)(void);
  int (*multi_add_handle)(void *multi, void *easy);
  int (*multi_remove_handle)(void *multi, void *easy);
  int (*multi_perform)(void *multi, int *running);
  int (*multi_poll)(void *multi, void *extra, unsigned count, int timeout, int *ready);
  int (*multi_wakeup)(void *multi);
  void *(*multi_info_read)(void *multi, int *queued);
  int (*multi_cleanup)(void *multi);
} api;

static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;
static int loaded = 0;

#define LOOK_UP(field, name)                          \
  do {                                                \
    *(void **)(&api.field) = dlsym(library, name);    \
    if (api.field == NULL) return;                    \
  } while (0)

static void load(void) {
  // RTLD_LAZY: libcurl and the ~30 libraries it brings bind their functions when first
  // called, as the loader binds them at start-up; RTLD_NOW would bind every one of
  // them here (about 4 M instructions more for the first request, measured).
  void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) library = dlopen("libcurl.so", RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) return;
  LOOK_UP(global_init, "curl_global_init");
  LOOK_UP(easy_init, "curl_easy_init");
  LOOK_UP(easy_cleanup, "curl_easy_cleanup");
  LOOK_UP(easy_reset, "curl_easy_reset");
  LOOK_UP(easy_setopt, "curl_easy_setopt");
  LOOK_UP(easy_getinfo, "curl_easy_getinfo");
  LOOK_UP(slist_append, "curl_slist_append");
  LOOK_UP(slist_free_all, "curl_slist_free_all");
  LOOK_UP(multi_init, "curl_multi_init");
  LOOK_UP(multi_add_handle, "curl_multi_add_handle");
  LOOK_UP(multi_remove_handle, "curl_multi_remove_handle");
  LOOK_UP(multi_perform, "curl_multi_perform");
  LOOK_UP(multi_poll, "curl_multi_poll");
  LOOK_UP(multi_wakeup, "curl_multi_wakeup");  // libcurl 7.68 (2020) or later
  LOOK_UP(multi_info_read, "curl_multi_info_read");
  LOOK_UP(multi_cleanup, "curl_multi_cleanup");
  if (api.global_init(3 /* CURL_GLOBAL_ALL */) != 0) return;
  loaded = 1;
}

int CoreCurlIsAvailable(void) {
  pthread_once(&loadOnce, load);
  return loaded;
}

struct CoreCurlTransfer {
  void *easy;
  void *headers;
  atomic_int cancelled;
  // The idle timeout (0: none), and, on the loop's thread, the bytes moved so far, when
  // that last changed, and whether the timeout ended the transfer.
  long idleMilliseconds;
  int64_t bytes, lastChange;
  int idled;
  // Set while the transfer is handed to a loop.
  CoreCurlLoop *_Atomic loop;
  CoreCurlDoneCallback done;
  void *context;
  CoreCurlTransfer *next;
};

struct CoreCurlLoop {
  void *multi;
  pthread_mutex_t lock;
  pthread_t thread;
  // Under `lock`: whether the thread runs, was asked to stop, and libcurl failed it
  // (then it takes no more transfers and waits for `stopped`).
  int started, stopping, broken;
  pthread_cond_t stopped;
  // Handed over, not yet added (under `lock`); added, running (the thread's own).
  CoreCurlTransfer *pending, *running;
  // Cancels asked for since the thread last looked.
  atomic_int cancels;
};

// libcurl's CURLMsg.
typedef struct {
  int message;
  void *easy;
  union {
    void *whatever;
    int result;
  } data;
} Message;

enum {
  optionNoProgress = 43,
  optionXferInfoData = 10057,
  optionXferInfoFunction = 20219,
  infoHeaderSize = 0x200000 + 11,
  optionHTTPHeader = 10023,
  optionCopyPostFields = 10165,
  optionPostFieldSizeLarge = 30120,
  infoEffectiveURL = 0x100000 + 1,
  infoRedirectURL = 0x100000 + 31,
  messageDone = 1,
  resultFailedInit = 2,
  resultOutOfMemory = 27,
  resultTimedOut = 28,
  resultAborted = 42,
};

CoreCurlTransfer *CoreCurlTransferCreate(void) {
  if (!CoreCurlIsAvailable()) return NULL;
  CoreCurlTransfer *transfer = calloc(1, sizeof(CoreCurlTransfer));
  if (transfer == NULL) return NULL;
  transfer->easy = api.easy_init();
  atomic_init(&transfer->cancelled, 0);
  atomic_init(&transfer->loop, NULL);
  if (transfer->easy == NULL) {
    CoreCurlTransferDestroy(transfer);
    return NULL;
  }
  return transfer;
}

void CoreCurlTransferDestroy(CoreCurlTransfer *transfer) {
  if (transfer == NULL) return;
  if (transfer->easy != NULL) api.easy_cleanup(transfer->easy);
  if (transfer->headers != NULL) api.slist_free_all(transfer->headers);
  free(transfer);
}

void CoreCurlTransferReset(CoreCurlTransfer *transfer) {
  api.easy_reset(transfer->easy);
  transfer->idleMilliseconds = 0;
  if (transfer->headers != NULL) api.slist_free_all(transfer->headers);
  transfer->headers = NULL;
  atomic_store(&transfer->cancelled, 0);
}

int CoreCurlSetLong(CoreCurlTransfer *transfer, int option, long value) {
  return api.easy_setopt(transfer->easy, option, value);
}

int CoreCurlSetString(CoreCurlTransfer *transfer, int option, const char *value) {
  return api.easy_setopt(transfer->easy, option, value);
}

int CoreCurlSetPointer(CoreCurlTransfer *transfer, int option, void *value) {
  return api.easy_setopt(transfer->easy, option, value);
}


int CoreCurlSetCallback(CoreCurlTransfer *transfer, int option, CoreCurlDataCallback callback) {
  return api.easy_setopt(transfer->easy, option, callback);
}

static int64_t monotonicMilliseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

// libcurl's progress callback (about once a second while nothing moves): ends a
// transfer that has been idle too long. Header bytes count, as body bytes do.
static int checkIdle(
    void *context, int64_t downloadTotal, int64_t downloaded, int64_t uploadTotal,
    int64_t uploaded) {
  (void)downloadTotal, (void)uploadTotal;
  CoreCurlTransfer *transfer = context;
  long headerBytes = 0;
  api.easy_getinfo(transfer->easy, infoHeaderSize, &headerBytes);
  int64_t bytes = downloaded + uploaded + headerBytes;
  int64_t now = monotonicMilliseconds();
  if (bytes != transfer->bytes) {
    transfer->bytes = bytes;
    transfer->lastChange = now;
  } else if (now - transfer->lastChange >= transfer->idleMilliseconds) {
    transfer->idled = 1;
    return 1;
  }
  return 0;
}

int CoreCurlSetIdleTimeout(CoreCurlTransfer *transfer, long milliseconds) {
  transfer->idleMilliseconds = milliseconds > 0 ? milliseconds : 0;
  if (milliseconds <= 0) return api.easy_setopt(transfer->easy, optionNoProgress, 1L);
  int result = api.easy_setopt(transfer->easy, optionXferInfoFunction, checkIdle);
  if (result == 0) result = api.easy_setopt(transfer->easy, optionXferInfoData, transfer);
  if (result == 0) result = api.easy_setopt(transfer->easy, optionNoProgress, 0L);
  return result;
}

int CoreCurlAddHeader(CoreCurlTransfer *transfer, const char *line) {
  void *list = api.slist_append(transfer->headers, line);
  if (list == NULL) return resultOutOfMemory;
  transfer->headers = list;
  return 0;
}

int CoreCurlSetBody(CoreCurlTransfer *transfer, const void *bytes, int64_t count) {
  // The size first: COPYPOSTFIELDS copies that many bytes (not up to a NUL).
  int result = api.easy_setopt(transfer->easy, optionPostFieldSizeLarge, count);
  if (result != 0) return result;
  return api.easy_setopt(transfer->easy, optionCopyPostFields, bytes);
}

// Ends a transfer: it leaves the loop, then hears how it ended. A cancel wins over a
// failure that ended the transfer meanwhile (the server closed, say); the idle check
// aborts through the progress callback, which libcurl reports as 42 too.
static void finish(CoreCurlTransfer *transfer, int code) {
  if (code != 0 && atomic_load(&transfer->cancelled)) {
    code = resultAborted;
  } else if (code == resultAborted && transfer->idled) {
    code = resultTimedOut;
  }
  atomic_store(&transfer->loop, NULL);
  transfer->done(transfer->context, code);
}

// libcurl failed the loop: what runs or waits ends with an error (rather than the loop
// spinning), and the thread waits to be stopped.
static void breakDown(CoreCurlLoop *loop) {
  pthread_mutex_lock(&loop->lock);
  loop->broken = 1;
  CoreCurlTransfer *handed = loop->pending;
  loop->pending = NULL;
  pthread_mutex_unlock(&loop->lock);
  while (loop->running != NULL) {
    CoreCurlTransfer *transfer = loop->running;
    loop->running = transfer->next;
    api.multi_remove_handle(loop->multi, transfer->easy);
    finish(transfer, resultFailedInit);
  }
  while (handed != NULL) {
    CoreCurlTransfer *transfer = handed;
    handed = transfer->next;
    finish(transfer, resultFailedInit);
  }
  pthread_mutex_lock(&loop->lock);
  while (!loop->stopping) pthread_cond_wait(&loop->stopped, &loop->lock);
  pthread_mutex_unlock(&loop->lock);
}

// Whether a transfer was handed over, a cancel asked for or a stop since the turn began.
static int hasNews(CoreCurlLoop *loop) {
  pthread_mutex_lock(&loop->lock);
  int news = loop->pending != NULL || loop->stopping;
  pthread_mutex_unlock(&loop->lock);
  return news || atomic_load(&loop->cancels) > 0;
}

// Adds what was handed over, ends what was cancelled, runs what is ready, then waits.
// Returns 0 once asked to stop.
static int turn(CoreCurlLoop *loop) {
  pthread_mutex_lock(&loop->lock);
  int stopping = loop->stopping;
  CoreCurlTransfer *handed = NULL;
  while (loop->pending != NULL) {  // reversed: the first handed over starts first
    CoreCurlTransfer *transfer = loop->pending;
    loop->pending = transfer->next;
    transfer->next = handed;
    handed = transfer;
  }
  pthread_mutex_unlock(&loop->lock);
  while (handed != NULL) {
    CoreCurlTransfer *transfer = handed;
    handed = transfer->next;
    if (stopping || atomic_load(&transfer->cancelled)) {
      finish(transfer, resultAborted);
    } else if (api.multi_add_handle(loop->multi, transfer->easy) != 0) {
      finish(transfer, resultFailedInit);
    } else {
      transfer->next = loop->running;
      loop->running = transfer;
    }
  }
  int cancels = atomic_exchange(&loop->cancels, 0);
  for (CoreCurlTransfer **link = &loop->running; (stopping || cancels) && *link != NULL;) {
    CoreCurlTransfer *transfer = *link;
    if (stopping || atomic_load(&transfer->cancelled)) {
      *link = transfer->next;
      api.multi_remove_handle(loop->multi, transfer->easy);
      finish(transfer, resultAborted);
    } else {
      link = &transfer->next;
    }
  }
  if (stopping) return 0;
  int active = 0;
  int failed = api.multi_perform(loop->multi, &active) != 0;
  int queued = 0;
  Message *message;
  while ((message = api.multi_info_read(loop->multi, &queued)) != NULL) {
    if (message->message != messageDone) continue;
    for (CoreCurlTransfer **link = &loop->running; *link != NULL; link = &(*link)->next) {
      CoreCurlTransfer *transfer = *link;
      if (transfer->easy != message->easy) continue;
      int code = message->data.result;
      *link = transfer->next;
      api.multi_remove_handle(loop->multi, transfer->easy);
      finish(transfer, code);
      break;
    }
  }
  // Waits for the sockets libcurl asked for, its next timeout, or a wakeup; not when
  // something was handed over or cancelled meanwhile (some libcurl versions drain the
  // wakeup in `multi_perform`). The timeout only bounds the cost of a lost wakeup.
  if (!failed && hasNews(loop)) return 1;
  if (failed || api.multi_poll(loop->multi, NULL, 0, 1000, NULL) != 0) {
    breakDown(loop);
    return 0;
  }
  return 1;
}

static void freeLoop(CoreCurlLoop *loop) {
  api.multi_cleanup(loop->multi);
  pthread_cond_destroy(&loop->stopped);
  pthread_mutex_destroy(&loop->lock);
  free(loop);
}

static void *run(void *argument) {
  CoreCurlLoop *loop = argument;
  // With CURLOPT_NOSIGNAL libcurl no longer ignores SIGPIPE itself; a write to a
  // connection the peer reset must not end the process. The thread is the loop's.
  sigset_t pipe;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, NULL);
  pthread_setname_np(pthread_self(), "CurlLoop");
  while (turn(loop)) {
  }
  freeLoop(loop);
  return NULL;
}

CoreCurlLoop *CoreCurlLoopCreate(void) {
  if (!CoreCurlIsAvailable()) return NULL;
  CoreCurlLoop *loop = calloc(1, sizeof(CoreCurlLoop));
  if (loop == NULL) return NULL;
  loop->multi = api.multi_init();
  if (loop->multi == NULL) {
    free(loop);
    return NULL;
  }
  pthread_mutex_init(&loop->lock, NULL);
  pthread_cond_init(&loop->stopped, NULL);
  atomic_init(&loop->cancels, 0);
  // Without its wakeup channel (libcurl makes the multi handle anyway when file
  // descriptors run out) nothing could reach the thread while it waits.
  if (api.multi_wakeup(loop->multi) != 0) {
    freeLoop(loop);
    return NULL;
  }
  return loop;
}

void CoreCurlLoopDestroy(CoreCurlLoop *loop) {
  if (loop == NULL) return;
  pthread_mutex_lock(&loop->lock);
  int started = loop->started;
  loop->stopping = 1;
  if (started) {
    // The thread closes the connections and frees the loop on its way out; nobody
    // waits for it (a program about to exit need not close each connection first).
    // It reads `stopping` under the lock, so the loop outlives these calls.
    pthread_detach(loop->thread);
    api.multi_wakeup(loop->multi);
    pthread_cond_signal(&loop->stopped);
  }
  pthread_mutex_unlock(&loop->lock);
  if (!started) freeLoop(loop);
}

int CoreCurlLoopStart(
    CoreCurlLoop *loop, CoreCurlTransfer *transfer, CoreCurlDoneCallback done, void *context) {
  if (transfer->headers != NULL) {
    int result = api.easy_setopt(transfer->easy, optionHTTPHeader, transfer->headers);
    if (result != 0) return result;
  }
  transfer->done = done;
  transfer->context = context;
  transfer->bytes = 0;
  transfer->lastChange = monotonicMilliseconds();
  transfer->idled = 0;
  pthread_mutex_lock(&loop->lock);
  if (loop->broken || loop->stopping) {
    pthread_mutex_unlock(&loop->lock);
    return resultFailedInit;
  }
  if (!loop->started) {
    if (pthread_create(&loop->thread, NULL, run, loop) != 0) {
      pthread_mutex_unlock(&loop->lock);
      return resultFailedInit;
    }
    loop->started = 1;
  }
  atomic_store(&transfer->loop, loop);
  transfer->next = loop->pending;
  loop->pending = transfer;
  // Under the lock: once it is released the transfer may end, and its done callback
  // may free the loop.
  api.multi_wakeup(loop->multi);
  pthread_mutex_unlock(&loop->lock);
  return 0;
}

void CoreCurlTransferCancel(CoreCurlTransfer *transfer) {
  atomic_store(&transfer->cancelled, 1);
  CoreCurlLoop *loop = atomic_load(&transfer->loop);
  if (loop == NULL) return;
  atomic_fetch_add(&loop->cancels, 1);
  api.multi_wakeup(loop->multi);
}

const char *CoreCurlEffectiveURL(CoreCurlTransfer *transfer) {
  const char *url = NULL;
  if (api.easy_getinfo(transfer->easy, infoEffectiveURL, &url) != 0) return NULL;
  return url;
}

const char *CoreCurlRedirectURL(CoreCurlTransfer *transfer) {
  const char *url = NULL;
  if (api.easy_getinfo(transfer->easy, infoRedirectURL, &url) != 0) return NULL;
  return url;
}


#else

// Apple platforms use URLSession; these report libcurl as unavailable.
int CoreCurlIsAvailable(void) { return 0; }
CoreCurlTransfer *CoreCurlTransferCreate(void) { return NULL; }
void CoreCurlTransferDestroy(CoreCurlTransfer *transfer) { (void)transfer; }
void CoreCurlTransferReset(CoreCurlTransfer *transfer) { (void)transfer; }
int CoreCurlSetLong(CoreCurlTransfer *transfer, int option, long value) {
  (void)transfer, (void)option, (void)value;
  return 2;
}
int CoreCurlSetString(CoreCurlTransfer *transfer, int option, const char *value) {
  (void)transfer, (void)option, (void)value;
  return 2;
}
int CoreCurlSetPointer(CoreCurlTransfer *transfer, int option, void *value) {
  (void)transfer, (void)option, (void)value;
  return 2;
}
int CoreCurlSetCallback(CoreCurlTransfer *transfer, int option, CoreCurlDataCallback callback) {
  (void)transfer, (void)option, (void)callback;
  return 2;
}
int CoreCurlSetIdleTimeout(CoreCurlTransfer *transfer, long milliseconds) {
  (void)transfer, (void)milliseconds;
  return 2;
}
int CoreCurlAddHeader(CoreCurlTransfer *transfer, const char *line) {
  (void)transfer, (void)line;
  return 2;
}
int CoreCurlSetBody(CoreCurlTransfer *transfer, const void *bytes, int64_t count) {
  (void)transfer, (void)bytes, (void)count;
  return 2;
}
CoreCurlLoop *CoreCurlLoopCreate(void) { return NULL; }
void CoreCurlLoopDestroy(CoreCurlLoop *loop) { (void)loop; }
int CoreCurlLoopStart(
    CoreCurlLoop *loop, CoreCurlTransfer *transfer, CoreCurlDoneCallback done, void *context) {
  (void)loop, (void)transfer, (void)done, (void)context;
  return 2;
}
void CoreCurlTransferCancel(CoreCurlTransfer *transfer) { (void)transfer; }
const char *CoreCurlEffectiveURL(CoreCurlTransfer *transfer) {
  (void)transfer;
  return NULL;
}
const char *CoreCurlRedirectURL(CoreCurlTransfer *transfer) {
  (void)transfer;
  return NULL;
}

#endif
