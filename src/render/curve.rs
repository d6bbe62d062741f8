//! Learning curves as PNG pictures: drawn by plotters as SVG, rasterised by resvg with
//! the DejaVu Sans Mono font shipped inside the binary (assets/fonts; its licence in
//! assets/fonts/LICENSE), so that no system font or library is needed.

use plotters::prelude::*;

/// The font every curve's text is set in.
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansMono.ttf");

/// One line of a curve: its name and its points (x, y), y from 0 to 1.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The name in the key.
    pub name: String,
    /// The points.
    pub points: Vec<(f64, f64)>,
}

/// Errors of drawing a curve.
#[derive(Debug, thiserror::Error)]
pub enum CurveError {
    /// plotters refused the drawing.
    #[error("drawing the curve: {0}")]
    Draw(String),
    /// resvg could not read the SVG or encode the PNG.
    #[error("rendering the curve: {0}")]
    Render(String),
}

/// A chart of `series` against x from 0 to `x_max` (y a share, 0 to 1), `width` × `height`
/// pixels, with `title` above and the axes named, as a PNG file's bytes.
///
/// # Errors
/// [`CurveError`] if plotters or resvg fails (not for any data).
pub fn curve_png(
    title: &str,
    x_label: &str,
    y_label: &str,
    x_max: f64,
    series: &[Series],
    (width, height): (u32, u32),
) -> Result<Vec<u8>, CurveError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        let d = |e: &dyn std::fmt::Display| CurveError::Draw(e.to_string());
        root.fill(&WHITE).map_err(|e| d(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("DejaVu Sans Mono", 18))
            .margin(12)
            .margin_right(28)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(0f64..x_max.max(1.0), 0f64..1f64)
            .map_err(|e| d(&e))?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .label_style(("DejaVu Sans Mono", 13))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.1}"))
            .draw()
            .map_err(|e| d(&e))?;
        let colours = [
            RGBColor(0, 110, 0),
            RGBColor(30, 60, 200),
            RGBColor(200, 30, 30),
            RGBColor(120, 120, 120),
        ];
        for (i, s) in series.iter().enumerate() {
            let c = colours[i % colours.len()];
            chart
                .draw_series(LineSeries::new(s.points.iter().copied(), c.stroke_width(2)))
                .map_err(|e| d(&e))?
                .label(s.name.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .label_font(("DejaVu Sans Mono", 13))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(|e| d(&e))?;
        root.present().map_err(|e| d(&e))?;
    }
    let mut opt = resvg::usvg::Options::default();
    opt.fontdb_mut().load_font_data(FONT.to_vec());
    opt.font_family = "DejaVu Sans Mono".into();
    let tree =
        resvg::usvg::Tree::from_str(&svg, &opt).map_err(|e| CurveError::Render(e.to_string()))?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| CurveError::Render("an empty picture".into()))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| CurveError::Render(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_curve_is_a_png_with_ink() {
        let s = Series {
            name: "drawn".into(),
            points: (0..=10)
                .map(|i| (f64::from(i) * 10.0, f64::from(i) / 10.0))
                .collect(),
        };
        let png = curve_png("test", "games", "share", 100.0, &[s], (400, 300)).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        let img = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
        let dark = img
            .pixels()
            .iter()
            .filter(|p| p.red() < 100 && p.green() < 100)
            .count();
        assert!(
            dark > 500,
            "{dark} dark pixels: the text and the axes drawn"
        );
    }
}
