package import Foundation

/// HTML turned into readable plain text, with its links collected into a numbered list.
///
/// Paragraphs and headings become blank-line-separated blocks, `<br>` a line break,
/// list items `• ` or `1. ` lines (indented when nested), block quotes `> ` lines, and
/// `<pre>` keeps its spacing. Character references are decoded; scripts and styles are
/// dropped; an image shows as `[image: alt]` when it has alternative text. A link
/// reads `text [1]` and `rendered` ends with the list (`[1] https://…`).
///
/// The tokenizer is written by hand for feed content as it is: unclosed tags, stray end
/// tags, a bare `<` or `&` in text, and unquoted attributes all give sensible text.
///
/// ```swift
/// let text = HTMLText(html: "<p>Read <a href=\"https://example.com\">this</a>.</p>")
/// text.rendered  // "Read this [1].\n\n[1] https://example.com"
/// ```
package struct HTMLText: Sendable, Equatable {
  /// The text, with a `[n]` marker after each link.
  package var text: String
  /// The links in order of first appearance; link `n` is `links[n - 1]`.
  package var links: [URL]

  /// Converts HTML to plain text.
  ///
  /// - Parameters:
  ///   - html: The HTML fragment or document.
  ///   - baseURL: The page the HTML comes from, against which relative links resolve.
  package init(html: String, baseURL: URL? = nil) {
    var renderer = HTMLRenderer(baseURL: baseURL)
    renderer.render(Array(html.utf8))
    text = renderer.finishedText()
    links = renderer.links
  }

  /// The text followed by the numbered list of links.
  package var rendered: String {
    guard !links.isEmpty else { return text }
    let list = links.enumerated().map { "[\($0.offset + 1)] \($0.element.absoluteString)" }
    return (text.isEmpty ? "" : text + "\n\n") + list.joined(separator: "\n")
  }
}
