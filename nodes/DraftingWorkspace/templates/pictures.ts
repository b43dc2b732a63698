/** Picture answers of template fields: the checks the service applies (the API's Template production, section 7). Pure: no I/O. */

const PICTURE_LIMITS = { maxBytes: 1024 * 1024, maxSidePx: 2000 };

export interface PictureInfo {
	type: 'png' | 'jpeg';
	width: number;
	height: number;
}

/** Type by magic bytes and pixel size from the PNG IHDR or the JPEG SOF marker; undefined if neither. */
export function inspectPicture(bytes: Buffer): PictureInfo | undefined {
	if (
		bytes.length >= 24 &&
		bytes.readUInt32BE(0) === 0x89504e47 &&
		bytes.readUInt32BE(4) === 0x0d0a1a0a
	)
		return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
	if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
		let offset = 2;
		while (offset + 9 < bytes.length) {
			if (bytes[offset] !== 0xff) return undefined;
			const marker = bytes[offset + 1];
			const length = bytes.readUInt16BE(offset + 2);
			// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
			if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
				return {
					type: 'jpeg',
					height: bytes.readUInt16BE(offset + 5),
					width: bytes.readUInt16BE(offset + 7),
				};
			offset += 2 + length;
		}
	}
	return undefined;
}

/** Why a picture would be refused, or undefined when it is fine. */
export function pictureProblem(bytes: Buffer): string | undefined {
	const info = inspectPicture(bytes);
	if (!info) return 'is not a PNG or JPEG picture';
	if (bytes.length > PICTURE_LIMITS.maxBytes)
		return `is ${(bytes.length / 1024 / 1024).toFixed(2)} MB; pictures may be at most 1 MB`;
	if (info.width > PICTURE_LIMITS.maxSidePx || info.height > PICTURE_LIMITS.maxSidePx)
		return `is ${info.width} × ${info.height} px; pictures may be at most 2,000 px on each side`;
	return undefined;
}
