import { encodeGrayJpeg, encodePng, PICTURE_MAX_BYTES, readPicture } from '../index';
import { useInputRules } from './template-input-rules';

/** Contract, Template production, input rule 7: pictures (rules 1-6 are in templates-input.test.ts). */
describe('Template production: input rules', () => {
	const { withEmployee, refused, pathsOf, producedAnswer } = useInputRules();

	describe('Rule 7: pictures', () => {
		const png = encodePng(40, 30);
		const jpeg = encodeGrayJpeg(64, 48);
		const b64 = (bytes: Buffer) => bytes.toString('base64');
		const withPhoto = (photo: unknown) => withEmployee({ photo });
		const atExactly = (bytes: Buffer, size: number) =>
			Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]);

		test.each([
			['PNG, plain base64', b64(png), 'PNG picture, 40 x 30 px'],
			[
				'PNG with a data: URI prefix',
				`data:image/png;base64,${b64(png)}`,
				'PNG picture, 40 x 30 px',
			],
			['JPEG, plain base64', b64(jpeg), 'JPEG picture, 64 x 48 px'],
			[
				'JPEG behind a data:image/png prefix (magic bytes decide, not the prefix)',
				`data:image/png;base64,${b64(jpeg)}`,
				'JPEG picture, 64 x 48 px',
			],
			[
				'PNG base64 wrapped at 76 columns',
				b64(png).replace(/(.{76})/g, '$1\r\n'),
				'PNG picture, 40 x 30 px',
			],
			['2,000 px on a side (the limit)', b64(encodePng(2000, 2)), 'PNG picture, 2000 x 2 px'],
			[
				'exactly 1 MB decoded (the limit)',
				b64(atExactly(png, PICTURE_MAX_BYTES)),
				'PNG picture, 40 x 30 px',
			],
		])('accepted: %s', async (_name, photo, described) => {
			expect(await producedAnswer(withPhoto(photo), 'employee.photo')).toBe(described);
		});

		test.each([
			['a GIF', 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', /PNG or JPEG/],
			['text that is not a picture', Buffer.from('hello world').toString('base64'), /PNG or JPEG/],
			['not base64 at all', '***not base64***', /base64/],
			['base64url alphabet', b64(png).replace(/\+/g, '-').replace(/\//g, '_') + '-_', /base64/],
			['wider than 2,000 px', b64(encodePng(2001, 1)), /2000 pixels.*2001 x 1/],
			['JPEG taller than 2,000 px', b64(encodeGrayJpeg(8, 2001)), /2000 pixels.*8 x 2001/],
			['over 1 MB decoded', b64(atExactly(png, PICTURE_MAX_BYTES + 1)), /at most 1 MB/],
			['a PNG signature without its IHDR', b64(png.subarray(0, 12)), /readable PNG/],
			[
				'a JPEG without a frame header',
				b64(Buffer.from([0xff, 0xd8, 0xff, 0xd9])),
				/readable JPEG/,
			],
			['a number', 12345, /base64 text/],
		])(
			'refused: %s -> 400 input_validation_failed at employee.photo',
			async (_name, photo, message) => {
				const body = await refused(withPhoto(photo));
				expect(pathsOf(body)).toEqual(['employee.photo']);
				expect(body.errors[0].message).toMatch(message);
			},
		);

		test('readPicture (unit): dimensions come from the PNG IHDR and the JPEG SOF', () => {
			expect(readPicture(b64(encodePng(7, 9)))).toMatchObject({
				ok: true,
				picture: { format: 'png', width: 7, height: 9 },
			});
			expect(readPicture(b64(encodeGrayJpeg(1999, 3)))).toMatchObject({
				ok: true,
				picture: { format: 'jpeg', width: 1999, height: 3 },
			});
		});
	});
});
