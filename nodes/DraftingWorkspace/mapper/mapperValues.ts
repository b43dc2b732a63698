import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { autoMapItem, type MappableField } from './autoMap';

export interface MapperValues {
	/** Answers keyed by field id. */
	values: IDataObject;
	automatic: boolean;
	/** With "Map Automatically": the item's keys that matched no field (see `autoMapItem`). */
	unmatchedInputKeys?: string[];
}

/**
 * The values of a resourceMapper parameter, or, when "Map Automatically" is chosen, the item's JSON mapped onto
 * `fields` (nested objects onto dotted ids, columns by loose name, unmatched keys named). Read as a whole: reading `<name>.value`
 * throws in automatic mode (its value is null there).
 */
export function readMapperValues(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fields: ReadonlyArray<string | MappableField>,
	options: { loose?: boolean } = {},
): MapperValues {
	const mapper = this.getNodeParameter(name, itemIndex, {}) as IDataObject;
	if (mapper.mappingMode === 'autoMapInputData') {
		const { values, unmatchedInputKeys } = autoMapItem(
			this.getInputData()[itemIndex]?.json ?? {},
			fields,
			options,
		);
		return { values, automatic: true, unmatchedInputKeys };
	}
	return {
		values: mapper.value && typeof mapper.value === 'object' ? (mapper.value as IDataObject) : {},
		automatic: false,
	};
}
