/**
 * The three files of a produced document (contract, What the service does 2: "DOCX and PDF
 * rendered"; Produced document: links to docx, pdf and markdown), written from one
 * DocumentContent so they carry the same text. DOCX with `docx`, PDF with pdf-lib; pictures are
 * embedded in both (a picture pdf-lib cannot decode keeps its caption line only).
 */
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { toMarkdown } from './content';
import type { Picture } from './pictures';
import type { ContentBlock, DocumentContent, DocumentFile, DocumentFormat } from './types';

export const DOCUMENT_CONTENT_TYPES: Record<DocumentFormat, string> = {
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	pdf: 'application/pdf',
	markdown: 'text/markdown; charset=utf-8',
};

const EXTENSIONS: Record<DocumentFormat, string> = { docx: 'docx', pdf: 'pdf', markdown: 'md' };

/** `<title slug>`: lower case, letters and digits of any script kept, everything else one hyphen. */
export function titleSlug(title: string): string {
	const slug = title
		.normalize('NFC')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 80)
		.replace(/-+$/, '');
	return slug || 'document';
}

function documentFilename(title: string, format: DocumentFormat): string {
	return `${titleSlug(title)}.${EXTENSIONS[format]}`;
}

/** Pictures are shown at most this large (points in the PDF, pixels at 96 dpi in the DOCX). */
const PICTURE_BOX = { width: 220, height: 110 };

function fitInBox(picture: Picture): { width: number; height: number } {
	const scale = Math.min(1, PICTURE_BOX.width / picture.width, PICTURE_BOX.height / picture.height);
	return {
		width: Math.max(1, Math.round(picture.width * scale)),
		height: Math.max(1, Math.round(picture.height * scale)),
	};
}

// ---- PDF ---------------------------------------------------------------------------------------

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const TEXT_WIDTH = A4[0] - 2 * MARGIN;

const STYLES: Record<
	Exclude<ContentBlock['kind'], 'picture'>,
	{ size: number; bold: boolean; before: number; indent: number }
> = {
	title: { size: 18, bold: true, before: 0, indent: 0 },
	meta: { size: 9, bold: false, before: 2, indent: 0 },
	heading: { size: 13, bold: true, before: 12, indent: 0 },
	paragraph: { size: 11, bold: false, before: 6, indent: 0 },
	item: { size: 10, bold: false, before: 1, indent: 12 },
};

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** The standard fonts cover WinAnsi; a character outside it prints as '?' instead of failing the call. */
function printable(text: string, font: PDFFont): string {
	let supported = characterSets.get(font);
	if (!supported) {
		supported = new Set(font.getCharacterSet());
		characterSets.set(font, supported);
	}
	const known = supported;
	return [...text.replace(/\s+/g, ' ')]
		.map((char) => (known.has(char.codePointAt(0) as number) ? char : '?'))
		.join('');
}

/** Cuts a word wider than the line into pieces that fit (long URLs, ids, a pasted blob). */
function splitWord(word: string, font: PDFFont, size: number, width: number): string[] {
	const pieces: string[] = [];
	let rest = word;
	// No line holds more than a few hundred characters: measure a bounded head, not the whole rest.
	const head = (text: string) => text.slice(0, 1000);
	while (rest.length > 1 && font.widthOfTextAtSize(head(rest), size) > width) {
		let low = 1;
		let high = Math.min(rest.length, 1000) - 1;
		while (low < high) {
			const middle = Math.ceil((low + high) / 2);
			if (font.widthOfTextAtSize(rest.slice(0, middle), size) <= width) low = middle;
			else high = middle - 1;
		}
		pieces.push(rest.slice(0, low));
		rest = rest.slice(low);
	}
	pieces.push(rest);
	return pieces;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
	const lines: string[] = [];
	const space = font.widthOfTextAtSize(' ', size);
	let line = '';
	let lineWidth = 0;
	for (const word of text
		.split(' ')
		.filter(Boolean)
		.flatMap((piece) => splitWord(piece, font, size, width))) {
		const wordWidth = font.widthOfTextAtSize(word, size);
		if (line && lineWidth + space + wordWidth > width) {
			lines.push(line);
			line = word;
			lineWidth = wordWidth;
		} else {
			line = line ? `${line} ${word}` : word;
			lineWidth = line === word ? wordWidth : lineWidth + space + wordWidth;
		}
	}
	lines.push(line);
	return lines;
}

/**
 * The PDF prints at most this many characters of one block; the rest is named, not printed. A
 * 10 MB answer (the body limit) would otherwise take seconds and thousands of pages; the DOCX and
 * the markdown carry it whole.
 */
const PDF_BLOCK_CHARACTER_LIMIT = 20_000;

function capped(text: string): string {
	if (text.length <= PDF_BLOCK_CHARACTER_LIMIT) return text;
	const rest = text.length - PDF_BLOCK_CHARACTER_LIMIT;
	return `${text.slice(0, PDF_BLOCK_CHARACTER_LIMIT)} [... ${rest} more characters: see the DOCX or markdown]`;
}

async function renderPdf(content: DocumentContent): Promise<Buffer> {
	const pdf = await PDFDocument.create();
	const regular = await pdf.embedFont(StandardFonts.Helvetica);
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
	pdf.setTitle(printable(content.title, regular));
	pdf.setSubject(content.subject);
	pdf.setCreator('Drafting Workspace simulator');
	pdf.setProducer('Drafting Workspace simulator');

	let page: PDFPage = pdf.addPage(A4);
	let y = A4[1] - MARGIN;
	const room = (height: number): void => {
		if (y - height < MARGIN) {
			page = pdf.addPage(A4);
			y = A4[1] - MARGIN;
		}
	};
	const write = (text: string, kind: keyof typeof STYLES): void => {
		const style = STYLES[kind];
		const font = style.bold ? bold : regular;
		y -= style.before;
		const prefix = kind === 'item' ? '- ' : '';
		for (const line of wrap(
			printable(prefix + capped(text), font),
			font,
			style.size,
			TEXT_WIDTH - style.indent,
		)) {
			room(style.size * 1.4);
			y -= style.size;
			page.drawText(line, { x: MARGIN + style.indent, y, size: style.size, font });
			y -= style.size * 0.4;
		}
	};

	for (const block of content.blocks) {
		if (block.kind !== 'picture') {
			write(block.text, block.kind);
			continue;
		}
		try {
			// pdf-lib's JPEG embedder reads `new DataView(bytes.buffer)` from offset 0, so a small Buffer
			// sliced from Node's shared pool would be misread: give it a copy in its own ArrayBuffer.
			const bytes = new Uint8Array(block.picture.bytes);
			const image =
				block.picture.format === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
			const size = fitInBox(block.picture);
			y -= 8;
			room(size.height);
			y -= size.height;
			page.drawImage(image, { x: MARGIN, y, ...size });
		} catch {
			// Headers were valid (the input check read them) but the data is not: the caption still prints.
		}
		write(block.text, 'meta');
	}
	return Buffer.from(await pdf.save());
}

// ---- DOCX --------------------------------------------------------------------------------------

function docxBlock(block: ContentBlock): Paragraph[] {
	switch (block.kind) {
		case 'title':
			return [new Paragraph({ text: block.text, heading: HeadingLevel.TITLE })];
		case 'heading':
			return [new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_1 })];
		case 'meta':
			return [
				new Paragraph({ children: [new TextRun({ text: block.text, italics: true, size: 18 })] }),
			];
		case 'paragraph':
			return [new Paragraph({ text: block.text })];
		case 'item':
			return [new Paragraph({ text: block.text, bullet: { level: 0 } })];
		case 'picture':
			return [
				new Paragraph({
					children: [
						new ImageRun({
							type: block.picture.format === 'png' ? 'png' : 'jpg',
							data: block.picture.bytes,
							transformation: fitInBox(block.picture),
							altText: { name: block.text, description: block.text, title: block.text },
						}),
					],
				}),
				new Paragraph({ children: [new TextRun({ text: block.text, italics: true, size: 18 })] }),
			];
	}
}

async function renderDocx(content: DocumentContent): Promise<Buffer> {
	const document = new Document({
		title: content.title,
		subject: content.subject,
		creator: 'Drafting Workspace simulator',
		sections: [{ children: content.blocks.flatMap(docxBlock) }],
	});
	return Packer.toBuffer(document);
}

// ---- All three ---------------------------------------------------------------------------------

export async function renderDocumentFiles(
	content: DocumentContent,
): Promise<Record<DocumentFormat, DocumentFile>> {
	const [docx, pdf] = await Promise.all([renderDocx(content), renderPdf(content)]);
	const file = (format: DocumentFormat, bytes: Buffer): DocumentFile => ({
		format,
		filename: documentFilename(content.title, format),
		contentType: DOCUMENT_CONTENT_TYPES[format],
		bytes,
	});
	return {
		docx: file('docx', docx),
		pdf: file('pdf', pdf),
		markdown: file('markdown', Buffer.from(toMarkdown(content), 'utf8')),
	};
}
