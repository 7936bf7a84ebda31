#!/usr/bin/env python3
"""Bundle the wasm (base64, inside a script) and the sample books into OUT.

tales.js: wasm-bindgen's no-modules glue, then the wasm's bytes, so the page
loads with plain <script> tags from file://. samples.js: the bundled books,
path -> text, under the names the page lists.
"""
import base64, json, os, sys

out = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(here)
glue = open(os.path.join(out, "pkg", "tales_web.js"), encoding="utf-8").read()
wasm = open(os.path.join(out, "pkg", "tales_web_bg.wasm"), "rb").read()
with open(os.path.join(out, "tales.js"), "w", encoding="utf-8") as f:
    f.write(glue)
    f.write("\nwindow.TALES_WASM = \"%s\";\n" % base64.b64encode(wasm).decode())

def folder(path, at, into):
    for dirpath, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, path).replace(os.sep, "/")
            with open(full, encoding="utf-8", errors="replace") as f:
                into[at + "/" + rel] = f.read()

samples = {}
lamp = {}
for name in ["sunken-lamp", "sunken-lamp-es", "sunken-lamp-fr"]:
    folder(os.path.join(repo, "content", name), "/" + name, lamp)
samples["The Sunken Lamp (and its Spanish and French translations)"] = lamp
spec = os.path.join(repo, "..", "shared", "spec")
if os.path.isdir(spec):
    examples = {}
    for name in ["example", "example-es", "example-v2", "example-v2-es", "example-v3"]:
        if os.path.isdir(os.path.join(spec, name)):
            folder(os.path.join(spec, name), "/" + name, examples)
    samples["The spec's examples (versions 1, 2, 3 and two translations)"] = examples
else:
    print("bundle.py: ../shared/spec is missing: the spec's examples are not bundled", file=sys.stderr)
with open(os.path.join(out, "samples.js"), "w", encoding="utf-8") as f:
    f.write("window.TALES_SAMPLES = %s;\n" % json.dumps(samples, ensure_ascii=False))
