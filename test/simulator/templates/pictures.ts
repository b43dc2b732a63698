/**
 * Picture answers (contract, Template production 7; Limits: Picture input): a base64 string with or
 * without a `data:` URI prefix; PNG or JPEG, told apart by their magic bytes (never by the prefix,
 * which a client may get wrong); at most 1 MB decoded; at most 2,000 px on each side, read from the
 * PNG IHDR chunk or the JPEG SOF segment.
 */
import { PNG_SIGNATURE } from './images';

/** "1 MB": 1,048,576 decoded bytes, the same MB as the simulator's body limits. */
export const PICTURE_MAX_BYTES = 1024 * 1024;
export const PICTURE_MAX_SIDE_PX = 2000;

type PictureFormat = 'png' | 'jpeg';

export interface Picture {
	format: PictureFormat;
	bytes: Buffer;
	width: number;
	height: number;
}

export type PictureResult = { ok: true; picture: Picture } | { ok: false; message: string };

const DATA_URI = /^data:[^,]*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function fail(message: string): PictureResult {
	return { ok: false, message };
}

function pngSize(bytes: Buffer): { width: number; height: number } | null {
	// Signature (8), then the first chunk must be IHDR: length (4), type (4), width (4), height (4).
	if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
	return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** SOF0-SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isStartOfFrame = (marker: number): boolean =>
	marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
	let offset = 2; // after SOI
	while (offset + 4 <= bytes.length) {
		if (bytes[offset] !== 0xff) return null;
		const marker = bytes[offset + 1];
		if (marker === 0xff) {
			offset += 1; // fill byte
			continue;
		}
		// Markers without a length: TEM and RST0-7 (SOI again would be odd but harmless).
		if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
			offset += 2;
			continue;
		}
		if (marker === 0xda || marker === 0xd9) return null; // scan or end before any frame header
		const length = bytes.readUInt16BE(offset + 2);
		if (isStartOfFrame(marker)) {
			if (offset + 9 > bytes.length) return null;
			return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
		}
		offset += 2 + length;
	}
	return null;
}

/** Checks one picture answer; the message is phrased for the `errors` entry of its path. */
export function readPicture(value: string): PictureResult {
	const base64 = value.replace(DATA_URI, '').replace(/\s+/g, '');
	if (!BASE64.test(base64) || base64.length % 4 === 1) {
		return fail(
			'must be a picture as base64 text (standard alphabet), with or without a data:image/...;base64, prefix',
		);
	}
	const bytes = Buffer.from(base64, 'base64');
	let format: PictureFormat;
	if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) format = 'png';
	else if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
		format = 'jpeg';
	else return fail('must be a PNG or JPEG picture (the decoded bytes are neither)');
	if (bytes.length > PICTURE_MAX_BYTES) {
		return fail(
			`must be at most 1 MB (${PICTURE_MAX_BYTES} bytes) decoded; this picture has ${bytes.length} bytes`,
		);
	}
	const size = format === 'png' ? pngSize(bytes) : jpegSize(bytes);
	if (!size || size.width === 0 || size.height === 0) {
		return fail(
			`must be a readable ${format === 'png' ? 'PNG' : 'JPEG'} picture (its size could not be read)`,
		);
	}
	if (size.width > PICTURE_MAX_SIDE_PX || size.height > PICTURE_MAX_SIDE_PX) {
		return fail(
			`must be at most ${PICTURE_MAX_SIDE_PX} pixels on each side; this picture is ${size.width} x ${size.height}`,
		);
	}
	return { ok: true, picture: { format, bytes, ...size } };
}

export function describePicture(picture: Picture): string {
	return `${picture.format === 'png' ? 'PNG' : 'JPEG'} picture, ${picture.width} x ${picture.height} px`;
}
