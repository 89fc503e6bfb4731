// `import Core` gives the whole headless kit, as it always has: the modules below,
// re-exported. An app that wants to load only what it uses imports the smaller ones
// (README, "Module map"):
//
// - `CoreBase`: navigation, interactors, theming, persistence, JSON, concurrency, and
//   networking's `Endpoint`, `HTTPClient`, `APIError` and `CurlHTTPClient` (libcurl,
//   loaded at run time). No FoundationNetworking, no FoundationXML.
// - `CoreURLSession`: `URLSessionHTTPClient` and `Endpoint.makeRequest()`; on Linux it
//   links FoundationNetworking, which loads libcurl and ~30 libraries at every start.
// - `CoreSync`: the sync engine, CalDAV and iCalendar. It reads CalDAV's XML itself:
//   no FoundationXML.

@_exported public import CoreBase
@_exported public import CoreSync
@_exported public import CoreURLSession
