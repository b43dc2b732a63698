/**
 * Helpers for tests that open produced documents as a client would: the text of a PDF (pdf-lib's
 * own content streams, decoded) and of a DOCX (jszip, word/document.xml). Used by the simulator's
 * contract tests; the node's integration tests may use them too.
 */
import JSZip from 'jszip';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';

/**
 * pdf-lib's standard fonts write WinAnsi (Windows-1252): '—' is 0x97, not a Latin-1 control.
 * (Node's TextDecoder('windows-1252') decodes as Latin-1, so the 0x80-0x9F row is mapped here.)
 */
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function decodeWinAnsi(bytes: Buffer): string {
	return [...bytes]
		.map((byte) =>
			byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_80_9F[byte - 0x80] : String.fromCharCode(byte),
		)
		.join('');
}

/** Every `<hex> Tj` string of every page, in drawing order, one per line (pdf-lib writes one per line of text). */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[]> {
	const pdf = await PDFDocument.load(bytes);
	const lines: string[] = [];
	for (const page of pdf.getPages()) {
		const contents = page.node.Contents();
		const streams: (PDFObject | undefined)[] =
			contents instanceof PDFArray
				? contents.asArray().map((ref) => pdf.context.lookup(ref))
				: [contents];
		for (const stream of streams) {
			if (!(stream instanceof PDFRawStream)) continue;
			const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
			for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
				lines.push(decodeWinAnsi(Buffer.from(match[1], 'hex')));
		}
	}
	return lines;
}

/** The PDF's text with wrapped lines joined by spaces (so a sentence can be searched whole). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
	return (await pdfTextLines(bytes)).join(' ');
}

export interface DocxContents {
	/** word/document.xml as stored. */
	xml: string;
	/** The text of each paragraph (`<w:t>` runs joined, entities decoded). */
	paragraphs: string[];
	/** Paths of the zip entries, e.g. 'word/media/image1.png'. */
	entries: string[];
	zip: JSZip;
}

const decodeXml = (text: string): string =>
	text
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&apos;/g, "'")
		.replace(/&amp;/g, '&');

export async function openDocx(bytes: Uint8Array): Promise<DocxContents> {
	const zip = await JSZip.loadAsync(bytes);
	const document = zip.file('word/document.xml');
	if (!document) throw new Error('Not a DOCX: word/document.xml is missing');
	const xml = await document.async('string');
	const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((paragraph) =>
		[...paragraph[0].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
			.map((run) => decodeXml(run[1]))
			.join(''),
	);
	return {
		xml,
		paragraphs: paragraphs.filter((text) => text !== ''),
		entries: Object.keys(zip.files),
		zip,
	};
}
