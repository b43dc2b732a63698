// What the editor shows for the eight frictions (frictions.browser.test.ts), in one table so that a change of
// wording is made once.

export const FRICTIONS = {
	/** 1: a date column is text with its form in the label; a wrong date is refused under the label, with the form. */
	date: {
		label: 'Start date (yyyy-MM-dd)',
		refused:
			'Start date "01/03/2026" is not a date the service accepts: use yyyy-MM-dd (e.g. 2026-03-01)',
	},
	/** 2: the schema field shown when JSON Schema is chosen. */
	chat: { schemaLabel: 'Response Schema' },
	/** 4: the hint under the Base URL. */
	credential: {
		hint: 'If the test says ERR_INVALID_URL, add the scheme; ECONNREFUSED means nothing answers at this address',
	},
	/**
	 * 5: a several-choice field is a dropdown of its allowed values, listed before a run; its label says several go
	 * (as an expression); a refusal names the label and the allowed values.
	 */
	choices: {
		label: 'Benefits (several: Expression)',
		listed: ['Health', 'Pension', 'Gym', 'Training'],
		several: 'Training, gym',
		/** The produced document's line for the answer given as an expression: both choices, in the order given. */
		answered: 'benefits: Training, Gym',
		wrong: 'dental, gym',
		refused: 'Benefits has "dental" is not one of Health, Pension, Gym, Training',
	},
	/** 6: labels that must show in full. */
	labels: {
		template: ['Start date (yyyy-MM-dd)', 'Benefits (several: Expression)', 'Photo (binary)'],
		run: ['Effective date (date)', 'Source document (binary)'],
	},
	/** 8: the notice that no longer shows above an agent's text column. */
	entry: { notice: 'Dates: yyyy-MM-dd.' },
} as const;
