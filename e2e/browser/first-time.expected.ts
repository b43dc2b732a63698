// What the editor shows a user the first time, item by item (first-time.browser.test.ts), in one table so that a
// change of wording is made once.

export const EXPECTED = {
	/** 1: Chat Completion's Model, a locator (From list, By ID). */
	item1: { modelParameter: 'model' },
	/**
	 * 2: the credential test keeps n8n's words for a dead port and a missing scheme (a declarative
	 * test cannot word network errors; docs/errors.md, "The credential test"); the node says what is wrong when it runs.
	 */
	item2: {
		deadPortTest: 'ECONNREFUSED',
		deadPortRun: 'Could not reach the service',
		noSchemeTest: 'ERR_INVALID_URL',
		noSchemeRun: 'does not start with https:// or http://',
	},
	/** 3: the notices above the mappers (their start), the rules the labels carry. */
	item3: {
		templateNotice: 'Dates: yyyy-MM-dd.',
		runNotice: 'Documents: a binary field name',
		choices: 'Benefits (several: Expression)',
		picture: 'Photo (binary)',
	},
	/** 5: the simplified run's result text and its file in the one file shape. */
	item5: {
		textKey: 'output',
		fileKeys: ['binaryProperty', 'format', 'mimeType', 'name', 'size', 'stepId', 'url'],
	},
	/** 6: Start's Input Mode for a new node; the mapper's one column for a workflow that starts with an agent. */
	item6: { mode: "From the Workflow's Entry Step", textColumn: 'Input Text' },
	/** 7: the picker's mark and the mapper's notice for a template that needs attention. */
	item7: { mark: 'Short NDA (needs attention)', notice: 'This template needs attention' },
	/** 8: Document → Download's field a user fills; Download Input Document's picker. */
	item8: { documentLinkParameter: 'documentLink', inputDocumentParameter: 'documentVersionId' },
	/** 9: the switch that turns a failed run red. */
	item9: { failOption: 'Fail the Item When the Run Fails', failParameter: 'failWhenRunFails' },
	/** 10: a mistyped run id's 404, and the boilerplate every 404 had. */
	item10: {
		runNotFound: (id: string) => `Run "${id}" was not found (404)`,
		boilerplate: 'API keys see only workflows with an active version',
	},
	/** 11: the smaller things. */
	item11: {
		temperature: 'Sampling Temperature',
		usageKey: 'promptTokens',
		responseSchema: 'Response Schema',
		/** In the Workflows filter's description, not a notice (hiding a notice kept the trigger from activating on n8n 1.123–2.16). */
		busyAdvice: 'Busy workspace? When more than 50 runs of one status start between two polls',
		followAtMost: 'Max Runs Followed at Once',
		staleNotice: 'Select a template first.',
	},
} as const;

export const CONTRACT_SUMMARY = 'Contract summary';
export const CONTRACT_TEXT = 'This agreement between Acme Ltd and Example Corp runs for 24 months.';
