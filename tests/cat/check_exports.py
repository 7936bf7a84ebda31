#!/usr/bin/env python3
"""Open `tales l10n export` files with real tools' parsers: Python's polib
for PO, the translate-toolkit's XLIFF store for XLIFF 1.2. Usage:
check_exports.py FILE.po FILE.xlf. Exits 0 when both open and hold the same
units with their placeholders; exits 3 (skipped) when a parser is missing."""
import sys

try:
    import polib
    from translate.storage import xliff
except ImportError as e:
    print(f"skipped: {e.name} is not installed (pip install polib translate-toolkit)")
    sys.exit(3)

po_path, xlf_path = sys.argv[1], sys.argv[2]
po = polib.pofile(po_path)
units = [e for e in po if e.msgctxt]
assert units, "no units in the PO file"
for e in units:
    for n in range(1, 10):
        ph = f"%{n}"
        if ph in e.msgid and e.msgstr:
            assert ph in e.msgstr, f"{e.msgctxt}: {ph} lost in the target"
    assert "qt-format" in e.flags, f"{e.msgctxt}: no qt-format flag"

store = xliff.xlifffile.parsefile(xlf_path)
xunits = [u for u in store.units if u.getid()]
assert len(xunits) == len(units), f"{len(xunits)} XLIFF units, {len(units)} PO units"
# The toolkit names a unit `FILE\x04ID`.
ids = {u.getid().split("\x04")[-1] for u in xunits}
assert ids == {e.msgctxt for e in units}, "the two files name other units"
# An award placeholder reads as the source's markup in the toolkit.
marked = [u for u in xunits if "[" in u.source]
assert marked, "no unit has markup"
print(f"ok: {len(units)} units open in polib {polib.__version__} and the translate-toolkit; ids agree")
