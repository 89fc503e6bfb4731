package import CoreBase

/// Who this app is, the one place a copy renames: its command, messages, data folder
/// (`~/.local/share/<family>/<name>/`) and `<NAME>_SERVER` variable.
package let appIdentity = AppIdentity(name: "posts", version: "1.0.0", family: "blueprint")
