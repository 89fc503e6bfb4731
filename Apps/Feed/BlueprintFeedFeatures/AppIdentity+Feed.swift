package import CoreBase

/// Who this app is — the one place a copy of this sample renames.
///
/// `name` is the command name every message and hint uses and the name of the
/// app's data folder; `family` is the folder family it shares preferences with
/// (`~/.config/<family>/`, `~/.local/share/<family>/<name>/`). The three samples are
/// the `blueprint` family, so `settings` themes `todo`.
package let appIdentity = AppIdentity(name: "feed", version: "1.0.0", family: "blueprint")
