#include "CoreCurlShim.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>

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
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
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
  void *multi;
  void *headers;
  atomic_int cancelled;
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
  optionHTTPHeader = 10023,
  optionCopyPostFields = 10165,
  optionPostFieldSizeLarge = 30120,
  infoEffectiveURL = 0x100000 + 1,
  infoRedirectURL = 0x100000 + 31,
  messageDone = 1,
  resultFailedInit = 2,
  resultOutOfMemory = 27,
  resultAborted = 42,
};

CoreCurlTransfer *CoreCurlTransferCreate(void) {
  if (!CoreCurlIsAvailable()) return NULL;
  CoreCurlTransfer *transfer = calloc(1, sizeof(CoreCurlTransfer));
  if (transfer == NULL) return NULL;
  transfer->easy = api.easy_init();
  transfer->multi = api.multi_init();
  atomic_init(&transfer->cancelled, 0);
  if (transfer->easy == NULL || transfer->multi == NULL) {
    CoreCurlTransferDestroy(transfer);
    return NULL;
  }
  return transfer;
}

void CoreCurlTransferDestroy(CoreCurlTransfer *transfer) {
  if (transfer == NULL) return;
  if (transfer->multi != NULL) api.multi_cleanup(transfer->multi);
  if (transfer->easy != NULL) api.easy_cleanup(transfer->easy);
  if (transfer->headers != NULL) api.slist_free_all(transfer->headers);
  free(transfer);
}

void CoreCurlTransferReset(CoreCurlTransfer *transfer) {
  api.easy_reset(transfer->easy);
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

int CoreCurlTransferPerform(CoreCurlTransfer *transfer) {
  // With CURLOPT_NOSIGNAL libcurl no longer ignores SIGPIPE itself; a write to a
  // connection the peer reset must not end the process. The thread is the transfer's.
  sigset_t pipe;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, NULL);
  if (transfer->headers != NULL) {
    int result = api.easy_setopt(transfer->easy, optionHTTPHeader, transfer->headers);
    if (result != 0) return result;
  }
  if (atomic_load(&transfer->cancelled)) return resultAborted;
  if (api.multi_add_handle(transfer->multi, transfer->easy) != 0) return resultFailedInit;
  int result = -1;
  for (;;) {
    int running = 0;
    if (api.multi_perform(transfer->multi, &running) != 0) {
      result = resultFailedInit;
      break;
    }
    int queued = 0;
    Message *message;
    while ((message = api.multi_info_read(transfer->multi, &queued)) != NULL) {
      if (message->message == messageDone) result = message->data.result;
    }
    if (result >= 0) break;
    if (running == 0) {
      result = resultFailedInit;
      break;
    }
    if (atomic_load(&transfer->cancelled)) {
      result = resultAborted;
      break;
    }
    // Waits for the sockets libcurl asked for, its next timeout, or a wakeup.
    if (api.multi_poll(transfer->multi, NULL, 0, 1000, NULL) != 0) {
      result = resultFailedInit;
      break;
    }
    if (atomic_load(&transfer->cancelled)) {
      result = resultAborted;
      break;
    }
  }
  api.multi_remove_handle(transfer->multi, transfer->easy);
  return result;
}

void CoreCurlTransferCancel(CoreCurlTransfer *transfer) {
  atomic_store(&transfer->cancelled, 1);
  api.multi_wakeup(transfer->multi);
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
int CoreCurlAddHeader(CoreCurlTransfer *transfer, const char *line) {
  (void)transfer, (void)line;
  return 2;
}
int CoreCurlSetBody(CoreCurlTransfer *transfer, const void *bytes, int64_t count) {
  (void)transfer, (void)bytes, (void)count;
  return 2;
}
int CoreCurlTransferPerform(CoreCurlTransfer *transfer) {
  (void)transfer;
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
