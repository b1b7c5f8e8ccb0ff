//! Number formatting as the MLIR runtime prints it (C's `%g`).

/// Formats `v` as C's `printf("%g", v)` (6 significant digits).
///
/// ```
/// use tessera_ir::interp::format::format_g;
/// assert_eq!(format_g(1.0), "1");
/// assert_eq!(format_g(0.001), "0.001");
/// assert_eq!(format_g(123456789.0), "1.23457e+08");
/// assert_eq!(format_g(-3.125), "-3.125");
/// assert_eq!(format_g(1e-5), "1e-05");
/// ```
pub fn format_g(v: f64) -> String {
    if v.is_nan() {
        return if v.is_sign_negative() { "-nan" } else { "nan" }.to_string();
    }
    if v.is_infinite() {
        return if v < 0.0 { "-inf" } else { "inf" }.to_string();
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    let sci = format!("{:.5e}", v);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let x: i32 = exp.parse().unwrap_or(0);
    if (-4..6).contains(&x) {
        let decimals = (5 - x).max(0) as usize;
        let fixed = format!("{:.*}", decimals, v);
        trim_zeros(&fixed)
    } else {
        let m = trim_zeros(mantissa);
        format!("{m}e{}{:02}", if x < 0 { '-' } else { '+' }, x.abs())
    }
}

fn trim_zeros(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s.to_string()
    }
}
