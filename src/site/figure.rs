//! A diagram in a page: every frame of a position or move as inline SVG,
//! captions, the plain-text twins and the step-through controls (the DOM
//! contract in the module documentation of [`super`]).

use super::escape;
use crate::diagram::{self, Embed, Frame, RenderOptions};
use crate::engine::Played;
use crate::model::PositionDoc;

/// The figure of a position (its move's frames, or its board), drawn from
/// its move as played (None when it has no move).
pub fn position_figure(doc: &PositionDoc, played: Option<&Played>) -> Figure {
    let frames = diagram::played_frames(doc, played);
    let title = doc.annotations.title.as_deref();
    let caption = doc.annotations.caption.as_deref();
    Figure::new(&frames, title, caption)
}

/// A figure from frames, with the element id `anchor` (e.g.
/// `pos-capture-basic`).
pub fn figure(
    frames: &[Frame],
    anchor: &str,
    title: Option<&str>,
    caption: Option<&str>,
) -> String {
    Figure::new(frames, title, caption).html(anchor)
}

/// A figure drawn once, to be placed in pages under any element id.
#[derive(Clone, Debug)]
pub struct Figure {
    label: String,
    frames: usize,
    /// Everything after the opening `<figure>` tag.
    body: String,
}

impl Figure {
    /// The figure's HTML with the element id `anchor`.
    pub fn html(&self, anchor: &str) -> String {
        let mut h = String::with_capacity(self.body.len() + 160);
        h.push_str(&format!(
            "<figure class=\"omweso-diagram\" id=\"{}\" tabindex=\"0\" aria-label=\"{}\" data-frames=\"{}\">\n",
            escape(anchor),
            escape(&self.label),
            self.frames
        ));
        h.push_str(&self.body);
        h
    }

    /// A figure from frames.
    pub fn new(frames: &[Frame], title: Option<&str>, caption: Option<&str>) -> Figure {
        // inline SVG without a <style> each: the site's CSS holds the
        // diagrams' stylesheet once
        let options = RenderOptions {
            embed: Embed::Embedded,
            ..RenderOptions::default()
        };
        let svgs: Vec<String> = frames.iter().map(|f| f.svg(&options)).collect();
        let texts: Vec<String> = frames.iter().map(Frame::text).collect();
        let mut h =
            String::with_capacity(svgs.iter().chain(&texts).map(String::len).sum::<usize>() + 1024);
        let label = title
            .map(str::to_string)
            .or_else(|| frames.first().map(|f| f.title.clone()))
            .unwrap_or_else(|| "Diagram".into());
        h.push_str("<ol class=\"frames\">\n");
        let n = frames.len();
        for (i, (f, svg)) in frames.iter().zip(&svgs).enumerate() {
            h.push_str(&format!(
                "<li class=\"frame\" data-frame=\"{}\">\n",
                escape(&f.name)
            ));
            h.push_str(svg.trim_end());
            let no = if n > 1 {
                format!("<span class=\"frame-no\">{}/{n}</span> ", i + 1)
            } else {
                String::new()
            };
            h.push_str(&format!(
                "\n<p class=\"frame-caption\">{no}{}</p>\n</li>\n",
                escape(&f.title)
            ));
        }
        h.push_str("</ol>\n");
        h.push_str(
            "<div class=\"stepper\" hidden>\
<button type=\"button\" class=\"prev\"><span aria-hidden=\"true\">&#8592; </span>Previous</button>\
<button type=\"button\" class=\"play\" aria-pressed=\"false\">Play</button>\
<button type=\"button\" class=\"next\">Next<span aria-hidden=\"true\"> &#8594;</span></button>\
<span class=\"frame-status\" aria-live=\"polite\"></span></div>\n",
        );
        h.push_str("<details class=\"text-twin\"><summary>Text version</summary>\n");
        for (i, (f, text)) in frames.iter().zip(&texts).enumerate() {
            h.push_str(&format!(
                "<p><strong>Frame {} of {n}: {}</strong><br>{}</p>\n<pre>{}</pre>\n",
                i + 1,
                escape(&f.title),
                escape(&f.desc),
                escape(text.trim_end())
            ));
        }
        h.push_str("</details>\n");
        if title.is_some() || caption.is_some() {
            h.push_str("<figcaption>");
            if let Some(t) = title {
                h.push_str(&format!("<strong>{}</strong>", escape(t)));
                if caption.is_some() {
                    h.push(' ');
                }
            }
            if let Some(c) = caption {
                h.push_str(&escape(c));
            }
            h.push_str("</figcaption>\n");
        }
        h.push_str("</figure>\n");
        Figure {
            label,
            frames: frames.len(),
            body: h,
        }
    }
}
