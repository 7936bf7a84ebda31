// A small .zip writer: every entry stored (no compression), each with its
// CRC-32, as `unzip` and every archive tool read it. No library.
"use strict";
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// A header of `size` bytes, its signature set, the rest zero.
function header(signature, size) {
  const h = new DataView(new ArrayBuffer(size));
  h.setUint32(0, signature, true);
  return h;
}

// `entries`: [name, bytes] pairs. The archive, as a Uint8Array.
function zip(entries) {
  const enc = new TextEncoder();
  const parts = [];
  const central = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const n = enc.encode(name);
    const crc = crc32(data);
    // Version 2.0, flag bit 11: the name is UTF-8; method 0: stored.
    const local = header(0x04034b50, 30);
    // The date 1980-01-01, the earliest a .zip can say (no clock is read).
    local.setUint16(4, 20, true); local.setUint16(6, 0x800, true); local.setUint16(12, 0x21, true);
    local.setUint32(14, crc, true); local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true); local.setUint16(26, n.length, true);
    const dir = header(0x02014b50, 46);
    dir.setUint16(4, 20, true); dir.setUint16(6, 20, true); dir.setUint16(8, 0x800, true);
    dir.setUint16(14, 0x21, true);
    dir.setUint32(16, crc, true); dir.setUint32(20, data.length, true);
    dir.setUint32(24, data.length, true); dir.setUint16(28, n.length, true);
    dir.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), n, data);
    central.push(new Uint8Array(dir.buffer), n);
    offset += 30 + n.length + data.length;
  }
  const size = central.reduce((s, p) => s + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true); end.setUint16(10, entries.length, true);
  end.setUint32(12, size, true); end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of all) { out.set(p, at); at += p.length; }
  return out;
}
