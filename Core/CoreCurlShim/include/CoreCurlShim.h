// The system's libcurl, loaded at run time on Linux (FoundationNetworking already has
// it in the process), behind typed, non-variadic calls Swift can make.
//
// No curl header is needed to build: the few option numbers used are ABI constants,
// spelled out in CurlTransfer.swift. On other platforms every call reports "unavailable".

#ifndef CORE_CURL_SHIM_H
#define CORE_CURL_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// One transfer: a libcurl easy handle, run by a loop.
typedef struct CoreCurlTransfer CoreCurlTransfer;

/// A thread of its own that runs any number of transfers at once in one multi handle,
/// waiting in `poll` (no CPU while servers are silent). Connections are shared by
/// its transfers.
typedef struct CoreCurlLoop CoreCurlLoop;

/// Called once on the loop's thread when a transfer ends, with its `CURLcode`.
typedef void (*CoreCurlDoneCallback)(void *context, int code);

/// Called with bytes of the body or one header line; returns `size * count` to go on.
typedef size_t (*CoreCurlDataCallback)(char *data, size_t size, size_t count, void *context);

/// Whether libcurl could be loaded (loads it on first call; thread-safe).
int CoreCurlIsAvailable(void);

/// A new loop (its thread starts with the first transfer), or NULL when libcurl is
/// unavailable or out of memory.
CoreCurlLoop *CoreCurlLoopCreate(void);
/// Asks the loop's thread to close its connections, free the loop and end, without
/// waiting for it. Not while a transfer runs on it; also from the loop's own thread.
void CoreCurlLoopDestroy(CoreCurlLoop *loop);

/// Hands `transfer` to the loop, which starts it soon and calls `done(context, code)`
/// once when it ends: `CURLE_ABORTED_BY_CALLBACK` (42) after `CoreCurlTransferCancel`.
/// Returns 0, or a `CURLcode` when the transfer cannot start (`done` is not called).
int CoreCurlLoopStart(
    CoreCurlLoop *loop, CoreCurlTransfer *transfer, CoreCurlDoneCallback done, void *context);

/// A new transfer, or NULL when libcurl is unavailable or out of memory.
CoreCurlTransfer *CoreCurlTransferCreate(void);
/// Frees a transfer. Not while it runs or `CoreCurlTransferCancel` runs.
void CoreCurlTransferDestroy(CoreCurlTransfer *transfer);

/// Clears the options, headers and cancellation of a finished transfer so it can run
/// another request (connections belong to the loop).
void CoreCurlTransferReset(CoreCurlTransfer *transfer);

/// `curl_easy_setopt` with a `long`, a string (copied by libcurl), an opaque pointer or
/// a data callback. Each returns the `CURLcode`.
int CoreCurlSetLong(CoreCurlTransfer *transfer, int option, long value);
int CoreCurlSetString(CoreCurlTransfer *transfer, int option, const char *value);
int CoreCurlSetPointer(CoreCurlTransfer *transfer, int option, void *value);
int CoreCurlSetCallback(CoreCurlTransfer *transfer, int option, CoreCurlDataCallback callback);
/// Ends the transfer with `CURLE_OPERATION_TIMEDOUT` (28) once `milliseconds` pass
/// without a byte sent or received (checked about once a second; 0 turns it off).
int CoreCurlSetIdleTimeout(CoreCurlTransfer *transfer, long milliseconds);
/// Adds a request header line (`Name: value`); they are sent by the next perform.
int CoreCurlAddHeader(CoreCurlTransfer *transfer, const char *line);
/// Copies the request body (libcurl's `CURLOPT_COPYPOSTFIELDS` with its size).
int CoreCurlSetBody(CoreCurlTransfer *transfer, const void *bytes, int64_t count);

/// Stops a transfer from any thread: a running one ends soon after (with 42, even if
/// it was failing meanwhile), one not yet started ends as soon as its loop takes it.
/// The caller makes sure it is not called once the done callback returned (the loop
/// may be gone then): `CurlHandle` does so under a lock its done callback also takes.
void CoreCurlTransferCancel(CoreCurlTransfer *transfer);

/// The URL of the last request, after redirects (owned by the transfer).
const char *CoreCurlEffectiveURL(CoreCurlTransfer *transfer);
/// Where the last response redirects to, as an absolute URL (owned by the transfer), or
/// NULL when it is not a redirect.
const char *CoreCurlRedirectURL(CoreCurlTransfer *transfer);

#endif
