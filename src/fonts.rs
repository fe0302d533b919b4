//! The fonts shipped with every site and used by the printed puzzle
//! sheets (so below both [`crate::site`] and [`crate::puzzle`]): Source
//! Serif 4 for reading, Source Sans 3 for headings and the
//! interface, Latin subsets from Fontsource, under the SIL Open Font
//! License (`src/site/assets/fonts/OFL.txt`, copied into every built site
//! as `assets/fonts/OFL.txt`).
//!
//! Nothing is fetched: the stylesheet's `@font-face` rules point at these
//! files by relative addresses. The sans files are WOFF (zlib), not WOFF2,
//! so that the PDF sheets can embed the same type after [`sfnt_from_woff`]
//! (WOFF2's Brotli and glyph transforms have no decoder here).

/// One shipped font file.
#[derive(Clone, Copy, Debug)]
pub struct FontFile {
    /// Its path in a built site (`assets/fonts/…`).
    pub path: &'static str,
    /// The family name of its `@font-face` rule.
    pub family: &'static str,
    /// CSS weight (400, 700).
    pub weight: u16,
    /// Whether it is the italic face.
    pub italic: bool,
    /// The file's bytes, as shipped.
    pub bytes: &'static [u8],
}

macro_rules! font {
    ($file:literal, $family:literal, $weight:literal, $italic:literal) => {
        FontFile {
            path: concat!("assets/fonts/", $file),
            family: $family,
            weight: $weight,
            italic: $italic,
            bytes: include_bytes!(concat!("site/assets/fonts/", $file)),
        }
    };
}

/// The face of headings, navigation and the interface (and the sheets).
pub(crate) const SANS: &str = "Source Sans 3";

/// Every shipped font file.
pub const FONT_FILES: [FontFile; 5] = [
    font!(
        "source-serif-4-latin-400-normal.woff2",
        "Source Serif 4",
        400,
        false
    ),
    font!(
        "source-serif-4-latin-400-italic.woff2",
        "Source Serif 4",
        400,
        true
    ),
    font!(
        "source-serif-4-latin-700-normal.woff2",
        "Source Serif 4",
        700,
        false
    ),
    font!(
        "source-sans-3-latin-400-normal.woff",
        "Source Sans 3",
        400,
        false
    ),
    font!(
        "source-sans-3-latin-700-normal.woff",
        "Source Sans 3",
        700,
        false
    ),
];

/// The fonts' licence, shipped beside them.
pub(crate) const LICENCE: (&str, &str) = (
    "assets/fonts/OFL.txt",
    include_str!("site/assets/fonts/OFL.txt"),
);

/// The sans faces (regular, bold) as TrueType/OpenType data, for the PDF
/// sheets.
pub(crate) fn sans_sfnt() -> Result<Vec<Vec<u8>>, String> {
    FONT_FILES
        .iter()
        .filter(|f| f.family == SANS)
        .map(|f| sfnt_from_woff(f.bytes).map_err(|e| format!("{}: {e}", f.path)))
        .collect()
}

/// The `@font-face` rules for the shipped fonts, addresses relative to
/// the stylesheet (`assets/omweso.css`).
pub(crate) fn font_face_css() -> String {
    let mut css = String::new();
    for f in &FONT_FILES {
        let file = f.path.trim_start_matches("assets/");
        let format = if file.ends_with(".woff2") {
            "woff2"
        } else {
            "woff"
        };
        css.push_str(&format!(
            "@font-face {{ font-family: \"{}\"; font-style: {}; font-weight: {}; font-display: swap; src: url(\"{file}\") format(\"{format}\"); }}\n",
            f.family,
            if f.italic { "italic" } else { "normal" },
            f.weight
        ));
    }
    css
}

fn be16(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn be32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// The TrueType/OpenType font inside a WOFF (1.0) file: each table
/// inflated (zlib) where it was compressed, laid out again as an sfnt.
pub(crate) fn sfnt_from_woff(woff: &[u8]) -> Result<Vec<u8>, String> {
    let bad = |what: &str| format!("not a usable WOFF file: {what}");
    if woff.get(0..4) != Some(b"wOFF") {
        return Err(bad("no wOFF signature"));
    }
    let flavor = be32(woff, 4).ok_or_else(|| bad("short header"))?;
    let n = be16(woff, 12).ok_or_else(|| bad("short header"))? as usize;
    if n == 0 || n > 256 {
        return Err(bad("table count out of range"));
    }
    struct Table {
        tag: u32,
        checksum: u32,
        data: Vec<u8>,
    }
    let mut tables = Vec::with_capacity(n);
    for i in 0..n {
        let e = 44 + 20 * i;
        let field = |k: usize| be32(woff, e + 4 * k).ok_or_else(|| bad("short table directory"));
        let (tag, offset, comp, orig, checksum) =
            (field(0)?, field(1)?, field(2)?, field(3)?, field(4)?);
        let raw = woff
            .get(offset as usize..offset as usize + comp as usize)
            .ok_or_else(|| bad("table outside the file"))?;
        let data = if comp < orig {
            let d = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(raw, orig as usize)
                .map_err(|_| bad("a table does not inflate"))?;
            if d.len() != orig as usize {
                return Err(bad("a table inflates to the wrong length"));
            }
            d
        } else if comp == orig {
            raw.to_vec()
        } else {
            return Err(bad("a table is longer than its original"));
        };
        tables.push(Table {
            tag,
            checksum,
            data,
        });
    }
    tables.sort_by_key(|t| t.tag);
    let mut pow = 1usize;
    let mut log = 0u16;
    while pow * 2 <= n {
        pow *= 2;
        log += 1;
    }
    let mut out = Vec::new();
    out.extend(flavor.to_be_bytes());
    out.extend((n as u16).to_be_bytes());
    out.extend(((pow * 16) as u16).to_be_bytes());
    out.extend(log.to_be_bytes());
    out.extend(((n * 16 - pow * 16) as u16).to_be_bytes());
    let mut offset = 12 + 16 * n;
    for t in &tables {
        out.extend(t.tag.to_be_bytes());
        out.extend(t.checksum.to_be_bytes());
        out.extend((offset as u32).to_be_bytes());
        out.extend((t.data.len() as u32).to_be_bytes());
        offset += t.data.len().div_ceil(4) * 4;
    }
    for t in &tables {
        out.extend(&t.data);
        out.resize(out.len().div_ceil(4) * 4, 0);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shipped_woff_opens_as_an_sfnt() {
        let woff = FONT_FILES
            .iter()
            .find(|f| f.path.ends_with(".woff"))
            .unwrap();
        let sfnt = sfnt_from_woff(woff.bytes).unwrap();
        assert!(sfnt.starts_with(&[0, 1, 0, 0]) || sfnt.starts_with(b"OTTO"));
        assert!(sfnt_from_woff(b"not a font").is_err());
    }

    #[test]
    fn every_sans_face_decodes_and_names_its_family() {
        let faces = sans_sfnt().unwrap();
        assert_eq!(faces.len(), 2);
        for data in faces {
            let face = ttf_parser::Face::parse(&data, 0).unwrap();
            let family = face
                .names()
                .into_iter()
                .find(|n| n.name_id == ttf_parser::name_id::FAMILY && n.is_unicode())
                .and_then(|n| n.to_string())
                .unwrap();
            assert_eq!(family, SANS);
            // the sheets' texts: letters, digits and the punctuation they use
            for c in "Aa0·—–…’“”?".chars() {
                assert!(face.glyph_index(c).is_some(), "{c:?}");
            }
        }
    }

    #[test]
    fn a_damaged_woff_is_an_error() {
        let good = FONT_FILES[3].bytes;
        assert!(sfnt_from_woff(&good[..100]).is_err());
        let mut bad = good.to_vec();
        // a compressed table's data overwritten
        let n = be16(good, 12).unwrap() as usize;
        let e = (0..n)
            .map(|i| 44 + 20 * i)
            .find(|&e| be32(good, e + 8) < be32(good, e + 12))
            .unwrap();
        let off = be32(&bad, e + 4).unwrap() as usize;
        for b in &mut bad[off..off + 16] {
            *b = 0xff;
        }
        assert!(sfnt_from_woff(&bad).is_err());
    }

    #[test]
    fn css_names_every_file_by_a_relative_address() {
        let css = font_face_css();
        for f in &FONT_FILES {
            assert!(css.contains(f.path.trim_start_matches("assets/")));
        }
        assert!(!css.contains("http"));
    }
}
