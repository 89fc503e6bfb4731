// The system's libcurl, loaded at run time on Linux (FoundationNetworking already has
// it in the process), behind typed, non-variadic calls Swift can make.
//
// No curl header is needed to build: the few option numbers used are ABI constants,
// spelled out in CurlTransfer.swift. On other platforms every call reports "unavailable".

#ifndef CORE_CURL_SHIM_H
#define CORE_CURL_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// One transfer: a libcurl easy handle driven by its own multi handle.
typedef struct CoreCurlTransfer CoreCurlTransfer;

/// Called with bytes of the body or one header line; returns `size * count` to go on.
typedef size_t (*CoreCurlDataCallback)(char *data, size_t size, size_t count, void *context);

/// Whether libcurl could be loaded (loads it on first call; thread-safe).
int CoreCurlIsAvailable(void);

/// A new transfer, or NULL when libcurl is unavailable or out of memory.
CoreCurlTransfer *CoreCurlTransferCreate(void);
/// Frees a transfer. Not while `CoreCurlTransferPerform` or `CoreCurlTransferCancel` runs.
void CoreCurlTransferDestroy(CoreCurlTransfer *transfer);

/// Clears the options, headers and cancellation of a finished transfer so it can run
/// another request; its open connections are kept for reuse.
void CoreCurlTransferReset(CoreCurlTransfer *transfer);

/// `curl_easy_setopt` with a `long`, a string (copied by libcurl), an opaque pointer or
/// a data callback. Each returns the `CURLcode`.
int CoreCurlSetLong(CoreCurlTransfer *transfer, int option, long value);
int CoreCurlSetString(CoreCurlTransfer *transfer, int option, const char *value);
int CoreCurlSetPointer(CoreCurlTransfer *transfer, int option, void *value);
int CoreCurlSetCallback(CoreCurlTransfer *transfer, int option, CoreCurlDataCallback callback);
/// Adds a request header line (`Name: value`); they are sent by the next perform.
int CoreCurlAddHeader(CoreCurlTransfer *transfer, const char *line);
/// Copies the request body (libcurl's `CURLOPT_COPYPOSTFIELDS` with its size).
int CoreCurlSetBody(CoreCurlTransfer *transfer, const void *bytes, int64_t count);

/// Runs the transfer to its end on the calling thread, waiting in `poll` (no CPU while
/// the server is silent). Returns the `CURLcode`; `CURLE_ABORTED_BY_CALLBACK` (42)
/// after `CoreCurlTransferCancel`.
int CoreCurlTransferPerform(CoreCurlTransfer *transfer);
/// Stops a transfer from any thread: a running perform returns soon after, a later one
/// at once.
void CoreCurlTransferCancel(CoreCurlTransfer *transfer);

/// The URL of the last request, after redirects (owned by the transfer).
const char *CoreCurlEffectiveURL(CoreCurlTransfer *transfer);
/// Where the last response redirects to, as an absolute URL (owned by the transfer), or
/// NULL when it is not a redirect.
const char *CoreCurlRedirectURL(CoreCurlTransfer *transfer);

#endif
