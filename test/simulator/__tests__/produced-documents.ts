import { encodeGrayJpeg, FIXTURE_KEYS, TEMPLATE_IDS, type ProducedDocument } from '../index';
import { FakeTime, produceDocument, useTestServer } from './helpers';

const K = FIXTURE_KEYS;
const T = TEMPLATE_IDS;

/**
 * What the tests of produced documents' content share: a simulator on a fake clock for the describe block, and the
 * two documents produced once before its tests (an offer letter from ANSWERS, a board resolution that needs review).
 */
export function useProducedDocuments() {
	const time = new FakeTime(Date.parse('2026-01-15T12:00:00.000Z'));
	// Every test reads the two documents produced once below: no reset between tests.
	const t = useTestServer({ clock: time.source }, { resetBeforeEach: false });
	const photo = encodeGrayJpeg(64, 48);
	const ANSWERS = {
		employee: {
			name: 'Zoë Ünal',
			start_date: '1 March 2026',
			salary: 85000,
			remote: true,
			photo: photo.toString('base64'),
		},
		role: 'Senior Associate',
		benefits: ['Health', 'Training'],
	};

	const documents = {} as { offer: ProducedDocument; board: ProducedDocument };

	const produce = (
		templateId: string,
		body: unknown,
		key: string = K.full,
	): Promise<ProducedDocument> => produceDocument(t, templateId, body, key);
	const get = (path: string, key: string = K.full) => t.call(path, { key });
	const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

	beforeAll(async () => {
		documents.offer = await produce(T.offerLetter, { input: ANSWERS, title: 'Offer — Zoë Ünal' });
		documents.board = await produce(T.boardResolution, {
			input: { resolution_text: 'The accounts for 2025 are approved.', meeting_date: '2026-01-14' },
		});
	});

	return { t, photo, ANSWERS, produce, get, bytesOf, documents };
}
