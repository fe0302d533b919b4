//! The one HTML/XML escape of the library: pages, figures, the dev
//! server's error page, the sitemap and the printed puzzle sheets use it.
//! (SVG text is escaped by the `svg` crate.)

/// Escape text for HTML or XML content and attribute values: `&`, `<`,
/// `>`, `"` and `'`.
///
/// ```
/// assert_eq!(
///     omweso::site::escape("<a href=\"x\">&'"),
///     "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
/// );
/// ```
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
