package import CoreBase

/// Who this app is — the one place a copy of this sample renames: the command, its
/// messages, its data folder (`~/.local/share/<family>/<name>/`) and its
/// `<NAME>_SERVER` variable.
package let appIdentity = AppIdentity(name: "posts", version: "1.0.0", family: "blueprint")
