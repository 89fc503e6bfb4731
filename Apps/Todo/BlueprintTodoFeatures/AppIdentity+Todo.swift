package import CoreBase

/// Who this app is — the one place a copy of this sample renames.
///
/// `name` is the command name every message and hint uses and the name of the
/// app's data folder; `family` is the folder family it shares preferences with
/// (`~/.config/<family>/`, `~/.local/share/<family>/<name>/`). The three samples are
/// the `blueprint` family, so `settings` themes `todo`; a copy names its own family
/// (or none: an app without one is a family of its own).
package let appIdentity = AppIdentity(name: "todo", version: "1.0.0", family: "blueprint")
