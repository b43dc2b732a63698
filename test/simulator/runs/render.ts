/**
 * Real files for `kind: render` steps: a PDF (pdf-lib) or a DOCX (docx), each holding the workflow
 * name as title, the run id and the outputs of the run's agent steps, so client tests can open
 * what they download and find the run in it.
 */
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { RenderFormat } from '../types';
import type { RunState } from './types';

export const CONTENT_TYPES: Record<RenderFormat, string> = {
	pdf: 'application/pdf',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export interface RenderContent {
	title: string;
	runId: string;
	sections: { heading: string; text: string }[];
}

/** What a render step prints: the outputs of the agent steps so far. */
export function renderContentOf(run: RunState): RenderContent {
	return {
		title: run.workflowName,
		runId: run.runId,
		sections: run.steps
			.filter((step) => step.kind === 'agent' && step.output)
			.map((step) => ({ heading: step.name, text: step.output as string })),
	};
}

export function renderFile(format: RenderFormat, content: RenderContent): Promise<Buffer> {
	return format === 'pdf' ? renderPdf(content) : renderDocx(content);
}

// ---- PDF ---------------------------------------------------------------------------------------

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WRAP_COLUMNS = 90;

/** The standard fonts encode WinAnsi only; anything else prints as '?' rather than failing the run. */
function winAnsi(text: string): string {
	return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function wrap(text: string, columns: number): string[] {
	const lines: string[] = [];
	for (const paragraph of text.split(/\r?\n/)) {
		let line = '';
		for (const word of paragraph.split(/\s+/).filter(Boolean)) {
			if (line && line.length + 1 + word.length > columns) {
				lines.push(line);
				line = word;
			} else {
				line = line ? `${line} ${word}` : word;
			}
		}
		lines.push(line);
	}
	return lines;
}

async function renderPdf(content: RenderContent): Promise<Buffer> {
	const pdf = await PDFDocument.create();
	pdf.setTitle(winAnsi(content.title));
	pdf.setSubject(`Run ${content.runId}`);
	pdf.setProducer('Drafting Workspace simulator');
	const regular = await pdf.embedFont(StandardFonts.Helvetica);
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

	let page: PDFPage = pdf.addPage(A4);
	let y = A4[1] - MARGIN;
	const line = (text: string, font: PDFFont, size: number): void => {
		if (y < MARGIN) {
			page = pdf.addPage(A4);
			y = A4[1] - MARGIN;
		}
		page.drawText(winAnsi(text), { x: MARGIN, y, size, font });
		y -= size * 1.5;
	};

	line(content.title, bold, 18);
	line(`Run ${content.runId}`, regular, 10);
	y -= 10;
	for (const section of content.sections) {
		line(section.heading, bold, 12);
		for (const text of wrap(section.text, WRAP_COLUMNS)) line(text, regular, 11);
		y -= 8;
	}
	return Buffer.from(await pdf.save());
}

// ---- DOCX --------------------------------------------------------------------------------------

async function renderDocx(content: RenderContent): Promise<Buffer> {
	const document = new Document({
		title: content.title,
		subject: `Run ${content.runId}`,
		creator: 'Drafting Workspace simulator',
		sections: [
			{
				children: [
					new Paragraph({ text: content.title, heading: HeadingLevel.TITLE }),
					new Paragraph({ text: `Run ${content.runId}` }),
					...content.sections.flatMap((section) => [
						new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }),
						new Paragraph({ text: section.text }),
					]),
				],
			},
		],
	});
	return Packer.toBuffer(document);
}
