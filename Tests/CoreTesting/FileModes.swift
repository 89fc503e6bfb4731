public import Foundation

/// The permission bits of every file and folder under a folder, for tests that
/// check what an app created (`0600` files, `0700` folders).
public enum FileModes {
  /// Each path below `folder` (relative, sorted) with its permission bits; links
  /// are listed as they are, not followed.
  ///
  /// - Parameter folder: The folder to walk.
  /// - Returns: `[(path, mode, isFolder)]`.
  /// - Throws: When the folder cannot be read.
  public static func below(_ folder: URL) throws -> [(path: String, mode: Int, isFolder: Bool)] {
    let manager = FileManager.default
    let paths = try manager.subpathsOfDirectory(atPath: folder.path).sorted()
    return try paths.map { relative in
      let attributes = try manager.attributesOfItem(
        atPath: folder.appendingPathComponent(relative).path)
      let mode = (attributes[.posixPermissions] as? Int) ?? -1
      let isFolder = (attributes[.type] as? FileAttributeType) == .typeDirectory
      return (relative, mode, isFolder)
    }
  }
}
