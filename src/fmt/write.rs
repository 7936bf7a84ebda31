//! Writing a formatted file: atomically (a temporary file in the same
//! folder, then a rename, with the tempfile crate), with the file's BOM
//! and permissions kept, and only if the file on disk is still what was
//! formatted. A file reached through a symbolic link is written where the
//! link points (the link stays a link, and the file it points to is
//! replaced in its own folder).

use std::io::Write as _;
use std::path::Path;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Replace the file at `path`, whose text was `read` when the book was
/// loaded (BOM removed), with `new`.
pub fn replace(path: &Path, read: &str, new: &str) -> std::io::Result<()> {
    // Every link on the way resolved: renaming over a link would replace
    // the link with a copy.
    let target = std::fs::canonicalize(path)?;
    let path = target.as_path();
    let bytes = std::fs::read(path)?;
    let bom = bytes.starts_with(BOM);
    let body = if bom { &bytes[BOM.len()..] } else { &bytes[..] };
    if body != read.as_bytes() {
        return Err(std::io::Error::other(
            "the file changed on disk while it was being formatted; run `tales fmt` again",
        ));
    }
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .prefix(".tales-fmt-")
        .tempfile_in(dir)?;
    if bom {
        tmp.write_all(BOM)?;
    }
    tmp.write_all(new.as_bytes())?;
    tmp.as_file().sync_all()?;
    let permissions = std::fs::metadata(path)?.permissions();
    std::fs::set_permissions(tmp.path(), permissions)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
