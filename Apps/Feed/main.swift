// Placeholder entry point: the engineer who builds the feed reader (fetching, stores,
// commands, UI — issue 8) replaces this file. Until then `feed` says so and exits 69.
import Foundation

FileHandle.standardError.write(Data("feed: error: not built yet\n".utf8))
exit(69)
