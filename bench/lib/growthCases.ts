/**
 * Scenario 10's operations ("How cost grows"): Produce From Template with its answers mapped from the item
 * (with and without Download PDF), Chat Completion and Run → Start, this package's node at its defaults (Batch
 * Size: Auto) against n8n's HTTP Request node at its defaults (every item's request at once) doing the same
 * requests with this package's credential. Chat and Start are scenario 8's (paceCases.ts); Produce differs from
 * scenario 8's in that every item brings its own answers, as a sheet of 10,000 rows would.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	PACE_CASES,
	oursChain,
	produceHttp,
	produceParameters,
	SUMMARY,
	type Chain,
} from './paceCases';

export interface GrowthCase {
	key: string;
	label: string;
	items(count: number): IDataObject[];
	/** The node at its defaults (Batch Size Auto), or at a fixed Batch Size. */
	ours(batchSize?: number): Chain;
	http(url: string): Chain;
	/**
	 * The request the node sends per item, for the floor (n8n's request helper alone, bench/lib/floorNode.ts): its
	 * URL, its body with the same expressions the node reads, and whether the answer is read as a stream.
	 */
	floor?(url: string): FloorRequest;
}

interface FloorRequest {
	url: string;
	body: IDataObject;
	stream: boolean;
}

const numbered = (count: number, make: (index: number) => IDataObject) =>
	Array.from({ length: count }, (_, index) => ({ json: make(index) }));

const row = (index: number): IDataObject => ({
	title: `Offer letter ${index + 1}`,
	name: `Candidate ${index + 1}`,
	start_date: `2026-${String((index % 12) + 1).padStart(2, '0')}-01`,
	role: index % 2 ? 'Counsel' : 'Associate',
});

const MAPPED = {
	'employee.name': '={{ $json.name }}',
	'employee.start_date': '={{ $json.start_date }}',
	role: '={{ $json.role }}',
};

function produceCase(pdf: boolean): GrowthCase {
	return {
		key: pdf ? 'producePdf' : 'produce',
		label: pdf
			? 'Produce From Template + Download PDF'
			: 'Produce From Template (answers from the item)',
		items: (count) => numbered(count, row),
		ours: (batchSize) => oursChain('Produce', produceParameters(pdf, MAPPED), batchSize),
		http: (url) =>
			produceHttp(
				url,
				false,
				'={{ JSON.stringify({ input: { employee: { name: $json.name, start_date: $json.start_date }, role: $json.role }, title: $json.title }) }}',
				pdf,
			),
		...(pdf
			? {}
			: {
					floor: (url: string) => ({
						url: `${url}/document-templates/tpl_offer_letter/documents`,
						body: {
							input: {
								employee: {
									name: MAPPED['employee.name'],
									start_date: MAPPED['employee.start_date'],
								},
								role: MAPPED.role,
							},
							title: '={{ $json.title }}',
						},
						stream: false,
					}),
				}),
	};
}

function fromPace(key: string, label: string): GrowthCase {
	const paceCase = PACE_CASES.find((candidate) => candidate.key === key);
	if (!paceCase) throw new Error(`no scenario 8 case ${key}`);
	const items =
		key === 'chat'
			? (index: number) => ({ question: `Question ${index + 1}: what is a break clause?` })
			: (index: number) => ({ text: `Contract ${index + 1}: summarise it.` });
	return {
		key,
		label,
		items: (count) => numbered(count, items),
		ours: (batchSize) => paceCase.ours(batchSize),
		http: (url) => paceCase.http(url, false),
		...(key === 'start'
			? {
					floor: (url: string) => ({
						url: `${url}/workflows/runs`,
						body: { workflowId: SUMMARY, input: '={{ $json.text }}' },
						stream: false,
					}),
				}
			: {}),
	};
}

/**
 * Chat Completion with HTTP Request asking what the node asks: the answer as the service's event stream (the
 * node always streams: a long answer keeps its connection alive chunk by chunk, and a streaming execution gets
 * the words as they come). HTTP Request keeps the stream's text unread; the node adds it up into the answer.
 */
function chatStreamedCase(): GrowthCase {
	const chat = fromPace('chat', 'Chat Completion');
	return {
		...chat,
		key: 'chatStreamed',
		label: 'Chat Completion (HTTP Request asking the same stream)',
		http: (url) => {
			const chain = chat.http(url);
			const [node] = chain.nodes;
			return {
				...chain,
				nodes: [
					{
						...node,
						parameters: {
							...node.parameters,
							jsonBody: `={{ JSON.stringify({ model: 'dw-standard', messages: [{ role: 'user', content: $json.question }], stream: true, stream_options: { include_usage: true } }) }}`,
						},
					},
				],
			};
		},
		floor: (url) => ({
			url: `${url}/v1/chat/completions`,
			body: {
				model: 'dw-standard',
				messages: [{ role: 'user', content: '={{ $json.question }}' }],
				stream: true,
				stream_options: { include_usage: true },
			},
			stream: true,
		}),
	};
}

export const GROWTH_CASES: GrowthCase[] = [
	produceCase(false),
	produceCase(true),
	fromPace('chat', 'Chat Completion'),
	chatStreamedCase(),
	fromPace('start', 'Run → Start'),
];
