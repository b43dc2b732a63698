/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Two tiny image encoders, so the fixtures and the tests use real pictures rather than bytes that
 * only look like one: pdf-lib decodes a PNG when it embeds it, and a reader opening a produced
 * DOCX or PDF must see an image, not a broken frame.
 *
 * - encodePng: 8-bit RGB, one colour, deflated with node:zlib.
 * - encodeGrayJpeg: baseline JPEG, one grey component, every 8x8 block a flat mid grey (DC 0, no AC),
 *   which needs one-symbol Huffman tables only: any size up to 65,535 px per side in a few bytes per block.
 */
import { deflateSync } from 'node:zlib';

// ---- PNG ---------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

function crc32(bytes: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(typeAndData));
	return Buffer.concat([length, typeAndData, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A width x height PNG in one colour (RGB, 0-255 each). */
export function encodePng(
	width: number,
	height: number,
	rgb: [number, number, number] = [30, 64, 120],
): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header[8] = 8; // bit depth
	header[9] = 2; // colour type: RGB
	const row = Buffer.alloc(1 + width * 3); // filter byte 0, then the pixels
	for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
	const raw = Buffer.concat(Array.from({ length: height }, () => row));
	return Buffer.concat([
		PNG_SIGNATURE,
		pngChunk('IHDR', header),
		pngChunk('IDAT', deflateSync(raw)),
		pngChunk('IEND', Buffer.alloc(0)),
	]);
}

// ---- JPEG --------------------------------------------------------------------------------------

function segment(marker: number, data: number[]): Buffer {
	const length = data.length + 2;
	return Buffer.from([0xff, marker, length >> 8, length & 0xff, ...data]);
}

/** A width x height baseline JPEG, flat mid grey. */
export function encodeGrayJpeg(width: number, height: number): Buffer {
	const oneSymbolTable = (tableClass: number): Buffer =>
		segment(0xc4, [tableClass, 1, ...new Array<number>(15).fill(0), 0x00]);
	const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
	// Each block is two 1-bit codes, both '0': DC difference category 0, then end-of-block.
	const bits = blocks * 2;
	const scan = Buffer.alloc(Math.ceil(bits / 8), 0);
	if (bits % 8 !== 0) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1; // pad the last byte with 1-bits
	return Buffer.concat([
		Buffer.from([0xff, 0xd8]), // SOI
		segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // APP0 JFIF
		segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]), // DQT
		segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]), // SOF0
		oneSymbolTable(0x00), // DHT, DC table 0
		oneSymbolTable(0x10), // DHT, AC table 0
		segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
		scan,
		Buffer.from([0xff, 0xd9]), // EOI
	]);
}
