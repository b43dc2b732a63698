// What the editor shows in the newcomer's walk (walk.browser.test.ts), in one table so that a change of wording is
// made once.

export const WALK = {
	/** 1: the spreadsheet example (examples/batch-offer-letters-from-spreadsheet.json, examples/data/new-hires.csv). */
	example: {
		node: 'Produce Offer Letter',
		rows: ['Jordan Lee', 'Priya Natarajan', 'Samuel Okafor'],
		/** Above the output once Match Columns By is Field ID: the fields left unanswered, by title and ID, and the fix. */
		gapHint: [
			'Map Automatically found no answer for these required fields: Full name (employee.name), Start date (employee.start_date)',
			'Item keys that matched no field: name, start_date',
			'set Answer Options → Match Columns By to ID, Last Part or Title',
		],
	},
	/** 2: the mapper's heading, as n8n shows it, and as the messages name it. */
	valuesToSend: 'Values to Send',
	/** 4: Start's NDA drafting workflow: a date field, in each Input Mode that shows it. */
	dates: {
		workflow: 'NDA drafting',
		field: 'effective_date',
		label: 'Effective date (date)',
		entryStepNotice: 'Input form fields: dates yyyy-MM-dd',
		fieldsNotice: 'Dates: yyyy-MM-dd.',
		/** Under the Input (JSON) box. */
		jsonHint: 'Dates as yyyy-MM-dd, e.g. 2026-03-01',
	},
	/** 5: the several-choice field's label. */
	several: { label: 'Benefits (several: Expression)' },
	/** 7: n8n's button on a text field that opens a multi-line box, and two lines typed there. */
	inputText: {
		editWindow: 'Open Edit Window',
		lines: ['The supplier is Example GmbH.', 'Term: 24 months.'],
	},
	/** 8: the offer letter's yes/no field, never touched. */
	untouchedSwitch: { line: 'Remote working:', answered: 'Remote working: no.' },
	/** 11: the required fields a user clicks into and leaves empty, so n8n shows their warnings. */
	labels: { touched: ['employee.name', 'employee.start_date'] },
} as const;
